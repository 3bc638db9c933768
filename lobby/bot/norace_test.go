//go:build !race

package bot

// raceDetector reports that the tests run under the race detector, which
// makes the engine some ten times slower: the long tests play fewer hands.
const raceDetector = false
