package table

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/speech"
	"github.com/unossh/unossh/tui/ui"
)

// This file is the waiting room in the linear mode: one sentence a seat,
// and a seat chosen by its number (linear.go).

// roomSaid is the waiting room as sentences, one a seat so that a seat
// taken or left is said alone.
func (tp *Page) roomSaid() []string {
	t := tp.scr.Table
	if t.Tournament != nil {
		return tp.tourRoomSaid()
	}
	out := []string{"Waiting room. " + tableHeader(t)}
	if h := t.Settings.House; len(h.Describe()) > 0 {
		out = append(out, ui.Whole(speech.Plain("House rules: "+ui.HouseLine(h)+".")))
	}
	if t.Code != "" {
		out = append(out, "The code to share with friends: "+spelled(lobby.FormatCode(ui.Clean(t.Code)))+".")
	}
	for i := range t.Seats {
		out = append(out, tp.seatSaid(t, i))
	}
	if t.Watching > 0 {
		out = append(out, ui.Plural(t.Watching, "person", "people")+" watching.")
	}
	if (t.Host || tp.room.chosen) && tp.room.cursor < len(t.Seats) {
		out = append(out, fmt.Sprintf("Selected: seat %d.", tp.room.cursor+1))
	}
	if code := lobby.FormatCode(ui.Clean(tp.scr.Rejoin)); code != "" {
		out = append(out, "You are a guest: if you drop, ssh in with rejoin "+spelled(code)+" for your seat.")
	}
	switch {
	case !t.Host:
		host := "the host"
		for _, s := range t.Seats {
			if s.Host {
				host = speech.Plain(s.Nick)
			}
		}
		out = append(out, "Waiting for "+host+" to start.")
	case t.Taken < 2:
		out = append(out, "You are the host: add a bot with b, or wait for a friend.")
	default:
		out = append(out, "You are the host: press s to start.")
	}
	if t.Host {
		pace := "like people"
		if t.FastBots {
			pace = "fast"
		}
		out = append(out, fmt.Sprintf("Bots added play at %s level, %s.", t.BotLevel, pace))
		if t.Public && t.Tournament == nil {
			out = append(out, map[bool]string{true: "API bots may sit here.", false: "API bots may not sit here."}[t.APIBots])
		}
	}
	switch {
	case tp.tbl.chat.open && strings.HasPrefix(tp.tbl.chat.input.Value(), "/report "): // (r: reportSeat)
		who := strings.TrimSpace(strings.TrimPrefix(tp.tbl.chat.input.Value(), "/report "))
		out = append(out, "Reporting "+speech.Plain(who)+" to the operators: type a reason if you like, enter sends it, escape cancels.")
	case tp.tbl.chat.open:
		out = append(out, "Chat: type your line, enter sends it, escape closes.")
	case tp.room.invite.open:
		out = append(out, "Invite: type a nickname, enter invites, escape closes.")
	}
	return out
}

// seatSaid is a seat of the waiting room: "Seat 2: bo, a normal bot."
func (tp *Page) seatSaid(t *lobby.TableView, i int) string {
	s := t.Seats[i]
	if s.Empty() {
		return fmt.Sprintf("Seat %d: empty.", i+1)
	}
	parts := []string{speech.Plain(s.Nick)}
	if s.Host {
		parts = append(parts, "the host")
	}
	if i == t.You {
		parts = append(parts, "you")
	}
	switch {
	case s.Bot:
		parts = append(parts, "a "+s.Level.String()+" bot")
	case s.Program:
		parts = append(parts, "an API bot")
	}
	if !s.Empty() && !s.Bot && !s.Connected {
		parts = append(parts, "away")
	}
	if s.AutoPlay {
		parts = append(parts, "a bot plays for them")
	}
	return fmt.Sprintf("Seat %d: %s.", i+1, strings.Join(parts, ", "))
}

// spelled is a code said a character at a time, its groups apart: "K 7 Q
// X, 2 M H C".
func spelled(code string) string {
	groups := strings.Split(code, "-")
	for i, g := range groups {
		groups[i] = strings.Join(strings.Split(g, ""), " ")
	}
	return strings.Join(groups, ", ")
}

// linearRoomKey is a key in the waiting room in the linear mode: a seat's
// number selects it (for the host to remove it, or anyone to report its
// player); every other key is the room's own.
func (tp *Page) linearRoomKey(k tea.KeyMsg) (tea.Cmd, bool) {
	t := tp.scr.Table
	if tp.room.invite.open && t.Tournament == nil && !tp.tbl.chat.open {
		// The line closes: said, since nothing else on the page changes.
		nick := tp.room.invite.input.Value()
		switch {
		case ui.Is(k, inviteKeys.Send) && nick != "":
			cmd := tp.roomKey(k)
			tp.c.Say("inviting "+speech.Plain(nick), false)
			return cmd, true
		case ui.Is(k, inviteKeys.Send), ui.Is(k, inviteKeys.Cancel):
			cmd := tp.roomKey(k)
			tp.c.Say("no invitation sent", false)
			return cmd, true
		}
	}
	if tp.tbl.chat.open || tp.room.invite.open || t.Tournament != nil || len(k.Runes) != 1 {
		return nil, false
	}
	n := int(k.Runes[0] - '1')
	if n < 0 || n > 8 {
		return nil, false
	}
	if n >= len(t.Seats) {
		tp.c.Say(fmt.Sprintf("there is no seat %d", n+1), true)
		return nil, true
	}
	tp.room.cursor, tp.room.chosen = n, true
	return nil, true
}

// linearRoomKeyMapNow is the waiting room's key map in the linear mode:
// the room's own, and the seats' numbers where they select a seat.
func (tp *Page) linearRoomKeyMapNow() help.KeyMap {
	km := tp.roomKeyMap()
	t := tp.scr.Table
	if tp.tbl.chat.open || tp.room.invite.open || t.Tournament != nil {
		return km
	}
	return ui.KeyList(append(bindingsOf(km), roomSeatKey))
}

// bindingsOf is every binding of a key map, in its columns' order.
func bindingsOf(km help.KeyMap) []key.Binding {
	var out []key.Binding
	for _, col := range km.FullHelp() {
		out = append(out, col...)
	}
	return out
}

// roomSeatKey selects a seat by its number (the linear mode's).
var roomSeatKey = ui.Bind("1-9", "select a seat by its number", "1", "2", "3", "4", "5", "6", "7", "8", "9")
