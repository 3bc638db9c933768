package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/tui/ui"
)

// The router shows one place at a time (where): the model holds the pages,
// where says which is on screen, and routes says what each place does with
// a key, how it draws, and which key map its footer and Update share. So
// adding a page is a line in where and a route here, and a key, a frame
// and a footer cannot reach different pages.

// route is a place's page as the router sees it.
type route struct {
	key func(m *model, k tea.KeyMsg) tea.Cmd
	// form is the page in both its forms (the screen's lines and the
	// linear mode's sentences) and its keys: one value, so a page cannot
	// have one form and not the other (ui.Form).
	form func(m *model) ui.Form
	// ticks says whether the page counts something down (nil: never), so
	// that the clock ticks while it does (clock.go).
	ticks func(m *model) bool
}

// lines and keys are the route's page's lines and key map.
func (r route) lines(m *model) []string   { return r.form(m).Lines(m.ctx()) }
func (r route) keys(m *model) help.KeyMap { return r.form(m).KeyMap(m.ctx()) }

// routes are the places' pages, by place.
var routes [atTable + 1]route

func init() {
	routes = [atTable + 1]route{
		atTooSmall: {
			key: func(_ *model, k tea.KeyMsg) tea.Cmd {
				if k.String() == "q" {
					return tea.Quit
				}
				return nil
			},
			form: func(m *model) ui.Form { return tooSmallForm{m} },
		},
		atClosed: {
			key:  func(*model, tea.KeyMsg) tea.Cmd { return tea.Quit },
			form: func(m *model) ui.Form { return closedForm{m} },
		},
		atNick: {
			key:  func(m *model, k tea.KeyMsg) tea.Cmd { return m.ctx().nickState().Update(m.ctx(), k) },
			form: func(m *model) ui.Form { return m.ctx().nickState() },
		},
		atLobby: { // the tournaments are drawn in the lobby's place
			key: func(m *model, k tea.KeyMsg) tea.Cmd {
				if m.page == pageTour {
					return m.tour.Update(m.ctx(), k)
				}
				return m.lob.Update(m.ctx(), k)
			},
			form: func(m *model) ui.Form {
				if m.page == pageTour {
					return &m.tour
				}
				return &m.lob
			},
			ticks: func(m *model) bool { return m.lob.Counting(m.ctx()) },
		},
		atCreate: {
			key:  func(m *model, k tea.KeyMsg) tea.Cmd { return m.form.Update(m.ctx(), k) },
			form: func(m *model) ui.Form { return m.form },
		},
		atJoin: {
			key:  func(m *model, k tea.KeyMsg) tea.Cmd { return m.ctx().joinState().Update(m.ctx(), k) },
			form: func(m *model) ui.Form { return m.ctx().joinState() },
		},
		atWatch: {
			key:  func(m *model, k tea.KeyMsg) tea.Cmd { return m.watch.Update(m.ctx(), k) },
			form: func(m *model) ui.Form { return &m.watch },
		},
		atHelp: {
			key: func(m *model, k tea.KeyMsg) tea.Cmd {
				m.help.Update(m.ctx(), k) // (its only command, Go(Back)'s, is none)
				return nil
			},
			form: func(m *model) ui.Form { return helpForm{m} },
		},
		atProfile: {
			key:   func(m *model, k tea.KeyMsg) tea.Cmd { return m.prof.Update(m.ctx(), k) },
			form:  func(m *model) ui.Form { return m.prof },
			ticks: func(m *model) bool { return m.prof.LinkLive(m.now()) }, // the code goes when it expires
		},
		atBoard: {
			key:  func(m *model, k tea.KeyMsg) tea.Cmd { return m.board.Update(m.ctx(), k) },
			form: func(m *model) ui.Form { return m.board },
		},
		atWho: {
			key:  func(m *model, k tea.KeyMsg) tea.Cmd { return m.ppl.Update(m.ctx(), k) },
			form: func(m *model) ui.Form { return m.ppl },
		},
		atWaiting: {
			key:   func(m *model, k tea.KeyMsg) tea.Cmd { return m.table.roomKey(k) },
			form:  func(m *model) ui.Form { return roomForm{m} },
			ticks: func(m *model) bool { return !m.scr.Table.StartsAt.IsZero() },
		},
		atTable: {
			key:  func(m *model, k tea.KeyMsg) tea.Cmd { return m.table.tableKey(k) },
			form: func(m *model) ui.Form { return tableForm{m} },
			ticks: func(m *model) bool {
				t := m.scr.Table
				return !t.TurnEnds.IsZero() || !t.RaceEnds.IsZero() || !t.RaidEnds.IsZero() || !t.NextHandAt.IsZero()
			},
		},
	}
}

// The places the router draws itself, as ui.Forms: a window too small, a
// closed session, the help page (whose text the router writes), and the
// waiting room and the table (tablePage, not yet a package of its own).
type (
	tooSmallForm struct{ m *model }
	closedForm   struct{ m *model }
	helpForm     struct{ m *model }
	roomForm     struct{ m *model }
	tableForm    struct{ m *model }
)

func (f tooSmallForm) Lines(ui.Context) []string { return strings.Split(f.m.ctx().tooSmall(), "\n") }
func (f tooSmallForm) Said(ui.Context) []string {
	return ui.Sentences(fmt.Sprintf("This window is too small: unossh needs at least %d by %d", MinWidth, MinHeight))
}
func (tooSmallForm) KeyMap(ui.Context) help.KeyMap { return noKeys }

func (f closedForm) Lines(ui.Context) []string   { return f.m.ctx().closedView() }
func (f closedForm) Said(ui.Context) []string    { return ui.Sentences(ui.Clean(f.m.scr.Closed)) }
func (closedForm) KeyMap(ui.Context) help.KeyMap { return noKeys }

func (f helpForm) Lines(ui.Context) []string { return f.m.ctx().helpView() }
func (f helpForm) Said(c ui.Context) []string {
	return f.m.help.Said(c, helpText(f.m.ctx().dest()))
}
func (f helpForm) KeyMap(c ui.Context) help.KeyMap { return f.m.help.KeyMap(c) }

func (f roomForm) Lines(ui.Context) []string     { return f.m.table.roomView() }
func (f roomForm) Said(ui.Context) []string      { return f.m.table.roomSaid() }
func (f roomForm) KeyMap(ui.Context) help.KeyMap { return f.m.table.roomKeyMap() }

func (f tableForm) News(ui.Context) []string  { return f.m.table.news() }
func (f tableForm) Lines(ui.Context) []string { return f.m.table.tableView() }
func (f tableForm) Said(ui.Context) []string  { return f.m.table.tableSaid() }
func (f tableForm) KeyMap(ui.Context) help.KeyMap {
	return f.m.table.tableKeyMap(f.m.table.game())
}
