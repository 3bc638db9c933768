package tui

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/page/create"
)

// roomState is the waiting room's selected seat, and its line for
// inviting a player (invite.go).
type roomState struct {
	cursor int
	invite inviteBox
}

func (r *roomState) sync(t *lobby.TableView) {
	r.cursor = min(max(r.cursor, 0), max(len(t.Seats)-1, 0))
}

// roomKeys are the waiting room's keys; the host's start, fill and edit
// the table, and only say so to the others.
var roomKeys = struct {
	Up, Down, Start, AddBot, Remove, LevelDown, LevelUp, Pace, Edit, Chat, Invite, Report, Leave, Help key.Binding
}{
	Up:        with(keyUp, "↑/↓", "seat"),
	Down:      with(keyDown, "↑/↓", "seat"),
	Start:     bind("s", "start", "s"),
	AddBot:    bind("b", "add bot", "b"),
	Remove:    bind("x", "remove/kick", "x"),
	LevelDown: bind("←/→", "bots' level", "left"),
	LevelUp:   bind("←/→", "bots' level", "right"),
	Pace:      bind("f", "bots' pace", "f"),
	Edit:      bind("e", "rules", "e"),
	Chat:      bind("t", "chat", "t"),
	Invite:    bind("i", "invite", "i"),
	Report:    bind("r", "report the player in the selected seat", "r"),
	Leave:     bind("l", "leave", "l", "q"),
	Help:      keyHelp,
}

// The waiting room's key maps: the host's, and everyone else's (whose
// footer leaves out the host's keys).
var (
	roomHostKeyMap = &footed{
		Foot: keyList{roomKeys.Up, roomKeys.Down, roomKeys.Start, roomKeys.AddBot, roomKeys.Remove, roomKeys.Edit,
			roomKeys.Chat, roomKeys.Leave, roomKeys.Help, roomKeys.Invite},
		More: keyList{roomKeys.LevelDown, roomKeys.LevelUp, roomKeys.Pace, roomKeys.Report},
	}
	roomGuestKeyMap = &footed{
		Foot: keyList{roomKeys.Chat, roomKeys.Leave, roomKeys.Invite, roomKeys.Help},
		More: keyList{roomKeys.Up, roomKeys.Down, roomKeys.Start, roomKeys.AddBot, roomKeys.Remove,
			roomKeys.LevelDown, roomKeys.LevelUp, roomKeys.Pace, roomKeys.Edit, roomKeys.Report},
	}
)

func (m *model) roomKey(k tea.KeyMsg) tea.Cmd {
	if tv := m.scr.Table.Tournament; tv != nil && (tv.Started || m.scr.Table.You < 0 || is(k, roomKeys.Edit)) {
		return m.tourRoomKey(k) // the tournament's room, for a spectator
	}
	if m.tbl.chat.open {
		return m.chatKey(k)
	}
	if m.room.invite.open {
		return m.inviteKey(k)
	}
	t := m.scr.Table
	switch {
	case is(k, roomKeys.Up):
		m.room.cursor = max(m.room.cursor-1, 0)
	case is(k, roomKeys.Down):
		m.room.cursor = min(m.room.cursor+1, len(t.Seats)-1)
	case is(k, roomKeys.Start):
		if m.hostOnly("start the game") {
			return m.send(lobby.Intent{Kind: lobby.Start})
		}
	case is(k, roomKeys.AddBot):
		if m.hostOnly("add bots") {
			if t.Taken >= len(t.Seats) {
				m.say("every seat is taken", true)
				return nil
			}
			return m.send(lobby.Intent{Kind: lobby.AddBot})
		}
	case is(k, roomKeys.Remove):
		if m.hostOnly("remove bots or players") {
			return m.removeSeat(m.room.cursor)
		}
	case is(k, roomKeys.LevelDown):
		return m.roomLevelKey(-1)
	case is(k, roomKeys.LevelUp):
		return m.roomLevelKey(1)
	case is(k, roomKeys.Pace):
		return m.roomPaceKey()
	case is(k, roomKeys.Edit):
		if m.hostOnly("change the rules") {
			m.form = create.Configure(t.Settings)
			m.page = pageCreate
			return m.send(lobby.Intent{Kind: lobby.EditRules}) // the countdown waits meanwhile
		}
	case is(k, roomKeys.Chat):
		m.tbl.chat.open = true
	case is(k, roomKeys.Invite):
		m.room.invite.open = true
	case is(k, roomKeys.Report):
		return m.reportSeat(m.room.cursor) // moderation.go
	case is(k, roomKeys.Leave):
		return m.leaveTable()
	case is(k, roomKeys.Help):
		m.openHelp()
	default:
		if t.Host {
			m.say("s start · b add a bot · ←/→ its level · f bots' pace · x remove the selected seat · r report · i invite · t chat · l leave", false)
		} else {
			m.say("waiting for the host to start · ↑/↓ r report a player · i invite a friend · t chat · l leave", false)
		}
	}
	return nil
}

