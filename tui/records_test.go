package tui

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// recordsSession is a fake session on a server that keeps records.
type recordsSession struct {
	*fakeSession
	profiles map[string]lobby.Profile // by nickname; "" is the player's own
	board    []lobby.LeaderEntry
	asked    []string // the boards asked for: "edition week"
	renames  []string
	err      error
}

func (r *recordsSession) Profile(name string) (lobby.Profile, error) {
	if name == "" && r.Screen().Account.Guest {
		return lobby.Profile{}, lobby.ErrGuestNoStats
	}
	p, ok := r.profiles[name]
	if !ok {
		return lobby.Profile{}, lobby.ErrNoSuchPlayer
	}
	return p, nil
}

func (r *recordsSession) Leaderboard(edition string, week bool) ([]lobby.LeaderEntry, error) {
	r.asked = append(r.asked, fmt.Sprint(edition, " ", week))
	if !week {
		return r.board, nil
	}
	out := append([]lobby.LeaderEntry(nil), r.board[:5]...)
	for i := range out {
		out[i].Gain = 2.5 - float64(i)
		out[i].Games = i + 1
	}
	return out, nil
}

func (r *recordsSession) Rename(nick string) error {
	r.renames = append(r.renames, nick)
	return r.err
}

func (r *recordsSession) LinkCode() (lobby.LinkCode, error) {
	return lobby.LinkCode{Code: "7Q4K-M2XD", Expires: fixedNow.Add(lobby.LinkCodeTTL)}, nil
}

func (r *recordsSession) RedeemLink(code string) error { return r.err }

// anaProfile is a player with some history.
func anaProfile() lobby.Profile {
	p := lobby.Profile{
		Account: lobby.Account{ID: 1, Nickname: "ana", Keys: []string{"SHA256:a", "SHA256:b"}, Created: fixedNow.AddDate(0, -2, 0)},
		Games:   42, Wins: 17, Points: 3210, UNOCalls: 55, Catches: 6,
		ByMode: []lobby.ModeStats{
			{Edition: engine.Classic2001, Mode: engine.Standard, Games: 30, Wins: 14, Points: 2800},
			{Edition: engine.Minions2016, Mode: engine.SingleHand, Games: 7, Wins: 2, Points: 210},
			{Edition: engine.MastersOfTheUniverse2020, Mode: engine.Partners, Games: 3, Wins: 1, Points: 150},
			{Edition: engine.TheOffice2020, Mode: engine.Challenge, Games: 1, Wins: 0, Points: 0},
			{Edition: engine.MastersOfTheUniverse2023, Mode: engine.RotatingPartners, Games: 1, Wins: 0, Points: 50},
		},
		Ratings: []lobby.EditionRating{
			{Edition: lobby.AllEditions, PlayerRating: lobby.PlayerRating{Rating: lobby.Rating{Mu: 29.1, Sigma: 4.2}, Games: 40}},
			{Edition: "classic-2001", PlayerRating: lobby.PlayerRating{Rating: lobby.Rating{Mu: 30.2, Sigma: 4.5}, Games: 29}},
			{Edition: "minions-2016", PlayerRating: lobby.PlayerRating{Rating: lobby.Rating{Mu: 24, Sigma: 6.1}, Games: 7}},
		},
	}
	for i := 0; i < lobby.RecentGames; i++ {
		g := lobby.GameSummary{ID: int64(100 - i), Edition: engine.Classic2001, Mode: engine.Standard,
			Started: fixedNow.Add(-time.Duration(i+1) * 5 * time.Hour), Ended: fixedNow.Add(-time.Duration(i) * 5 * time.Hour),
			Seat: i % 4, Place: 1 + i%4, Points: 300 - 20*i, Players: []string{"ana", "bo", "ada", "bix"},
			Rated: i%3 != 2, Gain: 1.4 - 0.5*float64(i%4)}
		g.Players[g.Seat], g.Players[0] = g.Players[0], g.Players[g.Seat]
		p.Recent = append(p.Recent, g)
	}
	return p
}

func leaderboard() []lobby.LeaderEntry {
	names := []string{"ana", "bo", "hard", "cyd", "dee", "normal", "eve", "fay", "gus", "hal", "ivy", "jo", "kim", "easy", "lu"}
	var out []lobby.LeaderEntry
	for i, n := range names {
		e := lobby.LeaderEntry{Rank: i + 1, Name: n, Rating: lobby.Rating{Mu: 32 - float64(i), Sigma: 3 + float64(i)/10},
			Games: 50 - 3*i, Player: lobby.PlayerRef{Kind: lobby.SeatAccount, AccountID: int64(i + 1)}}
		if n == "hard" || n == "normal" || n == "easy" {
			e.Player = lobby.PlayerRef{Kind: lobby.SeatBot, BotLevel: n}
		}
		out = append(out, e)
	}
	return out
}

