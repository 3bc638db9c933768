package main

import (
	"os"
	"strconv"
	"syscall"
)

// lowerPriority gives every thread of this process the nice value n. Linux
// keeps a nice value per thread, and a new thread takes the one of the
// thread that made it, so once all have it, all later ones have it too.
func lowerPriority(n int) error {
	for range 2 { // a thread made during the first pass is caught by the second
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return err
		}
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			if err := syscall.Setpriority(syscall.PRIO_PROCESS, tid, n); err != nil {
				return err
			}
		}
	}
	return nil
}
