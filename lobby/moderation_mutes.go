package lobby

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// This file is the mutes every table checks a chat line against. They are
// kept in the store (so they survive a restart and hold on every node);
// the hub holds a copy that any table reads without a lock or a query, and
// that LoadMutes replaces whenever an operator mutes or unmutes someone,
// here or on another node.

// muteInfo is one mute as a table checks it.
type muteInfo struct {
	until  time.Time
	reason string
}

// muteSet is the mutes in force, by speaker id (Client.speaker) and by the
// speaker id of each key of a muted account (keySpeaker), so that a session
// whose account a node does not know (it plays at this node's table from
// another node) is muted all the same.
type muteSet map[string]muteInfo

// LoadMutes reads the mutes in force from the store, for every table to
// check from now on.
func (h *Hub) LoadMutes(ctx context.Context) error {
	st := h.cfg.Store
	if st == nil {
		return nil
	}
	ms, err := st.Mutes(ctx, h.cfg.Clock.Now())
	if err != nil {
		return err
	}
	set := make(muteSet, len(ms))
	for _, m := range ms {
		mi := muteInfo{until: m.Until, reason: m.Reason}
		set[m.Target] = mi
		var id int64
		if _, err := fmt.Sscanf(m.Target, "a:%d", &id); err == nil && strings.HasPrefix(m.Target, "a:") {
			if a, err := st.Account(ctx, id); err == nil {
				for _, k := range a.Keys {
					set[keySpeaker(k)] = mi
				}
			}
		}
	}
	h.mutes.Store(&set)
	return nil
}

// mutedErr is why c may not chat, or nil: a mute in force.
func (h *Hub) mutedErr(c *Client) error {
	p := h.mutes.Load()
	if p == nil || len(*p) == 0 {
		return nil
	}
	now := h.cfg.Clock.Now()
	for _, id := range []string{c.speaker(), keySpeaker(c.key)} {
		if m, ok := (*p)[id]; ok && now.Before(m.until) {
			return MutedError{Until: m.until, Reason: m.reason, now: now}
		}
	}
	return nil
}

// MutedError is a muted player's chat line refused: nobody read it.
type MutedError struct {
	Until  time.Time
	Reason string
	now    time.Time
}

func (e MutedError) Error() string {
	return fmt.Sprintf("you are muted until %s (%s): your chat reaches nobody", whenUTC(e.Until, e.now), e.Reason)
}
