package table

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// Box is a moment that takes the whole attention, drawn over the table: a
// question for the player (a wild's colour, a swap's target, a challenge,
// the race, a raid, leaving) or news (a Minion's draw, the scores between
// hands, the result).
type Box uint8

// The boxes.

const (
	NoBox          Box = iota
	ColourBox          // the colour for the wild being played
	TargetBox          // the player a Blank's swap names
	FirstColourBox     // the colour of a wild turned up first
	ChallengeBox       // challenge the Wild Draw Four?
	RaceBox            // the Kevin's Chili race
	RaidBox            // the Army of Grayskull raid, for the raider
	ScoresBox          // the scores between hands
	FinalBox           // the result of the game
	LeaveBox           // leave during a game?
	RevealBox          // a Mutated Minion's draw, shown card by card
)

// tableState is what the player is doing at the table.
type tableState struct {
	hand   []engine.Card // sorted
	cursor int
	sel    engine.Card // the card under the cursor, followed across updates
	myTurn bool        // it was the player's turn at the last update
	turnAt turnMark    // which turn that was
	armed  bool        // UNO is called with the next play
	open   Box         // a box the player opened (colour, target, leave)
	wild   engine.Card // the wild being played
	color  int         // the colour under the cursor, in the edition's order
	target int         // the seat under the cursor for a Blank's swap
	chat   chatBox
	raid   raidState
	sentAt time.Time // when a move was sent that the table has not answered yet
	moves  int       // the table's move count when last seen (TableView.Moves)
	notice int       // the last notice seen
}

// raidState is the raider's choice: whose card to take, which, and what to give.
type raidState struct {
	seat  int // the seat raided
	take  int // index of the card taken, among that seat's action cards
	give  int // index in the raider's sorted hand
	step  int // 0: choosing the card to take, 1: the card to give
	begun bool
}

func newTableState() *tableState { return &tableState{chat: newChatBox()} }

// game is the viewer's view of the game, or nil.
func (tp *Page) game() *engine.View {
	if t := tp.scr.Table; t != nil {
		return t.Game
	}
	return nil
}

// seated reports whether the player has a seat in the game.
func (tp *Page) seated() bool {
	t := tp.scr.Table
	return t != nil && t.You >= 0 && t.Game != nil && t.Game.Seat >= 0
}

// turnMark tells one turn of a player's from their next: a turn that
// comes straight back (their own Skip, with two players) is a new turn,
// though no screen in between may have shown it pass, as a newer screen
// replaces one not yet drawn. A card played or (with draws) a card drawn
// since makes another mark; nothing else the turn's player sees changes
// them before they move.
type turnMark struct{ hand, discards, drawPile int }

func markTurn(v *engine.View, draws bool) turnMark {
	m := turnMark{hand: v.HandNo, discards: v.Discards}
	if draws {
		m.drawPile = v.DrawPile
	}
	return m
}

// sync follows a newer table: the hand is sorted again, the cursor stays on
// the same card, and overlays that no longer apply are closed.
func (ts *tableState) sync(t *lobby.TableView, notice int) {
	// The table answered: a move landed (the count grew) or was refused (a
	// notice came).
	if t.Moves != ts.moves || notice != ts.notice {
		ts.sentAt = time.Time{}
		ts.moves, ts.notice = t.Moves, notice
	}
	v := t.Game
	if v == nil {
		ts.hand, ts.open, ts.armed = nil, NoBox, false
		return
	}
	ts.hand = ui.SortHand(v.Hand, v.Settings.Edition)
	switch {
	case v.Phase == engine.PhaseDrawn && v.HasDrawn:
		ts.cursor = ts.find(v.Drawn, ts.cursor)
	case ts.sel != (engine.Card{}):
		ts.cursor = ts.find(ts.sel, ts.cursor)
	}
	ts.cursor = min(max(ts.cursor, 0), max(len(ts.hand)-1, 0))
	// When the turn comes round, meet the player at a card they can play:
	// the cursor moves to the first playable card if it rests on one that
	// is not. Within the turn it stays where the player puts it.
	mine := v.Seat >= 0 && v.Current == v.Seat && v.Phase == engine.PhaseTurn && t.Reveal == nil
	at := markTurn(v, true)
	if mine && (!ts.myTurn || at != ts.turnAt) && len(ts.hand) > 0 && !v.Playable(ts.hand[ts.cursor]) {
		for i, c := range ts.hand {
			if v.Playable(c) {
				ts.cursor = i
				break
			}
		}
	}
	ts.myTurn, ts.turnAt = mine, at
	if len(ts.hand) > 0 {
		ts.sel = ts.hand[ts.cursor]
	}
	if ts.armed && !canArm(v) {
		ts.armed = false
	}
	switch ts.open {
	case ColourBox, TargetBox:
		if !v.Playable(ts.wild) {
			ts.open = NoBox
		}
	case LeaveBox:
		if v.Phase == engine.PhaseGameOver {
			ts.open = NoBox
		}
	}
	if v.Phase != engine.PhaseRaid {
		ts.raid = raidState{}
	}
}

