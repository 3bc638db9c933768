package engine

import "math/rand/v2"

// rng is the game's only source of chance: a PCG generator seeded from the
// game's seed. Shuffles are written out here (not rand.Shuffle) so that a
// journaled game replays identically whatever the Go release.
type rng struct{ pcg rand.PCG }

func (r *rng) seed(seed uint64) { r.pcg.Seed(seed, seed^0x9e3779b97f4a7c15) }

// intn returns a number in [0, n) for 0 < n < 2^32, by Lemire's multiply-shift.
func (r *rng) intn(n int) int {
	return int((r.pcg.Uint64() >> 32 * uint64(n)) >> 32)
}

// shuffle is a Fisher–Yates shuffle of cards, from the end down: the same
// swaps as shuffleTop over the whole slice.
func (r *rng) shuffle(cards []Card) {
	i := len(cards) - 1
	for ; i >= 2; i -= 2 {
		x := r.pcg.Uint64()
		j := int(x >> 32 * uint64(i+1) >> 32)
		cards[i], cards[j] = cards[j], cards[i]
		j = int(uint64(uint32(x)) * uint64(i) >> 32)
		cards[i-1], cards[j] = cards[j], cards[i-1]
	}
	if i == 1 {
		j := int(r.pcg.Uint64() >> 32 * 2 >> 32)
		cards[1], cards[j] = cards[j], cards[1]
	}
}

// shuffleTop shuffles only the top k cards (the end of the slice) into place:
// exactly the cards a whole shuffle would put there. Each 64-bit draw of the
// generator serves two swaps, a 32-bit half each.
func (r *rng) shuffleTop(cards []Card, k int) {
	var x uint64
	for n, i := 0, len(cards)-1; i > 0 && i >= len(cards)-k; n, i = n+1, i-1 {
		if n&1 == 0 {
			x = r.pcg.Uint64()
		} else {
			x <<= 32
		}
		j := int((x >> 32 * uint64(i+1)) >> 32)
		cards[i], cards[j] = cards[j], cards[i]
	}
}
