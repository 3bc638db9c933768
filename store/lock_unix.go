//go:build unix

package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// LockName is the file in the data directory that one process at a time
// holds locked while it has the database open.
const LockName = "unossh.lock"

// lockDir takes the data directory for this process. Two servers on one
// database would each restore every table and play them at once; the
// second is refused with one line. The kernel drops the lock when the
// process ends in any way, kill -9 included, so a restart never finds a
// stale one.
func lockDir(dir string) (release func(), err error) {
	path := filepath.Join(dir, LockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, fmt.Errorf("data directory %s is not writable: %w", dir, unwrapPath(err))
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		b, _ := os.ReadFile(path)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("data directory %s is in use by another unossh (pid %s)", dir, strings.TrimSpace(string(b)))
		}
		return nil, fmt.Errorf("data directory %s cannot be locked: %w", dir, err)
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() { f.Close() }, nil // closing the file releases the lock
}
