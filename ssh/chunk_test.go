package ssh

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// sizes records the size of every write.
type sizes struct {
	bytes.Buffer
	writes []int
	failAt int // the write that fails (from 1); 0: none
}

func (s *sizes) Write(p []byte) (int, error) {
	s.writes = append(s.writes, len(p))
	if len(s.writes) == s.failAt {
		return 0, errors.New("broken pipe")
	}
	return s.Buffer.Write(p)
}

// TestWritesGoOutInChunks: a whole screen reaches the channel in pieces of
// writeChunk bytes at most (the SSH library keeps buffers as big as the
// largest write), whole and in order; a failing write stops the rest.
func TestWritesGoOutInChunks(t *testing.T) {
	screen := bytes.Repeat([]byte("0123456789"), 250) // 2,500 bytes
	var out sizes
	n, err := chunkWriter{&out}.Write(screen)
	require.NoError(t, err)
	require.Equal(t, len(screen), n)
	require.Equal(t, []int{writeChunk, writeChunk, len(screen) - 2*writeChunk}, out.writes)
	require.Equal(t, screen, out.Bytes())

	small := []byte("\x1b[3;70H12s")
	out = sizes{}
	_, err = chunkWriter{&out}.Write(small)
	require.NoError(t, err)
	require.Equal(t, []int{len(small)}, out.writes)

	out = sizes{failAt: 2}
	n, err = chunkWriter{&out}.Write(screen)
	require.Error(t, err)
	require.Equal(t, writeChunk, n)
	require.Len(t, out.writes, 2)
}
