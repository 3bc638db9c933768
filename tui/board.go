package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/records"
)

// boardKeys are the leaderboard's keys.
var boardKeys = struct {
	Prev, Next, Week, Up, Down, Profile, Back, Mine, Help key.Binding
}{
	Prev:    bind("←/→", "edition", "left", "h"),
	Next:    bind("←/→", "edition", "right", "l"),
	Week:    bind("tab", "week/all time", "tab", "w"),
	Up:      with(keyUp, "↑/↓", "choose"),
	Down:    with(keyDown, "↑/↓", "choose"),
	Profile: bind("enter", "profile", "enter"),
	Back:    bind("esc", "back", "esc", "q"),
	Mine:    bind("p", "my profile", "p"),
	Help:    keyHelp,
}

// boardKeyMap is its footer, and its help with p and ?.
var boardKeyMap = footed{
	Foot: keyList{boardKeys.Prev, boardKeys.Next, boardKeys.Week, boardKeys.Up, boardKeys.Down,
		boardKeys.Profile, boardKeys.Back},
	More: keyList{boardKeys.Mine, boardKeys.Help},
}

// boardPage is the leaderboard: one edition's (or all editions') ratings,
// of all time or of this week; enter opens the chosen player's profile.
type boardPage struct {
	edition int // index in records.BoardEditions
	week    bool
	list    []lobby.LeaderEntry
	cursor  int
	err     string
	loading bool
}

// openBoard shows the leaderboard as it was last left.
func (m *model) openBoard() tea.Cmd {
	if m.board == nil {
		m.board = new(boardPage)
	}
	m.page = pageBoard
	return m.loadBoard()
}

func (m *model) loadBoard() tea.Cmd {
	b := m.board
	r := m.records()
	if r == nil {
		b.loading, b.err, b.list = false, lobby.ErrNoRecords.Error(), nil
		return nil
	}
	b.loading, b.err = true, ""
	edition, week := records.BoardEditions[b.edition], b.week
	return func() tea.Msg {
		list, err := r.Leaderboard(edition, week)
		return boardMsg{edition: edition, week: week, list: list, err: err}
	}
}

func (b *boardPage) gotBoard(msg boardMsg) {
	if msg.edition != records.BoardEditions[b.edition] || msg.week != b.week {
		return // the player has moved on to another board
	}
	b.loading = false
	if msg.err != nil {
		b.err, b.list = msg.err.Error(), nil
		return
	}
	b.list, b.err = msg.list, ""
	b.cursor = min(b.cursor, max(len(b.list)-1, 0))
}

func (m *model) boardKey(k tea.KeyMsg) tea.Cmd {
	b := m.board
	n := len(records.BoardEditions)
	switch {
	case is(k, boardKeys.Back):
		m.page = pageLobby
	case is(k, boardKeys.Prev):
		b.edition = (b.edition + n - 1) % n
		return m.loadBoard()
	case is(k, boardKeys.Next):
		b.edition = (b.edition + 1) % n
		return m.loadBoard()
	case is(k, boardKeys.Week):
		b.week = !b.week
		return m.loadBoard()
	case is(k, boardKeys.Up):
		b.cursor = max(b.cursor-1, 0)
	case is(k, boardKeys.Down):
		b.cursor = min(b.cursor+1, max(len(b.list)-1, 0))
	case is(k, boardKeys.Profile):
		if b.cursor < len(b.list) {
			e := b.list[b.cursor]
			if e.Player.Kind == lobby.SeatBot {
				m.say("bots have a rating, not a profile", false)
				return nil
			}
			return m.openProfile(e.Name)
		}
	case is(k, boardKeys.Mine):
		return m.openProfile("")
	case is(k, boardKeys.Help):
		m.openHelp()
	default:
		m.say("←/→ edition · tab this week or all time · enter a player's profile", false)
	}
	return nil
}

func (m *model) boardView() []string {
	st := m.st
	b := m.board
	out := m.top(st.title.Render("UNO")+st.bold.Render(" · leaderboard"), "")
	period := st.bold.Render("[all time]") + "  " + st.dim.Render("this week")
	if b.week {
		period = st.dim.Render("all time") + "  " + st.bold.Render("[this week]")
	}
	out = append(out, "  "+st.accent.Render("‹ ")+st.title.Render(records.EditionName(records.BoardEditions[b.edition]))+
		st.accent.Render(" ›")+"    "+period, "")
	switch {
	case b.err != "":
		out = append(out, "  "+st.err.Render("✗ "+trunc(b.err, m.w-6)))
	case b.loading && b.list == nil:
		out = append(out, "  "+st.dim.Render("reading the records…"))
	default:
		rows := records.BoardRows(b.list, b.week, m.w-4)
		room := m.h - len(out) - 5 // a blank, the note, the status line, the footer
		for i, l := range rows {
			if i > room {
				break
			}
			mark := "  "
			switch {
			case i == 0 && len(b.list) > 0:
				l = st.dim.Render(l)
			case len(b.list) > 0 && i-1 == b.cursor:
				mark, l = st.turn.Render("▶ "), st.bold.Render(l)
			}
			out = append(out, mark+l)
		}
	}
	out = append(out, "")
	out = append(out, "  "+st.dim.Render("rating: a cautious estimate of skill (OpenSkill); a newcomer starts at 0"))
	return m.bottom(out, st.footer(m.w, boardKeyMap))
}
