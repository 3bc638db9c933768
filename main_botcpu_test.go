package main

import (
	"io"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// -bot-cpu (or UNOSSH_BOT_CPU) is the share of the cores the hard bots'
// searches may take, at once and over time: a twentieth by default, a whole
// slot at least unless it is 0, which means no search at all.
func TestBotCPUFlag(t *testing.T) {
	t.Parallel()
	noEnv := func(string) string { return "" }
	o, err := parseFlags(nil, noEnv, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, 0.05, o.botCPU)
	assert.Equal(t, botThinkers(0.05, runtime.GOMAXPROCS(0)), o.lobby.BotThinkers)
	assert.InDelta(t, 0.05*float64(runtime.GOMAXPROCS(0)), o.lobby.BotShare, 1e-9, "seconds of search a second")

	o, err = parseFlags(nil, func(k string) string { return map[string]string{"UNOSSH_BOT_CPU": "0"}[k] }, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, -1, o.lobby.BotThinkers, "0: no search")

	o, err = parseFlags([]string{"-bot-cpu", "1"}, noEnv, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, runtime.GOMAXPROCS(0), o.lobby.BotThinkers)

	for _, c := range []struct {
		share float64
		procs int
		want  int
	}{{0.5, 2, 1}, {0.5, 16, 8}, {0.25, 2, 1}, {0.75, 8, 6}, {1, 4, 4}, {0, 8, -1}} {
		assert.Equal(t, c.want, botThinkers(c.share, c.procs), "%g of %d cores", c.share, c.procs)
	}
	for _, bad := range []string{"-0.5", "1.5", "half"} {
		_, err := parseFlags(nil, func(k string) string { return map[string]string{"UNOSSH_BOT_CPU": bad}[k] }, io.Discard)
		assert.Error(t, err, bad)
	}
}
