package bot

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/unossh/unossh/engine"
)

// This file is the bots' jump-ins (the jump-in house rule): playing a card
// identical to the top card out of turn, as a person at the table would when
// they spot it. The table asks JumpIn each time a new card lands on the pile
// and, if the bot takes it, plays the jump-in after a person's pause, unless
// someone moves first.

// jumpKey names one card on top of the pile: the hand, how many discards
// lie under it, and the card. Each is judged once.
type jumpKey struct {
	hand, discards int
	top            engine.Card
}

// jumpRate is how often a level that does not search takes a jump-in it
// sees: a beginner seldom spots one, a normal bot mostly does.
func (l Level) jumpRate() float64 {
	return [...]float64{0.15, 0.45, 0.8, 1}[min(int(l), 3)]
}

// JumpIn is the bot's jump-in, if v (its view while another player is to
// move) offers one and the bot takes it. Beginner, easy and normal bots take
// one at their level's rate (normal never with a play it rates as unwise,
// such as a 7 swapping with a player who is not the closest to going out);
// the hard bot plays the hand out in imagined games with and without the
// jump-in and jumps in unless that plainly loses more often. Each card on top is
// judged once: asking again about it gives the same answer, so the table
// may ask after every move.
func (b *Bot) JumpIn(v engine.View) (engine.Action, bool) {
	if v.Seat < 0 || v.Seat == v.Current || !v.Settings.House.JumpIn {
		return engine.Action{}, false
	}
	k := jumpKey{hand: v.HandNo, discards: v.Discards, top: v.Top}
	if k != b.jumped {
		b.jumped = k
		b.jump, b.jumpIt = b.judgeJumpIn(v)
	}
	if !b.jumpIt || !legal(v, b.jump) {
		return engine.Action{}, false
	}
	return b.jump, true
}

// ThinkJumpIn is JumpIn's judgement of the card on top in v, when it calls
// for the hard bot's search and a thinking slot is free: a Thought to Run
// away from the bot, whose verdict Judged records; until then JumpIn says
// no. Otherwise it returns nil, and JumpIn judges at once (and says the
// same as before about a card already judged).
func (b *Bot) ThinkJumpIn(v engine.View) *Thought {
	if b.level != Hard || v.Seat < 0 || v.Seat == v.Current || !v.Settings.House.JumpIn {
		return nil
	}
	k := jumpKey{hand: v.HandNo, discards: v.Discards, top: v.Top}
	if k == b.jumped {
		return nil
	}
	b.jumped = k
	line, ok := b.jumpLine(v)
	switch {
	case !ok:
		b.jump, b.jumpIt = engine.Action{}, false
	case handsUp(v, line):
		b.jump, b.jumpIt = line, false
	case !b.thinkers.acquire():
		b.jump, b.jumpIt = line, b.rng.Float64() < b.level.jumpRate() // as normal judges
	default:
		b.jump, b.jumpIt = line, false // until the search says
		return &Thought{v: v, mind: b.mind(), slots: b.thinkers, jumpIn: true, top: k, move: line}
	}
	return nil
}

// Judged records the verdict of a jump-in's thought, once it has run, if
// the card it was about is still the one the bot last judged.
func (b *Bot) Judged(t *Thought) {
	if t.jumpIn && t.top == b.jumped {
		b.jumpIt = t.ok
	}
}

// judgeJumpIn decides about the jump-in v offers, if any, at the bot's level.
func (b *Bot) judgeJumpIn(v engine.View) (engine.Action, bool) {
	line, ok := b.jumpLine(v)
	if !ok {
		return engine.Action{}, false
	}
	if b.level == Hard {
		if handsUp(v, line) {
			return line, false // it would end up holding more cards than it keeps
		}
		if jump, ok := b.searchJumpIn(v, line); ok {
			return line, jump
		}
	}
	return line, b.rng.Float64() < b.level.jumpRate()
}

