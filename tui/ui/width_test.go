package ui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestFastWidthAgrees: fastWidth gives ansi.StringWidth's width for every
// kind of text a frame or a hostile player can hold.
func TestFastWidthAgrees(t *testing.T) {
	pieces := []string{
		"a", "Z", " ", "~", "7", "·", "…", "─", "│", "╭", "╮", "╔", "═", "▶", "↻", "↺", "■", "▲", "★", "•", "é", "ß", "Ω", "Ж",
		"\x1b[1m", "\x1b[38;5;214m", "\x1b[0m", "\x1b[38;2;255;176;0m", "\x1b[K", "\x1b]2;title\a", "\x1b", "\x1b[", "\x1b[1",
		"\t", "\n", "\r", "\x7f", "\x00",
		"\u0301", "\u200d", "\ufe0f", "\ufe0e", "\u00ad", "\u0483", "\u1100", "\u1161",
		"中", "日本", "😀", "👍🏽", "🇫🇷", "☕", "✅", "♥", "⚡", "\xff", "\xe2\x94",
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := fastWidth(s), ansi.StringWidth(s); got != want {
			t.Fatalf("fastWidth(%q) = %d, ansi.StringWidth = %d", s, got, want)
		}
	}
	for c := rune(0); c < narrowTop+0x100; c++ {
		for _, s := range []string{string(c), "x" + string(c) + "y", string(c) + "\u0301", string(c) + string(c)} {
			if got, want := fastWidth(s), ansi.StringWidth(s); got != want {
				t.Fatalf("fastWidth(%q) = %d, ansi.StringWidth = %d", s, got, want)
			}
		}
	}
}

func BenchmarkWidth(b *testing.B) {
	s := "\x1b[38;5;245m ╭─────────╮ \x1b[0m▶ ana            7      0  you 16s"
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			fastWidth(s)
		}
	})
	b.Run("ansi", func(b *testing.B) {
		for b.Loop() {
			ansi.StringWidth(s)
		}
	})
}