// find is the index of card in the hand nearest to near, or near if it is gone.
func (ts *tableState) find(c engine.Card, near int) int {
	best := -1
	for i, h := range ts.hand {
		if h == c && (best < 0 || abs(i-near) < abs(best-near)) {
			best = i
		}
	}
	if best < 0 {
		return near
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// canArm reports whether UNO may be armed: the player holds two cards, or
// some play of theirs would leave them one.
func canArm(v *engine.View) bool {
	if len(v.Hand) == 2 {
		return true
	}
	for _, a := range v.Legal {
		if a.Kind == engine.Play && a.UNO {
			return true
		}
	}
	return false
}

// box is the box on screen: one the player opened, or one the game's
// state calls for.
func (tp *Page) box() Box {
	v := tp.game()
	if v == nil {
		return NoBox
	}
	t := tp.scr.Table
	if tp.tbl.open == LeaveBox {
		return LeaveBox
	}
	switch {
	case t.Reveal != nil:
		return RevealBox
	case v.Phase == engine.PhaseGameOver || t.Status == lobby.Finished:
		return FinalBox
	case v.Phase == engine.PhaseDeal && t.LastHand != nil:
		return ScoresBox
	case v.Phase == engine.PhaseFirstColor && v.Can(engine.ChooseColor):
		return FirstColourBox
	case v.Phase == engine.PhaseChallenge && v.Can(engine.ChallengeDrawFour) &&
		!(v.Pending > 0 && (tp.tbl.open == ColourBox || tp.tbl.open == TargetBox)): // stacking a wild on it
		return ChallengeBox
	case v.Phase == engine.PhaseRace && v.Can(engine.Drop):
		return RaceBox
	case v.Phase == engine.PhaseRaid && v.Hands != nil && v.Can(engine.EndRaid):
		return RaidBox
	}
	return tp.tbl.open
}

// moveWait is how long a move holds back the next one if the table does
// not answer.
const moveWait = 2 * time.Second

// move sends a move to the table. Until the table answers (a newer screen
// arrives), further moves are held back: a double press must not play two
// cards, or draw twice.
func (tp *Page) move(a engine.Action) tea.Cmd {
	if !tp.tbl.sentAt.IsZero() && tp.c.Now().Sub(tp.tbl.sentAt) < moveWait {
		return nil
	}
	tp.tbl.sentAt = tp.c.Now()
	tp.c.Send(lobby.Intent{Kind: lobby.Move, Action: a})
	return nil
}

// legal finds the legal move that matches want (Kind, Card, Color, Target, UNO).
func legal(v *engine.View, want engine.Action) (engine.Action, bool) {
	for _, a := range v.Legal {
		if a.Kind == want.Kind && a.Card == want.Card && a.Color == want.Color && a.Target == want.Target &&
			a.UNO == want.UNO && a.Give == want.Give {
			return a, true
		}
	}
	return engine.Action{}, false
}

func (tp *Page) tableKey(k tea.KeyMsg) tea.Cmd {
	if tp.tbl.chat.open {
		return tp.chatKey(k)
	}
	if !tp.seated() {
		return tp.spectatorKey(k)
	}
	switch tp.box() {
	case LeaveBox:
		return tp.leaveKey(k)
	case FinalBox:
		return tp.finalKey(k)
	case ColourBox, FirstColourBox:
		return tp.colorKey(k)
	case TargetBox:
		return tp.targetKey(k)
	case ChallengeBox:
		return tp.challengeKey(k)
	case RaceBox:
		return tp.raceKey(k)
	case RaidBox:
		return tp.raidKey(k)
	case RevealBox:
		return tp.revealKey(k)
	}
	return tp.playKey(k)
}

// commonKey handles the keys that work under any overlay: chat, help, leave.
func (tp *Page) commonKey(k tea.KeyMsg) (tea.Cmd, bool) {
	switch {
	case ui.Is(k, tableKeys.Chat):
		tp.tbl.chat.open = true
	case ui.Is(k, tableKeys.Help):
		tp.c.Go(ui.Help, "")
	case ui.Is(k, tableKeys.Leave):
		return tp.leave(), true
	default:
		return nil, false
	}
	return nil, true
}

// leave leaves the table, asking first when a game is under way.
func (tp *Page) leave() tea.Cmd {
	v := tp.game()
	if tp.seated() && v != nil && v.Phase != engine.PhaseGameOver && tp.scr.Table.Status == lobby.Playing {
		tp.tbl.open = LeaveBox
		return nil
	}
	return tp.leaveTable()
}

func (tp *Page) spectatorKey(k tea.KeyMsg) tea.Cmd {
	if cmd, ok := tp.commonKey(k); ok {
		return cmd
	}
	if ui.Is(k, tableKeys.Back) {
		return tp.leaveTable()
	}
	if cmd, ok := tp.spectatorSit(k); ok { // a bot's seat to take (spectator.go)
		return cmd
	}
	tp.c.Say("you are watching: t chat · q back to the lobby", false)
	return nil
}

func (tp *Page) leaveKey(k tea.KeyMsg) tea.Cmd {
	switch {
	case ui.Is(k, tableKeys.LeaveYes):
		tp.tbl.open = NoBox
		return tp.leaveTable()
	case ui.Is(k, tableKeys.LeaveNo):
		tp.tbl.open = NoBox
	default:
		tp.c.Say("y leaves the game, n stays", false)
	}
	return nil
}

func (tp *Page) finalKey(k tea.KeyMsg) tea.Cmd {
	switch {
	case ui.Is(k, tableKeys.Rematch):
		if tp.hostOnly("start a rematch") {
			tp.c.Send(lobby.Intent{Kind: lobby.Rematch})
			return nil
		}
	case ui.Is(k, tableKeys.ToLobby):
		return tp.leaveTable()
	case ui.Is(k, tableKeys.Chat):
		tp.tbl.chat.open = true
	case ui.Is(k, tableKeys.Help):
		tp.c.Go(ui.Help, "")
	default:
		if tp.scr.Table.Host {
			tp.c.Say("r plays again with the same seats · enter goes back to the lobby", false)
		} else {
			tp.c.Say("the host may start a rematch · enter goes back to the lobby", false)
		}
	}
	return nil
}
