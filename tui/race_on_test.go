//go:build race

package tui

// raceOn is set under the race detector, which slows the single-goroutine
// random games tenfold without finding anything more in them.
const raceOn = true