func newRecordsModel(s lobby.Screen, w, h int) (*model, *recordsSession) {
	r := &recordsSession{fakeSession: newFake(s), board: leaderboard(),
		profiles: map[string]lobby.Profile{"": anaProfile(), "bo": boProfile()}}
	m := New(Options{Client: r, Renderer: plainRenderer(), Width: w, Height: h,
		Now: func() time.Time { return fixedNow }, Addr: "ssh -p 23234 uno.example.com"}).(*model)
	m.setScreen(s)
	return m, r
}

// boProfile is a player with one game.
func boProfile() lobby.Profile {
	p := anaProfile()
	p.Account = lobby.Account{ID: 2, Nickname: "bo", Keys: []string{"SHA256:c"}, Created: fixedNow.AddDate(0, 0, -3)}
	p.Games, p.Wins, p.Points, p.UNOCalls, p.Catches = 1, 0, 40, 1, 0
	p.ByMode = p.ByMode[:1]
	p.ByMode[0] = lobby.ModeStats{Edition: engine.Classic2001, Mode: engine.Standard, Games: 1, Points: 40}
	p.Ratings = nil
	p.Recent = p.Recent[:1]
	return p
}

func recordsScreen() lobby.Screen {
	s := lobbyScreen()
	s.Account = lobby.AccountInfo{Kept: true, Records: true}
	return s
}

func TestRecordsGolden(t *testing.T) {
	guest := recordsScreen()
	guest.Nick, guest.Account = "guest-7Q4K", lobby.AccountInfo{Guest: true, GuestName: "guest-7Q4K", Records: true}
	newcomer := lobby.Screen{Online: 3, Account: lobby.AccountInfo{Records: true}}
	guestNick := lobby.Screen{Online: 3, Account: lobby.AccountInfo{Guest: true, GuestName: "guest-7Q4K", Records: true}}
	cases := []struct {
		name string
		scr  lobby.Screen
		keys []string
	}{
		{"profile_80x24", recordsScreen(), []string{"p"}},
		{"profile_other_80x24", recordsScreen(), []string{"p", "/", "b", "o", "enter"}},
		{"profile_unknown_80x24", recordsScreen(), []string{"p", "/", "z", "e", "d", "enter"}},
		{"profile_link_80x24", recordsScreen(), []string{"p", "a"}},
		{"profile_rename_80x24", recordsScreen(), []string{"p", "r", "backspace", "n", "a"}},
		{"profile_guest_80x24", guest, []string{"p"}},
		{"profile_120x40", recordsScreen(), []string{"p"}},
		{"board_80x24", recordsScreen(), []string{"t", "down", "down"}},
		{"board_week_80x24", recordsScreen(), []string{"t", "right", "tab"}},
		{"nick_records_80x24", newcomer, nil},
		{"nick_link_80x24", newcomer, []string{"tab", "7", "q", "4", "k"}},
		{"nick_guest_80x24", guestNick, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, h := 80, 24
			if strings.HasSuffix(c.name, "120x40") {
				w, h = 120, 40
			}
			m, _ := newRecordsModel(c.scr, w, h)
			pressAll(m, c.keys)
			view := m.View()
			checkSize(t, view, w, h)
			golden(t, c.name, view)
		})
	}
}

// The leaderboard goes through the editions and the two periods, and opens
// the chosen player's profile; a bot has none.
func TestBoardKeys(t *testing.T) {
	m, r := newRecordsModel(recordsScreen(), 80, 24)
	pressAll(m, []string{"t", "right", "right", "tab", "left"})
	require.Equal(t, []string{"all false", "classic-2001 false", "minions-2016 false", "minions-2016 true",
		"classic-2001 true"}, r.asked)
	pressAll(m, []string{"tab", "down", "enter"})
	require.Equal(t, atProfile, m.where())
	require.Equal(t, "bo", m.prof.Name())
	require.Contains(t, m.View(), "bo · playing since")
	pressAll(m, []string{"esc"})
	require.Equal(t, atBoard, m.where(), "esc goes back to the board")
	pressAll(m, []string{"down", "enter"})
	require.Equal(t, atBoard, m.where())
	require.Contains(t, m.View(), "bots have a rating, not a profile")
	pressAll(m, []string{"esc"})
	require.Equal(t, atLobby, m.where())
}

