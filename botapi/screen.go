package botapi

import (
	"reflect"
	"slices"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// reader turns the screens the lobby posts to the bot's session into
// messages, telling each change once: it remembers what it last told.
type reader struct {
	notice int // the Seq of the last notice told
	table  *tableMsg
	moves  int             // the table's Moves when the game was last told
	told   bool            // the game's view has been told at moves
	legal  []engine.Action // the moves of the last turn told, by id
	spent  bool            // a move of theirs has been sent
	log    []lobby.LogLine
	hand   *lobby.HandResult
	over   bool // the game's end has been told
}

// offered is the move with that id in the last turn told, if it is still
// on offer.
func (r *reader) offered(id int) (engine.Action, bool) {
	if r.spent || id < 0 || id >= len(r.legal) {
		return engine.Action{}, false
	}
	return r.legal[id], true
}

// spend takes the moves on offer back once one is sent: the table's answer
// brings the next turn (or, if it refuses the move, the same one again),
// and until then no move is offered.
func (r *reader) spend() { r.spent = true }

// open reports whether a move is on offer.
func (r *reader) open() bool { return !r.spent && len(r.legal) > 0 }

// read appends the messages the screen has news for.
func (r *reader) read(s lobby.Screen, now time.Time, out []any) []any {
	if s.Notice.Seq != r.notice {
		r.notice = s.Notice.Seq
		if s.Notice.Text != "" {
			if s.Notice.Error {
				out = append(out, errorMsg{Type: TypeError, Message: s.Notice.Text})
				r.told = r.told && !r.spent // a move refused: its turn is told again
			} else {
				out = append(out, noticeMsg{Type: TypeNotice, Text: s.Notice.Text})
			}
		}
	}
	t := s.Table
	if t == nil {
		if r.table != nil {
			*r = reader{notice: r.notice}
			out = append(out, lobbyMsg{Type: TypeLobby})
		}
		return out
	}
	if r.table != nil && r.table.ID != t.ID {
		*r = reader{notice: r.notice}
	}
	if tm := tableOf(t); r.table == nil || !reflect.DeepEqual(*r.table, tm) {
		r.table = &tm
		out = append(out, tm)
	}
	if lines := r.newLines(t.Log); len(lines) > 0 {
		out = append(out, eventsMsg{Type: TypeEvents, Lines: lines})
	}
	if t.LastHand != nil && (r.hand == nil || !reflect.DeepEqual(*r.hand, *t.LastHand)) {
		r.hand = t.LastHand
		h := t.LastHand
		out = append(out, handOverMsg{Type: TypeHandOver, Winner: h.Winner, Partner: h.Partner, Points: h.Points,
			Blocked: h.Blocked, Held: h.Held, Scores: h.Scores, GameOver: h.GameOver})
		if h.GameOver && !r.over {
			r.over = true
			out = append(out, gameOverMsg{Type: TypeGameOver, Winners: h.Winners, Scores: h.Scores, Names: h.Names, You: t.You})
		}
	}
	if t.Game == nil {
		return out
	}
	if r.told && t.Moves == r.moves && slices.Equal(t.Game.Legal, r.legal) {
		return out
	}
	r.told, r.moves = true, t.Moves
	return append(out, r.stateOf(t, now))
}

// stateOf is the seat's view as a state, or as a turn when the seat may move.
func (r *reader) stateOf(t *lobby.TableView, now time.Time) stateMsg {
	v := *t.Game
	r.legal, r.spent = slices.Clone(v.Legal), false
	v.Legal = nil
	m := stateMsg{Type: TypeState, Moves: t.Moves, Game: v}
	for _, s := range t.Seats {
		m.Names = append(m.Names, s.Nick)
	}
	if len(r.legal) == 0 {
		return m
	}
	m.Type = TypeTurn
	for i, a := range r.legal {
		m.Legal = append(m.Legal, legalOf(i, a, v.Settings))
	}
	if !t.TurnEnds.IsZero() && v.Current == t.You {
		ms := max(t.TurnEnds.Sub(now).Milliseconds(), 0)
		m.DeadlineMS = &ms
	}
	return m
}

// legalOf is a move offered, as the bot reads it.
func legalOf(id int, a engine.Action, s engine.Settings) legalMove {
	m := legalMove{ID: id, Kind: a.Kind, Card: a.Card, Color: a.Color, UNO: a.UNO, Give: a.Give}
	if a.Kind == engine.Catch || a.Kind == engine.Exchange || a.Kind == engine.Play && s.TakesTarget(a.Card) {
		target := a.Target
		m.Target = &target
	}
	return m
}

// tableOf is the table as the bot's table message tells it.
func tableOf(t *lobby.TableView) tableMsg {
	m := tableMsg{Type: TypeTable, ID: t.ID, Name: t.Name, Code: t.Code, Public: t.Public, Status: t.Status.String(),
		Seat: t.You, Host: t.Host, Settings: t.Settings}
	for i, s := range t.Seats {
		m.Seats = append(m.Seats, seatMsg{Seat: i, Name: s.Nick, Bot: s.Bot || s.Program, Host: s.Host, Connected: s.Connected})
	}
	return m
}

// newLines are the log's lines the bot has not been told: the log is the
// table's latest lines, so the told ones are found as the longest end of
// the last log that starts the new one.
func (r *reader) newLines(log []lobby.LogLine) []eventLine {
	k := min(len(r.log), len(log))
	for ; k > 0; k-- {
		if slices.Equal(r.log[len(r.log)-k:], log[:k]) {
			break
		}
	}
	var lines []eventLine
	for _, l := range log[k:] {
		lines = append(lines, eventLine{Text: l.Text, Chat: l.Chat, Name: l.Nick})
	}
	r.log = log
	return lines
}
