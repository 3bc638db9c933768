package table

import (
	"fmt"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// This file is the tournament's room: the sign-up list before it begins
// (the host adds bots, removes them or starts with bots in the free
// places), and once it has begun, the standings across both tables, the
// partnerships of each player, and the way to watch either table.

// tourRoomKeys are the keys of a tournament's room that differ from a
// waiting room's.
var tourRoomKeys = struct {
	Rules, Chat, Leave, Help, SignUp, Watch, Up, Down key.Binding
}{
	Rules:  ui.Bind("e", "rules", "e"),
	Chat:   ui.Bind("t", "chat", "t"),
	Leave:  ui.Bind("l", "leave", "l", "q", "esc"),
	Help:   ui.KeyHelp,
	SignUp: ui.Bind("j", "sign up", "j"),
	Watch:  ui.Bind("1/2", "watch a table", "1", "2"),
	Up:     ui.With(ui.KeyUp, "↑/↓", "place"),
	Down:   ui.With(ui.KeyDown, "↑/↓", "place"),
}

// The tournament room's key maps: once it has begun, for a spectator
// before, for its host (the waiting room's keys), and for a player.
var (
	TourStartedKeyMap = &ui.Footed{
		Foot: ui.KeyList{tourRoomKeys.Watch, tourRoomKeys.Chat, tourRoomKeys.Leave, tourRoomKeys.Help},
		More: ui.KeyList{tourRoomKeys.Rules},
	}
	TourSpectatorKeyMap = &ui.Footed{
		Foot: ui.KeyList{tourRoomKeys.SignUp, tourRoomKeys.Chat, tourRoomKeys.Leave, tourRoomKeys.Help},
		More: ui.KeyList{tourRoomKeys.Rules},
	}
	tourHostKeyMap = &ui.Footed{
		Foot: ui.KeyList{tourRoomKeys.Up, tourRoomKeys.Down, roomKeys.Start, roomKeys.AddBot, roomKeys.Remove,
			roomKeys.Chat, roomKeys.Leave, roomKeys.Help},
		More: ui.KeyList{tourRoomKeys.Rules, roomKeys.Invite, roomKeys.LevelDown, roomKeys.LevelUp, roomKeys.Pace, roomKeys.Report},
	}
	tourPlayerKeyMap = &ui.Footed{
		Foot: ui.KeyList{roomKeys.Chat, roomKeys.Leave, roomKeys.Help},
		More: ui.KeyList{tourRoomKeys.Rules, roomKeys.Invite, roomKeys.Up, roomKeys.Down, roomKeys.Start, roomKeys.AddBot,
			roomKeys.Remove, roomKeys.LevelDown, roomKeys.LevelUp, roomKeys.Pace, roomKeys.Report},
	}
)

func (tp *Page) tourRoomKey(k tea.KeyMsg) tea.Cmd {
	if tp.tbl.chat.open {
		return tp.chatKey(k)
	}
	tv := tp.scr.Table.Tournament
	switch {
	case ui.Is(k, tourRoomKeys.Rules):
		tp.c.Say("a tournament's rules are set when it opens", true)
	case ui.Is(k, tourRoomKeys.Chat):
		tp.tbl.chat.open = true
	case ui.Is(k, tourRoomKeys.Leave):
		return tp.leaveTable()
	case ui.Is(k, tourRoomKeys.Help):
		tp.c.Go(ui.Help, "")
	case !tv.Started && ui.Is(k, tourRoomKeys.SignUp):
		tp.c.Send(lobby.Intent{Kind: lobby.TourSignUp})
		return nil
	case tv.Started && ui.Is(k, tourRoomKeys.Watch):
		tp.c.Send(lobby.Intent{Kind: lobby.TourWatch, Seat: int(k.Runes[0] - '1')})
		return nil
	default:
		if tv.Started {
			tp.c.Say("1 or 2 watches a table · t chat · l leave", false)
		} else {
			tp.c.Say("j signs you up · t chat · l leave", false)
		}
	}
	return nil
}

func (tp *Page) tourRoomView() []string {
	st := tp.cards()
	t := tp.scr.Table
	tv := t.Tournament
	vis := "public"
	if !t.Public {
		vis = "private"
	}
	out := tp.c.Top("", "")
	out = append(out, " "+st.Bold(ui.Clean(t.Name))+st.Dim(" · "+vis+" tournament · ")+t.Settings.Edition.Title(),
		" "+st.Dim(ui.Trunc("eight players, two tables: each partners every other for four hands, 28 in all", tp.w-2)), "")
	if tv.Started {
		out = append(out, tp.tourStandings(tv)...)
	} else {
		out = append(out, ui.SideBySide(tp.seatLines(t), tp.tourSide(t), roomSeatsW, tp.w)...)
	}
	out = append(out, "")
	if room := tp.h - len(out) - 3; room > 0 {
		out = append(out, " "+st.Dim("room talk"))
		for _, l := range tp.logLines(t.Log, tp.w-4, room) {
			out = append(out, "   "+l)
		}
	}
	return tp.c.Bottom(out, tourRoomKeyMap(t))
}

// tourRoomKeyMap is the tournament room's key map now.
func tourRoomKeyMap(t *lobby.TableView) help.KeyMap {
	switch {
	case t.Tournament.Started:
		return TourStartedKeyMap
	case t.Host:
		return tourHostKeyMap
	case t.You < 0:
		return TourSpectatorKeyMap
	}
	return tourPlayerKeyMap
}

// tourSide is the right of the sign-up list: the code to share (or the
// public listing) and what happens next.
func (tp *Page) tourSide(t *lobby.TableView) []string {
	st := tp.cards()
	var out []string
	if t.Code != "" {
		out = append(out, st.Bold("share this code with friends"))
		out = append(out, tp.bigCode(t.Code)...)
		out = append(out, st.Dim("they choose Join by code in the lobby"))
		if tp.c.Addr() != "" {
			out = append(out, st.Dim("or run:"))
			out = append(out, joinCommand(tp.c.Addr(), lobby.FormatCode(ui.Clean(t.Code)), tp.w-roomSeatsW)...)
		}
	} else {
		out = append(out, st.Bold("public tournament"), "", st.Dim("listed in the lobby: players sign up"))
	}
	out = append(out, "")
	switch {
	case t.You < 0:
		out = append(out, st.OK("press j to sign up"))
	case !t.Host:
		out = append(out, st.Dim("it begins when all eight have signed up,"), st.Dim("or when the host starts it"))
	default:
		out = append(out, st.OK("s starts it: bots take the free places"))
	}
	return out
}

// tourStandings are the standings once the tournament has begun: each
// player's points with each partner (· for themself), their total and
// their place; then where this round seats everyone.
func (tp *Page) tourStandings(tv *lobby.TournamentView) []string {
	st := tp.cards()
	const nameW, colW = 10, 6
	hands := tv.HandsPlayed()
	head := fmt.Sprintf("round %d of %d · %d of %d hands played", tv.Round+1, engine.TournamentRounds, hands, engine.TournamentHands)
	if tv.Over {
		head = "final standings · " + tourWinners(tv)
	}
	out := []string{" " + st.Bold(ui.Trunc(head, tp.w-2))}
	row := "   " + ui.Pad("with →", nameW)
	for _, n := range tv.Players {
		row += ui.PadLeft(ui.Trunc(ui.Clean(n), colW-1), colW)
	}
	out = append(out, st.Dim(ui.Trunc(row+ui.PadLeft("total", 7)+"  place", tp.w)))
	place := map[int]int{}
	for i, p := range ranking(tv) {
		place[p] = i + 1
	}
	for p, n := range tv.Players {
		mark := "   "
		if slicesContains(tv.Standings.Winners, p) {
			mark = " " + st.Turn("★") + " "
		}
		line := mark + ui.Pad(ui.Trunc(ui.Clean(n), nameW-1), nameW)
		for q := range tv.Players {
			cell := fmt.Sprint(tv.Standings.Tally[p][q])
			if p == q {
				cell = "·"
			}
			line += ui.PadLeft(cell, colW)
		}
		line += st.Bold(ui.PadLeft(fmt.Sprint(tv.Standings.Scores[p]), 7)) + ui.PadLeft(fmt.Sprint(place[p]), 7)
		out = append(out, ui.Trunc(line, tp.w))
	}
	out = append(out, "")
	for k := range engine.TournamentTables {
		state := fmt.Sprintf("hand %d of 4", min(tv.Standings.Hands[k]-tv.Round*engine.HandsPerPartnership+1, 4))
		if tv.RoundDone[k] || tv.Over {
			state = "round played"
		}
		out = append(out, ui.Trunc(" "+st.Key(fmt.Sprint(k+1))+fmt.Sprintf(" table %d  ", k+1)+tp.tableLine(tv, k)+
			st.Dim("  "+state), tp.w))
	}
	return out
}
