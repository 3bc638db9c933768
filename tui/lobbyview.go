package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/page/create"
	"github.com/unossh/unossh/tui/page/tournaments"
	"github.com/unossh/unossh/tui/page/watch"
	"github.com/unossh/unossh/tui/ui"
)

// lobbyPage is the lobby's menu and its filter of the table list.
type lobbyPage struct {
	cursor    int
	filter    lineInput
	filtering bool
	backSeen  bool // the cursor has been put on "back to your table" (lobbylist.go)
	// quick is Quick play's choice made on this screen, once quickSet
	// (quickplay.go); before, the lobby's remembered one is shown.
	quick    lobby.QuickChoice
	quickSet bool
}

func newLobbyPage() lobbyPage { return lobbyPage{filter: newInput(24, nil)} }

type menuItem struct{ title, desc string }

var menu = []menuItem{
	{"Quick play", ""}, // the choice of edition and mode (quickplay.go)
	{"Create a table", "public or private, any edition, any mode"},
	{"Join by code", "a friend's private table"},
	{"Watch a table", "see a public game being played"},
	{"Help", "how to play, the keys, the five editions"},
	{"Tournament", "eight players, two tables: open one or sign up"},
	{"Who's online", "the players here now; invitations to you on or off"},
}

// lobbyKeys are the lobby's keys.
var lobbyKeys = struct {
	Up, Down, Choose, Play, Sit, Watch, Entry, Filter, Profile, Top, Who, Help, Quit, ClearFilter key.Binding
	// Edition, EditionBack, Mode and ModeBack make Quick play's choice,
	// on its row (quickplay.go).
	Edition, EditionBack, Mode, ModeBack key.Binding
	// Done and Clear end the filter's typing.
	Done, Clear, Type key.Binding
}{
	Up:          keyUp,
	Down:        also(keyDown, "tab"),
	Choose:      bind("enter", "choose", "enter"),
	Play:        bind("enter", "play", "enter"),
	Sit:         bind("enter", "sit", "enter"),
	Watch:       bind("w", "watch", "w"),
	Entry:       bind("1-7", "an entry of the menu", "1", "2", "3", "4", "5", "6", "7"),
	Filter:      bind("/", "filter", "/"),
	Profile:     bind("p", "profile", "p"),
	Top:         bind("t", "top", "t"),
	Who:         bind("o", "who's online", "o"),
	Help:        keyHelp,
	Quit:        bind("q", "quit", "q"),
	ClearFilter: bind("esc", "clear the filter", "esc"),
	EditionBack: bind("←/→", "edition", "left"),
	Edition:     bind("←/→", "edition", "right"),
	Mode:        bind("m", "mode", "m"),
	ModeBack:    bind("M", "mode, backwards", "M"),
	Done:        bind("enter", "done", "enter"),
	Clear:       bind("esc", "clear", "esc"),
	Type:        bind("type", "to filter"),
}

// The lobby's key maps: on the menu, on Quick play's row (what makes the
// choice first, so that it fits in 80 cells), on the table list, and while
// the filter is typed.
var (
	lobbyMenuKeyMap = footed{
		Foot: keyList{lobbyKeys.Up, lobbyKeys.Down, lobbyKeys.Choose, lobbyKeys.Filter, lobbyKeys.Profile, lobbyKeys.Top,
			lobbyKeys.Help, lobbyKeys.Quit},
		More: keyList{lobbyKeys.Entry, lobbyKeys.Who},
	}
	lobbyQuickKeyMap = footed{
		Foot: keyList{with(lobbyKeys.Up, "↑/↓", "move"), lobbyKeys.Down, lobbyKeys.EditionBack, lobbyKeys.Edition,
			lobbyKeys.Mode, lobbyKeys.Play, lobbyKeys.Profile, lobbyKeys.Help, lobbyKeys.Quit, lobbyKeys.Filter, lobbyKeys.Top},
		More: keyList{lobbyKeys.ModeBack, lobbyKeys.Entry, lobbyKeys.Who},
	}
	lobbyListKeyMap = footed{
		Foot: keyList{with(lobbyKeys.Up, "↑/↓", "table"), with(lobbyKeys.Down, "↑/↓", "table"), lobbyKeys.Sit,
			lobbyKeys.Watch, lobbyKeys.Filter, lobbyKeys.Quit},
		More: keyList{lobbyKeys.Entry, lobbyKeys.Profile, lobbyKeys.Top, lobbyKeys.Who, lobbyKeys.Help},
	}
	// With a filter typed, esc clears it.
	lobbyMenuFilteredKeyMap  = lobbyMenuKeyMap.And(lobbyKeys.ClearFilter)
	lobbyQuickFilteredKeyMap = lobbyQuickKeyMap.And(lobbyKeys.ClearFilter)
	lobbyListFilteredKeyMap  = lobbyListKeyMap.And(lobbyKeys.ClearFilter)
	lobbyFilterKeyMap        = keyList{lobbyKeys.Type, lobbyKeys.Done, lobbyKeys.Clear}
)

// lobbyKeyMap is the lobby's key map now.
func (m *model) lobbyKeyMap() help.KeyMap {
	filtered := m.lob.filter.Value() != ""
	switch c := m.lobbyCursor(); {
	case m.lob.filtering:
		return lobbyFilterKeyMap
	case c == 0 && filtered:
		return lobbyQuickFilteredKeyMap
	case c == 0:
		return lobbyQuickKeyMap
	case c >= len(menu) && filtered:
		return lobbyListFilteredKeyMap
	case c >= len(menu):
		return lobbyListKeyMap
	case filtered:
		return lobbyMenuFilteredKeyMap
	}
	return lobbyMenuKeyMap
}

