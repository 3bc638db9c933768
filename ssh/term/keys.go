package term

import (
	"bytes"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
)

// This file turns what a client types into Bubble Tea key messages.
//
// Bubble Tea v1 decodes keys inside its Program, in a goroutine of its own,
// and exports neither the decoder nor its table. A session runs its model on
// its own loop (stage.go), so it decodes keys itself, the same way: the same
// sequences, the same Alt prefix, runs of letters as one message, a
// bracketed paste as one message marked Paste. TestDecodeKeysAsBubbleTea
// checks every sequence and random input against a real tea.Program.
//
// What Bubble Tea reports but no screen uses (mouse reports, focus events,
// unknown escape sequences, bytes that are not UTF-8) is read and dropped.

// The marks a terminal puts around what is pasted in bracketed paste mode
// (which the painter turns on): the input guard (package ssh) knows them
// too, to let a paste through whole.
const (
	PasteStart = "\x1b[200~"
	PasteEnd   = "\x1b[201~"
)

var pasteStart, pasteEnd = []byte(PasteStart), []byte(PasteEnd)

// keySequences are the escape sequences of named keys, as in Bubble Tea
// v1's own table (key.go).
var keySequences = map[string]tea.Key{
	// Arrows, with modifiers, and the forms of DECCKM, urxvt and PowerShell.
	"\x1b[A": {Type: tea.KeyUp}, "\x1b[B": {Type: tea.KeyDown},
	"\x1b[C": {Type: tea.KeyRight}, "\x1b[D": {Type: tea.KeyLeft},
	"\x1bOA": {Type: tea.KeyUp}, "\x1bOB": {Type: tea.KeyDown},
	"\x1bOC": {Type: tea.KeyRight}, "\x1bOD": {Type: tea.KeyLeft},
	"\x1b[1;2A": {Type: tea.KeyShiftUp}, "\x1b[1;2B": {Type: tea.KeyShiftDown},
	"\x1b[1;2C": {Type: tea.KeyShiftRight}, "\x1b[1;2D": {Type: tea.KeyShiftLeft},
	"\x1b[OA": {Type: tea.KeyShiftUp}, "\x1b[OB": {Type: tea.KeyShiftDown},
	"\x1b[OC": {Type: tea.KeyShiftRight}, "\x1b[OD": {Type: tea.KeyShiftLeft},
	"\x1b[a": {Type: tea.KeyShiftUp}, "\x1b[b": {Type: tea.KeyShiftDown},
	"\x1b[c": {Type: tea.KeyShiftRight}, "\x1b[d": {Type: tea.KeyShiftLeft},
	"\x1b[1;3A": {Type: tea.KeyUp, Alt: true}, "\x1b[1;3B": {Type: tea.KeyDown, Alt: true},
	"\x1b[1;3C": {Type: tea.KeyRight, Alt: true}, "\x1b[1;3D": {Type: tea.KeyLeft, Alt: true},
	"\x1b[1;4A": {Type: tea.KeyShiftUp, Alt: true}, "\x1b[1;4B": {Type: tea.KeyShiftDown, Alt: true},
	"\x1b[1;4C": {Type: tea.KeyShiftRight, Alt: true}, "\x1b[1;4D": {Type: tea.KeyShiftLeft, Alt: true},
	"\x1b[1;5A": {Type: tea.KeyCtrlUp}, "\x1b[1;5B": {Type: tea.KeyCtrlDown},
	"\x1b[1;5C": {Type: tea.KeyCtrlRight}, "\x1b[1;5D": {Type: tea.KeyCtrlLeft},
	"\x1b[Oa": {Type: tea.KeyCtrlUp, Alt: true}, "\x1b[Ob": {Type: tea.KeyCtrlDown, Alt: true},
	"\x1b[Oc": {Type: tea.KeyCtrlRight, Alt: true}, "\x1b[Od": {Type: tea.KeyCtrlLeft, Alt: true},
	"\x1b[1;6A": {Type: tea.KeyCtrlShiftUp}, "\x1b[1;6B": {Type: tea.KeyCtrlShiftDown},
	"\x1b[1;6C": {Type: tea.KeyCtrlShiftRight}, "\x1b[1;6D": {Type: tea.KeyCtrlShiftLeft},
	"\x1b[1;7A": {Type: tea.KeyCtrlUp, Alt: true}, "\x1b[1;7B": {Type: tea.KeyCtrlDown, Alt: true},
	"\x1b[1;7C": {Type: tea.KeyCtrlRight, Alt: true}, "\x1b[1;7D": {Type: tea.KeyCtrlLeft, Alt: true},
	"\x1b[1;8A": {Type: tea.KeyCtrlShiftUp, Alt: true}, "\x1b[1;8B": {Type: tea.KeyCtrlShiftDown, Alt: true},
	"\x1b[1;8C": {Type: tea.KeyCtrlShiftRight, Alt: true}, "\x1b[1;8D": {Type: tea.KeyCtrlShiftLeft, Alt: true},

	// Tab backwards, insert, delete, page up and down.
	"\x1b[Z":  {Type: tea.KeyShiftTab},
	"\x1b[2~": {Type: tea.KeyInsert}, "\x1b[3;2~": {Type: tea.KeyInsert, Alt: true},
	"\x1b[3~": {Type: tea.KeyDelete}, "\x1b[3;3~": {Type: tea.KeyDelete, Alt: true},
	"\x1b[5~": {Type: tea.KeyPgUp}, "\x1b[5;3~": {Type: tea.KeyPgUp, Alt: true},
	"\x1b[5;5~": {Type: tea.KeyCtrlPgUp}, "\x1b[5^": {Type: tea.KeyCtrlPgUp},
	"\x1b[5;7~": {Type: tea.KeyCtrlPgUp, Alt: true},
	"\x1b[6~":   {Type: tea.KeyPgDown}, "\x1b[6;3~": {Type: tea.KeyPgDown, Alt: true},
	"\x1b[6;5~": {Type: tea.KeyCtrlPgDown}, "\x1b[6^": {Type: tea.KeyCtrlPgDown},
	"\x1b[6;7~": {Type: tea.KeyCtrlPgDown, Alt: true},

	// Home and end, in the forms of xterm and urxvt.
	"\x1b[1~": {Type: tea.KeyHome}, "\x1b[H": {Type: tea.KeyHome},
	"\x1b[1;3H": {Type: tea.KeyHome, Alt: true}, "\x1b[1;5H": {Type: tea.KeyCtrlHome},
	"\x1b[1;7H": {Type: tea.KeyCtrlHome, Alt: true}, "\x1b[1;2H": {Type: tea.KeyShiftHome},
	"\x1b[1;4H": {Type: tea.KeyShiftHome, Alt: true}, "\x1b[1;6H": {Type: tea.KeyCtrlShiftHome},
	"\x1b[1;8H": {Type: tea.KeyCtrlShiftHome, Alt: true},
	"\x1b[4~":   {Type: tea.KeyEnd}, "\x1b[F": {Type: tea.KeyEnd},
	"\x1b[1;3F": {Type: tea.KeyEnd, Alt: true}, "\x1b[1;5F": {Type: tea.KeyCtrlEnd},
	"\x1b[1;7F": {Type: tea.KeyCtrlEnd, Alt: true}, "\x1b[1;2F": {Type: tea.KeyShiftEnd},
	"\x1b[1;4F": {Type: tea.KeyShiftEnd, Alt: true}, "\x1b[1;6F": {Type: tea.KeyCtrlShiftEnd},
	"\x1b[1;8F": {Type: tea.KeyCtrlShiftEnd, Alt: true},
	"\x1b[7~":   {Type: tea.KeyHome}, "\x1b[7^": {Type: tea.KeyCtrlHome},
	"\x1b[7$": {Type: tea.KeyShiftHome}, "\x1b[7@": {Type: tea.KeyCtrlShiftHome},
	"\x1b[8~": {Type: tea.KeyEnd}, "\x1b[8^": {Type: tea.KeyCtrlEnd},
	"\x1b[8$": {Type: tea.KeyShiftEnd}, "\x1b[8@": {Type: tea.KeyCtrlShiftEnd},

	// Function keys: Linux console, vt100 and xterm, urxvt.
	"\x1b[[A": {Type: tea.KeyF1}, "\x1b[[B": {Type: tea.KeyF2}, "\x1b[[C": {Type: tea.KeyF3},
	"\x1b[[D": {Type: tea.KeyF4}, "\x1b[[E": {Type: tea.KeyF5},
	"\x1bOP": {Type: tea.KeyF1}, "\x1bOQ": {Type: tea.KeyF2}, "\x1bOR": {Type: tea.KeyF3}, "\x1bOS": {Type: tea.KeyF4},
	"\x1b[1;3P": {Type: tea.KeyF1, Alt: true}, "\x1b[1;3Q": {Type: tea.KeyF2, Alt: true},
	"\x1b[1;3R": {Type: tea.KeyF3, Alt: true}, "\x1b[1;3S": {Type: tea.KeyF4, Alt: true},
	"\x1b[11~": {Type: tea.KeyF1}, "\x1b[12~": {Type: tea.KeyF2}, "\x1b[13~": {Type: tea.KeyF3}, "\x1b[14~": {Type: tea.KeyF4},
	"\x1b[15~": {Type: tea.KeyF5}, "\x1b[15;3~": {Type: tea.KeyF5, Alt: true},
	"\x1b[17~": {Type: tea.KeyF6}, "\x1b[18~": {Type: tea.KeyF7}, "\x1b[19~": {Type: tea.KeyF8},
	"\x1b[20~": {Type: tea.KeyF9}, "\x1b[21~": {Type: tea.KeyF10},
	"\x1b[17;3~": {Type: tea.KeyF6, Alt: true}, "\x1b[18;3~": {Type: tea.KeyF7, Alt: true},
	"\x1b[19;3~": {Type: tea.KeyF8, Alt: true}, "\x1b[20;3~": {Type: tea.KeyF9, Alt: true},
	"\x1b[21;3~": {Type: tea.KeyF10, Alt: true},
	"\x1b[23~":   {Type: tea.KeyF11}, "\x1b[24~": {Type: tea.KeyF12},
	"\x1b[23;3~": {Type: tea.KeyF11, Alt: true}, "\x1b[24;3~": {Type: tea.KeyF12, Alt: true},
	"\x1b[1;2P": {Type: tea.KeyF13}, "\x1b[1;2Q": {Type: tea.KeyF14},
	"\x1b[25~": {Type: tea.KeyF13}, "\x1b[26~": {Type: tea.KeyF14},
	"\x1b[25;3~": {Type: tea.KeyF13, Alt: true}, "\x1b[26;3~": {Type: tea.KeyF14, Alt: true},
	"\x1b[1;2R": {Type: tea.KeyF15}, "\x1b[1;2S": {Type: tea.KeyF16},
	"\x1b[28~": {Type: tea.KeyF15}, "\x1b[29~": {Type: tea.KeyF16},
	"\x1b[28;3~": {Type: tea.KeyF15, Alt: true}, "\x1b[29;3~": {Type: tea.KeyF16, Alt: true},
	"\x1b[15;2~": {Type: tea.KeyF17}, "\x1b[17;2~": {Type: tea.KeyF18},
	"\x1b[18;2~": {Type: tea.KeyF19}, "\x1b[19;2~": {Type: tea.KeyF20},
	"\x1b[31~": {Type: tea.KeyF17}, "\x1b[32~": {Type: tea.KeyF18},
	"\x1b[33~": {Type: tea.KeyF19}, "\x1b[34~": {Type: tea.KeyF20},
}

