package botapi

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/lobby/bot"
)

// handle does what one line from the bot asks; a bad line gets its error.
func (b *botSession) handle(ctx context.Context, l line) error {
	in, err := b.decode(l)
	if errors.Is(err, errSkip) {
		return nil
	}
	if err != nil {
		return err
	}
	var refused error
	switch in.Type {
	case TypeMove:
		return b.move(in)
	case TypeSeek:
		refused = b.seek(in)
	case TypeJoin:
		refused = b.c.Join(in.Code)
	case TypeChat:
		refused = b.send(lobby.Intent{Kind: lobby.Chat, Text: in.Text})
	case TypeLeave:
		refused = b.c.Leave()
	case TypeChallenges:
		if in.Accept == nil {
			return b.fail(`challenges needs "accept": true or false`, 0)
		}
		b.c.SetInvitations(*in.Accept) // challenges.go
	case TypeRegister:
		refused = fmt.Errorf("this bot is registered already, as %s", b.c.Screen().Nick)
	case "":
		return b.fail(`a line needs a "type"`, 0)
	default:
		return b.fail(fmt.Sprintf("unknown type %q: a bot sends seek, join, move, chat, leave or challenges", in.Type), 0)
	}
	if refused != nil {
		var wait time.Duration
		var limit *lobby.LadderLimitError
		switch {
		case errors.Is(refused, lobby.ErrBusy):
			wait = time.Second
		case errors.As(refused, &limit):
			wait = limit.Wait
		}
		return b.fail(refused.Error(), wait)
	}
	return b.show() // what the call changed is on the screen already
}

// send queues an intent at the bot's table.
func (b *botSession) send(in lobby.Intent) error { return b.c.Send(in) }

// move makes the move with that id in the last turn.
func (b *botSession) move(in inbound) error {
	if in.ID == nil {
		return b.fail(`a move needs the "id" of a move offered in the last turn`, 0)
	}
	a, ok := b.screen.offered(*in.ID)
	if !ok {
		if !b.screen.open() {
			return b.fail("no move is offered now: wait for your turn", 0)
		}
		return b.fail(fmt.Sprintf("move %d is not offered: the last turn offered ids 0 to %d", *in.ID, len(b.screen.legal)-1), 0)
	}
	b.screen.spend()
	if err := b.send(lobby.Intent{Kind: lobby.Move, Action: a}); err != nil {
		var wait time.Duration
		if errors.Is(err, lobby.ErrBusy) {
			wait = time.Second
		}
		return b.fail(err.Error(), wait)
	}
	return nil
}

// seek opens a private table for the bot with built-in bots in the other
// seats, and starts its game (or seats it for a ladder game).
func (b *botSession) seek(in inbound) error {
	if t := b.c.Screen().Table; t != nil && t.Status == lobby.Finished {
		// The last game is over: a seek is for the next, wherever it is.
		if err := b.c.Leave(); err != nil {
			return err
		}
	}
	s := engine.Settings{Players: 2}
	if in.Players != 0 {
		s.Players = in.Players
	}
	if in.Edition != "" {
		if err := s.Edition.UnmarshalText([]byte(in.Edition)); err != nil {
			return err
		}
	}
	if in.Mode != "" {
		if err := s.Mode.UnmarshalText([]byte(in.Mode)); err != nil {
			return err
		}
	}
	level := bot.Normal
	switch o := strings.ToLower(in.Opponents); o {
	case "":
	case "ladder":
		return b.c.SeekLadder() // two seats, classic, one hand: the ladder's own rules
	case "public":
		// A waiting public table of this edition and mode whose host
		// allows API bots; its seats are its own (players is not asked).
		return b.c.SeekPublic(s.Edition, s.Mode)
	default:
		l, err := bot.ParseLevel(o)
		if err != nil {
			return fmt.Errorf("opponents: %q is not a bot level (beginner, easy, normal, hard), ladder or public", in.Opponents)
		}
		level = l
	}
	if err := s.Validate(); err != nil {
		return err
	}
	if err := b.c.Create(lobby.TableOptions{Settings: s, Bots: s.Players - 1, BotLevel: &level, FastBots: true}); err != nil {
		return err
	}
	return b.send(lobby.Intent{Kind: lobby.Start})
}
