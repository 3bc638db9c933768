package bot

import "github.com/unossh/unossh/engine"

// This file is what the hard bot learns of each player's Wild Draw Fours
// from the challenges it sees settled: the imagined hands treat a player's
// cards as dealt at random, so they guess a Wild Draw Four guilty as often
// as a random hand would hold the colour, which overrates the guilt of a
// player who plays it honestly and underrates one who bluffs.

const (
	// foursPrior is the share of Wild Draw Fours the bot expects to be
	// guilty before it has seen any of a player's challenged.
	foursPrior = 0.3
	// foursWeight is how many settled challenges the prior is worth: a
	// few verdicts move the estimate, one does not decide it.
	foursWeight = 2.0
	// challengeAt is the chance of guilt above which a challenge pays
	// (a wrong challenge costs two cards more, a right one saves four and
	// gives four), with room for the imagined hands' error.
	challengeAt = 0.3
)

// fours tallies, for each seat of the game, the challenges of its Wild Draw
// Fours seen settled and how many found it guilty. It lasts the whole game:
// a player's habits do not change with the deal.
type fours struct {
	seen, guilty [engine.MaxPlayers]int
}

// observe records a settled challenge.
func (f *fours) observe(e engine.Event) {
	if e.Kind != engine.EvChallenge || e.Target < 0 || e.Target >= engine.MaxPlayers {
		return
	}
	f.seen[e.Target]++
	if e.Guilty {
		f.guilty[e.Target]++
	}
}

// guilt is the chance that seat's Wild Draw Four is guilty, given the share
// of imagined hands that hold the colour: that share scaled by how guilty
// the player has been found against what the prior expects, the estimate
// drawn towards the prior while few challenges are seen.
func (f *fours) guilt(seat int, imagined float64) float64 {
	if seat < 0 || seat >= engine.MaxPlayers {
		return imagined
	}
	rate := (float64(f.guilty[seat]) + foursWeight*foursPrior) / (float64(f.seen[seat]) + foursWeight)
	return min(imagined*rate/foursPrior, 1)
}
