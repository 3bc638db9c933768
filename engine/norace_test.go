//go:build !race

package engine

// raceDetector reports that the tests run under the race detector (see
// race_test.go).
const raceDetector = false
