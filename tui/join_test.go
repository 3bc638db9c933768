package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/unossh/unossh/lobby"
)

// The join page: a full table is offered to watch.

// A full table says so and offers to watch it; w watches by the code.
func TestJoinFullOffersToWatch(t *testing.T) {
	s := lobbyScreen()
	m, f := newTestModel(s, 80, 24, plainRenderer())
	f.err = lobby.ErrTableFull
	pressAll(m, []string{"3"})
	pressAll(m, strings.Split("K7QX2MHC9DFA", ""))
	pressAll(m, []string{"enter"})
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "table full") || !strings.Contains(v, "w watch this table instead") {
		t.Fatalf("no offer:\n%s", v)
	}
	f.err = nil
	pressAll(m, []string{"w"})
	f.mu.Lock()
	defer f.mu.Unlock()
	if got := strings.Join(f.watches, ","); got != "code:K7QX2MHC9DFA" {
		t.Errorf("asked %q", got)
	}
}