func (m *model) lobbyKey(k tea.KeyMsg) tea.Cmd {
	if m.page == pageTour {
		return m.tour.Update(m.ctx(), k)
	}
	lp := &m.lob
	if cmd, ok := m.invitationKey(k); ok && !lp.filtering { // (who.go)
		return cmd
	}
	if lp.filtering {
		switch {
		case is(k, lobbyKeys.Done):
			lp.filtering = false
		case is(k, lobbyKeys.Clear):
			lp.filtering = false
			lp.filter.Reset()
		default:
			lp.filter.Update(k)
		}
		return nil
	}
	if m.lobbyCursor() == 0 {
		if cmd, ok := m.quickKey(k); ok { // (quickplay.go)
			return cmd
		}
	}
	switch {
	case is(k, lobbyKeys.Up):
		m.lobbyMove(-1) // through the menu and the tables (lobbylist.go)
	case is(k, lobbyKeys.Down):
		m.lobbyMove(1)
	case is(k, lobbyKeys.Choose):
		return m.chooseRow()
	case is(k, lobbyKeys.Watch) && m.lobbyCursor() >= len(menu):
		cmd, _ := m.watchSelected()
		return cmd
	case is(k, lobbyKeys.Entry):
		lp.cursor = int(k.Runes[0] - '1')
		return m.choose(lp.cursor)
	case is(k, lobbyKeys.Filter):
		lp.filtering = true
	case is(k, lobbyKeys.Help):
		m.openHelp()
	case is(k, lobbyKeys.Profile):
		return m.openProfile("")
	case is(k, lobbyKeys.Top):
		return m.openBoard()
	case is(k, lobbyKeys.Who):
		return m.openWho()
	case is(k, lobbyKeys.Quit):
		return tea.Quit
	case is(k, lobbyKeys.ClearFilter) && lp.filter.Value() != "":
		lp.filter.Reset()
	default:
		m.say("↑/↓ choose a line or a table, enter to go (a table: sit), w watches; q quits", false)
	}
	return nil
}

// choose opens a menu entry.
func (m *model) choose(i int) tea.Cmd {
	switch i {
	case 0:
		m.say("finding you a seat…", false)
		q := m.quickChoice()
		return m.call(callQuick, func(s Session) error { s.QuickPlayWith(q); return nil })
	case 1:
		m.form = create.New(m.scr.Nick)
		m.page = pageCreate
	case 2:
		m.joinState().Clear()
		m.page = pageJoin
	case 3:
		m.watch = watch.Page{}
		m.page = pageWatch
	case 4:
		m.openHelp()
	case 5:
		m.tour = tournaments.Page{}
		m.page = pageTour
	case 6:
		return m.openWho()
	}
	return nil
}

// menuTitleW is the lobby menu's column of titles: the longest, "Back to
// your table", and a space before the descriptions begin, so that no title
// runs into its description.
const menuTitleW = len("Back to your table") + 1

func (m *model) lobbyView() []string {
	if m.page == pageTour {
		return m.tour.Lines(m.ctx())
	}
	st := m.st
	out := m.top("", "")
	descW := m.w - menuTitleW - 6
	cursor := m.lobbyCursor()
	if m.invitation() != nil {
		out = append(out, trunc(m.invitationLine(), m.w))
	}
	if h, _ := m.held(); h != nil {
		out = append(out, trunc(m.backLine(cursor == rowBack), m.w))
	}
	for i, it := range menu {
		mark, title := "   ", pad(it.title, menuTitleW)
		if i == cursor {
			mark, title = " "+st.turn.Render("▶")+" ", st.bold.Render(title)
		}
		desc := it.desc
		if i == 0 {
			desc = quickText(m.quickChoice())
			if h, _ := m.held(); h != nil {
				desc = "back to your seat at " + clean(h.Short)
			}
		}
		out = append(out, mark+title+" "+st.dim.Render(trunc(desc, descW)))
	}
	out = append(out, "")
	head := " " + st.bold.Render("Public tables")
	if n := len(m.scr.Tables); n > 0 {
		head += st.dim.Render(fmt.Sprintf("  %d", n))
	}
	if m.lob.filtering || m.lob.filter.Value() != "" {
		f := m.lob.filter.Value()
		if m.lob.filtering {
			f = m.lob.filter.View(st, 24)
		}
		head += "   " + st.accent.Render("/") + " " + f
	}
	out = append(out, head)
	tables := m.filtered()
	room := m.h - len(out) - 3 // the column heads, the status line, the footer
	out = append(out, m.tableList(tables, cursor-len(menu), room)...)
	foot := st.footer(m.w, m.lobbyKeyMap())
	return m.bottom(out, foot)
}

// filtered is the public table list, cut to the filter.
func (m *model) filtered() []lobby.TableInfo {
	f := strings.ToLower(strings.TrimSpace(m.lob.filter.Value()))
	if f == "" {
		return m.scr.Tables
	}
	var out []lobby.TableInfo
	for _, t := range m.scr.Tables {
		hay := strings.ToLower(clean(t.Short) + " " + clean(t.Name) + " " + t.Settings.Edition.Title() + " " + modeText(t.Settings))
		if strings.Contains(hay, f) {
			out = append(out, t)
		}
	}
	return out
}

// tableList draws the table list (ui.TableList).
func (m *model) tableList(tables []lobby.TableInfo, cursor, rows int) []string {
	return ui.TableList(m.ctx(), tables, cursor, rows)
}
