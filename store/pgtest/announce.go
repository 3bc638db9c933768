package pgtest

import (
	"fmt"
	"os"
	"sync"
)

// A `go test` run builds and runs one test binary per package, each a child
// of the go command, which shows a passing package's output only with -v.
// The skip line therefore goes to the go command's own standard output, on
// Linux (announce_linux.go), once per go command: the first package to skip
// creates a lock file named after the go command's pid and start time, and
// the others find it there. Anywhere else (another system, a test binary
// run by hand), the line goes to the binary's own output.

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
