package table

import (
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// raidable are the seats the raider may still take a card from.
func raidable(v *engine.View) []int {
	var out []int
	for _, s := range v.Seats {
		if s.Seat != v.Seat && s.Raidable && s.Seat < len(v.Hands) {
			out = append(out, s.Seat)
		}
	}
	return out
}

// takeable are the distinct action cards a seat holds, sorted.
func takeable(v *engine.View, seat int) []engine.Card {
	var out []engine.Card
	for _, c := range ui.SortHand(v.Hands[seat], v.Settings.Edition) {
		if c.Kind.IsAction() && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// normalize keeps the raid's choice on a seat that may still be raided.
func (r *raidState) normalize(v *engine.View, handLen int) {
	seats := raidable(v)
	if len(seats) == 0 {
		return
	}
	if !r.begun || !slices.Contains(seats, r.seat) {
		r.seat, r.take, r.step, r.begun = seats[0], 0, 0, true
	}
	r.take = min(max(r.take, 0), max(len(takeable(v, r.seat))-1, 0))
	r.give = min(max(r.give, 0), max(handLen-1, 0))
}

func (tp *Page) raidKey(k tea.KeyMsg) tea.Cmd {
	v := tp.game()
	r := &tp.tbl.raid
	r.normalize(v, len(tp.tbl.hand))
	seats := raidable(v)
	if ui.Is(k, tableKeys.EndRaid) {
		return tp.move(engine.Action{Kind: engine.EndRaid})
	}
	if len(seats) == 0 {
		tp.c.Say("nobody left to raid: e ends the raid", false)
		return nil
	}
	i := max(slices.Index(seats, r.seat), 0)
	cards := takeable(v, r.seat)
	switch {
	case r.step == 0 && ui.Is(k, tableKeys.RaidUp):
		r.seat, r.take = seats[(i+len(seats)-1)%len(seats)], 0
	case r.step == 0 && ui.Is(k, tableKeys.RaidDown):
		r.seat, r.take = seats[(i+1)%len(seats)], 0
	case ui.Is(k, tableKeys.RaidLeft):
		if r.step == 0 {
			r.take = max(r.take-1, 0)
		} else {
			r.give = max(r.give-1, 0)
		}
	case ui.Is(k, tableKeys.RaidRight):
		if r.step == 0 {
			r.take = min(r.take+1, max(len(cards)-1, 0))
		} else {
			r.give = min(r.give+1, max(len(tp.tbl.hand)-1, 0))
		}
	case ui.Is(k, tableKeys.RaidChoose):
		return tp.raidEnter(v, cards)
	case ui.Is(k, tableKeys.RaidBack):
		r.step = 0
	default:
		if cmd, ok := tp.commonKey(k); ok {
			return cmd
		}
		tp.c.Say("↑/↓ player · ←/→ card · enter choose · e end the raid", false)
	}
	return nil
}

func (tp *Page) raidEnter(v *engine.View, cards []engine.Card) tea.Cmd {
	r := &tp.tbl.raid
	if len(cards) == 0 {
		tp.c.Say("that player holds no action card", true)
		return nil
	}
	if r.step == 0 {
		r.step = 1
		return nil
	}
	if len(tp.tbl.hand) == 0 {
		return nil
	}
	want := engine.Action{Kind: engine.Exchange, Target: r.seat, Card: cards[r.take], Give: tp.tbl.hand[r.give]}
	a, ok := legal(v, want)
	if !ok {
		tp.c.Say("that exchange is not allowed", true)
		return nil
	}
	r.step, r.take = 0, 0
	return tp.move(a)
}

// raidView is the raider's overlay: every hand, one row a player.
func (tp *Page) raidView(v *engine.View, w int) []string {
	st := tp.cards()
	r := &tp.tbl.raid
	r.normalize(v, len(tp.tbl.hand))
	out := []string{
		st.Title("ARMY OF GRAYSKULL") + " " + st.Bold("— you raid!") + tp.countdown(tp.scr.Table.RaidEnds),
		st.Dim("Take one action card (skip, reverse, draw two) from each player,"),
		st.Dim("and give them one of yours for it."),
		"",
	}
	for _, s := range v.Seats {
		if s.Seat == v.Seat || s.Seat >= len(v.Hands) {
			continue
		}
		mark := "  "
		if r.seat == s.Seat {
			mark = st.Turn("▶ ")
		}
		row := mark + ui.Pad(tp.seatName(s.Seat), 12) + " "
		switch {
		case s.Out:
			row += st.Dim("out")
		case !s.Raidable:
			row += st.Dim("done ✓")
		default:
			row += tp.raidHand(v, s.Seat)
		}
		out = append(out, ui.Trunc(row, w))
	}
	out = append(out, "")
	give := "  " + ui.Pad("you give", 12) + " "
	if r.step == 1 {
		give = st.Turn("▶ ") + st.Bold(ui.Pad("you give", 12)) + " "
	}
	out = append(out, ui.Trunc(give+tp.cardRow(tp.tbl.hand, r.step == 1, r.give, nil), w), "")
	if r.step == 0 {
		out = append(out, st.Dim("↑/↓ player · ←/→ card · enter take it · e end the raid"))
	} else {
		out = append(out, st.Dim("←/→ your card to give · enter exchange · esc back · e end"))
	}
	return out
}

// raidHand is a raided player's hand, the card to take marked.
func (tp *Page) raidHand(v *engine.View, seat int) string {
	r := &tp.tbl.raid
	cards := takeable(v, seat)
	var sel *engine.Card
	if seat == r.seat && r.take < len(cards) {
		sel = &cards[r.take]
	}
	hand := ui.SortHand(v.Hands[seat], v.Settings.Edition)
	idx := -1
	if sel != nil {
		idx = slices.Index(hand, *sel)
	}
	return tp.cardRow(hand, r.step == 0 && seat == r.seat, idx, func(c engine.Card) bool { return c.Kind.IsAction() })
}

// cardRow draws cards as labels in a row; the one at sel is bracketed when
// active, and cards for which fade is false are dimmed (nil: none).
func (tp *Page) cardRow(cards []engine.Card, active bool, sel int, keep func(engine.Card) bool) string {
	st := tp.cards()
	e := tp.game().Settings.Edition
	parts := make([]string, len(cards))
	for i, c := range cards {
		l := st.Label(c, e)
		if keep != nil && !keep(c) {
			l = st.Dim(c.Label())
		}
		if i == sel {
			if active {
				l = st.Turn("[") + l + st.Turn("]")
			} else {
				l = "(" + l + ")"
			}
		} else {
			l = " " + l + " "
		}
		parts[i] = l
	}
	return strings.Join(parts, "")
}
