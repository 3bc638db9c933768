package sshtest

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestScreenFollowsTheTerminal(t *testing.T) {
	s := newScreen(20, 5)
	s.write([]byte("hello\r\nworld"))
	assert.Equal(t, "hello\nworld", s.text())

	// Alt screen, cursor moves, erase line, colours: what Bubble Tea sends.
	s.write([]byte("\x1b[?1049h\x1b[H\x1b[2J\x1b[38;5;196mred\x1b[0m\r\n\x1b[2;3Hxy"))
	assert.Equal(t, "red\n  xy", s.text())
	s.write([]byte("\x1b[1;1H\x1b[2K"))
	assert.Equal(t, []string{"", "  xy", "", "", ""}, s.lines())
	s.write([]byte("\x1b[?1049l"))
	assert.Equal(t, "hello\nworld", s.text(), "leaving the alt screen restores the main one")
}

func TestScreenReassemblesSplitUTF8(t *testing.T) {
	s := newScreen(20, 2)
	card := []byte("╭──╮ ⊘")
	for i := range card { // one byte at a time, as a worst-case SSH packet split
		s.write(card[i : i+1])
	}
	assert.Equal(t, "╭──╮ ⊘", s.text())
}

func TestCompleteUTF8(t *testing.T) {
	box := []byte("─") // 3 bytes
	assert.Equal(t, 3, completeUTF8(box))
	assert.Equal(t, 0, completeUTF8(box[:2]))
	assert.Equal(t, 1, completeUTF8(append([]byte("a"), box[:1]...)))
	assert.Equal(t, 0, completeUTF8(nil))
	assert.Equal(t, 2, completeUTF8([]byte{0xff, 0xfe}), "invalid bytes pass through")
}

func TestKeyBytes(t *testing.T) {
	for key, want := range map[string]string{
		"enter": "\r", "up": "\x1b[A", "ctrl+c": "\x03", "space": " ", "q": "q", "é": "é", "ESC": "\x1b",
	} {
		got, err := keyBytes(key)
		assert.NoError(t, err, key)
		assert.Equal(t, want, got, key)
	}
	_, err := keyBytes("hyper+x")
	assert.Error(t, err)
}

// TestScreenShowsASynchronizedFrameWhole: a frame sent between the marks of
// synchronized output shows only once its end mark arrives, however the
// packets cut it (even inside a mark); the rest shows at once.
func TestScreenShowsASynchronizedFrameWhole(t *testing.T) {
	frame := syncBegin + "\x1b[1;1Hnew top\x1b[K\x1b[2;1Hnew bottom\x1b[K" + syncEnd
	for cut := 1; cut < len(frame); cut++ {
		s := newScreen(20, 3)
		s.write([]byte("\x1b[1;1Hold top\x1b[2;1Hold bottom"))
		s.write([]byte(frame[:cut]))
		if got := s.text(); got != "old top\nold bottom" {
			t.Fatalf("cut at %d: the frame showed before its end: %q", cut, got)
		}
		s.write([]byte(frame[cut:]))
		if got := s.text(); got != "new top\nnew bottom" {
			t.Fatalf("cut at %d: %q", cut, got)
		}
	}
}
