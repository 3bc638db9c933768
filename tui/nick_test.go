package tui

import (
	"strings"
	"testing"

	"github.com/unossh/unossh/lobby"
)

// A key the nickname field cannot take is explained, not silently dropped.
func TestNicknameExplainsRefusedKeys(t *testing.T) {
	m, _ := newTestModel(lobby.Screen{}, 80, 24, plainRenderer())
	press(m, keys("é")...)
	if v := m.View(); !strings.Contains(v, "letters, digits, - and _ only") {
		t.Fatalf("a refused key is not explained:\n%s", v)
	}
	press(m, keys("x")...)
	if v := m.View(); strings.Contains(v, "letters, digits, - and _ only") {
		t.Fatalf("the explanation stays after a good key:\n%s", v)
	}
}
