package tui

import (
	"reflect"
	"strings"
	"testing"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// On the Quick play row ←/→ cycles the edition and m the mode; each change
// is kept by the lobby, the row shows it, and enter plays it.
func TestQuickPlayRowChoosesEditionAndMode(t *testing.T) {
	m, f := newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	if !strings.Contains(m.View(), "Quick play          any edition · any mode") {
		t.Fatalf("the row does not say any edition and any mode:\n%s", m.View())
	}
	press(m, keys("right", "right", "m", "m", "m")...)
	want := lobby.QuickChoice{ByEdition: true, Edition: engine.Minions2016, ByMode: true, Mode: engine.SingleHand}
	if n := len(f.quickSet); n != 5 || f.quickSet[n-1] != want {
		t.Fatalf("choices kept: %+v, want five ending in %+v", f.quickSet, want)
	}
	if !strings.Contains(m.View(), "Quick play          Minions 2016 · single hand") {
		t.Fatalf("the row does not show the choice:\n%s", m.View())
	}
	press(m, keyMsg("enter"))
	if f.quick != 1 || f.quickWith != want {
		t.Fatalf("quick play asked %d times with %+v, want once with %+v", f.quick, f.quickWith, want)
	}

	// Back round: left from the first edition is any edition again.
	press(m, keys("left", "left")...)
	if got := m.lob.QuickChoice(m.ctx()); got.ByEdition {
		t.Fatalf("left twice from Minions: %+v, want any edition", got)
	}
	press(m, keys("M", "M", "M")...) // single hand, lowest score, standard, any
	if got := m.lob.QuickChoice(m.ctx()); got.ByMode {
		t.Fatalf("M back past the first mode: %+v, want any mode", got)
	}
}

// The row shows the choice the lobby remembered, and the keys mean nothing
// on another row.
func TestQuickPlayRowShowsTheRememberedChoice(t *testing.T) {
	s := lobbyScreen()
	s.Quick = lobby.QuickChoice{ByEdition: true, Edition: engine.TheOffice2020}
	m, f := newTestModel(s, 80, 24, plainRenderer())
	if !strings.Contains(m.View(), "Quick play          The Office 2020 · any mode") {
		t.Fatalf("the remembered choice is not shown:\n%s", m.View())
	}
	press(m, keys("down", "m", "up", "1")...)
	if len(f.quickSet) != 0 || !reflect.DeepEqual(f.quickWith, s.Quick) {
		t.Fatalf("kept %+v, played %+v; want nothing kept and %+v played", f.quickSet, f.quickWith, s.Quick)
	}
}
