// Package board is the leaderboard page: one edition's ratings (or all
// editions'), of all time or of this week; enter opens the chosen player's
// profile. The lobby opens it with t, and so does a profile.
package board

import (
	bhelp "github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/records"
	"github.com/unossh/unossh/tui/ui"
)

// Keys are the page's keys.
var Keys = struct {
	Prev, Next, Week, Up, Down, Profile, Back, Mine, Help key.Binding
}{
	Prev:    key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/→", "edition")),
	Next:    key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("←/→", "edition")),
	Week:    key.NewBinding(key.WithKeys("tab", "w"), key.WithHelp("tab", "week/all time")),
	Up:      key.NewBinding(key.WithKeys("up", "k", "ctrl+p"), key.WithHelp("↑/↓", "choose")),
	Down:    key.NewBinding(key.WithKeys("down", "j", "ctrl+n"), key.WithHelp("↑/↓", "choose")),
	Profile: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "profile")),
	Back:    key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "back")),
	Mine:    key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "my profile")),
	Help:    key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
}

// KeyMap is the page's footer, and its help with p and ?.
var KeyMap = &ui.Footed{
	Foot: ui.KeyList{Keys.Prev, Keys.Next, Keys.Week, Keys.Up, Keys.Down, Keys.Profile, Keys.Back},
	More: ui.KeyList{Keys.Mine, Keys.Help},
}

// Page is the leaderboard as the player last left it.
type Page struct {
	edition int // index in records.BoardEditions
	week    bool
	list    []lobby.LeaderEntry
	cursor  int
	err     string
	loading bool
}

// listMsg is the answer to asking for a board.
type listMsg struct {
	edition string
	week    bool
	list    []lobby.LeaderEntry
	err     error
}

// KeyMap is the page's key map.
func (p *Page) KeyMap(c ui.Context) bhelp.KeyMap {
	if c.Linear() {
		return linearKeyMap
	}
	return KeyMap
}

// linearKeyMap is KeyMap with the number keys that choose a player.
var linearKeyMap = KeyMap.And(ui.KeyPick)

// Load asks the lobby for the board the page shows (a server that keeps
// no records has none: the page says so without asking).
func (p *Page) Load(c ui.Context) tea.Cmd {
	if !c.Screen().Account.Records {
		p.loading, p.err, p.list = false, lobby.ErrNoRecords.Error(), nil
		return nil
	}
	p.loading, p.err = true, ""
	s, edition, week := c.Session(), records.BoardEditions[p.edition], p.week
	return func() tea.Msg {
		list, err := s.Leaderboard(edition, week)
		return listMsg{edition: edition, week: week, list: list, err: err}
	}
}

// Update takes a key, or the lobby's answer; it ignores anything else.
func (p *Page) Update(c ui.Context, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case listMsg:
		p.got(msg)
	case tea.KeyMsg:
		return p.key(c, msg)
	}
	return nil
}

func (p *Page) got(msg listMsg) {
	if msg.edition != records.BoardEditions[p.edition] || msg.week != p.week {
		return // the player has moved on to another board
	}
	p.loading = false
	if msg.err != nil {
		p.err, p.list = msg.err.Error(), nil
		return
	}
	p.list, p.err = msg.list, ""
	p.cursor = min(p.cursor, max(len(p.list)-1, 0))
}

func (p *Page) key(c ui.Context, k tea.KeyMsg) tea.Cmd {
	n := len(records.BoardEditions)
	if i, ok := ui.Pick(c, k, len(p.list)); ok {
		p.cursor = i
		return nil
	}
	switch {
	case key.Matches(k, Keys.Back):
		return c.Go(ui.Lobby, "")
	case key.Matches(k, Keys.Prev):
		p.edition = (p.edition + n - 1) % n
		return p.Load(c)
	case key.Matches(k, Keys.Next):
		p.edition = (p.edition + 1) % n
		return p.Load(c)
	case key.Matches(k, Keys.Week):
		p.week = !p.week
		return p.Load(c)
	case key.Matches(k, Keys.Up):
		p.cursor = max(p.cursor-1, 0)
	case key.Matches(k, Keys.Down):
		p.cursor = min(p.cursor+1, max(len(p.list)-1, 0))
	case key.Matches(k, Keys.Profile):
		if p.cursor < len(p.list) {
			e := p.list[p.cursor]
			if e.Player.Kind == lobby.SeatBot {
				c.Say("bots have a rating, not a profile", false)
				return nil
			}
			return c.Go(ui.Profile, e.Name)
		}
	case key.Matches(k, Keys.Mine):
		return c.Go(ui.Profile, "")
	case key.Matches(k, Keys.Help):
		return c.Go(ui.Help, "")
	default:
		c.Say("←/→ edition · tab this week or all time · enter a player's profile", false)
	}
	return nil
}

// Lines draws the page.
func (p *Page) Lines(c ui.Context) []string {
	st := c.Styles()
	w, h := c.Size()
	out := c.Top(st.Title("UNO")+st.Bold(" · leaderboard"), "")
	period := st.Bold("[all time]") + "  " + st.Dim("this week")
	if p.week {
		period = st.Dim("all time") + "  " + st.Bold("[this week]")
	}
	out = append(out, "  "+st.Accent("‹ ")+st.Title(records.EditionName(records.BoardEditions[p.edition]))+
		st.Accent(" ›")+"    "+period, "")
	switch {
	case p.err != "":
		out = append(out, "  "+st.Err("✗ "+ui.Trunc(p.err, w-6)))
	case p.loading && p.list == nil:
		out = append(out, "  "+st.Dim("reading the records…"))
	default:
		rows := records.BoardRows(p.list, p.week, w-4)
		room := h - len(out) - 5 // a blank, the note, the status line, the footer
		for i, l := range rows {
			if i > room {
				break
			}
			mark := "  "
			switch {
			case i == 0 && len(p.list) > 0:
				l = st.Dim(l)
			case len(p.list) > 0 && i-1 == p.cursor:
				mark, l = st.Turn("▶ "), st.Bold(l)
			}
			out = append(out, mark+l)
		}
	}
	out = append(out, "")
	note := "rating: a cautious estimate of skill (OpenSkill); a newcomer starts at 0"
	if records.BoardEditions[p.edition] == lobby.LadderBoard {
		note = records.LadderNote
	}
	out = append(out, "  "+st.Dim(ui.Trunc(note, w-4)))
	return c.Bottom(out, KeyMap)
}

// Said is the page as sentences (the linear mode): the board chosen, its
// players numbered, and the one chosen.
func (p *Page) Said(c ui.Context) []string {
	period := "of all time"
	if p.week {
		period = "of this week"
	}
	out := []string{ui.Sentence("The leaderboard: " + records.EditionName(records.BoardEditions[p.edition]) + ", " + period +
		". Left or right changes the edition, tab the week or all time")}
	switch {
	case p.err != "":
		return append(out, ui.Sentence("Reading the records failed: "+p.err))
	case p.loading && p.list == nil:
		return append(out, "Reading the records...")
	}
	out = append(out, records.BoardSaid(p.list, p.week)...)
	if p.cursor < len(p.list) {
		out = append(out, ui.Sentence("Chosen: "+records.EntryName(p.list[p.cursor])+". A number or up and down chooses, enter opens the profile"))
	}
	note := "rating: a cautious estimate of skill (OpenSkill); a newcomer starts at 0"
	if records.BoardEditions[p.edition] == lobby.LadderBoard {
		note = records.LadderNote
	}
	return append(out, ui.Whole(ui.Sentence(note)))
}
