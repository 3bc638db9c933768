package tui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every table's header names it, a private one too: at 80 columns the
// private table's short name stays when its code no longer fits (the
// waiting room shows the code big).
func TestPrivateHeaderShowsTheShortName(t *testing.T) {
	for _, w := range []int{80, 120} {
		s := midGame()
		s.Table.Code = "K7QX2MHC9DFA"
		s.Table.Short = "plucky-yak"
		m, _ := newTestModel(s, w, 24, plainRenderer())
		top := strings.SplitN(m.View(), "\n", 2)[0]
		require.Contains(t, top, "private plucky-yak", "width %d: %q", w, top)
	}
}
