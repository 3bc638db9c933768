package lobby

import (
	"fmt"
	"strings"

	"github.com/unossh/unossh/engine"
)

// This file is what a seat reads of one event in the table's log: the
// sentence of the TUI's log and of the bot API's events. It is told from
// what the seat may see of the event, never from the event itself, so a
// line can name no card the seat may not see (botapi's fairness test reads
// every line a seat is told through TellEvent).

// TellEvent is event e's line in the log as seat reads it ("" when it
// reads nothing): what the seat may see of e (engine.Event.VisibleTo) in
// words, and, to the challenger of a Wild Draw Four, the hand the challenge
// showed them (shown, the challenger's View.Shown; nil otherwise). names
// are the seats' names; rules the table's settings.
func TellEvent(e engine.Event, shown []engine.Card, seat int, names []string, rules engine.Settings) string {
	return showedYou(narrateFor(e, seat, names, rules), e, shown, seat, names)
}

// narrateFor is e in words as seat may see it.
func narrateFor(e engine.Event, seat int, names []string, rules engine.Settings) string {
	return narrate(e.VisibleTo(seat), names, seat, rules)
}

// showedYou adds to a challenge's line, for the challenger alone, the hand
// it showed them.
func showedYou(text string, e engine.Event, shown []engine.Card, seat int, names []string) string {
	if len(shown) == 0 || seat != e.Seat {
		return text
	}
	labels := make([]string, len(shown))
	for i, c := range shown {
		labels[i] = c.Label()
	}
	return text + fmt.Sprintf(" · %s showed you: %s", names[e.Target], strings.Join(labels, " "))
}
