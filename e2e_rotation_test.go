package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/unossh/unossh/ssh/sshtest"
)

// TestModeRotatingPartners: rotating partners, chosen in the create form,
// with ana, bo and two bots. The first four hands seat partners across as
// in Partners (ana with the bot bix); the schedule of the twelve hands is
// beside the players. ana goes out; her partnership's points are kept under
// "ana+bix", on every screen, between hands.
func TestModeRotatingPartners(t *testing.T) {
	t.Parallel()
	st := edStack(t, 3, [][]string{
		outHand,
		{"B1", "B2", "B3", "G1", "G2", "G3", "Y1"}, // ada: 13 points
		{"Y3", "Y4", "Y5", "Y6", "G7", "G8", "G9"}, // bix, ana's partner: 42
		{"B4", "B5", "B6", "G4", "G5", "G6", "Y2"}, // bo: 32
	}, "R9")
	cfg := edLobby(t, st)
	cfg.NextHand = 5 * time.Second
	e := edOpen(t, cfg, edSpec{edition: "Classic 2001", mode: "rotating partners", bots: "2",
		blanks: "discard all of its colour"}, "ana", "bo")
	ana, bo := e.c["ana"], e.c["bo"]
	ana.WaitFor(t, "team A with bix", wait)
	bo.WaitFor(t, "team B with ada", wait)
	for _, c := range []*sshtest.Client{ana, bo} {
		c.WaitFor(t, "rotating partners · hand 1 of 12", wait)
		for _, row := range []string{`▶ 1-4\s+ana\+bix\s+0 · ada\+bo\s+0`, `5-8\s+ana\+ada\s+0 · bix\+bo\s+0`, `9-12\s+ana\+bo\s+0 · ada\+bix\s+0`} {
			assert.Regexp(t, row, c.Screen())
		}
	}
	e.goOut()
	e.all(func(v string, c *sshtest.Client) {
		c.WaitFor(t, "HAND 1 OVER", wait)
		c.WaitFor(t, "ana & bix went out. ana & bix scored 45 points.", wait)
		c.WaitFor(t, "next: hand 2 of 12", wait)
		s := c.Screen()
		for _, row := range []string{`★ ana \(A\)\s+0\s+45`, `★ bix \(A\)\s+42\s+45`, `bo \(B\)\s+32\s+0`, `1-4\s+ana\+bix\s+45 · ada\+bo\s+0`} {
			assert.Regexp(t, row, s, v)
		}
	})
}