// keyTable is every sequence decodeKey knows: the named keys, each also
// with ESC before it for Alt, the control characters (alone and after ESC),
// and the space.
var keyTable, keyLengths = func() (map[string]tea.Key, []int) {
	t := map[string]tea.Key{}
	for seq, k := range keySequences {
		t[seq] = k
		if !k.Alt {
			k.Alt = true
			t["\x1b"+seq] = k
		}
	}
	for c := 1; c <= 0x7f; c++ {
		if c == 0x1b || c > 0x1f && c < 0x7f {
			continue
		}
		t[string(rune(c))] = tea.Key{Type: tea.KeyType(c)}
		t["\x1b"+string(rune(c))] = tea.Key{Type: tea.KeyType(c), Alt: true}
	}
	t[" "] = tea.Key{Type: tea.KeySpace, Runes: []rune{' '}}
	t["\x1b "] = tea.Key{Type: tea.KeySpace, Runes: []rune{' '}, Alt: true}
	t["\x1b\x1b"] = tea.Key{Type: tea.KeyEscape, Alt: true}
	seen := map[int]bool{}
	var lengths []int
	for seq := range t {
		if !seen[len(seq)] {
			seen[len(seq)] = true
			lengths = append(lengths, len(seq))
		}
	}
	// Longest first: the longest sequence that matches wins.
	for i := range lengths {
		for j := i + 1; j < len(lengths); j++ {
			if lengths[j] > lengths[i] {
				lengths[i], lengths[j] = lengths[j], lengths[i]
			}
		}
	}
	return t, lengths
}()

