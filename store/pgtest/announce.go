package pgtest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// A `go test` run builds and runs one test binary per package, each a child
// of the go command, which shows a passing package's output only with -v.
// The skip line therefore goes to the go command's own standard output
// (/proc/<parent>/fd/1 on Linux), once per go command: the first package to
// skip creates a lock file named after the go command's pid and start time,
// and the others find it there. Anywhere else (another system, a test
// binary run by hand), the line goes to the binary's own output.

var announced sync.Once

func announceSkip() {
	announced.Do(func() {
		line := SkipLine + "\n"
		if w, ok := goStdout(); ok {
			if w != nil {
				_, _ = w.WriteString(line)
				w.Close()
			}
			return
		}
		fmt.Fprint(os.Stdout, line)
	})
}

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
	out, err := os.OpenFile(proc+"/fd/1", os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, false
	}
	return out, true
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