// A refused rename says why, and keeps the old name.
func TestRenameRefused(t *testing.T) {
	m, r := newRecordsModel(recordsScreen(), 80, 24)
	r.err = &lobby.RenameTooSoonError{Next: fixedNow.Add(20 * time.Hour)}
	pressAll(m, []string{"p", "r", "x", "enter"})
	require.Equal(t, []string{"anax"}, r.renames)
	next := fixedNow.Add(20 * time.Hour).UTC().Format("2 Jan 15:04 UTC")
	require.Contains(t, m.View(), "you may rename again after "+next+" (once a day)", "the time is on the screen, whole")
	r.err = nil
	pressAll(m, []string{"r", "y", "enter"})
	require.Contains(t, m.View(), "nickname changed")
}

// Without records, the pages say so rather than fail.
func TestNoRecordsPages(t *testing.T) {
	m, _ := newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	pressAll(m, []string{"p"})
	require.Contains(t, m.View(), lobby.ErrNoRecords.Error())
	pressAll(m, []string{"t"})
	require.Contains(t, m.View(), lobby.ErrNoRecords.Error())
}

// The plain texts fit TextWidth and carry what the issue asks for.
func TestRecordsText(t *testing.T) {
	text := ProfileText(anaProfile())
	for _, l := range strings.Split(text, "\n") {
		require.LessOrEqual(t, width(l), TextWidth, l)
	}
	for _, want := range []string{"42 games", "17 wins (40%)", "55 UNO calls", "6 catches", "rating 16.5 over all editions",
		"Classic 2001", "single hand", "recent games", "1st/4"} {
		require.Contains(t, text, want)
	}
	board := BoardText(lobby.AllEditions, false, leaderboard(), fixedNow)
	require.Contains(t, board, "bot (hard)")
	require.Contains(t, board, "all editions · all time")
	for _, c := range []struct{ in, want string }{{"", "all"}, {"ALL", "all"}, {"classic", "classic-2001"},
		{"minions-2016", "minions-2016"}, {"office", "office-2020"}, {"motu-2023", "motu-2023"}, {"the office", "office-2020"}} {
		got, err := ParseBoardEdition(c.in)
		require.NoError(t, err, c.in)
		require.Equal(t, c.want, got, c.in)
	}
	for _, bad := range []string{"motu", "uno", "x"} {
		_, err := ParseBoardEdition(bad)
		require.True(t, errors.Is(err, ErrUnknownEdition), bad)
	}
}

// A player's tournaments are counted on a line of their own, and their
// rounds' games (Partners games of four hands) are named as such, in the
// breakdown and among the latest games.
func TestRecordsTextCountsTournaments(t *testing.T) {
	p := anaProfile()
	p.Tournaments = lobby.TournamentStats{Played: 2, Won: 1, Best: 1}
	p.ByMode = append(p.ByMode, lobby.ModeStats{Edition: engine.Classic2001, Mode: engine.Partners, Tournament: true,
		Games: 14, Wins: 8, Points: 900})
	p.Recent[0].Mode, p.Recent[0].Tournament = engine.Partners, "T1"
	text := ProfileText(p)
	for _, l := range strings.Split(text, "\n") {
		require.LessOrEqual(t, width(l), TextWidth, l)
	}
	require.Contains(t, text, "2 tournaments · 1 win · best place 1st")
	require.Regexp(t, `Classic 2001\s+tournament round\s+14\s+8`, text)
	require.Regexp(t, `\d(st|nd|rd|th)/4\s+Classic 2001\s+tournament round`, text)
	require.NotContains(t, ProfileText(anaProfile()), "tournament", "no line for a player who played none")
}

// A profile that comes after the player began a rename leaves the refusal
// of what they typed on screen (under load it came late and wiped it).
func TestLateProfileKeepsTheRenameRefusal(t *testing.T) {
	m, _ := newRecordsModel(recordsScreen(), 80, 24)
	pressAll(m, []string{"p", "r", "😀"}) // refused as it is typed
	m.prof.Loaded(m.prof.Name(), *m.prof.Profile(), nil)
	require.Contains(t, m.View(), "emoji are not allowed in nicknames")
}

// A rename refused before the profile it was made from arrived stays on
// screen once it does (the rename's answer came first under load).
func TestLateProfileKeepsARefusedRename(t *testing.T) {
	m, r := newRecordsModel(recordsScreen(), 80, 24)
	r.err = &lobby.RenameTooSoonError{Next: fixedNow.Add(20 * time.Hour)}
	pressAll(m, []string{"p", "r", "x", "enter"})
	m.prof.Loaded(m.prof.Name(), *m.prof.Profile(), nil)
	require.Contains(t, m.View(), "you may rename again after")
}
