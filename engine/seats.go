package engine

// Next is the seat that plays after seat in the view's direction of play,
// passing over seats out of the game: the rule the game itself follows
// (Game.next), read off what every player may see, so that bots and screens
// need not restate it. A view of no seat in play returns seat.
func (v View) Next(seat int) int {
	n := len(v.Seats)
	if n == 0 {
		return seat
	}
	dir := v.Direction
	if dir != -1 {
		dir = 1
	}
	for i := 0; i < n; i++ {
		seat = (seat + dir + n) % n
		if !v.Seats[seat].Out {
			return seat
		}
	}
	return seat
}
