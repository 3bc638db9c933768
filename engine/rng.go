package engine

import "math/rand/v2"

// rng is the game's only source of chance: a PCG generator seeded from the
// game's seed. Shuffles are written out here (not rand.Shuffle) so that a
// journaled game replays identically whatever the Go release.
type rng struct{ pcg rand.PCG }

func newRNG(seed uint64) *rng {
	r := &rng{}
	r.pcg.Seed(seed, seed^0x9e3779b97f4a7c15)
	return r
}

// intn returns a number in [0, n) for 0 < n < 2^32, by Lemire's multiply-shift.
func (r *rng) intn(n int) int {
	return int((r.pcg.Uint64() >> 32 * uint64(n)) >> 32)
}

// shuffle is a Fisher–Yates shuffle of cards.
func (r *rng) shuffle(cards []Card) {
	for i := len(cards) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}
