package ssh

import (
	"math"
	"testing"

	gssh "github.com/charmbracelet/ssh"
	"github.com/stretchr/testify/assert"
)

// largest is the largest side a pty-req or window-change can carry.
var largest = ^uint32(0)

func TestSaneWindowBoundsWhatTheClientClaims(t *testing.T) {
	tests := []struct {
		name          string
		claimed       gssh.Window
		width, height int
	}{
		{"a common terminal", gssh.Window{Width: 80, Height: 24}, 80, 24},
		{"a large terminal", gssh.Window{Width: 250, Height: 70}, 250, 70},
		{"exactly the bounds", gssh.Window{Width: MaxWidth, Height: MaxHeight}, MaxWidth, MaxHeight},
		{"one past the bounds", gssh.Window{Width: MaxWidth + 1, Height: MaxHeight + 1}, MaxWidth, MaxHeight},
		{"huge", gssh.Window{Width: 10000, Height: 10000}, MaxWidth, MaxHeight},
		{"the largest a uint32 says", gssh.Window{Width: int(largest), Height: int(largest)}, MaxWidth, MaxHeight},
		{"wide only", gssh.Window{Width: 10000, Height: 30}, MaxWidth, 30},
		{"tall only", gssh.Window{Width: 100, Height: 10000}, 100, MaxHeight},
		{"zero: not given", gssh.Window{}, DefaultWidth, DefaultHeight},
		{"pixels only", gssh.Window{WidthPixels: 640, HeightPixels: 480}, DefaultWidth, DefaultHeight},
		{"zero width only", gssh.Window{Width: 0, Height: 50}, DefaultWidth, 50},
		{"negative", gssh.Window{Width: -1, Height: math.MinInt32}, DefaultWidth, DefaultHeight},
		{"tiny stays tiny", gssh.Window{Width: 1, Height: 1}, 1, 1},
		{"too small for the game", gssh.Window{Width: 40, Height: 10}, 40, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := saneWindow(tt.claimed)
			assert.Equal(t, tt.width, got.Width, "width")
			assert.Equal(t, tt.height, got.Height, "height")
		})
	}
}
