//go:build !unix

package store

// freeSpace is not known where statfs is not available: the start is not
// refused for room.
func freeSpace(string) (uint64, bool) { return 0, false }
