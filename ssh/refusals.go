package ssh

import (
	"errors"
	"sync"
)

// refusalCauses names each refusal for the operator's metrics. The set is
// fixed, so a flood of refusals adds to counters and never to labels.
var refusalCauses = []struct {
	err   error
	cause string
}{
	{ErrRateLimited, "rate"},
	{ErrTooManyFromIP, "per_addr"},
	{ErrServerFull, "full"},
	{ErrShuttingDown, "shutting_down"},
	{ErrOneSession, "second_session"},
	{ErrStartupsFull, "startups"},
	{ErrStartupsIP, "startups_per_addr"},
	{ErrHandshakeCut, "handshake_cut"},
	{ErrMadeRoom, "idle_evicted"},
	{ErrProxyHeader, "proxy_header"},
}

// causeOf is err's metric label.
func causeOf(err error) string {
	for _, c := range refusalCauses {
		if errors.Is(err, c.err) {
			return c.cause
		}
	}
	return "other"
}

// refusalCounts are the door's refusals since the start, by cause.
type refusalCounts struct {
	mu sync.Mutex
	n  map[string]uint64
}

func (r *refusalCounts) add(err error) {
	c := causeOf(err)
	r.mu.Lock()
	if r.n == nil {
		r.n = map[string]uint64{}
	}
	r.n[c]++
	r.mu.Unlock()
}

// snapshot is a copy, every known cause present (zero or not), so that a
// metric exists before its first refusal.
func (r *refusalCounts) snapshot() map[string]uint64 {
	out := make(map[string]uint64, len(refusalCauses)+1)
	for _, c := range refusalCauses {
		out[c.cause] = 0
	}
	r.mu.Lock()
	for k, v := range r.n {
		out[k] = v
	}
	r.mu.Unlock()
	return out
}
