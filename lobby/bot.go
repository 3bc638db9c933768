package lobby

import (
	"math/rand/v2"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
)

// chooseMove is a bot's move at the Normal level (lobby/bot), chosen only
// from what its own seat may see and from the engine's legal moves, so a bot
// can neither cheat nor err.
func chooseMove(v engine.View, r *rand.Rand) (engine.Action, bool) {
	return bot.Move(bot.Normal, v, r)
}

// timeoutMove is what the table does for a player whose time ran out: draw
// (or pass), keep a drawn card, accept a Wild Draw Four, end a raid, or name
// the colour they hold most of; at a table where a card drawn must be
// played, it plays it.
func timeoutMove(v engine.View) (engine.Action, bool) {
	for _, k := range []engine.ActionKind{engine.Draw, engine.Pass, engine.Accept, engine.EndRaid} {
		if a, ok := pick(v.Legal, k, nil); ok {
			return a, true
		}
	}
	if a, ok := pick(v.Legal, engine.ChooseColor, func(a engine.Action) bool { return a.Color == bot.BestColor(v) }); ok {
		return a, true
	}
	return pick(v.Legal, engine.Play, func(a engine.Action) bool { return a.Seat == v.Current })
}

// pick is the first legal move of kind k that ok accepts (nil: any).
func pick(legal []engine.Action, k engine.ActionKind, ok func(engine.Action) bool) (engine.Action, bool) {
	for _, a := range legal {
		if a.Kind == k && (ok == nil || ok(a)) {
			return a, true
		}
	}
	return engine.Action{}, false
}
