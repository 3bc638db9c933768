package moderation

import (
	"context"
	"net/netip"
	"time"

	"github.com/unossh/unossh/store"
)

// banSet is the bans in force as the door checks them: by key (a ban of a
// name is one of each of its account's keys) and by address.
type banSet struct {
	keys  map[string]store.Ban
	addrs []addrBan
}

type addrBan struct {
	p netip.Prefix
	b store.Ban
}

// loadBans reads the bans in force from the store into the door's copy.
func (s *Service) loadBans(ctx context.Context) error {
	bans, err := s.st.Bans(ctx, s.now())
	if err != nil {
		return err
	}
	set := &banSet{keys: map[string]store.Ban{}}
	for _, b := range bans {
		switch b.Kind {
		case store.BanKey:
			set.keys[b.Target] = b
		case store.BanName:
			for _, k := range b.Keys {
				set.keys[k] = b
			}
		case store.BanAddr:
			if p, err := netip.ParsePrefix(b.Target); err == nil {
				set.addrs = append(set.addrs, addrBan{p, b})
			}
		}
	}
	s.bans.Store(set)
	return nil
}

// Banned says whether a key ("" for a guest) or an address may not come
// in, and the one line they read: the reason and until when (ssh.BannedFunc).
func (s *Service) Banned(fingerprint, ip string) (string, bool) {
	set := s.bans.Load()
	if set == nil || (len(set.keys) == 0 && len(set.addrs) == 0) {
		return "", false
	}
	now := s.now()
	if b, ok := set.keys[fingerprint]; ok && fingerprint != "" && inForce(b, now) {
		return banLine(b), true
	}
	if a, err := netip.ParseAddr(ip); err == nil {
		a = a.Unmap()
		for _, ab := range set.addrs {
			if ab.p.Contains(a) && inForce(ab.b, now) {
				return banLine(ab.b), true
			}
		}
	}
	return "", false
}

func inForce(b store.Ban, now time.Time) bool { return b.Until.IsZero() || now.Before(b.Until) }

// banLine is what a banned player reads at the door.
func banLine(b store.Ban) string {
	if b.Until.IsZero() {
		return "you are banned from this server: " + b.Reason
	}
	return "you are banned from this server until " + when(b.Until) + ": " + b.Reason
}

// when is a time as operators and players read it.
func when(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }
