package table

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// roomState is the waiting room's selected seat, and its line for
// inviting a player (roominvite.go).
type roomState struct {
	cursor int
	// chosen is set once a player who is not the host moves the
	// selection (to report someone): only then is it marked for them.
	chosen bool
	invite inviteBox
}

func (r *roomState) sync(t *lobby.TableView) {
	r.cursor = min(max(r.cursor, 0), max(len(t.Seats)-1, 0))
}

// roomKeys are the waiting room's keys; the host's start, fill and edit
// the table, and only say so to the others.
var roomKeys = struct {
	Up, Down, Start, AddBot, Remove, LevelDown, LevelUp, Pace, APIBots, Edit, Chat, Invite, Report, Leave, Help key.Binding
}{
	Up:        ui.With(ui.KeyUp, "↑/↓", "seat"),
	Down:      ui.With(ui.KeyDown, "↑/↓", "seat"),
	Start:     ui.Bind("s", "start", "s"),
	AddBot:    ui.Bind("b", "add bot", "b"),
	Remove:    ui.Bind("x", "remove/kick", "x"),
	LevelDown: ui.Bind("←/→", "bots' level", "left"),
	LevelUp:   ui.Bind("←/→", "bots' level", "right"),
	Pace:      ui.Bind("f", "bots' pace", "f"),
	APIBots:   ui.Bind("a", "API bots may sit (public table)", "a"),
	Edit:      ui.Bind("e", "rules", "e"),
	Chat:      ui.Bind("t", "chat", "t"),
	Invite:    ui.Bind("i", "invite", "i"),
	Report:    ui.Bind("r", "report the player in the selected seat", "r"),
	Leave:     ui.Bind("l", "leave", "l", "q"),
	Help:      ui.KeyHelp,
}

// The waiting room's key maps: the host's, and everyone else's (whose
// footer leaves out the host's keys).
var (
	RoomHostKeyMap = &ui.Footed{
		Foot: ui.KeyList{roomKeys.Up, roomKeys.Down, roomKeys.Start, roomKeys.AddBot, roomKeys.Remove, roomKeys.Edit,
			roomKeys.Chat, roomKeys.Leave, roomKeys.Help, roomKeys.Invite},
		More: ui.KeyList{roomKeys.LevelDown, roomKeys.LevelUp, roomKeys.Pace, roomKeys.APIBots, roomKeys.Report},
	}
	roomGuestKeyMap = &ui.Footed{
		Foot: ui.KeyList{roomKeys.Chat, roomKeys.Leave, roomKeys.Invite, roomKeys.Help},
		More: ui.KeyList{roomKeys.Up, roomKeys.Down, roomKeys.Start, roomKeys.AddBot, roomKeys.Remove,
			roomKeys.LevelDown, roomKeys.LevelUp, roomKeys.Pace, roomKeys.Edit, roomKeys.Report},
	}
)

