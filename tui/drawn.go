package tui

import "github.com/unossh/unossh/tui/ui"

// drawnCache keeps what depends only on the styles and its arguments: a
// card, a chip, a footer, drawn once per set of styles (ui.Drawn).
type drawnCache = ui.Drawn

func keep[V any](c *drawnCache, key any, build func() V) V { return ui.Keep(c, key, build) }
