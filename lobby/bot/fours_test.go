package bot

import (
	"testing"

	"github.com/unossh/unossh/engine"
)

// twins is a first-legal seat that, at each Wild Draw Four played on it,
// asks two hard bots what they would do: one that has seen the hand as the
// seat saw it, and one fed the same events plus verdicts on its opponent's
// earlier Wild Draw Fours. Both draw the same imagined hands (their dice are
// seeded alike and rolled alike), so they differ only by what they were told.
type twins struct {
	firstLegal
	fresh, told *Bot
	differ      [2]int // the fresh bot challenged and the told one not; the other way
}

func (t *twins) Observe(events []engine.Event) { t.fresh.Observe(events); t.told.Observe(events) }

func (t *twins) Choose(v engine.View) (engine.Action, bool) {
	if v.Phase == engine.PhaseChallenge {
		a, _ := t.fresh.Choose(v)
		b, _ := t.told.Choose(v)
		ca, cb := a.Kind == engine.ChallengeDrawFour, b.Kind == engine.ChallengeDrawFour
		switch {
		case ca && !cb:
			t.differ[0]++
		case cb && !ca:
			t.differ[1]++
		}
	}
	return t.firstLegal.Choose(v)
}

// TestHardChallengeLearnsFromVerdicts: the hard bot that has seen a
// player's Wild Draw Fours found innocent time after time challenges that
// player less than a bot that has seen nothing, and never where the
// uninformed bot would not; seen found guilty, it challenges more, and
// never less.
func TestHardChallengeLearnsFromVerdicts(t *testing.T) {
	for _, tc := range []struct {
		name   string
		guilty bool
	}{{"innocent", false}, {"guilty", true}} {
		t.Run(tc.name, func(t *testing.T) {
			var differ [2]int
			for seed := range uint64(300) {
				told := New(Hard, seed)
				for range 10 {
					told.Observe([]engine.Event{{Kind: engine.EvChallenge, Seat: 0, Target: 1, Guilty: tc.guilty}})
				}
				tw := &twins{fresh: New(Hard, seed), told: told}
				playHand(engine.Settings{Edition: engine.Classic2001}, seed, []player{tw, firstLegal{}})
				differ[0] += tw.differ[0]
				differ[1] += tw.differ[1]
			}
			fewer, more := differ[0], differ[1] // challenges the told bot left out, and added
			if tc.guilty {
				fewer, more = more, fewer
			}
			if more != 0 || fewer == 0 {
				t.Fatalf("told the player was %s 10 times, the bot differed from an uninformed one %d times the expected way, %d the other way",
					tc.name, fewer, more)
			}
		})
	}
}
