package table

import (
	"fmt"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// This file turns the player's keys into moves: playing a card (with the
// colour and the player a wild asks for), drawing, keeping, UNO, catching,
// challenging and dropping. Every move is found among the view's Legal moves.

// playKey handles the keys of an ordinary turn (or of waiting for one).
func (tp *Page) playKey(k tea.KeyMsg) tea.Cmd {
	v := tp.game()
	ts := tp.tbl
	switch {
	case ui.Is(k, tableKeys.Left):
		ts.moveCursor(-1)
	case ui.Is(k, tableKeys.Right):
		ts.moveCursor(1)
	case ui.Is(k, tableKeys.RowUp):
		ts.moveRow(tp.handShape(), -1)
	case ui.Is(k, tableKeys.RowDown):
		ts.moveRow(tp.handShape(), 1)
	case ui.Is(k, tableKeys.First):
		ts.moveCursor(-len(ts.hand))
	case ui.Is(k, tableKeys.Last):
		ts.moveCursor(len(ts.hand))
	case ui.Is(k, tableKeys.Play):
		return tp.playSelected()
	case ui.Is(k, tableKeys.Draw):
		return tp.draw()
	case ui.Is(k, tableKeys.Keep):
		if v.Can(engine.Pass) {
			return tp.move(engine.Action{Kind: engine.Pass})
		}
		if v.Settings.House.ForcePlay && v.HasDrawn {
			tp.c.Say("at this table a card you draw that can be played must be played: enter plays it", true)
			break
		}
		tp.c.Say("k keeps a card you have just drawn; there is none", true)
	case ui.Is(k, tableKeys.UNO):
		return tp.uno()
	case ui.Is(k, tableKeys.Catch):
		return tp.catch()
	case ui.Is(k, tableKeys.Bell):
		tp.toggleBell()
	case ui.Is(k, tableKeys.Close):
		ts.open = NoBox
	default:
		if cmd, ok := tp.commonKey(k); ok {
			return cmd
		}
		tp.c.Say("←/→ choose a card · enter play · d draw · ? help", false)
	}
	return nil
}

func (ts *tableState) moveCursor(d int) {
	if len(ts.hand) == 0 {
		return
	}
	ts.cursor = min(max(ts.cursor+d, 0), len(ts.hand)-1)
	ts.sel = ts.hand[ts.cursor]
}

// playSelected plays the card under the cursor, asking for a colour (and a
// player) first when it is a wild.
func (tp *Page) playSelected() tea.Cmd {
	v := tp.game()
	ts := tp.tbl
	if v.Phase == engine.PhaseDeal {
		tp.c.Say("the next hand is about to be dealt", false)
		return nil
	}
	if len(ts.hand) == 0 {
		return nil
	}
	card := ts.hand[ts.cursor]
	if v.Phase == engine.PhaseDrawn && v.HasDrawn && card != v.Drawn {
		tp.c.Say(fmt.Sprintf("after drawing you may only play the %s you drew (enter on it), or k to keep it", v.Drawn.Label()), true)
		return nil
	}
	if !v.Playable(card) {
		tp.c.Say(tp.whyNot(v, card), true)
		return nil
	}
	if card.Kind.IsWild() {
		ts.wild, ts.open, ts.color = card, ColourBox, bestColor(v)
		return nil
	}
	if ui.TakesTarget(v, card) {
		// A swap Blank is coloured: it names no colour, only whom to swap
		// with; so does a 7 under 7-0.
		ts.wild, ts.open, ts.target = card, TargetBox, tp.firstTarget(v)
		return nil
	}
	return tp.play(card, engine.NoColor, 0)
}

// play sends a play, calling UNO with it when armed and possible.
func (tp *Page) play(card engine.Card, col engine.Color, target int) tea.Cmd {
	v := tp.game()
	want := engine.Action{Kind: engine.Play, Card: card, Color: col, Target: target, UNO: tp.tbl.armed}
	a, ok := legal(v, want)
	if !ok && want.UNO {
		want.UNO = false // armed, but this play does not leave one card
		a, ok = legal(v, want)
	}
	if !ok {
		tp.c.Say(tp.whyNot(v, card), true)
		return nil
	}
	if a.UNO {
		tp.tbl.armed = false
	}
	tp.tbl.open = NoBox
	return tp.move(a)
}

// whyNot explains why card cannot be played now.
func (tp *Page) whyNot(v *engine.View, card engine.Card) string {
	switch {
	case v.Current != v.Seat:
		return "wait for your turn: it is " + tp.seatName(v.Current) + "'s"
	case v.Pending > 0:
		return fmt.Sprintf("%d cards wait on you: stack a draw card on them, or d to draw them all", v.Pending)
	case v.Phase != engine.PhaseTurn && v.Phase != engine.PhaseDrawn:
		return "not now: " + tp.phaseNote(v)
	case card.Kind == engine.WildDrawFour && v.Settings.House.NoBluff:
		return "no bluffing at this table: a Wild Draw Four only when you hold no card of the colour in play"
	}
	want := ui.ColorName(v.Color)
	switch {
	case v.Top.Kind == engine.Number:
		want += fmt.Sprintf(", a %d", v.Top.Value)
	case v.Top.Kind.IsAction():
		want += ", a " + v.Top.Kind.String()
	}
	return fmt.Sprintf("%s does not match: play %s or a wild, or d to draw", card.Label(), want)
}

// bestColor is the colour a player most likely wants: the one they hold most of.
func bestColor(v *engine.View) int {
	cols := v.Settings.Edition.Colors()
	best, n := 0, -1
	for i, c := range cols {
		k := 0
		for _, h := range v.Hand {
			if h.Color == c && !h.Kind.IsWild() {
				k++
			}
		}
		if k > n {
			best, n = i, k
		}
	}
	return best
}

func (tp *Page) draw() tea.Cmd {
	v := tp.game()
	switch {
	case v.Can(engine.Draw):
		return tp.move(engine.Action{Kind: engine.Draw})
	case v.Phase == engine.PhaseDrawn && v.Current == v.Seat:
		tp.c.Say("you have drawn: enter plays the card you drew, k keeps it", true)
	case v.Current != v.Seat:
		tp.c.Say("wait for your turn: it is "+tp.seatName(v.Current)+"'s", true)
	default:
		tp.c.Say("you cannot draw now", true)
	}
	return nil
}

// uno calls UNO late where the edition allows it, or arms it for the next play.
func (tp *Page) uno() tea.Cmd {
	v := tp.game()
	ts := tp.tbl
	switch {
	case v.Can(engine.CallUNO):
		return tp.move(engine.Action{Kind: engine.CallUNO})
	case v.Seat >= 0 && v.Seat < len(v.Seats) && v.Seats[v.Seat].Exposed:
		tp.c.Say("too late: in "+v.Settings.Edition.Title()+" UNO is called as you play your next-to-last card", true)
	case ts.armed:
		ts.armed = false
		tp.c.Say("UNO no longer armed", false)
	case canArm(v):
		ts.armed = true
		tp.c.Say("UNO! armed: it is called with your next play", false)
	default:
		tp.c.Say("UNO is called as you play your next-to-last card", true)
	}
	return nil
}

func (tp *Page) catch() tea.Cmd {
	v := tp.game()
	for _, a := range v.Legal {
		if a.Kind == engine.Catch {
			return tp.move(a)
		}
	}
	tp.c.Say("nobody to catch: a player is open to a catch while they hold one card without calling UNO", true)
	return nil
}

// colorKey chooses the colour of a wild (played, or turned up first).
func (tp *Page) colorKey(k tea.KeyMsg) tea.Cmd {
	v := tp.game()
	ts := tp.tbl
	cols := v.Settings.Edition.Colors()
	pick := -1
	switch {
	case ui.Is(k, tableKeys.ColourBack):
		ts.color = (ts.color + len(cols) - 1) % len(cols)
	case ui.Is(k, tableKeys.Colour):
		ts.color = (ts.color + 1) % len(cols)
	case ui.Is(k, tableKeys.ChooseColour):
		pick = ts.color
	case ui.Is(k, tableKeys.CancelColour):
		if tp.box() == ColourBox {
			ts.open = NoBox
			return nil
		}
		tp.c.Say("the first card is wild: choose the colour play starts with", false)
	case ui.Is(k, colourPick(v.Settings.Edition)):
		r := k.Runes[0]
		for i, c := range cols {
			if r == rune('1'+i) || r == rune(c.String()[0]) {
				pick = i
			}
		}
	default:
		if cmd, ok := tp.commonKey(k); ok {
			return cmd
		}
		if k.Type == tea.KeyRunes && len(k.Runes) == 1 {
			tp.c.Say("choose a colour: ←/→ and enter, or its first letter", false)
		}
	}
	if pick < 0 {
		return nil
	}
	ts.color = pick
	col := cols[pick]
	if tp.box() == FirstColourBox {
		return tp.move(engine.Action{Kind: engine.ChooseColor, Color: col})
	}
	if ui.TakesTarget(v, ts.wild) {
		ts.open = TargetBox
		ts.target = tp.firstTarget(v)
		return nil
	}
	return tp.play(ts.wild, col, 0)
}

// swapTargets are the seats a Blank's swap may name.
func (tp *Page) swapTargets(v *engine.View) []int {
	var out []int
	for _, s := range v.Seats {
		if s.Seat != v.Seat && !s.Out {
			out = append(out, s.Seat)
		}
	}
	return out
}

func (tp *Page) firstTarget(v *engine.View) int {
	ts := tp.swapTargets(v)
	if len(ts) == 0 {
		return -1
	}
	best := ts[0]
	for _, s := range ts { // the fewest cards: the swap most worth making
		if v.Seats[s].Cards < v.Seats[best].Cards {
			best = s
		}
	}
	return best
}

func (tp *Page) targetKey(k tea.KeyMsg) tea.Cmd {
	v := tp.game()
	ts := tp.tbl
	targets := tp.swapTargets(v)
	i := max(slices.Index(targets, ts.target), 0)
	switch {
	case ui.Is(k, tableKeys.TargetUp):
		ts.target = targets[(i+len(targets)-1)%len(targets)]
	case ui.Is(k, tableKeys.TargetDown):
		ts.target = targets[(i+1)%len(targets)]
	case ui.Is(k, tableKeys.Swap):
		if !ts.wild.Kind.IsWild() {
			return tp.play(ts.wild, engine.NoColor, ts.target)
		}
		return tp.play(ts.wild, v.Settings.Edition.Colors()[ts.color], ts.target)
	case ui.Is(k, tableKeys.TargetBack) && !ts.wild.Kind.IsWild():
		ts.open = NoBox
	case ui.Is(k, tableKeys.TargetBack):
		ts.open = ColourBox
	default:
		tp.c.Say("choose whom to swap hands with: ↑/↓ and enter", false)
	}
	return nil
}

func (tp *Page) challengeKey(k tea.KeyMsg) tea.Cmd {
	if tp.game().Pending > 0 && !ui.Is(k, tableKeys.Challenge, tableKeys.TakeFour) {
		return tp.playKey(k) // stacking: a draw card may answer the Wild Draw Four
	}
	switch {
	case ui.Is(k, tableKeys.Challenge):
		return tp.move(engine.Action{Kind: engine.ChallengeDrawFour})
	case ui.Is(k, tableKeys.TakeFour):
		return tp.move(engine.Action{Kind: engine.Accept})
	}
	if cmd, ok := tp.commonKey(k); ok {
		return cmd
	}
	tp.c.Say("y challenges the Wild Draw Four, n takes the four cards", false)
	return nil
}

func (tp *Page) raceKey(k tea.KeyMsg) tea.Cmd {
	if ui.Is(k, tableKeys.Drop) {
		return tp.move(engine.Action{Kind: engine.Drop})
	}
	if cmd, ok := tp.commonKey(k); ok {
		return cmd
	}
	tp.c.Say("DROP! press space", true)
	return nil
}
