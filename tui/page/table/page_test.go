package table

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// The router's tests (package tui) draw the page in the session's real
// styles and check its frames; these check what only the page can see, its
// caches, in a context of its own: plain cards of the widths the real ones
// have.

// plainCards are ui.Cards without styles: each card is its label in a
// frame of the width asked for.
type plainCards struct{ drawn ui.Drawn }

func (*plainCards) Title(s string) string                 { return s }
func (*plainCards) Bold(s string) string                  { return s }
func (*plainCards) Dim(s string) string                   { return s }
func (*plainCards) Key(s string) string                   { return s }
func (*plainCards) Err(s string) string                   { return s }
func (*plainCards) OK(s string) string                    { return s }
func (*plainCards) Warn(s string) string                  { return s }
func (*plainCards) Accent(s string) string                { return s }
func (*plainCards) Turn(s string) string                  { return s }
func (*plainCards) Selected(s string) string              { return s }
func (*plainCards) Box(s string) string                   { return s }
func (*plainCards) Plain() bool                           { return true }
func (*plainCards) Color(_ engine.Color, s string) string { return s }
func (*plainCards) Label(c engine.Card, _ engine.Edition) string {
	return c.Label()
}
func (*plainCards) Chip(c engine.Color) string { return c.String() }
func (*plainCards) ChipCard(c engine.Card, _ engine.Edition, _, cursor bool) string {
	if cursor {
		return "[" + ui.Pad(c.Label(), ui.ChipW-2) + "]"
	}
	return " " + ui.Pad(c.Label(), ui.ChipW-2) + " "
}
func (*plainCards) SmallCard(c engine.Card, _ engine.Edition, cardW int, _, _ bool) []string {
	in := max(cardW-2, 0)
	return []string{"┌" + strings.Repeat("─", in) + "┐", "│" + ui.Pad(c.Label(), in) + "│", "└" + strings.Repeat("─", in) + "┘"}
}
func (p *plainCards) BigCard(c engine.Card, _ engine.Color, _ engine.Edition) []string {
	return p.pile(c.Label())
}
func (p *plainCards) DrawPile(n int) []string { return p.pile("DRAW") }
func (*plainCards) pile(label string) []string {
	in := ui.BigCardW - 2
	out := []string{"┌" + strings.Repeat("─", in) + "┐"}
	for range 3 {
		out = append(out, "│"+ui.Pad(label, in)+"│")
	}
	return append(out, "└"+strings.Repeat("─", in)+"┘")
}
func (*plainCards) Banner(s string) string             { return s }
func (*plainCards) ChatNick(s string) string           { return s }
func (*plainCards) Rule(w int) string                  { return strings.Repeat("─", max(w, 0)) }
func (*plainCards) Footer(w int, _ help.KeyMap) string { return ui.Spaces(w) }
func (*plainCards) Overlay(body []string, w int) string {
	for i, l := range body {
		body[i] = "│" + ui.Pad(l, w-2) + "│"
	}
	return strings.Join(body, "\n")
}
func (p *plainCards) Drawn() *ui.Drawn { return &p.drawn }

// plainCtx is a page's context over a fixed Screen, window and clock.
type plainCtx struct {
	scr   lobby.Screen
	w, h  int
	now   time.Time
	cards *plainCards
	gen   uint64
}

func (c *plainCtx) Size() (w, h int)                                 { return c.w, c.h }
func (c *plainCtx) Screen() *lobby.Screen                            { return &c.scr }
func (c *plainCtx) Session() ui.Session                              { return nil }
func (c *plainCtx) Now() time.Time                                   { return c.now }
func (c *plainCtx) Styles() ui.Styles                                { return c.cards }
func (c *plainCtx) Cards() ui.Cards                                  { return c.cards }
func (c *plainCtx) Messages() uint64                                 { return c.gen }
func (c *plainCtx) Top(_, _ string) []string                         { return []string{"UNO over SSH", c.cards.Rule(c.w)} }
func (c *plainCtx) Send(lobby.Intent)                                {}
func (c *plainCtx) Say(string, bool)                                 {}
func (c *plainCtx) Call(func(ui.Session) error, func(error)) tea.Cmd { return nil }
func (c *plainCtx) Go(ui.Place, string) tea.Cmd                      { return nil }
func (c *plainCtx) Failed(ui.Place, error)                           {}
func (c *plainCtx) On(ui.Place) bool                                 { return false }
func (c *plainCtx) Addr() string                                     { return "" }
func (c *plainCtx) Linear() bool                                     { return false }
func (c *plainCtx) Bottom(body []string, km help.KeyMap) []string {
	room := c.h - 2
	body = body[:min(len(body), room)]
	for len(body) < room {
		body = append(body, "")
	}
	return append(body, "", c.cards.Footer(c.w, km))
}

// dealt is a context at a table of four, seat 0 to play its first turn.
func dealt(t *testing.T, w, h int) *plainCtx {
	t.Helper()
	s := engine.Settings{Edition: engine.Classic2001, Mode: engine.Standard, Players: 4, Target: 500}
	g, err := engine.New(s, 7)
	if err != nil {
		t.Fatal(err)
	}
	// The deal, and the others' turns, until seat 0 plays (bounded: a
	// seed's first hand reaches seat 0 within a round).
	for range 20 {
		if v := g.View(0); v.Phase == engine.PhaseTurn && v.Current == 0 {
			break
		}
		seat := g.Waiting()[0]
		if _, err := g.Apply(g.Legal(seat)[0]); err != nil {
			t.Fatal(err)
		}
	}
	v := g.View(0)
	if v.Phase != engine.PhaseTurn || v.Current != 0 || len(v.Hand) == 0 {
		t.Fatalf("seat 0 is not to play: %v, seat %d, %d cards", v.Phase, v.Current, len(v.Hand))
	}
	seats := []lobby.SeatInfo{{Nick: "ana", Host: true, Connected: true}, {Nick: "bo", Connected: true},
		{Nick: "cy", Connected: true}, {Nick: "dee", Bot: true, Connected: true}}
	now := time.Date(2025, 3, 14, 20, 0, 0, 0, time.UTC)
	return &plainCtx{w: w, h: h, now: now, cards: &plainCards{}, gen: 1, scr: lobby.Screen{Nick: "ana", Online: 4,
		Table: &lobby.TableView{
			TableInfo: lobby.TableInfo{ID: "t1", Name: "ana's table", Settings: s, Seats: 4, Taken: 4, Status: lobby.Playing},
			Seats:     seats, You: 0, Host: true, Game: &v, TurnEnds: now.Add(20 * time.Second),
		}}}
}

// TestHandRowsComePadded: the hand's rows of cards and marks are drawn as
// wide as the window, as the frame would pad them, so that the frame and the
// memo keep the rows as drawn and no padded copy beside them.
func TestHandRowsComePadded(t *testing.T) {
	for _, w := range []int{80, 99, 100, 133} {
		c := dealt(t, w, 24)
		var p Page
		p.SetScreen(c, &lobby.Screen{})
		p.Lines(c)
		p.DropLists()
		rows := p.memo.handCards.lines
		if len(rows) != 5 { // the card under the cursor raised, the others' three lines, the marks
			t.Fatalf("width %d: %d rows of the hand, want 5: %q", w, len(rows), rows)
		}
		for i, row := range rows {
			if got := ui.Width(row); got != w {
				t.Errorf("width %d, row %d is %d wide: %q", w, i, got, row)
			}
		}
	}
}
