package lobby

import (
	"strings"

	"github.com/unossh/unossh/store"
)

// This file is who a finished game's seat is credited to (docs/rules.md,
// "Records and ratings"). A hand belongs to whoever holds the seat when it
// is scored: a person (seated, away, or idle with a bot playing for them)
// or a bot. The seat's result goes to the person who played at least half
// of the game's hands (of two who played half each, the later); if nobody
// did, to the person who sat there when the game began (leaving does not
// take a game off one's record); else it is the bot's. A person who left
// before the end is credited with the result only if it is not a win, and
// so is one a bot played for at the end: a win is the player's only when
// they played its last cards.

// seatTally is who played one seat of a game.
type seatTally struct {
	people []holder // the people who held the seat, in the order they sat
	// botNick and botLevel are the table's bot that held it, for a seat
	// left to the bots (a stand-in, named after the person it plays for,
	// only when there was none).
	botNick, botLevel string
}

// holder is one person who held a seat, and the hands scored while they did.
type holder struct {
	key, nick string
	hands     int
	first     bool // held the seat when the game began
}

// sat notes who holds the seat at the start of the tally.
func (st *seatTally) sat(s *seat) {
	switch {
	case s.human():
		st.person(s).first = true
	case s.bot:
		st.bot(s)
	}
}

// scored gives a hand just scored to whoever holds the seat (a bot's hands
// are nobody's).
func (st *seatTally) scored(s *seat) {
	switch {
	case s.human():
		st.person(s).hands++
	case s.bot:
		st.bot(s)
	}
}

// bot notes the bot that holds the seat.
func (st *seatTally) bot(s *seat) {
	if s.standFor == "" || st.botNick == "" {
		st.botNick, st.botLevel = s.nick, s.level().String()
	}
}

// person is the holder s is, added if new (one who comes back to the seat
// adds to their own count).
func (st *seatTally) person(s *seat) *holder {
	for i := range st.people {
		if st.people[i].key == s.key {
			st.people[i].nick = s.nick
			return &st.people[i]
		}
	}
	st.people = append(st.people, holder{key: s.key, nick: s.nick})
	return &st.people[len(st.people)-1]
}

// credited is the person the seat's result goes to, of a game of hands
// hands: one who played at least half of them, the later of two; else the
// one who sat there at the start; false when there is none (the bot's).
func (st *seatTally) credited(hands int) (holder, bool) {
	var who holder
	found := false
	for _, p := range st.people {
		if 2*p.hands >= hands && (!found || p.hands >= who.hands) {
			who, found = p, true
		}
	}
	if !found && len(st.people) > 0 && st.people[0].first {
		return st.people[0], true
	}
	return who, found
}

// creditSeat fills in who played seat i of the finished game: its kind and
// name, and the key the recorder resolves to an account ("" for none).
func (t *table) creditSeat(i int, rec *store.GameSeat) string {
	s := t.seats[i]
	st := &t.tally.seats[i]
	who, ok := st.credited(len(t.tally.hands))
	switch {
	case !ok:
		rec.Kind, rec.BotLevel = store.SeatBot, st.botLevel
		if st.botNick != "" {
			rec.Name = st.botNick
		}
		if rec.BotLevel == "" {
			rec.BotLevel = t.addLevel().String()
		}
		return ""
	case strings.HasPrefix(who.key, "guest:"):
		rec.Kind, rec.Name = store.SeatGuest, who.nick
		return ""
	case rec.Place == 1 && (s.key != who.key || s.away || s.auto):
		// Gone or away at the end, someone else played the winning cards:
		// the win is not the player's. The seat counts as a nameless human.
		rec.Kind, rec.Name = store.SeatGuest, who.nick+" (away)"
		return ""
	default:
		// Present, or gone or away and beaten: their own result.
		rec.Kind, rec.Name = store.SeatAccount, who.nick
		rec.Left = t.ladderLeft[who.key] // counted on the ladder when they left (ladderwait.go)
		return who.key
	}
}
