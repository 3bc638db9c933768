// Package speech is the game in words, for the screen-reader mode: what a
// player in linear mode hears. Its functions are pure: cards in words for
// every edition ("red 7", "wild draw four", "blue blank"), a line of the
// table's log as one plain sentence, the turn's choices numbered from the
// seat's legal moves, the hand, the pile and the scores, and the moments a
// countdown is said.
//
// It reads only the engine's view and the lobby's log lines, never the
// TUI's state, so the full-screen and the linear form of a page say the
// same game: a move the engine allows is a numbered choice here by
// construction (Choices is built from View.Legal), not by a list kept in
// step by hand.
package speech
