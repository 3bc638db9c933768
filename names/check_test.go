package names

import (
	"errors"
	"strings"
	"testing"
)

// Check takes letters of any script one cell wide, digits, - and _, and
// refuses anything else with the reason, never changing what was typed.
func TestCheck(t *testing.T) {
	tests := []struct {
		name, in string
		display  string // the Name's Display when valid
		reason   string // part of the refusal, when not
	}{
		{"ASCII", "ana_b-9", "ana_b-9", ""},
		{"Latin with a diaeresis", "Zoë", "Zoë", ""},
		{"decomposed diaeresis shown composed", "Zoe\u0308", "Zoë", ""},
		{"Cyrillic", "Аня", "Аня", ""},
		{"Greek", "Ελένη", "Ελένη", ""},
		{"Hebrew", "שלום", "שלום", ""},
		{"Devanagari", "नमस्ते", "नमस्ते", ""},
		{"Thai with two marks on a letter", "ที่ดี", "ที่ดี", ""},
		{"one mark with no composed form", "ane\u0342", "ane\u0342", ""},
		{"sixteen", "abcdefghijklmnop", "abcdefghijklmnop", ""},
		{"sixteen with accents", "ééééééééééééééé1", "ééééééééééééééé1", ""},
		{"emoji", "an😀e\u0342", "", "“😀”: emoji are not allowed in nicknames"},
		{"emoji with a selector", "ana\u2764\ufe0f", "", "emoji are not allowed"},
		{"three marks on one letter", "ae\u0301\u0302\u0303", "", "more than 2 accents on one letter"},
		{"a composed letter and two more marks", "é\u0302\u0303x", "", "more than 2 accents on one letter"},
		{"mark on a digit", "a1\u0301", "", "an accent must sit on a letter"},
		{"mark first", "\u0301ab", "", "an accent must sit on a letter"},
		{"control character", "a\x07b", "", "U+0007: control characters are not allowed"},
		{"escape", "a\x1b[31mb", "", "control characters are not allowed"},
		{"space", "ana maria", "", "spaces are not allowed"},
		{"zero width space", "a\u200bb", "", "U+200B: invisible"},
		{"bidi override", "a\u202eb", "", "invisible"},
		{"wide CJK", "李明", "", "“李”: wide characters (two cells)"},
		{"full-width Latin", "Ａｎａ", "", "wide characters"},
		{"half-width katakana", "ｱｲｳ", "", "half-width and full-width forms"},
		{"punctuation", "ana!", "", "“!”: only letters, digits, - and _"},
		{"symbol", "a+b", "", "symbols are not allowed"},
		{"right to left mixed with Latin", "שלוםab", "", "right to left"},
		{"too short", "a", "", "that one has 1"},
		{"too long", "abcdefghijklmnopq", "", "that one has 17"},
		{"empty", "", "", "that one has 0"},
		{"invalid UTF-8", "ab\xff", "", "not text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := Check(tt.in)
			if tt.reason == "" {
				if err != nil || n.Display != tt.display {
					t.Fatalf("Check(%q) = %+v, %v; want %q", tt.in, n, err, tt.display)
				}
				return
			}
			var ie *InvalidError
			if !errors.Is(err, ErrInvalid) || !errors.As(err, &ie) || !strings.Contains(err.Error(), tt.reason) {
				t.Fatalf("Check(%q) = %+v, %v; want a refusal with %q", tt.in, n, err, tt.reason)
			}
		})
	}
}

// Key is one for names in any letter case and for look-alikes, and
// another for names that only differ.
func TestKey(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"ana", "ANA", true},
		{"ana", "аna", true}, // a Cyrillic а
		{"аnа", "ANA", true},
		{"bob", "b0b", true},
		{"anal", "ana1", true},
		{"olga", "οlga", true}, // a Greek omicron
		{"Zoë", "zoe\u0308", true},
		{"Zoë", "ZOË", true},
		{"Zoë", "zoe", false},
		{"ana", "anna", false},
		{"ana", "ama", false},
		{"guest-ab", "guеst-ab", true}, // a Cyrillic е
	}
	for _, tt := range tests {
		if got := Key(tt.a) == Key(tt.b); got != tt.same {
			t.Errorf("Key(%q) = %q, Key(%q) = %q: same %v, want %v", tt.a, Key(tt.a), tt.b, Key(tt.b), got, tt.same)
		}
		if n, err := Check(tt.a); err == nil && n.Key != Key(tt.a) {
			t.Errorf("Check(%q).Key = %q, Key = %q", tt.a, n.Key, Key(tt.a))
		}
	}
}
