package ssh

import "github.com/charmbracelet/log"

// sessionLog writes a session's log lines with its fields (session, user,
// address, key) added to each.
//
// Why not log.Logger.With: it copies the logger, styles and all, for every
// session, held for the session's life: kilobytes a session for four fields
// (docs/benchmarks.md).
type sessionLog struct {
	l  *log.Logger
	kv []any
}

func (s sessionLog) with(kv []any) []any {
	return append(append(make([]any, 0, len(s.kv)+len(kv)), s.kv...), kv...)
}

func (s sessionLog) Debug(msg string, kv ...any) { s.l.Debug(msg, s.with(kv)...) }
func (s sessionLog) Info(msg string, kv ...any)  { s.l.Info(msg, s.with(kv)...) }
func (s sessionLog) Warn(msg string, kv ...any)  { s.l.Warn(msg, s.with(kv)...) }
func (s sessionLog) Error(msg string, kv ...any) { s.l.Error(msg, s.with(kv)...) }
