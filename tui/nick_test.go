package tui

import (
	"strings"
	"testing"

	"github.com/unossh/unossh/lobby"
)

// A key the nickname field cannot show (an invisible or control
// character) is refused with the reason, not silently dropped; a character
// it shows but a nickname may not hold is shown, and explained at once.
func TestNicknameExplainsRefusedKeys(t *testing.T) {
	tests := []struct {
		name, typed, field, reason string
	}{
		{"right to left override", "a\u202e", "a", "U+202E: invisible"},
		{"zero width joiner", "a\u200d", "a", "U+200D: emoji are not allowed"},
		{"emoji", "a😀", "a😀", "“😀”: emoji are not allowed in nicknames"},
		{"wide", "a李", "a李", "wide characters"},
		{"no space", "a ", "a", "spaces are not allowed"},
		{"letters of any alphabet", "Zoë", "Zoë", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := newTestModel(lobby.Screen{}, 80, 24, plainRenderer())
			for _, r := range tt.typed {
				press(m, keys(string(r))...)
			}
			v := m.View()
			if got := m.ctx().nickState().Typed(); got != tt.field {
				t.Fatalf("the field holds %q, want %q", got, tt.field)
			}
			if tt.reason == "" && strings.Contains(v, "✗") || !strings.Contains(v, tt.reason) {
				t.Fatalf("want the reason %q:\n%s", tt.reason, v)
			}
			press(m, keyMsg("backspace"))
			if tt.field != "a" && strings.Contains(m.View(), "✗") {
				t.Fatalf("the explanation stays once the character is gone:\n%s", m.View())
			}
		})
	}
}

// Once the lobby takes the name, the field lets go of it: every session
// types a name once, and a field kept would be carried for the whole visit.
func TestATakenNicknameLeavesTheFieldEmpty(t *testing.T) {
	m, f := newTestModel(lobby.Screen{}, 80, 24, plainRenderer())
	press(m, keys("a", "n", "a", "enter")...)
	if len(f.nicks) != 1 || f.nicks[0] != "ana" {
		t.Fatalf("sent %v", f.nicks)
	}
	if got := m.ctx().nickState().Typed(); got != "" {
		t.Fatalf("the field still holds %q", got)
	}
}
