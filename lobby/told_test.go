package lobby

import (
	"math/rand/v2"
	"slices"
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

// Each viewer's log is the last logShown entries as told to them afresh,
// flush after flush, while entries come, seats change hands, a seat's lines
// are frozen for a newcomer and the mode changes; and a log already sent
// never changes after (the lines are kept between flushes, and shared).
func TestToldLogsAreTheLogToldAfresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	tb := &table{seats: []*seat{{nick: "ana"}, {nick: "bo"}, {nick: "cy"}}}
	modes := []engine.Mode{engine.Standard, engine.Partners, engine.LowestScore}
	cards := []engine.Card{{Kind: engine.Number, Color: engine.Red, Value: 7}, {Kind: engine.WildDrawFour},
		{Kind: engine.Skip, Color: engine.Blue}}
	afresh := func(seat int) []LogLine {
		names := make([]string, len(tb.seats))
		for i, s := range tb.seats {
			names[i] = s.nick
		}
		out := []LogLine{}
		for _, e := range tb.log[max(0, len(tb.log)-logShown):] {
			switch {
			case e.chat:
				out = append(out, LogLine{Chat: true, Nick: e.nick, Text: e.text})
			case e.isEvent:
				text := narrate(e.event.VisibleTo(seat), names, seat, tb.opts.Settings)
				if e.text != "" {
					text = e.text
				}
				if len(e.shown) > 0 && seat == e.event.Seat {
					text += " · " + names[e.event.Target] + " showed you: " + e.shown[0].Label()
				}
				if text != "" {
					out = append(out, LogLine{Text: text})
				}
			default:
				out = append(out, LogLine{Text: e.text})
			}
		}
		return out
	}
	type sent struct{ log, then []LogLine }
	var views []sent
	for step := range 4000 {
		switch r := rng.IntN(40); {
		case r < 24:
			e := logEntry{isEvent: true, event: engine.Event{
				Kind: engine.EventKind(rng.IntN(int(engine.EvHandOver) + 1)), Seat: rng.IntN(3), Target: rng.IntN(3),
				Card: cards[rng.IntN(len(cards))], Color: engine.Color(rng.IntN(5)), Count: rng.IntN(4)}}
			if rng.IntN(10) == 0 {
				e.shown = []engine.Card{cards[rng.IntN(len(cards))]}
			}
			tb.addLog(e)
		case r < 30:
			tb.addLog(logEntry{chat: true, nick: tb.seats[rng.IntN(3)].nick, text: "gg"})
		case r < 33:
			tb.note("the table's own note")
		case r < 35:
			i := rng.IntN(3)
			tb.freezeLog(i)
			tb.seats[i] = &seat{nick: []string{"ed", "fay", "gus", "ana"}[rng.IntN(4)]}
		case r < 36:
			tb.opts.Settings.Mode = modes[rng.IntN(len(modes))]
		}
		for range 1 + rng.IntN(3) {
			seat := rng.IntN(4) - 1
			got := tb.told(seat)
			require.Equal(t, afresh(seat), got, "step %d, seat %d", step, seat)
			views = append(views, sent{log: got, then: slices.Clone(got)})
		}
	}
	for i, v := range views {
		require.Equal(t, v.then, v.log, "view %d changed after it was sent", i)
	}
}
