package lobby

import (
	"errors"
	"fmt"

	"github.com/unossh/unossh/engine"
)

// This file is what players ask of their table: moves, chat, and the host's
// say over seats and rules before the game.

var (
	errNotHost    = errors.New("only the host can do that")
	errNotWaiting = errors.New("that can only be done before the game starts")
	errWatching   = errors.New("you are watching this table; spectators cannot play")
	errNoGame     = errors.New("the game has not started yet")
	errChatRate   = errors.New("you are chatting too fast; wait a moment")
	errChatEmpty  = errors.New("nothing to say: the line was empty after removing control characters")
)

func (t *table) onIntent(c *Client, in Intent) error {
	i := t.seatOf(c)
	if in.Kind == Leave {
		if i >= 0 {
			t.ladderLeaving(c, t.seats[i]) // (ladderwait.go)
		}
		if t.stepAway(c) { // a running game keeps the seat for them (held.go)
			return nil
		}
		t.leave(c, "")
		return nil
	}
	if t.held() {
		return errPaused // nothing could be shown until it is saved (pause.go)
	}
	if in.Kind == Chat {
		return t.onChat(c, in.Text)
	}
	if i < 0 {
		if t.watchers[c] {
			return errWatching
		}
		return ErrNoSuchTable
	}
	s := t.seats[i]
	if s.auto && in.Kind != Chat {
		s.auto, s.timeouts = false, 0
		t.note(fmt.Sprintf("%s is back at the keyboard", s.nick))
		t.dirty = true
		t.reschedule()
	}
	switch in.Kind {
	case Move:
		if t.game == nil || t.status != Playing {
			return errNoGame
		}
		a := in.Action
		a.Seat = i
		if err := t.apply(a); err != nil {
			return err
		}
		s.timeouts = 0
		return nil
	case Wake:
		s.timeouts = 0
		return nil
	}
	return t.onHostIntent(c, i, in)
}

func (t *table) onHostIntent(c *Client, i int, in Intent) error {
	if !t.seats[i].host {
		return errNotHost
	}
	if t.opts.Ladder {
		return errLadderAlike // (ladderwait.go)
	}
	switch in.Kind {
	case Start:
		if t.status != Waiting {
			return errNotWaiting
		}
		// A public table fills its free seats with bots as it starts; a
		// private one plays with whoever sits at it.
		if !t.opts.Public && t.taken() < engine.MinPlayers {
			return errors.New("a game needs at least two players: add a bot or wait for a friend")
		}
		t.start()
	case AddBot:
		if t.status != Waiting {
			return errNotWaiting
		}
		if !t.addBot() {
			return ErrTableFull
		}
		t.note("a bot sat down")
	case RemoveBot, Kick:
		return t.onRemove(c, in)
	case Configure:
		if t.status != Waiting {
			return errNotWaiting
		}
		err := t.configure(in.Settings)
		t.editDone()
		return err
	case EditRules, EditDone:
		return t.onEditing(in.Kind == EditRules)
	case BotLevel, BotPace:
		return t.onBotSetting(in)
	case APIBotsSetting:
		return t.onAPIBotsSetting(in.Allow)
	case Rematch:
		if t.status != Finished {
			return errors.New("the game is not over yet")
		}
		t.rematch()
	default:
		return errors.New("that is not something a table can do")
	}
	t.dirty, t.listDirty = true, true
	return nil
}

func (t *table) onRemove(c *Client, in Intent) error {
	if in.Seat < 0 || in.Seat >= len(t.seats) || t.seats[in.Seat].empty() {
		return errors.New("nobody sits there")
	}
	s := t.seats[in.Seat]
	switch {
	case s.client == c:
		return errors.New("to leave your own table, press l")
	case in.Kind == RemoveBot && !s.bot:
		return errors.New("that seat is a player, not a bot")
	case s.bot:
		if t.status != Waiting {
			return errNotWaiting
		}
		t.seats[in.Seat] = &seat{}
		t.note(fmt.Sprintf("%s (bot) left", s.nick))
	case s.client != nil:
		t.leave(s.client, "the host removed you from the table")
	default:
		t.free(in.Seat)
	}
	t.dirty, t.listDirty = true, true
	return nil
}

func (t *table) configure(s engine.Settings) error {
	if err := s.Validate(); err != nil {
		return err
	}
	if s.Players < t.taken() {
		return fmt.Errorf("%d seats are taken: remove someone first", t.taken())
	}
	seated := t.seats[:0:0]
	for _, st := range t.seats {
		if !st.empty() {
			seated = append(seated, st)
		}
	}
	for len(seated) < s.Players {
		seated = append(seated, &seat{})
	}
	t.seats = seated
	t.opts.Settings = s
	t.note("the host changed the rules: " + s.Edition.Title() + ", " + s.Mode.Title())
	return nil
}

// rematch sets a finished table up again with the same people.
func (t *table) rematch() {
	kept := t.seats[:0:0]
	for _, s := range t.seats {
		if s.bot || s.client != nil {
			s.auto, s.timeouts = false, 0
			kept = append(kept, s)
		}
	}
	for len(kept) < t.opts.Settings.Players {
		kept = append(kept, &seat{})
	}
	t.seats = kept
	t.status, t.game, t.lastHand = Waiting, nil, nil
	t.editing = false
	t.clearTimers()
	if t.opts.Public {
		t.startsAt = t.clock.Now().Add(t.cfg.StartCountdown)
	}
	t.note("a new game is being set up")
}

func (t *table) onChat(c *Client, text string) error {
	nick := c.nick()
	text = Sanitize(text, MaxChat)
	if text == "" {
		return errChatEmpty
	}
	if ok, err := t.chatCommand(c, text); ok { // moderation_players.go
		return err
	}
	if t.chatOff {
		return errChatOff
	}
	if err := t.hub.mutedErr(c); err != nil { // moderation_mutes.go
		return err
	}
	l := t.chat[c.key]
	if l == nil {
		l = &chatLimiter{}
		t.chat[c.key] = l
	}
	if !l.allow(t.clock.Now()) {
		return errChatRate
	}
	if t.watchers[c] {
		nick += " (watching)"
	}
	t.addLog(logEntry{chat: true, nick: nick, text: text, from: c.speaker()})
	t.dirty = true
	return nil
}
