package ui

import (
	"sync"
	"sync/atomic"
)

// maxDrawn bounds the shared cache of drawn strings per set of styles: the
// widths a hostile client can ask for are many, the strings kept few.
const maxDrawn = 4096

// Drawn keeps what depends only on the styles and its arguments
// (footers, rules, the piles' big cards), shared by every session with the
// same styles. What it keeps is never changed.
type Drawn struct {
	m sync.Map
	n atomic.Int32
}

// Keep returns what c keeps under key, or builds it and keeps it while c has
// room. A slice it returns is shared: never write into it.
func Keep[V any](c *Drawn, key any, build func() V) V {
	if v, ok := c.m.Load(key); ok {
		return v.(V)
	}
	v := build()
	if c.n.Load() < maxDrawn {
		if _, loaded := c.m.LoadOrStore(key, v); !loaded {
			c.n.Add(1)
		}
	}
	return v
}