// hostOnly reports whether the player hosts the table, saying so if not.
func (m *model) hostOnly(what string) bool {
	t := m.scr.Table
	if t.Host {
		return true
	}
	host := "the host"
	for _, s := range t.Seats {
		if s.Host {
			host = clean(s.Nick) + ", the host,"
		}
	}
	m.say("only "+host+" can "+what, true)
	return false
}

// removeSeat removes the bot, or kicks the player, in seat i.
func (m *model) removeSeat(i int) tea.Cmd {
	t := m.scr.Table
	if i < 0 || i >= len(t.Seats) {
		return nil
	}
	s := t.Seats[i]
	switch {
	case s.Empty():
		m.say("that seat is empty: choose a bot or a player with ↑/↓", true)
	case i == t.You:
		m.say("that is you: press l to leave", true)
	case s.Bot:
		return m.send(lobby.Intent{Kind: lobby.RemoveBot, Seat: i})
	default:
		return m.send(lobby.Intent{Kind: lobby.Kick, Seat: i})
	}
	return nil
}

// tableTitle is "brave-otter · ana's table · private · Classic 2001 ·
// to 500". In a narrow window the host's name for the table goes first,
// then the edition's long name, then "private": the short name friends
// meet by and the mode ("partners, 500") stay.
func (m *model) tableTitle(t *lobby.TableView) string {
	st := m.st
	sep := st.dim.Render(" · ")
	vis := "public"
	if !t.Public {
		vis = "private"
	}
	name, host := st.bold.Render(clean(t.Name)), ""
	if t.Short != "" && t.Short != t.Name { // the short name friends meet by, then the host's
		name, host = st.bold.Render(clean(t.Short)), clean(t.Name)
	}
	ed, mode := t.Settings.Edition.Title(), modeText(t.Settings)
	title := joinParts(sep, name, host, st.dim.Render(vis), ed, mode)
	for _, cut := range []func(){
		func() { host = "" },
		func() { ed = shortEdition(t.Settings.Edition) },
		func() { vis = "" },
	} {
		if width(title) < m.w {
			break
		}
		cut()
		title = joinParts(sep, name, host, st.dim.Render(vis), ed, mode)
	}
	return title
}

// rulesLines are the table's rules under its title: the seats, the Blank
// cards and the edition's colours, then every house rule in force,
// wrapped over as many lines as they take (a friend who joins reads them
// all before the game starts).
func (m *model) rulesLines(s engine.Settings) []string {
	st := m.st
	printed := s
	printed.House = engine.HouseRules{}
	first := rulesLine(printed)
	var out []string
	if sw := m.swatchLine(s.Edition); width(first)+3+width(sw) < m.w {
		out = append(out, " "+st.dim.Render(first+" · ")+sw)
	} else {
		out = append(out, " "+st.dim.Render(first), " "+sw)
	}
	if len(s.House.Describe()) > 0 {
		for i, l := range wrapText(houseLine(s.House), m.w-4) {
			indent := "   " // (under "house rules:" a line goes on)
			if i == 0 {
				indent = " "
			}
			out = append(out, indent+st.dim.Render(l))
		}
	}
	return out
}