// decodeKey reads one message from the start of b. It returns how many
// bytes it used and the message, nil for input that is read and dropped.
// n is 0 when b ends inside what may be a longer message and more may
// come (more): the caller reads on and asks again with the bytes joined.
func decodeKey(b []byte, more bool) (n int, msg tea.Msg) {
	if len(b) >= 6 && b[0] == 0x1b && b[1] == '[' {
		switch b[2] {
		case 'M': // an X10 mouse report
			return 6, nil
		case '<': // an SGR mouse report
			if n := sgrMouseEnd(b[3:]); n > 0 {
				return 3 + n, nil
			}
		}
	}
	if s := string(b); s == "\x1b[I" || s == "\x1b[O" { // focus in, out
		return 3, nil
	}
	if bytes.HasPrefix(b, pasteStart) {
		end := bytes.Index(b[len(pasteStart):], pasteEnd)
		if end < 0 {
			return 0, nil // the rest of the paste is on its way
		}
		k := tea.Key{Type: tea.KeyRunes, Paste: true}
		for p := b[len(pasteStart) : len(pasteStart)+end]; len(p) > 0; {
			r, w := utf8.DecodeRune(p)
			if r != utf8.RuneError {
				k.Runes = append(k.Runes, r)
			}
			p = p[w:]
		}
		return len(pasteStart) + end + len(pasteEnd), tea.KeyMsg(k)
	}
	for _, l := range keyLengths {
		if l <= len(b) {
			if k, ok := keyTable[string(b[:l])]; ok {
				return l, tea.KeyMsg(k)
			}
		}
	}
	if n := unknownCSI(b); n > 0 {
		return n, nil
	}

	alt, i := false, 0
	if b[0] == 0x1b {
		alt, i = true, 1
	}
	if i < len(b) && b[i] == 0 {
		return i + 1, tea.KeyMsg{Type: tea.KeyNull, Alt: alt}
	}
	var runes []rune
	for w := 0; i < len(b); i += w {
		var r rune
		r, w = utf8.DecodeRune(b[i:])
		if r == utf8.RuneError || r <= 0x1f || r == 0x7f || r == ' ' {
			break
		}
		runes = append(runes, r)
		if alt { // Alt takes one rune
			i += w
			break
		}
	}
	if i >= len(b) && more {
		return 0, nil
	}
	if len(runes) > 0 {
		return i, tea.KeyMsg{Type: tea.KeyRunes, Runes: runes, Alt: alt}
	}
	if alt && len(b) == 1 {
		return 1, tea.KeyMsg{Type: tea.KeyEscape}
	}
	return 1, nil // not a key: a byte that is not UTF-8
}

