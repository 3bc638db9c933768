package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
)

// The router shows one place at a time (where): the model holds the pages,
// where says which is on screen, and routes says what each place does with
// a key, how it draws, and which key map its footer and Update share. So
// adding a page is a line in where and a route here, and a key, a frame
// and a footer cannot reach different pages.

// route is a place's page as the router sees it.
type route struct {
	key   func(m *model, k tea.KeyMsg) tea.Cmd
	lines func(m *model) []string
	keys  func(m *model) help.KeyMap
	// ticks says whether the page counts something down (nil: never), so
	// that the clock ticks while it does (clock.go).
	ticks func(m *model) bool
}

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
			lines: func(m *model) []string { return strings.Split(m.ctx().tooSmall(), "\n") },
			keys:  func(*model) help.KeyMap { return noKeys },
		},
		atClosed: {
			key:   func(*model, tea.KeyMsg) tea.Cmd { return tea.Quit },
			lines: func(m *model) []string { return m.ctx().closedView() },
			keys:  func(*model) help.KeyMap { return noKeys },
		},
		atNick: {
			key:   func(m *model, k tea.KeyMsg) tea.Cmd { return m.ctx().nickState().Update(m.ctx(), k) },
			lines: func(m *model) []string { return m.ctx().nickState().Lines(m.ctx()) },
			keys:  func(m *model) help.KeyMap { return m.ctx().nickState().KeyMap(m.ctx()) },
		},
		atLobby: { // the tournaments are drawn in the lobby's place
			key: func(m *model, k tea.KeyMsg) tea.Cmd {
				if m.page == pageTour {
					return m.tour.Update(m.ctx(), k)
				}
				return m.lob.Update(m.ctx(), k)
			},
			lines: func(m *model) []string {
				if m.page == pageTour {
					return m.tour.Lines(m.ctx())
				}
				return m.lob.Lines(m.ctx())
			},
			keys: func(m *model) help.KeyMap {
				if m.page == pageTour {
					return m.tour.KeyMap(m.ctx())
				}
				return m.lob.KeyMap(m.ctx())
			},
			ticks: func(m *model) bool { return m.lob.Counting(m.ctx()) },
		},
		atCreate: {
			key:   func(m *model, k tea.KeyMsg) tea.Cmd { return m.form.Update(m.ctx(), k) },
			lines: func(m *model) []string { return m.form.Lines(m.ctx()) },
			keys:  func(m *model) help.KeyMap { return m.form.KeyMap(m.ctx()) },
		},
		atJoin: {
			key:   func(m *model, k tea.KeyMsg) tea.Cmd { return m.ctx().joinState().Update(m.ctx(), k) },
			lines: func(m *model) []string { return m.ctx().joinState().Lines(m.ctx()) },
			keys:  func(m *model) help.KeyMap { return m.ctx().joinState().KeyMap(m.ctx()) },
		},
		atWatch: {
			key:   func(m *model, k tea.KeyMsg) tea.Cmd { return m.watch.Update(m.ctx(), k) },
			lines: func(m *model) []string { return m.watch.Lines(m.ctx()) },
			keys:  func(m *model) help.KeyMap { return m.watch.KeyMap(m.ctx()) },
		},
		atHelp: {
			key: func(m *model, k tea.KeyMsg) tea.Cmd {
				m.help.Update(m.ctx(), k) // (its only command, Go(Back)'s, is none)
				return nil
			},
			lines: func(m *model) []string { return m.ctx().helpView() },
			keys:  func(m *model) help.KeyMap { return m.help.KeyMap(m.ctx()) },
		},
		atProfile: {
			key:   func(m *model, k tea.KeyMsg) tea.Cmd { return m.prof.Update(m.ctx(), k) },
			lines: func(m *model) []string { return m.prof.Lines(m.ctx()) },
			keys:  func(m *model) help.KeyMap { return m.prof.KeyMap(m.ctx()) },
			ticks: func(m *model) bool { return m.prof.LinkLive(m.now()) }, // the code goes when it expires
		},
		atBoard: {
			key:   func(m *model, k tea.KeyMsg) tea.Cmd { return m.board.Update(m.ctx(), k) },
			lines: func(m *model) []string { return m.board.Lines(m.ctx()) },
			keys:  func(m *model) help.KeyMap { return m.board.KeyMap(m.ctx()) },
		},
		atWho: {
			key:   func(m *model, k tea.KeyMsg) tea.Cmd { return m.ppl.Update(m.ctx(), k) },
			lines: func(m *model) []string { return m.ppl.Lines(m.ctx()) },
			keys:  func(m *model) help.KeyMap { return m.ppl.KeyMap(m.ctx()) },
		},
		atWaiting: {
			key:   func(m *model, k tea.KeyMsg) tea.Cmd { return m.table.RoomUpdate(m.ctx(), k) },
			lines: func(m *model) []string { return m.table.RoomLines(m.ctx()) },
			keys:  func(m *model) help.KeyMap { return m.table.RoomKeyMap(m.ctx()) },
			ticks: func(m *model) bool { return !m.scr.Table.StartsAt.IsZero() },
		},
		atTable: {
			key:   func(m *model, k tea.KeyMsg) tea.Cmd { return m.table.Update(m.ctx(), k) },
			lines: func(m *model) []string { return m.table.Lines(m.ctx()) },
			keys:  func(m *model) help.KeyMap { return m.table.KeyMap(m.ctx()) },
			ticks: func(m *model) bool {
				t := m.scr.Table
				return !t.TurnEnds.IsZero() || !t.RaceEnds.IsZero() || !t.RaidEnds.IsZero() || !t.NextHandAt.IsZero()
			},
		},
	}
}