func (m *model) roomView() []string {
	if m.scr.Table.Tournament != nil {
		return m.tourRoomView()
	}
	st := m.st
	t := m.scr.Table
	out := m.top("", "")
	out = append(out, " "+m.tableTitle(t))
	out = append(out, m.rulesLines(t.Settings)...)
	out = append(out, "")
	seats := m.seatLines(t)
	side := m.roomSide(t)
	out = append(out, sideBySide(seats, side, roomSeatsW, m.w)...)
	if t.Watching > 0 {
		out = append(out, " "+st.dim.Render(plural(t.Watching, "person", "people")+" watching"))
	}
	if m.room.invite.open {
		out = append(out, trunc(m.inviteLine(), m.w))
	}
	out = append(out, "")
	room := m.h - len(out) - 3
	if room > 0 {
		out = append(out, " "+st.dim.Render("table talk"))
		for _, l := range m.logLines(t.Log, m.w-4, room) {
			out = append(out, "   "+l)
		}
	}
	var foot help.KeyMap = roomGuestKeyMap // (also while the chat or the invitation is typed)
	if t.Host {
		foot = roomHostKeyMap
	}
	return m.bottom(out, st.footer(m.w, foot))
}

// roomKeyMap is the waiting room's key map now.
func (m *model) roomKeyMap() help.KeyMap {
	t := m.scr.Table
	switch {
	case t.Tournament != nil && (t.Tournament.Started || t.You < 0):
		return tourRoomKeyMap(t)
	case m.tbl.chat.open:
		return chatKeyMap
	case m.room.invite.open:
		return inviteKeyMap
	case t.Tournament != nil:
		return tourRoomKeyMap(t)
	case t.Host:
		return roomHostKeyMap
	}
	return roomGuestKeyMap
}

// swatchLine is the edition's colours by name, each in its colour.
func (m *model) swatchLine(e engine.Edition) string {
	var parts []string
	for _, c := range e.Colors() {
		parts = append(parts, m.st.color(c).Render(c.String()))
	}
	return strings.Join(parts, " ")
}

// seatLines lists the seats, the selected one marked for the host.
func (m *model) seatLines(t *lobby.TableView) []string {
	st := m.st
	out := []string{" " + st.bold.Render("seats") + st.dim.Render(fmt.Sprintf("  %d/%d taken", t.Taken, len(t.Seats)))}
	for i, s := range t.Seats {
		mark := "   "
		if t.Host && i == m.room.cursor {
			mark = " " + st.turn.Render("▶") + " "
		}
		name := st.dim.Render(pad("· empty", 17))
		if !s.Empty() {
			name = pad(clean(s.Nick), 17)
			if i == t.You {
				name = st.bold.Render(name)
			}
		}
		out = append(out, mark+fmt.Sprintf("%2d  ", i+1)+name+m.seatTags(t, i))
	}
	return out
}

// seatTags are a seat's marks: host, you, bot, away.
func (m *model) seatTags(t *lobby.TableView, i int) string {
	s := t.Seats[i]
	var tags []string
	if s.Host {
		tags = append(tags, m.st.accent.Render("host"))
	}
	if i == t.You {
		tags = append(tags, "you")
	}
	if s.Bot {
		tags = append(tags, m.st.dim.Render(s.Level.String()+" bot"))
	}
	if s.Program {
		tags = append(tags, m.st.dim.Render("API bot"))
	}
	if !s.Empty() && !s.Bot && !s.Connected {
		tags = append(tags, m.st.warn.Render("away"))
	}
	if s.AutoPlay {
		tags = append(tags, m.st.dim.Render("bot playing"))
	}
	return strings.Join(tags, m.st.dim.Render(" · "))
}