func (tp *Page) roomKey(k tea.KeyMsg) tea.Cmd {
	if tv := tp.scr.Table.Tournament; tv != nil && (tv.Started || tp.scr.Table.You < 0 || ui.Is(k, roomKeys.Edit)) {
		return tp.tourRoomKey(k) // the tournament's room, for a spectator
	}
	if tp.tbl.chat.open {
		return tp.chatKey(k)
	}
	if tp.room.invite.open {
		return tp.inviteKey(k)
	}
	t := tp.scr.Table
	switch {
	case ui.Is(k, roomKeys.Up):
		tp.room.cursor, tp.room.chosen = max(tp.room.cursor-1, 0), true
	case ui.Is(k, roomKeys.Down):
		tp.room.cursor, tp.room.chosen = min(tp.room.cursor+1, len(t.Seats)-1), true
	case ui.Is(k, roomKeys.Start):
		if tp.hostOnly("start the game") {
			tp.c.Send(lobby.Intent{Kind: lobby.Start})
			return nil
		}
	case ui.Is(k, roomKeys.AddBot):
		if tp.hostOnly("add bots") {
			if t.Taken >= len(t.Seats) {
				tp.c.Say("every seat is taken", true)
				return nil
			}
			tp.c.Send(lobby.Intent{Kind: lobby.AddBot})
			return nil
		}
	case ui.Is(k, roomKeys.Remove):
		if tp.hostOnly("remove bots or players") {
			return tp.removeSeat(tp.room.cursor)
		}
	case ui.Is(k, roomKeys.LevelDown):
		return tp.roomLevelKey(-1)
	case ui.Is(k, roomKeys.LevelUp):
		return tp.roomLevelKey(1)
	case ui.Is(k, roomKeys.Pace):
		return tp.roomPaceKey()
	case ui.Is(k, roomKeys.APIBots) && tp.scr.Table.Tournament == nil: // (a tournament's tables are its players')
		return tp.roomAPIBotsKey()
	case ui.Is(k, roomKeys.Edit):
		if tp.hostOnly("change the rules") {
			tp.c.Go(ui.Rules, "")
			tp.c.Send(lobby.Intent{Kind: lobby.EditRules}) // the countdown waits meanwhile
			return nil
		}
	case ui.Is(k, roomKeys.Chat):
		tp.tbl.chat.open = true
	case ui.Is(k, roomKeys.Invite):
		tp.room.invite.open = true
	case ui.Is(k, roomKeys.Report):
		return tp.reportSeat(tp.room.cursor) // roomreport.go
	case ui.Is(k, roomKeys.Leave):
		return tp.leaveTable()
	case ui.Is(k, roomKeys.Help):
		tp.c.Go(ui.Help, "")
	default:
		if t.Host {
			tp.c.Say("s start · b add a bot · ←/→ its level · f bots' pace · x remove the selected seat · r report · i invite · t chat · l leave", false)
		} else {
			tp.c.Say("waiting for the host to start · ↑/↓ r report a player · i invite a friend · t chat · l leave", false)
		}
	}
	return nil
}

// hostOnly reports whether the player hosts the table, saying so if not.
func (tp *Page) hostOnly(what string) bool {
	t := tp.scr.Table
	if t.Host {
		return true
	}
	host := "the host"
	for _, s := range t.Seats {
		if s.Host {
			host = ui.Clean(s.Nick) + ", the host,"
		}
	}
	tp.c.Say("only "+host+" can "+what, true)
	return false
}

// removeSeat removes the bot, or kicks the player, in seat i.
func (tp *Page) removeSeat(i int) tea.Cmd {
	t := tp.scr.Table
	if i < 0 || i >= len(t.Seats) {
		return nil
	}
	s := t.Seats[i]
	switch {
	case s.Empty():
		tp.c.Say("that seat is empty: choose a bot or a player with ↑/↓", true)
	case i == t.You:
		tp.c.Say("that is you: press l to leave", true)
	case s.Bot:
		tp.c.Send(lobby.Intent{Kind: lobby.RemoveBot, Seat: i})
		return nil
	default:
		tp.c.Send(lobby.Intent{Kind: lobby.Kick, Seat: i})
		return nil
	}
	return nil
}

// tableTitle is "brave-otter · ana's table · private · Classic 2001 ·
// to 500". In a narrow window the host's name for the table goes first,
// then the edition's long name, then "private": the short name friends
// meet by and the mode ("partners, 500") stay.
func (tp *Page) tableTitle(t *lobby.TableView) string {
	st := tp.cards()
	sep := st.Dim(" · ")
	vis := "public"
	if !t.Public {
		vis = "private"
	}
	name, host := st.Bold(ui.Clean(t.Name)), ""
	if t.Short != "" && t.Short != t.Name { // the short name friends meet by, then the host's
		name, host = st.Bold(ui.Clean(t.Short)), ui.Clean(t.Name)
	}
	ed, mode := t.Settings.Edition.Title(), ui.ModeText(t.Settings)
	title := joinParts(sep, name, host, st.Dim(vis), ed, mode)
	for _, cut := range []func(){
		func() { host = "" },
		func() { ed = ui.ShortEdition(t.Settings.Edition) },
		func() { vis = "" },
	} {
		if ui.Width(title) < tp.w {
			break
		}
		cut()
		title = joinParts(sep, name, host, st.Dim(vis), ed, mode)
	}
	return title
}

