package lobby

import "fmt"

// This file carries a new nickname to the tables. A table keeps each
// seat's name (seat.nick) for its views, its log and the lobby's list, so
// a player who renames tells the table they sit at or watch, and the one
// keeping their seat while they are away: a command on its queue, taken in
// turn like any other, so the seat shows the new name at once and no
// other goroutine touches the table. A tournament passes it to the table
// where the player sits this round, or renames their place in its room.

// renameCmd tells a table that the player of session c is now called nick.
// It has no answer: the name shows on everyone's next screen.
type renameCmd struct {
	c    *Client
	nick string
}

func (renameCmd) tableCmd() {}

// tellRename tells the tables that hold a seat of this session's player
// that they are now called nick.
func (c *Client) tellRename(nick string) {
	at := c.table()
	qs := []*tableQueue{at}
	if !c.guest {
		if held := c.hub.heldQueue(c.key); held != nil && held != at {
			qs = append(qs, held)
		}
	}
	for _, q := range qs {
		if q == nil {
			continue
		}
		select {
		case q.cmds <- renameCmd{c: c, nick: nick}:
		case <-q.done:
		case <-c.hub.ctx.Done():
		}
	}
}

// onRename gives the seat of the player of cmd.c its new name, and says so
// in the table's log. A spectator has no seat, and no name kept here.
func (t *table) onRename(cmd renameCmd) {
	i := t.seatOf(cmd.c)
	if i < 0 && !cmd.c.guest {
		i = t.seatOfKey(cmd.c.key) // away, their seat kept for them
	}
	if i >= 0 {
		t.renameSeat(t.seats[i], cmd.nick)
	}
}

// renameSeat gives a person's seat a new name.
func (t *table) renameSeat(s *seat, nick string) {
	if nick == "" || s.nick == nick || !s.human() {
		return
	}
	t.note(fmt.Sprintf("%s is now called %s", s.nick, nick))
	s.nick = nick
	t.dirty, t.listDirty = true, true
}

// onRename renames a player's place in the room while the tournament
// waits; once it plays, the table where they sit this round takes it.
func (tr *tournament) onRename(cmd renameCmd) {
	if tr.status != Waiting {
		tr.forward(cmd, cmd.c.key)
		return
	}
	for _, s := range tr.places {
		if s != nil && s.client == cmd.c && s.nick != cmd.nick {
			s.nick = cmd.nick
			tr.dirty, tr.listDirty = true, true
		}
	}
}