// jumpLine is the jump-in the bot would make: with the UNO call unless the
// level forgets it, and for a 7 under 7-0 at the player it rates best.
// Normal and hard turn down a line Normal rates as never (playScore -1).
func (b *Bot) jumpLine(v engine.View) (engine.Action, bool) {
	if !slices.ContainsFunc(v.Legal, func(a engine.Action) bool { return a.Kind == engine.Play && a.Seat == v.Seat }) {
		return engine.Action{}, false // no twin: the dice are kept for its own moves
	}
	forget := b.rng.Float64() < b.level.forgetRate()
	best, bestScore, found := engine.Action{}, -2, false
	for _, a := range v.Legal {
		if a.Kind != engine.Play || a.Seat != v.Seat {
			continue
		}
		if a.UNO && forget || !a.UNO && !forget && mustCall(v, a) {
			continue // one line: with the call or without it
		}
		s := playScore(v, a)
		if b.level < Normal {
			s = max(s, 0) // the lower levels see no difference between lines
		}
		if s > bestScore {
			best, bestScore, found = a, s, true
		}
	}
	return best, found && bestScore >= 0
}

// searchJumpIn plays the hand out from v on imagined deals, once after the
// jump-in and once without it (the player to move moving as the quick
// policy would), with the same deals and dice for both, within the hard
// bot's budget. Shedding a card out of turn is nearly always good, so it
// jumps in unless the imagined games say plainly that it is not: the deals
// that one way wins and the other loses lean against the jump-in by more
// than twice their spread (a paired sign test). ok is false when the bot's
// memory does not add up, or no thinking slot is free (then it decides as
// normal does).
func (b *Bot) searchJumpIn(v engine.View, jump engine.Action) (yes, ok bool) {
	if !b.thinkers.acquire() {
		return false, false // no slot free: judged as normal does (think.go)
	}
	defer b.thinkers.release()
	s := &b.search
	if !s.world.prepare(v, &b.mem) {
		return false, false
	}
	onlyJump, onlyWait := 0, 0 // deals won only with the jump-in, only without it
	s.steps = 0
	for d := 0; d < jumpDeals && s.steps < stepBudget/2; d++ {
		st := s.world.sample(v, &b.mem, b.rng)
		if st.Phase == engine.PhaseDrawn {
			// The player to move has drawn a card the bot has not seen:
			// one of the cards dealt them in this imagined game.
			if h := st.Hands[v.Current]; len(h) > 0 {
				st.Drawn = h[len(h)-1]
			}
		}
		dice := b.rng.Uint64()
		var won [2]bool // with the jump-in, without it
		for i := range won {
			g, err := engine.FromState(st)
			if err != nil {
				return false, false
			}
			s.events = s.events[:0]
			if i == 0 {
				if s.events, err = g.AppendApply(s.events, jump); err != nil {
					return false, false
				}
			}
			won[i] = s.won(g, v.Seat, rand.New(rand.NewPCG(dice, uint64(i))))
		}
		switch {
		case won[0] && !won[1]:
			onlyJump++
		case won[1] && !won[0]:
			onlyWait++
		}
	}
	lean := float64(onlyWait - onlyJump)
	return lean <= 2*math.Sqrt(float64(onlyJump+onlyWait)), true
}

// handsUp reports whether the jump-in a moves hands (a 7 or 0 under 7-0,
// a Blank that swaps or passes hands) so that its player ends up holding
// more cards than it would keep: a plan no good player breaks for a card
// out of turn. (The search's quick policy plays such cards blindly, in the
// imagined games with the jump-in and without it alike, so it cannot tell.)
func handsUp(v engine.View, a engine.Action) bool {
	c, h := a.Card, v.Settings.House
	keep := len(v.Hand) - 1
	if keep == 0 {
		return false // the last card: the hand is won, nothing moves
	}
	swap := h.SevenO && c.Kind == engine.Number && c.Value == 7 ||
		c.Kind == engine.Blank && v.Settings.Blanks == engine.BlankSwapHands
	pass := h.SevenO && c.Kind == engine.Number && c.Value == 0 ||
		c.Kind == engine.Blank && v.Settings.Blanks == engine.BlankPassHands
	switch {
	case swap:
		return a.Target >= 0 && a.Target < len(v.Seats) && v.Seats[a.Target].Cards > keep
	case pass:
		back := v
		back.Direction = -v.Direction
		from := back.Next(v.Seat) // the player whose hand comes to it
		return from >= 0 && v.Seats[from].Cards > keep
	}
	return false
}

// jumpDeals bounds the imagined deals of a jump-in's search, each played
// out twice: half a move's thinking (BenchmarkHardMoveJumpIn), since a bot
// may judge a jump-in between any two moves, on top of its own turns.
const jumpDeals = rolloutBudget / 4

// legal reports whether a is among v's legal moves.
func legal(v engine.View, a engine.Action) bool {
	for _, l := range v.Legal {
		if l == a {
			return true
		}
	}
	return false
}
