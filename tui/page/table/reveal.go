package table

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// The Mutated Minion's draw, shown to everyone card by card as the table
// paces it (lobby.Reveal): who draws, the colour they draw until, the cards
// drawn so far (faces for the drawer only) and, at the end, the count.

// revealView is the overlay of a Minion's draw.
func (tp *Page) revealView(v *engine.View, w int) []string {
	st := tp.cards()
	r := tp.scr.Table.Reveal
	who, by := tp.seatName(r.Seat), tp.seatName(r.By)
	if r.Seat == v.Seat {
		who = "you"
	}
	if r.By == v.Seat {
		by = "you"
	}
	out := []string{
		st.Title("MUTATED MINION!"), "",
		fmt.Sprintf("%s played a Mutated Minion and named %s.", by, st.Chip(r.Color)), "",
	}
	col := ui.ColorName(r.Color)
	if !r.Done {
		verb := "draws"
		if who == "you" {
			verb = "draw"
		}
		out = append(out, fmt.Sprintf("%s %s until %s %s card comes up…", who, verb, article(col), col))
	} else {
		out = append(out, st.Bold(tp.revealResult(who, r.Drawn, r.Found, col)))
	}
	out = append(out, "", tp.revealCards(v, r.Cards, w), "")
	count := ui.Plural(r.Drawn, "card", "cards")
	if !r.Done {
		count += " so far"
	}
	return append(out, st.Warn(count))
}

// revealResult is the line that ends the draw: "bo drew 4 cards until an
// ORANGE card came up".
func (tp *Page) revealResult(who string, n int, found bool, col string) string {
	if !found {
		return fmt.Sprintf("%s drew %s: nothing was left to draw", who, ui.Plural(n, "card", "cards"))
	}
	return fmt.Sprintf("%s drew %s until %s %s card came up", who, ui.Plural(n, "card", "cards"), article(col), col)
}

// revealCards is the row of cards drawn so far: their labels for the
// drawer, card backs for everyone else. A long row keeps its latest cards.
func (tp *Page) revealCards(v *engine.View, cards []engine.Card, w int) string {
	st := tp.cards()
	parts := make([]string, 0, len(cards))
	for _, c := range cards {
		if c == (engine.Card{}) {
			parts = append(parts, st.Dim("▒▒"))
			continue
		}
		parts = append(parts, st.Label(c, v.Settings.Edition))
	}
	row := strings.Join(parts, " ")
	for len(parts) > 1 && ui.Width(row) > w-2 {
		parts = parts[1:]
		row = "… " + strings.Join(parts, " ")
	}
	return row
}

// article is "an" before a colour name that starts with a vowel.
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}

// revealKey answers the keys pressed while a Minion's draw is shown: the
// table holds every move until it is done.
func (tp *Page) revealKey(k tea.KeyMsg) tea.Cmd {
	if cmd, ok := tp.commonKey(k); ok {
		return cmd
	}
	tp.c.Say("wait: "+tp.seatName(tp.scr.Table.Reveal.Seat)+" is still drawing", false)
	return nil
}
