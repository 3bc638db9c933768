//go:build unix

package store

import "syscall"

// freeSpace is the room an unprivileged process has on dir's file system.
func freeSpace(dir string) (free uint64, ok bool) {
	var s syscall.Statfs_t
	if err := syscall.Statfs(dir, &s); err != nil {
		return 0, false
	}
	return uint64(s.Bavail) * uint64(s.Bsize), true // (the fields' types differ by platform)
}
