package ui

import (
	"errors"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/names"
)

// NickInputLimit bounds what a nickname field holds: well past the
// longest name, so that a name too long is refused with the reason at
// enter, not cut short as it is typed.
const NickInputLimit = 4 * lobby.MaxNick

// NewNickInput is a field for a nickname. It takes every character that
// draws: a name is checked whole (lobby.CheckNick), and what it may not
// hold is refused with the reason, never dropped unsaid.
func NewNickInput() Input { return NewInput(NickInputLimit, nil) }

// TypeNick edits a nickname field with k, and says what is wrong with the
// name so far: a key holding a character the field could not show (a
// control or an invisible character) is refused whole, with the reason;
// a character the field shows but a nickname may not hold is pointed out
// at once. "" when nothing is wrong with what is typed yet.
func TypeNick(in *Input, k tea.KeyMsg) string {
	if k.Type == tea.KeyRunes || k.Type == tea.KeySpace {
		for _, r := range k.Runes {
			if !unicode.IsPrint(r) || r == ' ' {
				_, err := lobby.CheckNick(string(r))
				return err.Error()
			}
		}
	}
	in.Update(k)
	return nickProblem(in.Value())
}

// nickProblem is what is wrong with the characters of a name being typed,
// "" if nothing (a name still too short is not wrong yet).
func nickProblem(s string) string {
	_, err := lobby.CheckNick(s)
	var ie *names.InvalidError
	if err != nil && errors.As(err, &ie) && ie.What != "" {
		return err.Error()
	}
	return ""
}
