//go:build !linux

package pgtest

import "os"

// goStdout is Linux's alone (announce_linux.go): elsewhere the line goes to
// the test binary's own output.
func goStdout() (w *os.File, ok bool) { return nil, false }
