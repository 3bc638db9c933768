package tui

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
)

// The link code goes from the profile page once another key has used it
// (the lobby counts the keys added, with a notice), and the page reads the
// profile again: it counts the keys.
func TestLinkCodeGoesOnceUsed(t *testing.T) {
	m, r := newRecordsModel(recordsScreen(), 80, 24)
	pressAll(m, []string{"p", "a"})
	require.Contains(t, m.View(), "link 7Q4K-M2XD")

	p := r.profiles[""]
	p.Account.Keys = append(p.Account.Keys, "SHA256:c")
	r.profiles[""] = p
	s := m.scr
	s.KeysAdded++
	s.Notice = lobby.Notice{Seq: s.Notice.Seq + 1, Text: lobby.KeyAddedText}
	run(m, m.setScreen(s))
	view := m.View()
	require.NotContains(t, view, "7Q4K-M2XD")
	require.NotContains(t, view, "To add a key")
	require.Contains(t, view, "a key was added to your account")
	require.Equal(t, []string{"SHA256:a", "SHA256:b", "SHA256:c"}, m.prof.Profile().Account.Keys, "the profile is read again")
	require.False(t, m.showsClock())
}

// A code shown past its time says it expired and how to get another; the
// page ticks only while the code works.
func TestLinkCodeExpires(t *testing.T) {
	m, _ := newRecordsModel(recordsScreen(), 80, 24)
	now := fixedNow
	m.now = func() time.Time { return now }
	pressAll(m, []string{"p", "a"})
	require.Contains(t, m.View(), "link 7Q4K-M2XD")
	require.True(t, m.showsClock(), "the page ticks to see the code expire")

	now = fixedNow.Add(lobby.LinkCodeTTL)
	view := m.View()
	require.NotContains(t, view, "7Q4K-M2XD")
	require.Contains(t, view, "The code expired: press a for a new one.")
	require.False(t, m.showsClock())

	now = fixedNow // (the fake's codes expire from fixedNow)
	pressAll(m, []string{"a"})
	require.Contains(t, m.View(), "link 7Q4K-M2XD")
}
