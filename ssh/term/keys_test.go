package term

import (
	"context"
	"io"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"
)

// TestDecodeKeysAsBubbleTea types the same input into a real tea.Program and
// into the stage's decoder, and expects the same keys: every sequence the
// decoder knows, alone, after Alt and between letters; the awkward cases
// (a lone ESC, NUL, pastes, mouse reports, unknown sequences, bytes that are
// not UTF-8); and 2,000 random strings made of the bytes keys are made of.
func TestDecodeKeysAsBubbleTea(t *testing.T) {
	var inputs []string
	seqs := make([]string, 0, len(keyTable))
	for seq := range keyTable {
		seqs = append(seqs, seq)
	}
	sort.Strings(seqs)
	for _, seq := range seqs {
		inputs = append(inputs, seq, "a"+seq+"bc")
	}
	inputs = append(inputs,
		"abc", "héllo wörld", "日本語", "\x1bx", "\x1b", "\x1b\x1b", "\x00", "\x1b\x00",
		"ab cd", "q", " ", "\x1b[200~pasted text, é\x1b[201~", "x\x1b[200~a\rb\x1b[201~y",
		"\x1b[<0;10;20M", "\x1b[<0;10;20mz", "\x1b[M abc", "\x1b[Mabcdef", "\x1b[99;99X", "\x1b[I", "\x1b[O",
		"\xff\xfeab", "a\xffb", "\x1b\xff", "\x1b[", "\x1b[1;", "\x1bO", "\x1b[1;5",
		// A paste of junk: its ctrl+c, escapes and mouse reports are text.
		"\x1b[200~PASTED a\x03b\x1b[2Jc\x1b\x1bd\x1b[M !!e\x1b[<0;5;5Mf\x9b31m\x00\x1b[201~\x03",
	)
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"\x1b", "[", "O", "1", "2", "5", ";", "~", "A", "D", "H", "a", "q", " ",
		"\r", "\t", "\x7f", "\x03", "\x00", "é", "日", "\xff", "M", "<", "m"}
	for range 2000 {
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		inputs = append(inputs, b.String())
	}

	for _, in := range inputs {
		want := teaKeys(t, in)
		got := stageKeys(in)
		require.Equal(t, want, got, "input %q", in)
	}
}

// stageKeys is what the stage's decoder makes of in, read at once.
func stageKeys(in string) []tea.KeyMsg {
	var keys []tea.KeyMsg
	b := []byte(in)
	for len(b) > 0 {
		n, msg := decodeKey(b, false)
		if n == 0 {
			break // an unfinished paste waits for more
		}
		if k, ok := msg.(tea.KeyMsg); ok {
			keys = append(keys, k)
		}
		b = b[n:]
	}
	return keys
}

// teaKeys is what a tea.Program makes of in, read at once: the keys its
// model receives. The reader's second read tells the model to quit, after
// every key of the first (the reader sends them in order).
func teaKeys(t *testing.T, in string) []tea.KeyMsg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rec := &keyRecorder{}
	r := &onceReader{in: in}
	p := tea.NewProgram(rec, tea.WithContext(ctx), tea.WithInput(r),
		tea.WithOutput(io.Discard), tea.WithoutRenderer(), tea.WithoutSignalHandler())
	r.p = p
	_, err := p.Run()
	require.NoError(t, err, "input %q", in)
	return rec.keys
}

type keyRecorder struct{ keys []tea.KeyMsg }

func (r *keyRecorder) Init() tea.Cmd { return nil }
func (r *keyRecorder) View() string  { return "" }
func (r *keyRecorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case readAllMsg:
		return r, tea.Quit
	case tea.KeyMsg:
		r.keys = append(r.keys, msg)
	}
	return r, nil
}

type readAllMsg struct{}

// onceReader returns in at the first read; at the second it tells the
// program all was read, and returns io.EOF.
type onceReader struct {
	in   string
	done bool
	p    *tea.Program
}

func (r *onceReader) Read(b []byte) (int, error) {
	if !r.done {
		r.done = true
		return copy(b, r.in), nil
	}
	r.p.Send(readAllMsg{})
	return 0, io.EOF
}
