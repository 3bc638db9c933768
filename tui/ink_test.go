package tui

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// everyKindOfStyles is a set of styles for each colour profile, on a dark
// and on a light background.
func everyKindOfStyles() map[string]*styles {
	out := map[string]*styles{}
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI, termenv.Ascii} {
		for _, dark := range []bool{true, false} {
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(p)
			r.SetHasDarkBackground(dark)
			name := p.Name()
			if !dark {
				name += "/light"
			}
			out[name] = newStyles(r)
		}
	}
	return out
}

// inksOf are every ink in a set, by name.
func inksOf(s *styles) map[string]ink {
	out := map[string]ink{
		"title": s.title, "dim": s.dim, "bold": s.bold, "key": s.key, "rule": s.rule, "err": s.err,
		"ok": s.ok, "warn": s.warn, "accent": s.accent, "chatNick": s.chatNick, "banner": s.banner,
		"selected": s.selected, "turn": s.turn, "wild": s.wild,
	}
	for c := range s.colors {
		out["colour "+engine.Color(c).String()] = s.colors[c]
		out["strong "+engine.Color(c).String()] = s.strong[c]
	}
	return out
}

// inkTexts are texts a frame styles: plain, empty, wide, already styled,
// and the ones an ink leaves to lipgloss (tabs, several lines).
func inkTexts(rng *rand.Rand) []string {
	texts := []string{"", " ", "x", "your hand", "ana: héllo 漢字 🂡", "\x1b[1mbold\x1b[0m inside",
		"a\tb", "two\nlines", "cr\r\nlf", " spaces at both ends ", "▶ ▲▲▲▲ · 0:24"}
	parts := []string{"a", "é", "漢", " ", "\x1b[38;5;196m", "\x1b[0m", "·", "x", "\t", "\n", "─"}
	for range 200 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		texts = append(texts, b.String())
	}
	return texts
}

// An ink puts on a text exactly what its lipgloss style would, in every
// colour profile, for one text or several.
func TestInkRendersAsLipgloss(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	texts := inkTexts(rng)
	for kind, s := range everyKindOfStyles() {
		for name, k := range inksOf(s) {
			for _, text := range texts {
				require.Equal(t, k.Style.Render(text), k.Render(text), "%s %s %q", kind, name, text)
			}
			require.Equal(t, k.Style.Render("a", "b c"), k.Render("a", "b c"), "%s %s", kind, name)
			require.Equal(t, k.Style.Render(), k.Render(), "%s %s", kind, name)
		}
	}
}

// The overlay's box, put together from pieces measured once per width, is
// the box lipgloss draws, in every colour profile, at every width, for
// bodies of styled and wide text.
func TestFramedIsTheBoxLipglossDraws(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	texts := inkTexts(rng)
	for kind, s := range everyKindOfStyles() {
		for _, st := range []lipgloss.Style{s.overlay, s.box} {
			for range 100 {
				body := make([]string, 1+rng.IntN(8))
				for i := range body {
					body[i] = texts[rng.IntN(len(texts))]
					if rng.IntN(3) == 0 {
						body[i] = s.dim.Render(body[i])
					}
				}
				w := 0
				for _, l := range body {
					if !strings.ContainsAny(l, "\t\r\n") {
						w = max(w, width(l))
					}
				}
				for i, l := range body {
					if !strings.ContainsAny(l, "\t\r\n") {
						body[i] = pad(l, w)
					}
				}
				want := st.Render(strings.Join(body, "\n"))
				require.Equal(t, want, s.framed(st, body, w), "%s %q", kind, body)
			}
		}
	}
}
