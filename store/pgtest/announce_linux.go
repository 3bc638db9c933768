package pgtest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// goStdout opens the go command's standard output, if the parent is the go
// command and no other package of its run has printed the line yet (then
// ok is true and w nil). ok is false where neither can be known.
func goStdout() (w *os.File, ok bool) {
	ppid := os.Getppid()
	proc := "/proc/" + strconv.Itoa(ppid)
	comm, err := os.ReadFile(proc + "/comm")
	if err != nil || strings.TrimSpace(string(comm)) != "go" {
		return nil, false
	}
	stat, err := os.ReadFile(proc + "/stat")
	if err != nil {
		return nil, false
	}
	// The start time is the 22nd field, the 20th after the command's
	// name (which may hold spaces) and its closing parenthesis.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if len(fields) < 20 {
		return nil, false
	}
	dir := os.TempDir()
	removeStale(dir)
	lock := filepath.Join(dir, fmt.Sprintf("unossh-pgtest-%d-%s.skip", ppid, fields[19]))
	f, err := os.OpenFile(lock, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if os.IsExist(err) {
		return nil, true // another package of this run said it
	}
	if err != nil {
		return nil, false
	}
	f.Close()
	if w := parentFD(ppid, 1); w != nil {
		return w, true
	}
	// Without the parent's own descriptor: a terminal or a pipe takes the
	// line as well, but in a file the go command's next lines, written
	// at its own offset, would cover it.
	out, err := os.OpenFile(proc+"/fd/1", os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, false
	}
	return out, true
}

// parentFD is a copy of the parent's descriptor fd, sharing its offset (so
// that in a file the line goes where the go command's next write would,
// and that write after it), or nil where the system does not allow it.
func parentFD(pid, fd int) *os.File {
	pidfd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(pidfd)
	nfd, err := unix.PidfdGetfd(pidfd, fd, 0)
	if err != nil {
		return nil
	}
	return os.NewFile(uintptr(nfd), "go command's output")
}

// removeStale removes the lock files of go commands that have ended.
func removeStale(dir string) {
	old, _ := filepath.Glob(filepath.Join(dir, "unossh-pgtest-*.skip"))
	for _, p := range old {
		pid, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(p), "unossh-pgtest-"), "-")
		if _, err := os.Stat("/proc/" + pid); os.IsNotExist(err) {
			_ = os.Remove(p)
		}
	}
}