// rulesLines are the table's rules under its title: the seats, the Blank
// cards and the edition's colours, then every house rule in force,
// wrapped over as many lines as they take (a friend who joins reads them
// all before the game starts).
func (tp *Page) rulesLines(s engine.Settings) []string {
	st := tp.cards()
	printed := s
	printed.House = engine.HouseRules{}
	first := ui.RulesLine(printed)
	var out []string
	if sw := tp.swatchLine(s.Edition); ui.Width(first)+3+ui.Width(sw) < tp.w {
		out = append(out, " "+st.Dim(first+" · ")+sw)
	} else {
		out = append(out, " "+st.Dim(first), " "+sw)
	}
	if len(s.House.Describe()) > 0 {
		for i, l := range ui.Wrap(ui.HouseLine(s.House), tp.w-4) {
			indent := "   " // (under "house rules:" a line goes on)
			if i == 0 {
				indent = " "
			}
			out = append(out, indent+st.Dim(l))
		}
	}
	return out
}

func (tp *Page) roomView() []string {
	if tp.scr.Table.Tournament != nil {
		return tp.tourRoomView()
	}
	st := tp.cards()
	t := tp.scr.Table
	out := tp.c.Top("", "")
	out = append(out, " "+tp.tableTitle(t))
	out = append(out, tp.rulesLines(t.Settings)...)
	out = append(out, "")
	seats := tp.seatLines(t)
	side := tp.roomSide(t)
	out = append(out, ui.SideBySide(seats, side, roomSeatsW, tp.w)...)
	if t.Watching > 0 {
		out = append(out, " "+st.Dim(ui.Plural(t.Watching, "person", "people")+" watching"))
	}
	if tp.room.invite.open {
		out = append(out, ui.Trunc(tp.inviteLine(), tp.w))
	}
	out = append(out, "")
	room := tp.h - len(out) - 3
	if room > 0 {
		out = append(out, " "+st.Dim("table talk"))
		for _, l := range tp.logLines(t.Log, tp.w-4, room) {
			out = append(out, "   "+l)
		}
	}
	var foot help.KeyMap = roomGuestKeyMap // (also while the chat or the invitation is typed)
	if t.Host {
		foot = RoomHostKeyMap
	}
	return tp.c.Bottom(out, foot)
}

// roomKeyMap is the waiting room's key map now.
func (tp *Page) roomKeyMap() help.KeyMap {
	t := tp.scr.Table
	switch {
	case t.Tournament != nil && (t.Tournament.Started || t.You < 0):
		return tourRoomKeyMap(t)
	case tp.tbl.chat.open:
		return ChatKeyMap
	case tp.room.invite.open:
		return InviteKeyMap
	case t.Tournament != nil:
		return tourRoomKeyMap(t)
	case t.Host:
		return RoomHostKeyMap
	}
	return roomGuestKeyMap
}

// swatchLine is the edition's colours by name, each in its colour.
func (tp *Page) swatchLine(e engine.Edition) string {
	var parts []string
	for _, c := range e.Colors() {
		parts = append(parts, tp.cards().Color(c, c.String()))
	}
	return strings.Join(parts, " ")
}

// seatLines lists the seats, the selected one marked for the host, and
// for another player once they have moved it.
func (tp *Page) seatLines(t *lobby.TableView) []string {
	st := tp.cards()
	out := []string{" " + st.Bold("seats") + st.Dim(fmt.Sprintf("  %d/%d taken", t.Taken, len(t.Seats)))}
	for i, s := range t.Seats {
		mark := "   "
		if (t.Host || tp.room.chosen) && i == tp.room.cursor {
			mark = " " + st.Turn("▶") + " "
		}
		name := st.Dim(ui.Pad("· empty", 17))
		if !s.Empty() {
			name = ui.Pad(ui.Clean(s.Nick), 17)
			if i == t.You {
				name = st.Bold(name)
			}
		}
		out = append(out, mark+fmt.Sprintf("%2d  ", i+1)+name+tp.seatTags(t, i))
	}
	return out
}

