package tui

import "github.com/unossh/unossh/tui/ui"

// lineInput is a one-line text field (ui.Input).
type lineInput = ui.Input

func newInput(limit int, filter func(rune) (rune, bool)) lineInput { return ui.NewInput(limit, filter) }
