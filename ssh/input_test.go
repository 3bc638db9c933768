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
	"golang.org/x/time/rate"
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

// fakeTime drives input guards: sleeping moves it on at once.
type fakeTime struct{ t time.Time }

func (f *fakeTime) now() time.Time { return f.t }

func (f *fakeTime) sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f.t = f.t.Add(d)
	return nil
}

func (f *fakeTime) guard(ctx context.Context, r io.Reader) *inputGuard {
	g := newInputGuard(ctx, r)
	g.now, g.sleep = f.now, f.sleep
	return g
}

func TestInputGuardRateLimitsKeys(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	clock := &fakeTime{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	start := clock.t
	g := clock.guard(ctx, io.LimitReader(repeat('x'), 1<<20))
	buf := make([]byte, 256)
	read := 0
	for read < keyBurst+keyRate/2 {
		n, err := g.Read(buf)
		require.NoError(t, err)
		read += n
	}
	// The burst came at once; what came after it had to wait its time.
	assert.InDelta(t, float64(read-keyBurst)/keyRate, clock.t.Sub(start).Seconds(), 0.01)
	assert.Greater(t, clock.t.Sub(start), 400*time.Millisecond)

	// A session that ends stops the wait.
	cancel()
	_, err := g.Read(buf)
	assert.ErrorIs(t, err, io.EOF)
}

// Eight sessions of one address holding keys down (one key a read) share
// the address's budget: together they get as far in a minute as about
// KeyRatePerIP allows, where each alone would type at its own rate.
func TestInputGuardSharesABudgetPerAddress(t *testing.T) {
	const sessions, perIP = 8, DefaultKeyRatePerIP
	clock := &fakeTime{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	start := clock.t
	shared := rate.NewLimiter(perIP, addrKeyBurst)
	guards := make([]*inputGuard, sessions)
	for i := range guards {
		guards[i] = clock.guard(context.Background(), iotest.OneByteReader(repeat('j')))
		guards[i].addr = shared
	}
	buf := make([]byte, 256)
	keys := 0
	for clock.t.Sub(start) < time.Minute {
		for _, g := range guards {
			n, err := g.Read(buf)
			require.NoError(t, err)
			keys += n
		}
	}
	minutes := clock.t.Sub(start).Minutes()
	perSecond := float64(keys) / (60 * minutes)
	budget := float64(addrKeyBurst)/60 + perIP
	t.Logf("%d sessions holding keys: %.0f keys a second in all (alone, each could type %d)", sessions, perSecond, keyRate)
	assert.LessOrEqual(t, perSecond*(1+readCost), budget*1.01)
	assert.Less(t, perSecond, float64(sessions*keyRate)/8, "far below what the sessions could type on their own budgets")
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
