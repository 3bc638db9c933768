package bot

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling OS thread has used (the caller locks
// itself to its thread), so that a move's thinking is measured as CPU, not
// as time waited on a busy machine.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
