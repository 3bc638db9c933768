package botapi

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// moveKind names a kind of move as TestEveryKindOfMoveThroughTheAPI counts
// them, from a move offered in a turn.
func moveKind(m legalMove) string {
	switch {
	case m.Kind == engine.Play && m.Target != nil && m.Card.Kind == engine.Number:
		return "7-0 swap"
	case m.Kind == engine.Play && m.UNO:
		return "UNO"
	case m.Kind == engine.Play && m.Color != engine.NoColor && m.Card.Kind.IsWild():
		return "wild colour"
	case m.Kind == engine.Play:
		return "play " + m.Card.Kind.String() // each kind of card, so that the Army and the Chili get played
	case m.Kind == engine.CallUNO:
		return "UNO"
	case m.Kind == engine.Pass:
		return "keep"
	case m.Kind == engine.ChallengeDrawFour:
		return "challenge"
	case m.Kind == engine.Drop:
		return "Chili drop"
	case m.Kind == engine.Exchange:
		return "raid"
	}
	return m.Kind.String()
}

// TestEveryKindOfMoveThroughTheAPI: a bot playing through the API against
// built-in bots makes, in each edition, every kind of move the edition has:
// a card, a wild's colour, a draw, keeping the card drawn, an UNO call, a
// catch and a Wild Draw Four challenge; the Chili drop in The Office 2020,
// the raid in Masters of the Universe 2023, and the 7-0 swap under that
// house rule. A kind counts once the table has applied it (the next view
// has more moves).
func TestEveryKindOfMoveThroughTheAPI(t *testing.T) {
	base := []string{"play " + engine.Number.String(), "wild colour", "draw", "keep", "UNO", "catch", "challenge"}
	for _, tc := range []struct {
		edition engine.Edition
		house   engine.HouseRules
		more    []string
	}{
		{engine.Classic2001, engine.HouseRules{}, nil},
		{engine.Classic2001, engine.HouseRules{SevenO: true}, []string{"7-0 swap"}},
		{engine.Minions2016, engine.HouseRules{}, nil},
		{engine.MastersOfTheUniverse2020, engine.HouseRules{}, nil},
		{engine.TheOffice2020, engine.HouseRules{}, []string{"Chili drop"}},
		{engine.MastersOfTheUniverse2023, engine.HouseRules{}, []string{"raid"}},
	} {
		name := tc.edition.String()
		if tc.house.SevenO {
			name += "/seven-o"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel() // each plays at a hub of its own
			want := append(append([]string{}, base...), tc.more...)
			made := playKinds(t, tc.edition, tc.house, want)
			var missing []string
			for _, k := range want {
				if !made[k] {
					missing = append(missing, k)
				}
			}
			if len(missing) > 0 {
				t.Fatalf("never made through the API: %s (made: %v)", strings.Join(missing, ", "), made)
			}
		})
	}
}

// playKinds plays games through the API until every kind wanted has been
// made, or maxGames games, and returns the kinds made.
func playKinds(t *testing.T, ed engine.Edition, house engine.HouseRules, want []string) map[string]bool {
	const maxGames = 60
	// Seeded deals: the same games every run, so the kinds come in the
	// same number of games (crypto-random deals made it vary by minutes).
	var seed atomic.Uint64
	hub := lobby.NewHub(lobby.Config{BotDelay: 5 * time.Millisecond, NextHand: time.Millisecond,
		RaceTime: 200 * time.Millisecond, RaidTime: time.Second, RevealStep: time.Millisecond,
		Seed: func() uint64 { return seed.Add(1) }})
	t.Cleanup(func() { _ = hub.Shutdown(context.Background()) })
	c := hub.Connect("s1", "SHA256:kinds", false)
	defer c.Disconnect()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(t.Context())
	served := make(chan error, 1)
	go func() {
		served <- Serve(ctx, Session{Client: c, In: inR, Out: outW, Key: "k", Addr: "a"})
		_ = outW.Close()
	}()
	defer func() { cancel(); _ = inW.Close(); go func() { _, _ = io.Copy(io.Discard, outR) }(); <-served }()
	send := func(v any) {
		b, _ := json.Marshal(v)
		_, _ = inW.Write(append(b, '\n'))
	}
	lines := make(chan []byte, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines <- append([]byte(nil), sc.Bytes()...)
		}
	}()
	made := map[string]bool{}
	done := func() bool {
		for _, k := range want {
			if !made[k] {
				return false
			}
		}
		return true
	}
	seek := func() {
		send(map[string]any{"type": "seek", "edition": ed.String(), "mode": "single-hand", "players": 4, "opponents": "beginner"})
	}
	games, pending, sentAt := 0, "", -1
	deadline := time.After(3 * time.Minute)
	for !done() && games < maxGames {
		var line []byte
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("the session ended")
			}
			line = l
		case <-deadline:
			t.Fatalf("no end after %d games", games)
		}
		var head struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(line, &head)
		switch head.Type {
		case TypeRegister:
			send(map[string]any{"type": "register", "name": "kinds"})
		case TypeHello:
			if house != (engine.HouseRules{}) {
				// 7-0: a table of the bot's own with the house rule (a host's Configure).
				s := engine.Settings{Edition: ed, Mode: engine.SingleHand, Players: 4, House: house}
				level := lobby.Levels[0]
				if err := c.Create(lobby.TableOptions{Settings: s, Bots: 3, BotLevel: &level, FastBots: true}); err != nil {
					t.Fatal(err)
				}
				_ = c.Send(lobby.Intent{Kind: lobby.Start})
				continue
			}
			seek()
		case TypeError:
			pending = ""
		case TypeState, TypeTurn:
			var m stateMsg
			if err := json.Unmarshal(line, &m); err != nil {
				t.Fatal(err)
			}
			if pending != "" && m.Moves > sentAt {
				made[pending] = true
				pending = ""
			}
			if m.Type != TypeTurn {
				continue
			}
			pick := m.Legal[0]
			for _, l := range m.Legal {
				if !made[moveKind(l)] {
					pick = l
					break
				}
			}
			pending, sentAt = moveKind(pick), m.Moves
			send(map[string]any{"type": "move", "id": pick.ID})
		case TypeGameOver:
			games++
			pending = ""
			send(map[string]any{"type": "leave"})
		case TypeLobby:
			if house != (engine.HouseRules{}) {
				s := engine.Settings{Edition: ed, Mode: engine.SingleHand, Players: 4, House: house}
				level := lobby.Levels[0]
				if err := c.Create(lobby.TableOptions{Settings: s, Bots: 3, BotLevel: &level, FastBots: true}); err != nil {
					t.Fatal(err)
				}
				_ = c.Send(lobby.Intent{Kind: lobby.Start})
				continue
			}
			seek()
		}
	}
	t.Logf("%s: %d games", fmt.Sprint(ed), games)
	return made
}
