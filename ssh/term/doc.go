// Package term is the terminal runtime a session's model runs on: what
// Bubble Tea's Program and renderer do for one terminal, made to cost
// nothing while a session waits, for thousands of sessions in one process.
//
// It has four parts, each in its own files:
//
//   - the loop (loop.go): one goroutine per session that waits, in one
//     select, on window sizes, the model's news, keys, what commands
//     return and one timer for a countdown's ticks;
//   - the key decoder (keys.go): bytes from the client into the same
//     tea.KeyMsg values Bubble Tea v1 makes;
//   - the painter (paint.go, diff.go): after each message, the lines of
//     the view that changed, and of a changed line only the part that did;
//     or, while the model is linear (the screen-reader mode, linear.go),
//     only the sentences it has to say, appended, never a screen;
//   - the drawers (drawers.go): a few goroutines a server shares, on which
//     every session's update and frame are made, so that no session's own
//     stack grows to the depth of a frame.
//
// What the runtime needs of a model is one contract, Model: a tea.Model,
// its view as lines (or, linear, as sentences), what it tells the terminal
// besides (title, bell, when the move it shows was made), and its news and
// countdown, which the loop waits on itself. The TUI asserts it at compile time; Plain makes a Model
// of any Bubble Tea model (the door's tests run stand-ins so).
//
// The package knows nothing of SSH's door or of the game: the caller (package
// ssh) gives it the session's channel to write to, the keys to read (rate
// limited by the door), the window's changes, and its drawers and counts.
//
//	drawers := term.StartDrawers(2 * runtime.GOMAXPROCS(0))
//	defer drawers.Stop()
//	ended, err := term.Run(ctx, model, keys, term.Options{
//		Out: channel, Width: 80, Height: 24, Resize: winch, End: cancel,
//		Drawers: drawers, Counts: &counts,
//	})
//	if errors.Is(err, term.ErrPanic) { ... }
package term
