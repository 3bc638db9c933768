package ssh

import gssh "github.com/charmbracelet/ssh"

// The window a session is drawn for is the one its client claims, within
// bounds. A client may claim any size (a pty-req or a window-change carries
// two numbers of up to 2^32-1 each), and the model and the painter make a
// frame as large as the window: claimed at 10000x10000, one session's frame
// is a hundred million cells, drawn in memory and sent on the wire. The
// bounds make a session cost what a real screen costs, whatever its client
// says; a client whose window is larger sees the screen at its top left.
const (
	// MaxWidth and MaxHeight bound the window a session is drawn for:
	// larger than any screen the game needs, and than most terminals.
	MaxWidth  = 300
	MaxHeight = 100
	// DefaultWidth and DefaultHeight stand for a size the client did not
	// give (0, as RFC 4254 allows when it gives pixels only): the size the
	// game needs at least.
	DefaultWidth  = 80
	DefaultHeight = 24
)

// saneWindow is the window a session is drawn for when its client claims w:
// each side at most its bound, and the default where the client gave none
// (0) or a nonsense one (negative: the library makes an int of a uint32,
// which is negative on a 32-bit machine past 2^31). A small window stays
// small: the game says it needs more, on a screen that size.
//
// Sizes enter at two points, and both go through here: the PTY a session
// opens with (newLiveSession) and every change after (term.Run's Fit).
func saneWindow(w gssh.Window) gssh.Window {
	return gssh.Window{
		Width:  saneSide(w.Width, DefaultWidth, MaxWidth),
		Height: saneSide(w.Height, DefaultHeight, MaxHeight),
	}
}

func saneSide(n, unknown, most int) int {
	switch {
	case n <= 0:
		return unknown
	case n > most:
		return most
	}
	return n
}
