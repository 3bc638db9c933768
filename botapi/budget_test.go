package botapi

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh/sshtest"
)

// TestMovesAnsweringTurnsCostNoBudget: a bot whose line budget holds only
// its registration and its seek plays a whole game, answering every turn
// at once, and is never told to wait: the server paces the moves it
// offers, so only the other lines are counted.
func TestMovesAnsweringTurnsCostNoBudget(t *testing.T) {
	hub := lobby.NewHub(lobby.Config{BotDelay: time.Millisecond, NextHand: time.Millisecond})
	defer func() { _ = hub.Shutdown(context.Background()) }()
	limits := NewLimits()
	limits.scale = 0.03 // a burst of 3 lines, refilled at 1.5 a second
	c := hub.Connect("s1", "SHA256:quick", false)
	defer c.Disconnect()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	go func() {
		_ = Serve(ctx, Session{Client: c, In: inR, Out: outW, Key: "quick", Addr: "127.0.0.1", Limits: limits})
		_ = outW.Close()
	}()
	go func() { <-ctx.Done(); _ = inW.Close() }()
	send := func(s string) { _, _ = io.WriteString(inW, s+"\n") }
	sc := bufio.NewScanner(outR)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	moves := 0
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, `{"type":"register"`):
			send(`{"type":"register","name":"quick"}`)
		case strings.HasPrefix(l, `{"type":"hello"`):
			send(`{"type":"seek","edition":"classic-2001","mode":"single-hand","opponents":"beginner"}`)
		case strings.HasPrefix(l, `{"type":"turn"`):
			moves++
			send(`{"type":"move","id":` + sshtest.Field([]byte(l), `"legal":[{"id":`, ',') + `}`)
		case strings.HasPrefix(l, `{"type":"error"`):
			t.Fatalf("after %d moves: %s", moves, l)
		case strings.HasPrefix(l, `{"type":"game_over"`):
			if moves < 4 {
				t.Fatalf("a game of %d moves proves nothing", moves)
			}
			return
		}
	}
	t.Fatalf("the session ended before the game did (%d moves)", moves)
}
