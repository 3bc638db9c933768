package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/page/table"
)

// player is a model driven by keys over a real lobby session.
type player struct {
	t    *testing.T
	name string
	c    *lobby.Client
	m    *model
	errs []string // error notices seen
	seen int
}

func newPlayer(t *testing.T, h *lobby.Hub, name string, cmd Command) *player {
	c := h.Connect("sess-"+name, "key-"+name, false)
	m := New(Options{Client: c, Command: cmd, Renderer: plainRenderer(), Width: 100, Height: 30}).(*model)
	run(m, m.start())
	return &player{t: t, name: name, c: c, m: m}
}

// sync takes the session's newest screen, as Update does for the pump
// (without arming the listener, which the test plays itself).
func (p *player) sync() {
	run(p.m, p.m.setScreen(p.c.Screen()))
	if n := p.m.scr.Notice; n.Seq > p.seen {
		p.seen = n.Seq
		if n.Error {
			p.errs = append(p.errs, n.Text)
		}
	}
}

// keys presses keys on the screen the player last looked at (sync): reading
// a newer screen between deciding and pressing would press a key meant for
// one screen on another (enter on the final result, say).
func (p *player) keys(ks ...string) {
	p.t.Helper()
	press(p.m, keys(ks...)...)
}

// typeName types the player's name in the empty nickname field, and enter.
func (p *player) typeName() {
	p.t.Helper()
	for _, r := range p.name {
		p.keys(string(r))
	}
	p.keys("enter")
}

// until waits for the player's screen to satisfy ok.
func (p *player) until(what string, ok func(m *model) bool) {
	p.t.Helper()
	deadline := time.After(15 * time.Second)
	for {
		p.sync()
		if ok(p.m) {
			return
		}
		select {
		case <-p.c.Updates():
		case <-deadline:
			p.t.Fatalf("%s: timed out waiting for %s; screen:\n%s", p.name, what, p.m.View())
		}
	}
}

// act presses the keys a sensible player would press now; it reports
// whether the game is over.
func (p *player) act() bool {
	p.sync()
	m := p.m
	v := m.table.Game(m.ctx())
	if v == nil || m.where() != atTable {
		return false
	}
	switch m.table.Box(m.ctx()) {
	case table.FinalBox:
		return true
	case table.ColourBox, table.FirstColourBox, table.TargetBox:
		p.keys("enter")
	case table.ChallengeBox:
		p.keys("n")
	case table.RaceBox:
		p.keys("space")
	case table.RaidBox:
		p.keys("e")
	case table.NoBox:
		if v.Current != v.Seat || (v.Phase != engine.PhaseTurn && v.Phase != engine.PhaseDrawn) {
			if v.Can(engine.Catch) {
				p.keys("c")
			}
			return false
		}
		if v.Phase == engine.PhaseDrawn {
			p.keys("enter")
			return false
		}
		hand, _, armed := m.table.Hand()
		cursor := func() int { _, at, _ := m.table.Hand(); return at }
		for i, c := range hand {
			if v.Playable(c) {
				for cursor() > i {
					p.keys("left")
				}
				for cursor() < i {
					p.keys("right")
				}
				if len(hand) == 2 && !armed {
					p.keys("u")
				}
				p.keys("enter")
				return false
			}
		}
		p.keys("d")
	}
	return false
}

func TestWithTheLobby(t *testing.T) {
	var n uint64
	h := lobby.NewHub(lobby.Config{
		StartCountdown: 200 * time.Millisecond, BotDelay: time.Millisecond, NextHand: 20 * time.Millisecond,
		TurnTime: 20 * time.Second, RaceTime: 500 * time.Millisecond, RaidTime: 5 * time.Second,
		Seed: func() uint64 { n++; return n },
	})
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = h.Shutdown(ctx)
	}()

	// ana names herself and creates a private table to 100, with a bot
	ana := newPlayer(t, h, "ana", Command{})
	ana.until("the nickname prompt", func(m *model) bool { return m.where() == atNick })
	ana.typeName()
	ana.until("the lobby", func(m *model) bool { return m.where() == atLobby && m.scr.Nick == "ana" })
	ana.keys("2", "down", "down", "down", "down", "down", "left", "left", "left", "left", "left", "left", "down", "right", "enter")
	ana.until("her waiting room", func(m *model) bool { return m.where() == atWaiting && m.scr.Table.Code != "" })
	code := ana.m.scr.Table.Code
	if v := ana.m.View(); !strings.Contains(v, "│ "+code[:lobby.CodeGroup]+" │") {
		t.Errorf("the code %s is not shown big:\n%s", code, v)
	}
	if got := ana.m.scr.Table.Settings; got.Target != 100 || got.Players != 4 {
		t.Errorf("created with %+v", got)
	}

	// bo comes in with `ssh host join CODE`, typed in lower case
	bo := newPlayer(t, h, "bo", Command{Kind: CmdJoin, Code: strings.ToLower(code)})
	bo.typeName()
	bo.until("ana's table", func(m *model) bool { return m.where() == atWaiting })
	ana.until("bo seated", func(m *model) bool { return m.scr.Table.Taken == 3 })
	ana.keys("b")
	ana.until("a second bot", func(m *model) bool { return m.scr.Table.Taken == 4 })
	bo.keys("s")
	if !strings.Contains(bo.m.View(), "only ana, the host, can start the game") {
		t.Errorf("bo was not told only the host starts:\n%s", bo.m.View())
	}
	ana.keys("s")
	ana.until("the game", func(m *model) bool { return m.where() == atTable })

	// they play it out with keys alone
	deadline := time.Now().Add(60 * time.Second)
	for over := false; !over; {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end:\n%s", ana.m.View())
		}
		over = ana.act()
		over = bo.act() && over
		select {
		case <-ana.c.Updates():
		case <-bo.c.Updates():
		case <-time.After(10 * time.Millisecond):
		}
	}
	for _, p := range []*player{ana, bo} {
		for _, e := range p.errs {
			if !strings.Contains(e, "not your turn") && !strings.Contains(e, "cannot be done right now") {
				t.Errorf("%s was told: %s", p.name, e)
			}
		}
	}
	if v := ana.m.View(); !strings.Contains(v, "GAME OVER") || !strings.Contains(v, "r rematch") {
		t.Errorf("no result for the host:\n%s", v)
	}

	// a rematch takes them back to the waiting room; bo leaves
	ana.keys("r")
	ana.until("the waiting room again", func(m *model) bool { return m.where() == atWaiting })
	bo.until("the waiting room again", func(m *model) bool { return m.where() == atWaiting })
	bo.keys("l")
	bo.until("the lobby", func(m *model) bool { return m.where() == atLobby })

	// cy quick-plays: a public table that starts by itself, with bots
	cy := newPlayer(t, h, "cy", Command{})
	cy.typeName()
	cy.until("the lobby", func(m *model) bool { return m.where() == atLobby })
	cy.keys("1")
	cy.until("a public game", func(m *model) bool { return m.where() == atTable })
	cy.keys("q", "y")
	cy.until("the lobby", func(m *model) bool { return m.where() == atLobby })
}
