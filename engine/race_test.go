//go:build race

package engine

// raceDetector reports that the tests run under the race detector, which
// slows the engine down some tenfold. The engine's code runs on one goroutine
// per game, so the detector has nothing to find in thousands more random
// games: the property tests then play a tenth of them (as the standard
// library's own tests do under race.Enabled).
const raceDetector = true
