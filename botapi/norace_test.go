//go:build !race

package botapi

const raceDetector = false
