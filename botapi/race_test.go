//go:build race

package botapi

const raceDetector = true
