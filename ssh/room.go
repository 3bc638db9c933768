package ssh

import (
	"errors"
	"sort"
	"time"
)

// This file makes room on a full server. Sessions that only sit in the
// lobby hold a slot each: 250 addresses with 8 idle sessions took every
// slot, and everyone else was told the server was full. Now a newcomer to
// a full server takes the slot of the session that has gone longest
// without a key, if that is at least Config.IdleEvict, unless its player
// is seated at a table (Config.Seated): a game is never broken to make
// room. The one closed is told why and may come back.

// ErrMadeRoom is what a session closed to make room reads.
var ErrMadeRoom = errors.New("the server is full and you were idle the longest; come back any time")

// makeRoom closes the session idle longest that may give up its slot, and
// reports whether it found one.
func (s *Server) makeRoom(newcomer *liveSession) bool {
	if s.door.limits.idleEvict < 0 {
		return false
	}
	now := s.door.now()
	for _, ls := range s.door.idlest(now, s.door.limits.idleEvict) {
		if ls == newcomer || s.cfg.Seated != nil && s.cfg.Seated(ls.id) {
			continue
		}
		if !s.door.takeSlot(ls) {
			continue // gone, or taken for another newcomer meanwhile
		}
		ls.log.Info("closing an idle session to make room", "idle", now.Sub(ls.lastKey()).Round(time.Second),
			"for", newcomer.ip)
		s.door.counts.add(ErrMadeRoom)
		ls.close(ErrMadeRoom.Error())
		return true
	}
	return false
}

// idlest is the live sessions that have gone at least idle without a key,
// longest first.
func (d *door) idlest(now time.Time, idle time.Duration) []*liveSession {
	d.mu.Lock()
	var out []*liveSession
	for _, ls := range d.sessions {
		if now.Sub(ls.lastKey()) >= idle {
			out = append(out, ls)
		}
	}
	d.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].lastKey().Before(out[j].lastKey()) })
	return out
}

// takeSlot takes ls's session slot away at once, so a newcomer can have
// it; the release when its handler ends then gives nothing back twice. It
// reports false if ls holds no slot.
func (d *door) takeSlot(ls *liveSession) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.sessions[ls.id]; !ok {
		return false
	}
	delete(d.sessions, ls.id)
	if st, ok := d.ips[ls.ip]; ok {
		st.sessions--
		d.sessionsChanged(ls.ip, st)
	}
	return true
}

// touch records a key from the player at t.
func (ls *liveSession) touch(t time.Time) { ls.keyAt.Store(t.UnixNano()) }

// lastKey is when the player last typed, or the session began.
func (ls *liveSession) lastKey() time.Time { return time.Unix(0, ls.keyAt.Load()) }
