package tui

import (
	"io"
	"sync"
	"sync/atomic"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/unossh/unossh/engine"
)

// styles are the styles of one kind of terminal (a colour profile and a
// background), every one built from a renderer of that profile, so colours
// follow the player's terminal and never the server's.
//
// Sessions of the same kind share one set (stylesFor): a set, with its
// cache of drawn cards, is larger than the rest of a session's screen
// state, and ten thousand sessions held one each (figures in
// docs/benchmarks.md, "The TUI's figures").
// Nothing in a set changes once built except the card cache, which is safe
// for concurrent use.
type styles struct {
	r *lipgloss.Renderer
	// plain is set when the terminal shows no styling at all.
	plain bool

	// Styles of a colour or a weight only are inks (ink.go): cheap to put
	// on a line.
	title, dim, bold, key, rule, err, ok, warn, accent, chatNick, banner ink
	selected, turn                                                       ink
	// box and overlay draw borders around a block of lines.
	box, overlay lipgloss.Style

	// colors are the card colours, by engine.Color, and strong the same in
	// bold (labels and chips).
	colors, strong [engine.Pink + 1]ink
	// wild is the style of a wild card's border (its label is a rainbow of
	// the edition's colours).
	wild ink

	// cards caches hand cards already drawn: drawing is most of a frame's
	// cost. cardKey -> []string (never changed once stored).
	cards     sync.Map
	cardCount atomic.Int32

	// drawn keeps footers and rules by width and content (memo.go).
	drawn drawnCache
}

// palette gives each card colour an exact value in true colour, 256 colours
// and 16 colours, so that none is lost by automatic degradation (orange is
// dark yellow and pink bright magenta in 16 colours: each edition's four
// colours stay distinct).
var palette = [engine.Pink + 1]lipgloss.CompleteColor{
	engine.NoColor: {TrueColor: "#EEEEEE", ANSI256: "255", ANSI: "15"},
	engine.Red:     {TrueColor: "#F0413C", ANSI256: "196", ANSI: "9"},
	engine.Blue:    {TrueColor: "#3D8BFF", ANSI256: "33", ANSI: "12"},
	engine.Green:   {TrueColor: "#3CC15A", ANSI256: "41", ANSI: "10"},
	engine.Yellow:  {TrueColor: "#FFD33D", ANSI256: "220", ANSI: "11"},
	engine.Orange:  {TrueColor: "#FF8A1F", ANSI256: "208", ANSI: "3"},
	engine.Purple:  {TrueColor: "#A259FF", ANSI256: "135", ANSI: "5"},
	engine.Pink:    {TrueColor: "#FF5FB4", ANSI256: "205", ANSI: "13"},
}

var (
	grey     = lipgloss.CompleteColor{TrueColor: "#8A8A8A", ANSI256: "245", ANSI: "8"}
	accent   = lipgloss.CompleteColor{TrueColor: "#FFB000", ANSI256: "214", ANSI: "11"}
	danger   = lipgloss.CompleteColor{TrueColor: "#FF5555", ANSI256: "203", ANSI: "9"}
	good     = lipgloss.CompleteColor{TrueColor: "#50FA7B", ANSI256: "84", ANSI: "10"}
	inkBlack = lipgloss.CompleteColor{TrueColor: "#111111", ANSI256: "233", ANSI: "0"}
)

// styleKind is what a set of styles depends on.
type styleKind struct {
	profile termenv.Profile
	dark    bool
}

// sharedStyles are the sets built so far, by kind (styleKind -> *styles).
var sharedStyles sync.Map

// stylesFor is the shared set for the kind of terminal r renders for. The
// set is built with a renderer of its own that writes nowhere and asks the
// terminal nothing: only its profile and background matter for rendering.
func stylesFor(r *lipgloss.Renderer) *styles {
	k := styleKind{r.ColorProfile(), r.HasDarkBackground()}
	if s, ok := sharedStyles.Load(k); ok {
		return s.(*styles)
	}
	own := lipgloss.NewRenderer(io.Discard)
	own.SetColorProfile(k.profile)
	own.SetHasDarkBackground(k.dark)
	s, _ := sharedStyles.LoadOrStore(k, newStyles(own))
	return s.(*styles)
}

// newStyles builds a set of styles from r.
func newStyles(r *lipgloss.Renderer) *styles {
	s := &styles{r: r, plain: r.ColorProfile() == termenv.Ascii}
	s.title = newInk(r.NewStyle().Bold(true).Foreground(accent))
	s.dim = newInk(r.NewStyle().Foreground(grey))
	s.bold = newInk(r.NewStyle().Bold(true))
	s.key = newInk(r.NewStyle().Bold(true))
	s.rule = newInk(r.NewStyle().Foreground(grey))
	s.err = newInk(r.NewStyle().Foreground(danger).Bold(true))
	s.ok = newInk(r.NewStyle().Foreground(good))
	s.warn = newInk(r.NewStyle().Foreground(accent).Bold(true))
	s.accent = newInk(r.NewStyle().Foreground(accent))
	s.chatNick = newInk(r.NewStyle().Bold(true).Foreground(accent))
	s.banner = newInk(r.NewStyle().Bold(true).Foreground(inkBlack).Background(accent))
	s.box = r.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(grey).Padding(0, 1)
	s.overlay = r.NewStyle().Border(lipgloss.DoubleBorder()).BorderForeground(accent).Padding(0, 2)
	s.selected = newInk(r.NewStyle().Bold(true).Reverse(true))
	s.turn = newInk(r.NewStyle().Bold(true).Foreground(accent))
	for c := range palette {
		s.colors[c] = newInk(r.NewStyle().Foreground(palette[c]))
		s.strong[c] = newInk(r.NewStyle().Foreground(palette[c]).Bold(true))
	}
	s.wild = newInk(r.NewStyle().Foreground(palette[engine.NoColor]))
	return s
}

// color is the style of a card colour.
func (s *styles) color(c engine.Color) ink {
	if int(c) < len(s.colors) {
		return s.colors[c]
	}
	return s.colors[engine.NoColor]
}

// boldColor is a card colour in bold.
func (s *styles) boldColor(c engine.Color) ink {
	if int(c) < len(s.strong) {
		return s.strong[c]
	}
	return s.strong[engine.NoColor]
}