// roomSide is the right of the waiting room: the private code, drawn big so
// it can be read out, or the public countdown.
func (m *model) roomSide(t *lobby.TableView) []string {
	st := m.st
	var out []string
	if t.Code != "" {
		out = append(out, st.bold.Render("share this code with friends"))
		out = append(out, m.bigCode(t.Code)...)
		out = append(out, st.dim.Render("they choose Join by code in the lobby"))
		out = append(out, st.dim.Render("or, online now: press i to invite them"))
		if m.addr != "" {
			out = append(out, st.dim.Render("or run:"))
			out = append(out, joinCommand(m.addr, lobby.FormatCode(clean(t.Code)), m.w-roomSeatsW)...)
		}
	} else {
		out = append(out, st.bold.Render("public table"))
		if !t.StartsAt.IsZero() {
			out = append(out, "", st.title.Render("starts in "+clock(t.StartsAt.Sub(m.now()))),
				st.dim.Render("bots fill the free seats then"))
		} else {
			out = append(out, "", st.dim.Render("listed in the lobby: players may sit"))
		}
	}
	if code := lobby.FormatCode(clean(m.scr.Rejoin)); code != "" {
		// A guest has no key to come back with: this code is theirs.
		if m.addr == "" {
			out = append(out, "", st.bold.Render("a guest? if you drop, ssh in with"),
				st.dim.Render("rejoin "+code+" for your seat"))
		} else {
			out = append(out, "", st.bold.Render("a guest? if you drop, your seat:"))
			for _, l := range sshCommand(m.addr, "rejoin", code, m.w-roomSeatsW) {
				out = append(out, st.dim.Render(l))
			}
		}
	}
	out = append(out, "")
	if !t.Host {
		host := "the host"
		for _, s := range t.Seats {
			if s.Host {
				host = clean(s.Nick)
			}
		}
		out = append(out, st.dim.Render("waiting for "+host+" to start"))
	} else if t.Taken < 2 {
		out = append(out, st.dim.Render("add a bot (b) or wait for a friend"))
	} else {
		out = append(out, st.ok.Render("ready: press s to start"))
	}
	if t.Host {
		out = append(out, m.botLines(t)...)
	}
	return out
}

// roomSeatsW is the width of the waiting room's seat list, left of roomSide.
const roomSeatsW = 40

// joinCommand is the command that joins the table, on one line if it fits
// in w cells, or else broken before "join" the way a shell reads it.
func joinCommand(addr, code string, w int) []string { return sshCommand(addr, "join", code, w) }

// sshCommand is `ssh -t addr verb code`, on one line if it fits in w
// cells, or else broken before the verb the way a shell reads it.
func sshCommand(addr, verb, code string, w int) []string {
	line := "  ssh -t " + addr + " " + verb + " " + code
	if utf8.RuneCountInString(line) <= w {
		return []string{line}
	}
	return []string{"  ssh -t " + addr + ` \`, "    " + verb + " " + code}
}

// bigCode draws a table code one group of characters to a box, the
// groups people read out and type.
func (m *model) bigCode(code string) []string {
	b := m.st.accent
	var top, mid, bot strings.Builder
	for _, group := range strings.Split(lobby.FormatCode(clean(code)), "-") {
		line := strings.Repeat("─", utf8.RuneCountInString(group)+2)
		top.WriteString(b.Render("╭" + line + "╮"))
		mid.WriteString(b.Render("│") + " " + m.st.bold.Render(group) + " " + b.Render("│"))
		bot.WriteString(b.Render("╰" + line + "╯"))
	}
	return []string{top.String(), mid.String(), bot.String()}
}

// sideBySide puts right beside left, left padded to lw cells, within w.
func sideBySide(left, right []string, lw, w int) []string {
	n := max(len(left), len(right))
	out := make([]string, n)
	for i := range out {
		l, r := rowPair(left, right, i)
		out[i] = trunc(pad(l, lw)+r, w)
	}
	return out
}

// rowPair is row i of two columns side by side, "" where one is shorter.
func rowPair(left, right []string, i int) (l, r string) {
	if i < len(left) {
		l = left[i]
	}
	if i < len(right) {
		r = right[i]
	}
	return l, r
}
