package table

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
)

// This file shows the bots' levels and pace in the waiting room, where the
// host changes a bot's level with ←/→, the level of the bots added next on
// an empty seat, and the pace with f (their words: ui.BotLevelText).

// roomLevelKey is the host's ←/→ (d = -1, +1) in the waiting room: the
// selected bot's level, or on another seat the level of the bots added next.
func (tp *Page) roomLevelKey(d int) tea.Cmd {
	t := tp.scr.Table
	if !tp.hostOnly("choose the bots' level") {
		return nil
	}
	n := len(lobby.Levels)
	seat, l := -1, t.BotLevel
	if i := tp.room.cursor; i >= 0 && i < len(t.Seats) && t.Seats[i].Bot {
		seat, l = i, t.Seats[i].Level
	}
	l = lobby.Level(((int(l)+d)%n + n) % n)
	tp.c.Send(lobby.Intent{Kind: lobby.BotLevel, Seat: seat, Level: l})
	return nil
}

// roomPaceKey toggles the bots' pace (host).
func (tp *Page) roomPaceKey() tea.Cmd {
	if !tp.hostOnly("change the bots' pace") {
		return nil
	}
	tp.c.Send(lobby.Intent{Kind: lobby.BotPace, Fast: !tp.scr.Table.FastBots})
	return nil
}

// botLine is the waiting room's line for the host about the bots added
// next and their pace.
func (tp *Page) botLines(t *lobby.TableView) []string {
	pace := "like people"
	if t.FastBots {
		pace = "fast"
	}
	out := []string{tp.cards().Dim("new bots: " + t.BotLevel.String() + " (←/→)"),
		tp.cards().Dim("bots' pace: " + pace + " (f)")}
	if t.Public && t.Tournament == nil {
		api := "refused"
		if t.APIBots {
			api = "may sit"
		}
		out = append(out, tp.cards().Dim("API bots: "+api+" (a)"))
	}
	return out
}

// roomAPIBotsKey lets API bots sit at the public table, or refuses them
// from now on (host).
func (tp *Page) roomAPIBotsKey() tea.Cmd {
	if !tp.hostOnly("choose whether API bots may sit") {
		return nil
	}
	tp.c.Send(lobby.Intent{Kind: lobby.APIBotsSetting, Allow: !tp.scr.Table.APIBots})
	return nil
}
