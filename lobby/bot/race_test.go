//go:build race

package bot

const raceDetector = true
