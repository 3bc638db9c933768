package lobby

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// A log line kept as told is the sentence narrate tells, for every viewer,
// while names and the mode change between the tellings; viewers told the
// same sentence share it.
func TestToldLinesAreNarrated(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	modes := []engine.Mode{engine.Standard, engine.Partners, engine.LowestScore}
	cards := []engine.Card{{Kind: engine.Number, Color: engine.Red, Value: 7}, {Kind: engine.WildDrawFour},
		{Kind: engine.Skip, Color: engine.Blue}, {}}
	for range 300 {
		e := logEntry{isEvent: true, event: engine.Event{
			Kind: engine.EventKind(rng.IntN(int(engine.EvHandOver) + 1)), Seat: rng.IntN(4), Target: rng.IntN(5) - 1,
			Card: cards[rng.IntN(len(cards))], Give: cards[rng.IntN(len(cards))], Color: engine.Color(rng.IntN(5)),
			Count: rng.IntN(5) - 1, Guilty: rng.IntN(2) == 0,
		}}
		names := []string{"ana", "bo", "cy", "di"}
		rules := engine.Settings{Mode: modes[0]}
		for range 40 {
			switch rng.IntN(6) {
			case 0:
				names = append([]string(nil), names...)
				names[rng.IntN(len(names))] = []string{"ed", "fay", "bot 2"}[rng.IntN(3)]
			case 1:
				rules.Mode = modes[rng.IntN(len(modes))]
			}
			seat := rng.IntN(5) - 1
			got := e.tell(seat, names, strings.Join(names, "\x00"), rules)
			require.Equal(t, narrate(e.event.VisibleTo(seat), names, seat, rules), got, "%+v as seat %d", e.event, seat)
		}
		for i, a := range e.told {
			for _, b := range e.told[i+1:] {
				if a.text == b.text && a.text != "" {
					require.Same(t, unsafeData(a.text), unsafeData(b.text), "one copy of %q", a.text)
				}
			}
		}
	}
}

// unsafeData is where a string's bytes are: two strings with the same are
// one copy.
func unsafeData(s string) *byte { return unsafe.StringData(s) }
