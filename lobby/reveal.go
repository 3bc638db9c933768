package lobby

import (
	"fmt"
	"time"

	"github.com/unossh/unossh/engine"
)

// This file is the Mutated Minion's draw, shown card by card. The engine
// applies the whole draw in one move; the table then shows it one card every
// Config.RevealStep, holding back the move's later events (the log, the end
// of the hand) and every decision (bots, timers, players' moves) until the
// colour has come up for everyone to see.

// Reveal is a Mutated Minion's draw as a viewer sees it while it is shown.
type Reveal struct {
	// Seat draws until a card of Color comes up; By played the Minion.
	Seat  int
	By    int
	Color engine.Color
	// Drawn is the number of cards shown so far; Cards are those cards, with
	// their faces for the player who draws them and zero Cards for the others.
	Drawn int
	Cards []engine.Card
	// Done is set when the last card has been shown: Drawn is the final count.
	// Found tells whether that card was of the colour (false: nothing was left
	// to draw).
	Done  bool
	Found bool
}

// reveal is the draw being shown (table goroutine).
type reveal struct {
	seat, by int
	color    engine.Color
	draws    []engine.Event // the Minion's draws, in order
	shown    int
	rest     []engine.Event // the move's events from the first draw on, held back
	next     time.Time      // when the next card is shown (or, when all are, the reveal ends)
}

// errDrawing refuses a move while a Minion's draw is being shown.
func (t *table) errDrawing() error {
	return fmt.Errorf("wait: %s is still drawing", t.seats[t.reveal.seat].nick)
}

// minionDraw reports whether e is a card drawn for a Mutated Minion (the only
// draws that name a colour, whether the hand goes on or ends with the card).
func minionDraw(e engine.Event) bool {
	return e.Kind == engine.EvDraw && e.Color != engine.NoColor &&
		(e.Reason == engine.DrawMinion || e.Reason == engine.DrawHandEnd)
}

// holdReveal starts showing the Minion's draw if evs holds one. It returns the
// events to handle at once: those before the first card drawn.
func (t *table) holdReveal(evs []engine.Event) []engine.Event {
	first := -1
	by := -1
	for i, e := range evs {
		if e.Kind == engine.EvPlay && e.Card.Kind == engine.MutatedMinion {
			by = e.Seat
		}
		if minionDraw(e) {
			first = i
			break
		}
	}
	if first < 0 {
		return evs
	}
	r := &reveal{seat: evs[first].Seat, by: by, color: evs[first].Color,
		rest: append([]engine.Event(nil), evs[first:]...), next: t.clock.Now().Add(t.cfg.RevealStep)}
	for _, e := range r.rest {
		if minionDraw(e) {
			r.draws = append(r.draws, e)
		}
	}
	t.reveal = r
	return evs[:first]
}

// stepReveal shows the next card, or, a step after the last one, ends the
// reveal: the held-back events happen and the game goes on.
func (t *table) stepReveal(at time.Time) {
	r := t.reveal
	t.dirty = true
	if r.shown < len(r.draws) {
		r.shown++
		r.next = at.Add(t.cfg.RevealStep)
		return
	}
	t.reveal = nil
	sum := engine.Event{Kind: engine.EvDraw, Seat: r.seat, Count: len(r.draws), Reason: engine.DrawMinion, Color: r.color}
	if len(r.draws) == 1 {
		sum.Card = r.draws[0].Card
	}
	t.addLog(logEntry{event: sum, isEvent: true})
	for _, e := range r.rest {
		if !minionDraw(e) {
			t.addLog(logEntry{event: e, isEvent: true})
		}
		t.after(e)
	}
	t.reschedule()
}

// view is the reveal as seat sees it.
func (r *reveal) view(seat int) *Reveal {
	v := &Reveal{Seat: r.seat, By: r.by, Color: r.color, Drawn: r.shown, Done: r.shown == len(r.draws)}
	for _, e := range r.draws[:r.shown] {
		v.Cards = append(v.Cards, e.VisibleTo(seat).Card)
	}
	if v.Done && len(r.draws) > 0 {
		last := r.draws[len(r.draws)-1].Card
		v.Found = last.Color == r.color && !last.Kind.IsWild()
	}
	return v
}

// hide takes the cards not yet shown back out of a viewer's view of the game
// (the drawer's hand and count, the draw pile), and the moves the table holds.
func (r *reveal) hide(g *engine.View) {
	hidden := len(r.draws) - r.shown
	if r.seat >= 0 && r.seat < len(g.Seats) {
		g.Seats[r.seat].Cards = max(g.Seats[r.seat].Cards-hidden, 0)
	}
	if g.Seat == r.seat {
		g.Hand = g.Hand[:max(len(g.Hand)-hidden, 0)]
	}
	g.DrawPile += hidden
	g.Legal = nil
}