// sgrMouseEnd is the length of "Cb;Cx;Cy" and its final M or m at the start
// of b (after ESC [ <), or 0. Bubble Tea looks for the pattern anywhere in
// what follows, so this does too.
func sgrMouseEnd(b []byte) int {
	for start := 0; start < len(b); start++ {
		i, fields := start, 0
		for fields < 3 {
			j := i
			for j < len(b) && b[j] >= '0' && b[j] <= '9' {
				j++
			}
			if j == i {
				break
			}
			fields++
			i = j
			if fields < 3 {
				if i >= len(b) || b[i] != ';' {
					break
				}
				i++
			}
		}
		if fields == 3 && i < len(b) && (b[i] == 'M' || b[i] == 'm') {
			return i + 1
		}
	}
	return 0
}

// unknownCSI is the length of a control sequence at the start of b that is
// no key (ESC [, parameter bytes, intermediate bytes, a final byte), or 0.
func unknownCSI(b []byte) int {
	if len(b) < 3 || b[0] != 0x1b || b[1] != '[' {
		return 0
	}
	i := 2
	for i < len(b) && b[i] >= 0x30 && b[i] <= 0x3f {
		i++
	}
	for i < len(b) && b[i] >= 0x20 && b[i] <= 0x2f {
		i++
	}
	if i < len(b) && b[i] >= 0x40 && b[i] <= 0x7e {
		return i + 1
	}
	return 0
}
