package sshtest

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// keys maps key names to the bytes a terminal sends for them (xterm, normal
// cursor mode), as Bubble Tea parses them.
var keys = map[string]string{
	"enter":     "\r",
	"tab":       "\t",
	"shift+tab": "\x1b[Z",
	"esc":       "\x1b",
	"backspace": "\x7f",
	"space":     " ",
	"up":        "\x1b[A",
	"down":      "\x1b[B",
	"right":     "\x1b[C",
	"left":      "\x1b[D",
	"home":      "\x1b[H",
	"end":       "\x1b[F",
	"pgup":      "\x1b[5~",
	"pgdown":    "\x1b[6~",
	"delete":    "\x1b[3~",
	"ctrl+c":    "\x03",
	"ctrl+d":    "\x04",
	"ctrl+l":    "\x0c",
}

// keyBytes returns what a terminal sends for a named key, or for a single
// character. Names are those of Bubble Tea's KeyMsg.String.
func keyBytes(key string) (string, error) {
	if b, ok := keys[strings.ToLower(key)]; ok {
		return b, nil
	}
	if utf8.RuneCountInString(key) == 1 {
		return key, nil
	}
	return "", fmt.Errorf("sshtest: unknown key %q", key)
}
