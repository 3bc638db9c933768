package ssh

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readAll reads g to the end with reads of size as Bubble Tea does (256),
// checking that no read fills the buffer.
func readAll(t *testing.T, g io.Reader, size int) []byte {
	t.Helper()
	var out []byte
	buf := make([]byte, size)
	for {
		n, err := g.Read(buf)
		require.Less(t, n, size, "a read filled the buffer")
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
	}
}

func TestInputGuardPassesKeysAndShortPastes(t *testing.T) {
	in := "ab\x1b[Ac" + "\x1b[200~" + "a pasted line\r\n" + "\x1b[201~" + "\x1b[2" + "é"
	// One byte at a time, as the worst packet split: markers are found
	// across reads.
	g := newInputGuard(context.Background(), iotest.OneByteReader(strings.NewReader(in)))
	assert.Equal(t, in, string(readAll(t, g, 256)))
}

func TestInputGuardCutsALongPaste(t *testing.T) {
	body := strings.Repeat("x", 3*maxPaste)
	in := "k" + "\x1b[200~" + body + "\x1b[201~" + "after"
	g := newInputGuard(context.Background(), strings.NewReader(in))
	want := "k" + "\x1b[200~" + body[:maxPaste] + "\x1b[201~" + "after"
	assert.Equal(t, want, string(readAll(t, g, 256)))
}

func TestInputGuardEndsACutPasteWithOneMarker(t *testing.T) {
	// The limit falls inside a false start of the end marker: what was
	// passed on stays in the paste, and the paste still ends once.
	body := strings.Repeat("x", maxPaste-3) + "\x1b[20" + "y" + strings.Repeat("z", 100)
	in := "\x1b[200~" + body + "\x1b[201~" + "k"
	g := newInputGuard(context.Background(), strings.NewReader(in))
	out := string(readAll(t, g, 256))
	assert.Equal(t, 1, strings.Count(out, "\x1b[201~"), "%q", out[len(out)-20:])
	assert.True(t, strings.HasSuffix(out, "\x1b[201~k"))
	assert.LessOrEqual(t, len(out), len("\x1b[200~")+maxPaste+len("\x1b[201~k"))
}

func TestInputGuardBoundsAPasteThatNeverEnds(t *testing.T) {
	// 4 MB of paste and no end marker: what is passed on stays at maxPaste.
	endless := io.MultiReader(strings.NewReader("\x1b[200~"), io.LimitReader(repeat('x'), 4<<20))
	g := newInputGuard(context.Background(), endless)
	out := readAll(t, g, 256)
	assert.Len(t, out, len("\x1b[200~")+maxPaste)
}

func TestInputGuardRateLimitsKeys(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	g := newInputGuard(ctx, io.LimitReader(repeat('x'), 1<<20))
	buf := make([]byte, 256)
	start := time.Now()
	read := 0
	for read < keyBurst+keyRate/2 {
		n, err := g.Read(buf)
		require.NoError(t, err)
		read += n
	}
	// The burst came at once; half a second's worth more had to wait.
	assert.GreaterOrEqual(t, time.Since(start), 300*time.Millisecond)

	// A session that ends stops the wait.
	cancel()
	for {
		if _, err := g.Read(buf); err != nil {
			assert.ErrorIs(t, err, io.EOF)
			break
		}
	}
}

func TestChunkNeverSplitsACharacterOrAnEscapeNearTheEnd(t *testing.T) {
	out := append(bytes.Repeat([]byte("a"), 250), "\x1b[A"+"bbbbbbbb"...)
	assert.Equal(t, 250, chunk(out, 256), "the escape goes whole into the next read")
	out = append(bytes.Repeat([]byte("a"), 254), "éé"...)
	assert.Equal(t, 254, chunk(out, 256), "é is not split")
	assert.Equal(t, 3, chunk([]byte("abc"), 256))
}

// repeat is an endless reader of c.
type repeat byte

func (r repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}
