package moderation

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/unossh/unossh/store"
)

func TestBannedKeysAndAddressesUntilTheBanLapses(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	st, err := store.Open(store.Options{Dir: t.TempDir(), Now: clock, Logger: log.New(io.Discard)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	ctx := context.Background()
	if _, err := st.Register(ctx, "SHA256:ana", "ana"); err != nil {
		t.Fatal(err)
	}
	for _, b := range []store.Ban{
		{Kind: store.BanName, Target: "ana", Reason: "spam"},
		{Kind: store.BanAddr, Target: "203.0.113.0/24", Reason: "flood", Until: now.Add(time.Hour)},
		{Kind: store.BanAddr, Target: "2001:db8::/32", Reason: "v6 flood"},
		{Kind: store.BanKey, Target: "SHA256:bo", Reason: "cheat", Until: now.Add(2 * time.Hour)},
	} {
		if _, err := st.AddBan(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	s := &Service{st: st, now: clock}
	if err := s.loadBans(ctx); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		key, ip string
		line    string
	}{
		{"SHA256:ana", "198.51.100.1", "you are banned from this server: spam"},
		{"", "203.0.113.9", "you are banned from this server until 2026-11-26 13:00 UTC: flood"},
		{"SHA256:cy", "::ffff:203.0.113.200", "you are banned from this server until 2026-11-26 13:00 UTC: flood"},
		{"", "2001:db8:1::5", "you are banned from this server: v6 flood"},
		{"SHA256:bo", "198.51.100.1", "you are banned from this server until 2026-11-26 14:00 UTC: cheat"},
		{"SHA256:cy", "198.51.100.1", ""},
		{"", "203.0.114.1", ""},
		{"", "not an address", ""},
	}
	for _, c := range cases {
		line, banned := s.Banned(c.key, c.ip)
		if line != c.line || banned != (c.line != "") {
			t.Errorf("Banned(%q, %q) = %q, %v; want %q", c.key, c.ip, line, banned, c.line)
		}
	}
	now = now.Add(90 * time.Minute) // the address's ban has lapsed, the key's not
	if _, banned := s.Banned("", "203.0.113.9"); banned {
		t.Error("a lapsed ban still holds")
	}
	if _, banned := s.Banned("SHA256:bo", ""); !banned {
		t.Error("a ban in force no longer holds")
	}
}