// seatTags are a seat's marks: host, you, bot, away.
func (tp *Page) seatTags(t *lobby.TableView, i int) string {
	s := t.Seats[i]
	var tags []string
	if s.Host {
		tags = append(tags, tp.cards().Accent("host"))
	}
	if i == t.You {
		tags = append(tags, "you")
	}
	if s.Bot {
		tags = append(tags, tp.cards().Dim(s.Level.String()+" bot"))
	}
	if s.Program {
		tags = append(tags, tp.cards().Dim("API bot"))
	}
	if !s.Empty() && !s.Bot && !s.Connected {
		tags = append(tags, tp.cards().Warn("away"))
	}
	if s.AutoPlay {
		tags = append(tags, tp.cards().Dim("bot playing"))
	}
	return strings.Join(tags, tp.cards().Dim(" · "))
}

// roomSide is the right of the waiting room: the private code, drawn big so
// it can be read out, or the public countdown.
func (tp *Page) roomSide(t *lobby.TableView) []string {
	st := tp.cards()
	var out []string
	if t.Code != "" {
		out = append(out, st.Bold("share this code with friends"))
		out = append(out, tp.bigCode(t.Code)...)
		out = append(out, st.Dim("they choose Join by code in the lobby"))
		out = append(out, st.Dim("or, online now: press i to invite them"))
		if tp.c.Addr() != "" {
			out = append(out, st.Dim("or run:"))
			out = append(out, joinCommand(tp.c.Addr(), lobby.FormatCode(ui.Clean(t.Code)), tp.w-roomSeatsW)...)
		}
	} else {
		out = append(out, st.Bold("public table"))
		if !t.StartsAt.IsZero() {
			out = append(out, "", st.Title("starts in "+ui.Clock(t.StartsAt.Sub(tp.c.Now()))),
				st.Dim("bots fill the free seats then"))
		} else {
			out = append(out, "", st.Dim("listed in the lobby: players may sit"))
		}
	}
	if code := lobby.FormatCode(ui.Clean(tp.scr.Rejoin)); code != "" {
		// A guest has no key to come back with: this code is theirs.
		if tp.c.Addr() == "" {
			out = append(out, "", st.Bold("a guest? if you drop, ssh in with"),
				st.Dim("rejoin "+code+" for your seat"))
		} else {
			out = append(out, "", st.Bold("a guest? if you drop, your seat:"))
			for _, l := range sshCommand(tp.c.Addr(), "rejoin", code, tp.w-roomSeatsW) {
				out = append(out, st.Dim(l))
			}
		}
	}
	out = append(out, "")
	if !t.Host {
		host := "the host"
		for _, s := range t.Seats {
			if s.Host {
				host = ui.Clean(s.Nick)
			}
		}
		out = append(out, st.Dim("waiting for "+host+" to start"))
	} else if t.Taken < 2 {
		out = append(out, st.Dim("add a bot (b) or wait for a friend"))
	} else {
		out = append(out, st.OK("ready: press s to start"))
	}
	if t.Host {
		out = append(out, tp.botLines(t)...)
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
func (tp *Page) bigCode(code string) []string {
	st := tp.cards()
	var top, mid, bot strings.Builder
	for _, group := range strings.Split(lobby.FormatCode(ui.Clean(code)), "-") {
		line := strings.Repeat("─", utf8.RuneCountInString(group)+2)
		top.WriteString(st.Accent("╭" + line + "╮"))
		mid.WriteString(st.Accent("│") + " " + st.Bold(group) + " " + st.Accent("│"))
		bot.WriteString(st.Accent("╰" + line + "╯"))
	}
	return []string{top.String(), mid.String(), bot.String()}
}
