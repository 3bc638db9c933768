// Package lobbypage is the lobby: the menu (Quick play, create, join,
// watch, help, tournaments, who's online), "back to your table" while a
// table keeps the player's seat, an invitation while one waits, and the
// public tables, all one list to move through, with a filter.
package lobbypage

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// Page is the lobby's cursor, its filter of the table list, and Quick
// play's choice.
type Page struct {
	cursor    int
	filter    ui.Input
	filtering bool
	backSeen  bool // the cursor has been put on "back to your table" (list.go)
	// quick is Quick play's choice made on this screen, once quickSet
	// (quickplay.go); before, the lobby's remembered one is shown.
	quick    lobby.QuickChoice
	quickSet bool
}

// New makes the lobby.
func New() Page { return Page{filter: ui.NewInput(24, nil)} }

type menuItem struct {
	title, desc string
	to          ui.Place // where it goes (Quick play: nowhere, it plays)
}

var menu = []menuItem{
	{"Quick play", "", ui.Lobby}, // the choice of edition and mode (quickplay.go)
	{"Create a table", "public or private, any edition, any mode", ui.Create},
	{"Join by code", "a friend's private table", ui.JoinByCode},
	{"Watch a table", "see a public game being played", ui.Watch},
	{"Help", "how to play, the keys, the five editions", ui.Help},
	{"Tournament", "eight players, two tables: open one or sign up", ui.Tournaments},
	{"Who's online", "the players here now; invitations to you on or off", ui.Who},
}

// Update takes a key.
func (p *Page) Update(c ui.Context, k tea.KeyMsg) tea.Cmd {
	if cmd, ok := p.invitationKey(c, k); ok && !p.filtering {
		return cmd
	}
	if p.filtering {
		switch {
		case key.Matches(k, Keys.Done):
			p.filtering = false
			if c.Linear() { // (what ends is not heard otherwise)
				c.Say("filter done", false)
			}
		case key.Matches(k, Keys.Clear):
			p.filtering = false
			p.filter.Reset()
			if c.Linear() {
				c.Say("filter cleared", false)
			}
		default:
			p.filter.Update(k)
		}
		return nil
	}
	if p.Cursor(c) == 0 {
		if cmd, ok := p.quickKey(c, k); ok { // (quickplay.go)
			return cmd
		}
	}
	switch {
	case key.Matches(k, Keys.Up):
		p.move(c, -1) // through the menu and the tables (list.go)
	case key.Matches(k, Keys.Down):
		p.move(c, 1)
	case key.Matches(k, Keys.Choose):
		return p.chooseRow(c)
	case key.Matches(k, Keys.Watch) && p.Cursor(c) >= len(menu):
		if t, ok := p.selectedTable(c); ok {
			return sitAt(c, t, true)
		}
		return nil
	case key.Matches(k, Keys.Entry):
		p.cursor = int(k.Runes[0] - '1')
		return p.choose(c, p.cursor)
	case key.Matches(k, Keys.Filter):
		p.filtering = true
	case key.Matches(k, Keys.Help):
		return c.Go(ui.Help, "")
	case key.Matches(k, Keys.Profile):
		return c.Go(ui.Profile, "")
	case key.Matches(k, Keys.Top):
		return c.Go(ui.Board, "")
	case key.Matches(k, Keys.Who):
		return c.Go(ui.Who, "")
	case key.Matches(k, Keys.Quit):
		return tea.Quit
	case key.Matches(k, Keys.ClearFilter) && p.filter.Value() != "":
		p.filter.Reset()
	default:
		c.Say("↑/↓ choose a line or a table, enter to go (a table: sit), w watches; q quits", false)
	}
	return nil
}

// choose opens a menu entry.
func (p *Page) choose(c ui.Context, i int) tea.Cmd {
	if i == 0 {
		c.Say("finding you a seat…", false)
		q := p.QuickChoice(c)
		return c.Call(func(s ui.Session) error { s.QuickPlayWith(q); return nil }, nil)
	}
	return c.Go(menu[i].to, "")
}

// menuTitleW is the lobby menu's column of titles: the longest, "Back to
// your table", and a space before the descriptions begin, so that no title
// runs into its description.
const menuTitleW = len("Back to your table") + 1

