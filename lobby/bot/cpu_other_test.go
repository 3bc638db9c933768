//go:build !linux

package bot

import "time"

var start = time.Now()

// threadCPU falls back to wall time where a thread's CPU time is not at hand.
func threadCPU() time.Duration { return time.Since(start) }
