package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// This file is the tournament's room: the sign-up list before it begins
// (the host adds bots, removes them or starts with bots in the free
// places), and once it has begun, the standings across both tables, the
// partnerships of each player, and the way to watch either table.

func (m *model) tourRoomKey(k tea.KeyMsg) tea.Cmd {
	if m.tbl.chat.open {
		return m.chatKey(k)
	}
	tv := m.scr.Table.Tournament
	switch {
	case is(k, m.keys.Edit):
		m.say("a tournament's rules are set when it opens", true)
	case is(k, m.keys.Chat):
		m.tbl.chat.open = true
	case is(k, m.keys.Leave), k.Type == tea.KeyEsc:
		return m.leaveTable()
	case is(k, m.keys.Help):
		m.openHelp()
	case !tv.Started && k.String() == "j":
		return m.send(lobby.Intent{Kind: lobby.TourSignUp})
	case tv.Started && (k.String() == "1" || k.String() == "2"):
		return m.send(lobby.Intent{Kind: lobby.TourWatch, Seat: int(k.Runes[0] - '1')})
	default:
		if tv.Started {
			m.say("1 or 2 watches a table · t chat · l leave", false)
		} else {
			m.say("j signs you up · t chat · l leave", false)
		}
	}
	return nil
}

func (m *model) tourRoomView() []string {
	st := m.st
	t := m.scr.Table
	tv := t.Tournament
	vis := "public"
	if !t.Public {
		vis = "private"
	}
	out := m.top("", "")
	out = append(out, " "+st.bold.Render(clean(t.Name))+st.dim.Render(" · "+vis+" tournament · ")+t.Settings.Edition.Title(),
		" "+st.dim.Render(trunc("eight players, two tables: each partners every other for four hands, 28 in all", m.w-2)), "")
	if tv.Started {
		out = append(out, m.tourStandings(tv)...)
	} else {
		out = append(out, sideBySide(m.seatLines(t), m.tourSide(t), roomSeatsW, m.w)...)
	}
	out = append(out, "")
	if room := m.h - len(out) - 3; room > 0 {
		out = append(out, " "+st.dim.Render("room talk"))
		for _, l := range m.logLines(t.Log, m.w-4, room) {
			out = append(out, "   "+l)
		}
	}
	var foot string
	switch {
	case tv.Started:
		foot = st.footer(m.w, hint{"1/2", "watch a table"}, hint{"t", "chat"}, hint{"l", "leave"}, hint{"?", "help"})
	case t.Host:
		foot = st.footer(m.w, hint{"↑/↓", "place"}, hint{"s", "start"}, hint{"b", "add bot"}, hint{"x", "remove/kick"},
			hint{"t", "chat"}, hint{"l", "leave"}, hint{"?", "help"})
	case t.You < 0:
		foot = st.footer(m.w, hint{"j", "sign up"}, hint{"t", "chat"}, hint{"l", "leave"}, hint{"?", "help"})
	default:
		foot = st.footer(m.w, hint{"t", "chat"}, hint{"l", "leave"}, hint{"?", "help"})
	}
	return m.bottom(out, foot)
}

// tourSide is the right of the sign-up list: the code to share (or the
// public listing) and what happens next.
func (m *model) tourSide(t *lobby.TableView) []string {
	st := m.st
	var out []string
	if t.Code != "" {
		out = append(out, st.bold.Render("share this code with friends"))
		out = append(out, m.bigCode(t.Code)...)
		out = append(out, st.dim.Render("they choose Join by code in the lobby"))
		if m.addr != "" {
			out = append(out, st.dim.Render("or run:"))
			out = append(out, joinCommand(m.addr, lobby.FormatCode(clean(t.Code)), m.w-roomSeatsW)...)
		}
	} else {
		out = append(out, st.bold.Render("public tournament"), "", st.dim.Render("listed in the lobby: players sign up"))
	}
	out = append(out, "")
	switch {
	case t.You < 0:
		out = append(out, st.ok.Render("press j to sign up"))
	case !t.Host:
		out = append(out, st.dim.Render("it begins when all eight have signed up,"), st.dim.Render("or when the host starts it"))
	default:
		out = append(out, st.ok.Render("s starts it: bots take the free places"))
	}
	return out
}

// tourStandings are the standings once the tournament has begun: each
// player's points with each partner (· for themself), their total and
// their place; then where this round seats everyone.
func (m *model) tourStandings(tv *lobby.TournamentView) []string {
	st := m.st
	const nameW, colW = 10, 6
	hands := tv.HandsPlayed()
	head := fmt.Sprintf("round %d of %d · %d of %d hands played", tv.Round+1, engine.TournamentRounds, hands, engine.TournamentHands)
	if tv.Over {
		head = "final standings · " + tourWinners(tv)
	}
	out := []string{" " + st.bold.Render(trunc(head, m.w-2))}
	row := "   " + pad("with →", nameW)
	for _, n := range tv.Players {
		row += padLeft(trunc(clean(n), colW-1), colW)
	}
	out = append(out, st.dim.Render(trunc(row+padLeft("total", 7)+"  place", m.w)))
	place := map[int]int{}
	for i, p := range ranking(tv) {
		place[p] = i + 1
	}
	for p, n := range tv.Players {
		mark := "   "
		if slicesContains(tv.Standings.Winners, p) {
			mark = " " + st.turn.Render("★") + " "
		}
		line := mark + pad(trunc(clean(n), nameW-1), nameW)
		for q := range tv.Players {
			cell := fmt.Sprint(tv.Standings.Tally[p][q])
			if p == q {
				cell = "·"
			}
			line += padLeft(cell, colW)
		}
		line += st.bold.Render(padLeft(fmt.Sprint(tv.Standings.Scores[p]), 7)) + padLeft(fmt.Sprint(place[p]), 7)
		out = append(out, trunc(line, m.w))
	}
	out = append(out, "")
	for k := range engine.TournamentTables {
		state := fmt.Sprintf("hand %d of 4", min(tv.Standings.Hands[k]-tv.Round*engine.HandsPerPartnership+1, 4))
		if tv.RoundDone[k] || tv.Over {
			state = "round played"
		}
		out = append(out, trunc(" "+st.key.Render(fmt.Sprint(k+1))+fmt.Sprintf(" table %d  ", k+1)+m.tableLine(tv, k)+
			st.dim.Render("  "+state), m.w))
	}
	return out
}