// Lines draws the lobby.
func (p *Page) Lines(c ui.Context) []string {
	st := c.Styles()
	w, h := c.Size()
	scr := c.Screen()
	out := c.Top("", "")
	descW := w - menuTitleW - 6
	cursor := p.Cursor(c)
	if invitation(c) != nil {
		out = append(out, ui.Trunc(invitationLine(c), w))
	}
	if hs, _ := held(c); hs != nil {
		out = append(out, ui.Trunc(backLine(c, cursor == rowBack), w))
	}
	for i, it := range menu {
		mark, title := "   ", ui.Pad(it.title, menuTitleW)
		if i == cursor {
			mark, title = " "+st.Turn("▶")+" ", st.Bold(title)
		}
		desc := it.desc
		if i == 0 {
			desc = quickText(p.QuickChoice(c))
			if hs, _ := held(c); hs != nil {
				desc = "back to your seat at " + ui.Clean(hs.Short)
			}
		}
		out = append(out, mark+title+" "+st.Dim(ui.Trunc(desc, descW)))
	}
	out = append(out, "")
	head := " " + st.Bold("Public tables")
	if n := len(scr.Tables); n > 0 {
		head += st.Dim(fmt.Sprintf("  %d", n))
	}
	if p.filtering || p.filter.Value() != "" {
		f := p.filter.Value()
		if p.filtering {
			f = p.filter.View(st, 24)
		}
		head += "   " + st.Accent("/") + " " + f
	}
	out = append(out, head)
	tables := p.filtered(c)
	room := h - len(out) - 3 // the column heads, the status line, the footer
	out = append(out, ui.TableList(c, tables, cursor-len(menu), room)...)
	return c.Bottom(out, p.KeyMap(c))
}

// Filter sets the filter of the table list, as if typed.
func (p *Page) Filter(s string) { p.filter.Set(s) }

// filtered is the public table list, cut to the filter.
func (p *Page) filtered(c ui.Context) []lobby.TableInfo {
	tables := c.Screen().Tables
	f := strings.ToLower(strings.TrimSpace(p.filter.Value()))
	if f == "" {
		return tables
	}
	var out []lobby.TableInfo
	for _, t := range tables {
		hay := strings.ToLower(ui.Clean(t.Short) + " " + ui.Clean(t.Name) + " " + t.Settings.Edition.Title() + " " +
			ui.ModeText(t.Settings))
		if strings.Contains(hay, f) {
			out = append(out, t)
		}
	}
	return out
}

// Counting reports whether the lobby counts something down: the seat a
// table keeps, or a table's start.
func (p *Page) Counting(c ui.Context) bool {
	if hs, _ := held(c); hs != nil {
		return true // "back to your table" counts the seat's time down
	}
	for _, t := range c.Screen().Tables {
		if !t.StartsAt.IsZero() {
			return true
		}
	}
	return false
}

// invitation is the invitation waiting for the player, while it lasts.
func invitation(c ui.Context) *lobby.Invitation {
	inv := c.Screen().Invitation
	if inv == nil || !c.Now().Before(inv.Until) {
		return nil
	}
	return inv
}

// invitationLine is the lobby's line about the invitation waiting.
func invitationLine(c ui.Context) string {
	inv := invitation(c)
	st := c.Styles()
	return " " + st.Turn("✉") + " " + st.Bold(ui.Clean(inv.From)) + " invites you to " +
		st.Bold(ui.Clean(inv.Name)) + st.Dim(" ("+inv.Edition+") · ") +
		st.Key(InvitationKeys.Accept.Help().Key) + " " + InvitationKeys.Accept.Help().Desc + " · " +
		st.Key(InvitationKeys.Decline.Help().Key) + " " + InvitationKeys.Decline.Help().Desc
}

// invitationKey is enter (take it up) or esc (turn it down) while an
// invitation waits; false for any other key. An invitation that cannot be
// taken up says why on the join page.
func (p *Page) invitationKey(c ui.Context, k tea.KeyMsg) (tea.Cmd, bool) {
	if invitation(c) == nil {
		return nil, false
	}
	switch {
	case key.Matches(k, InvitationKeys.Accept):
		c.Say("taking up the invitation…", false)
		return c.Call(func(s ui.Session) error { return s.AcceptInvitation() }, func(err error) {
			if err != nil {
				c.Failed(ui.Join, err)
			}
		}), true
	case key.Matches(k, InvitationKeys.Decline):
		return c.Call(func(s ui.Session) error { s.DeclineInvitation(); return nil }, nil), true
	}
	return nil, false
}

// held is the seat a table keeps for the player, while it still is, and
// the time left.
func held(c ui.Context) (*lobby.HeldSeat, time.Duration) {
	h := c.Screen().Held
	if h == nil {
		return nil, 0
	}
	left := h.Until.Sub(c.Now())
	if left <= 0 {
		return nil, 0
	}
	return h, left
}
