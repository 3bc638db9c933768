package botapi

import (
	"bufio"
	"errors"
	"io"
)

// MaxLine bounds one line from a bot: the longest any message needs, with
// room to spare. A longer line is read to its end and thrown away, never
// held whole.
const MaxLine = 4 << 10

// errLineTooLong is a line past MaxLine, thrown away.
var errLineTooLong = errors.New("a line is at most 4 KiB")

// line is one line read from the bot, or why there is none.
type line struct {
	text []byte
	err  error // errLineTooLong, or the end of input
}

// readLines sends the bot's lines to lines until its input ends or done is
// closed. It reads ahead by one line only: a bot that floods waits on its
// own connection, not on the server's memory.
func readLines(in io.Reader, lines chan<- line, done <-chan struct{}) {
	defer close(lines)
	r := bufio.NewReaderSize(in, MaxLine)
	for {
		b, err := r.ReadSlice('\n')
		l := line{text: append([]byte(nil), b...)}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			l = line{err: errLineTooLong}
			err = skipLine(r)
		case err != nil && len(b) == 0:
			return
		}
		select {
		case lines <- l:
		case <-done:
			return
		}
		if err != nil {
			return
		}
	}
}

// skipLine reads the rest of a line too long to keep.
func skipLine(r *bufio.Reader) error {
	for {
		_, err := r.ReadSlice('\n')
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
}
