package tui

import (
	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// The words for editions and modes live in package ui, which the pages
// share; these are their names here.
func shortEdition(e engine.Edition) string { return ui.ShortEdition(e) }
func target(s engine.Settings) int         { return ui.Target(s) }
func editionBlurb(e engine.Edition) string { return ui.EditionBlurb(e) }
func modeBlurb(m engine.Mode) string       { return ui.ModeBlurb(m) }
