package main

import (
	"os"
	"strconv"
	"syscall"
)

// lowerPriority gives every thread of this process the nice value n, but
// the thread keep (a thread id, or 0). Linux keeps a nice value per thread,
// and a new thread takes the one of the thread that made it, so once all
// have it, all later ones have it too (a thread locked to a goroutine makes
// none: Go makes them from its template thread, which is lowered).
func lowerPriority(n, keep int) error {
	for range 2 { // a thread made during the first pass is caught by the second
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return err
		}
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil || tid == keep {
				continue
			}
			if err := syscall.Setpriority(syscall.PRIO_PROCESS, tid, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// threadID is the calling thread's id.
func threadID() int { return syscall.Gettid() }
