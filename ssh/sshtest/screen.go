package sshtest

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/hinshun/vt10x"
)

// screen is a virtual terminal fed with everything a client receives.
//
// vt10x mangles a UTF-8 sequence split across two writes, and SSH packets
// split wherever they like, so screen holds back an incomplete trailing
// sequence until the rest arrives. Characters are one cell wide: vt10x does
// not know double-width runes (CJK, most emoji); box drawing and the card
// symbols are single-width and render as a terminal would.
type screen struct {
	vt    vt10x.Terminal
	carry []byte
}

func newScreen(cols, rows int) *screen {
	return &screen{vt: vt10x.New(vt10x.WithSize(cols, rows))}
}

// write feeds output to the terminal. Not safe for concurrent use: the
// Client serialises it.
func (s *screen) write(p []byte) {
	buf := append(s.carry, p...)
	n := completeUTF8(buf[:synced(buf)])
	_, _ = s.vt.Write(buf[:n])
	s.carry = append(s.carry[:0:0], buf[n:]...)
}

// Synchronized output (DEC private mode 2026): the server sends a frame too
// long for one packet between these marks, and a terminal that knows them
// shows it only once it has all of it. The screen does the same, so that a
// test never reads a frame half drawn.
const (
	syncBegin = "\x1b[?2026h"
	syncEnd   = "\x1b[?2026l"
)

// synced is how much of p the terminal may show now: all of it, but for a
// synchronized frame whose end has not arrived, or the start of a mark cut
// off at the end.
func synced(p []byte) int {
	if i := bytes.LastIndex(p, []byte(syncBegin)); i >= 0 && !bytes.Contains(p[i:], []byte(syncEnd)) {
		return i
	}
	for k := min(len(syncBegin)-1, len(p)); k > 0; k-- {
		if bytes.HasSuffix(p, []byte(syncBegin[:k])) {
			return len(p) - k
		}
	}
	return len(p)
}

func (s *screen) resize(cols, rows int) { s.vt.Resize(cols, rows) }

// lines returns every row of the screen with trailing spaces trimmed.
func (s *screen) lines() []string {
	s.vt.Lock()
	defer s.vt.Unlock()
	cols, rows := s.vt.Size()
	out := make([]string, rows)
	row := make([]rune, cols)
	for y := range rows {
		for x := range cols {
			c := s.vt.Cell(x, y).Char
			if c == 0 {
				c = ' '
			}
			row[x] = c
		}
		out[y] = strings.TrimRight(string(row), " ")
	}
	return out
}

// text is the screen as one string, trailing blank rows dropped.
func (s *screen) text() string {
	lines := s.lines()
	end := len(lines)
	for end > 0 && lines[end-1] == "" {
		end--
	}
	return strings.Join(lines[:end], "\n")
}

// completeUTF8 returns how many leading bytes of p end on a rune boundary,
// leaving out at most one incomplete sequence at the end.
func completeUTF8(p []byte) int {
	for i := len(p) - 1; i >= 0 && i >= len(p)-utf8.UTFMax; i-- {
		if !utf8.RuneStart(p[i]) {
			continue
		}
		if utf8.FullRune(p[i:]) {
			return len(p)
		}
		return i
	}
	return len(p)
}
