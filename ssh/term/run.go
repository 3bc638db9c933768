package term

import (
	"context"
	"io"

	gssh "github.com/charmbracelet/ssh"
)

// DefaultChunk is Options.Chunk when none is given.
const DefaultChunk = 1024

// Options are what a session's program runs with, besides its model and its
// keys.
type Options struct {
	// Out is the session's channel, where frames are written. A write may
	// wait on a client: the caller bounds it (a stalled client's
	// connection is closed under it).
	Out io.Writer
	// Width and Height are the window at the start; later ones come on
	// Resize.
	Width, Height int
	// Resize brings the client's window changes; its closing means the
	// client closed its channel, and ends the session (End).
	Resize <-chan gssh.Window
	// Fit is the window drawn for the one a client claims (nil: as
	// claimed).
	Fit func(gssh.Window) gssh.Window
	// End ends the session; Run calls it when the client closed its
	// channel.
	End context.CancelFunc
	// Titles says the terminal takes window titles.
	Titles bool
	// Chunk is the most Out takes in one write: a frame longer than that
	// is sent between the marks of synchronized output, so that a
	// terminal does not show it torn between packets. 0: DefaultChunk.
	Chunk int
	// Drawers are where updates and frames are made (drawers.go); nil: on
	// the session's own goroutine.
	Drawers *Drawers
	// Counts are the server's totals; nil: none kept.
	Counts *Counts
}

// Run runs a session's model on the caller's goroutine until ctx ends, the
// client closes its channel, or the model quits; keys are read from keys.
// It leaves the terminal as it found it, and returns why it ended (for the
// log) and ErrPanic (wrapped) if the model or a command panicked.
func Run(ctx context.Context, m Model, keys io.Reader, o Options) (ended string, err error) {
	p := newPainter(m, o.Out, o.Width, o.Height, o.Titles)
	if o.Chunk > 0 {
		p.chunk = o.Chunk
	}
	p.drawers, p.counts = o.Drawers, o.Counts
	end := o.End
	if end == nil {
		end = func() {}
	}
	st := newStage(ctx, end, p, m, o.Resize)
	if o.Fit != nil {
		st.fit = o.Fit
	}
	err = st.run(keys)
	p.restore()
	return st.ended, err
}
