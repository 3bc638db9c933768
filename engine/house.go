package engine

import "fmt"

// This file holds the house rules a table may add to its edition's rules
// (Settings.House): the ones players ask for most. Each is off unless the
// table turns it on, and each works under every edition and mode; docs/rules.md
// says how each one reads and where they meet the editions' own cards.

// Stacking says which draw cards may be played on a Draw Two or Wild Draw
// Four that has not been drawn yet, passing the penalty on, larger.
type Stacking uint8

// The stacking rules.
const (
	// StackOff: the rulebooks' rule, the next player draws at once.
	StackOff Stacking = iota
	// StackTwos: a Draw Two on a Draw Two.
	StackTwos
	// StackFours: a Wild Draw Four on a Wild Draw Four.
	StackFours
	// StackSame: a Draw Two on a Draw Two, a Wild Draw Four on a Wild Draw Four.
	StackSame
	// StackMixed: either on either (a Draw Two on a Wild Draw Four must match
	// the colour named).
	StackMixed
)

// Stackings lists every stacking rule, in the order a menu shows them.
var Stackings = []Stacking{StackOff, StackTwos, StackFours, StackSame, StackMixed}

var stackingNames = [...]string{"off", "draw-two", "draw-four", "same", "mixed"}
var stackingTitles = [...]string{"off", "+2 on +2", "+4 on +4", "+2 on +2, +4 on +4", "+2 and +4 mixed"}

func (s Stacking) String() string {
	if int(s) < len(stackingNames) {
		return stackingNames[s]
	}
	return fmt.Sprintf("stacking(%d)", s)
}

// Title is the rule as a player reads it.
func (s Stacking) Title() string {
	if int(s) < len(stackingTitles) {
		return stackingTitles[s]
	}
	return s.String()
}

// MarshalText encodes the rule by name.
func (s Stacking) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes a rule name.
func (s *Stacking) UnmarshalText(b []byte) error {
	return unmarshalEnum(b, stackingNames[:], (*uint8)(s), "stacking rule")
}

// twos reports whether a Draw Two's penalty waits to be stacked on.
func (s Stacking) twos() bool { return s == StackTwos || s == StackSame || s == StackMixed }

// fours reports whether a Wild Draw Four's penalty waits to be stacked on.
func (s Stacking) fours() bool { return s == StackFours || s == StackSame || s == StackMixed }

// onto reports whether card may be stacked on top, a draw card.
func (s Stacking) onto(card, top Card) bool {
	switch {
	case card.Kind != DrawTwo && card.Kind != WildDrawFour:
		return false
	case s == StackMixed:
		return true
	case card.Kind != top.Kind:
		return false
	case card.Kind == DrawTwo:
		return s.twos()
	}
	return s.fours()
}

// HouseRules are the house rules a table plays with. The zero value is the
// rules as printed.
type HouseRules struct {
	Stacking Stacking `json:"stacking,omitempty"`
	// SevenO: a 7 swaps hands with a player of its player's choice; a 0 passes
	// every hand on to the next player in the direction of play.
	SevenO bool `json:"seven_o,omitempty"`
	// JumpIn: a player holding a card identical to the top card (colour and
	// number or symbol) may play it out of turn; play goes on from them.
	JumpIn bool `json:"jump_in,omitempty"`
	// DrawToMatch: a player who draws keeps drawing until they draw a card
	// they can play.
	DrawToMatch bool `json:"draw_to_match,omitempty"`
	// ForcePlay: a playable card just drawn must be played.
	ForcePlay bool `json:"force_play,omitempty"`
	// NoBluff: a Wild Draw Four is refused while its player holds a card of
	// the colour in play; there is nothing to challenge.
	NoBluff bool `json:"no_bluff,omitempty"`
	// UNOPenalty is what a player caught without calling UNO draws; zero is
	// the edition's (four in Classic 2001, two in the others).
	UNOPenalty int `json:"uno_penalty,omitempty"`
	// AutoUNO calls UNO for every player as they play down to one card: no
	// one can be caught.
	AutoUNO bool `json:"auto_uno,omitempty"`
}

// MaxUNOPenalty bounds HouseRules.UNOPenalty.
const MaxUNOPenalty = 10

func (h HouseRules) validate() error {
	switch {
	case int(h.Stacking) >= len(stackingNames):
		return fmt.Errorf("%w: unknown stacking rule", ErrBadSettings)
	case h.UNOPenalty < 0 || h.UNOPenalty > MaxUNOPenalty:
		return fmt.Errorf("%w: the UNO penalty must be between 1 and %d cards", ErrBadSettings, MaxUNOPenalty)
	}
	return nil
}

// Preset is a named set of house rules.
type Preset uint8

// The presets. Custom is any other set.
const (
	PresetClassic Preset = iota // as printed: no house rule
	PresetParty                 // stacking, jump-in, draw until you can play
	PresetChaos                 // every house rule at once
	PresetCustom
)

// Presets lists every preset, in the order a menu shows them.
var Presets = []Preset{PresetClassic, PresetParty, PresetChaos, PresetCustom}

var presetNames = [...]string{"classic", "party", "chaos", "custom"}
var presetTitles = [...]string{"Classic (as printed)", "Party", "Chaos", "Custom"}

func (p Preset) String() string {
	if int(p) < len(presetNames) {
		return presetNames[p]
	}
	return fmt.Sprintf("preset(%d)", p)
}

// Title is the preset's name as a player reads it.
func (p Preset) Title() string {
	if int(p) < len(presetTitles) {
		return presetTitles[p]
	}
	return p.String()
}

// Rules are the preset's house rules (Custom: none, to start from).
func (p Preset) Rules() HouseRules {
	switch p {
	case PresetParty:
		return HouseRules{Stacking: StackSame, JumpIn: true, DrawToMatch: true}
	case PresetChaos:
		return HouseRules{Stacking: StackMixed, SevenO: true, JumpIn: true, DrawToMatch: true,
			ForcePlay: true, NoBluff: true, UNOPenalty: 4}
	}
	return HouseRules{}
}

// Preset is the preset these rules are, or PresetCustom.
func (h HouseRules) Preset() Preset {
	for _, p := range Presets[:PresetCustom] {
		if p.Rules() == h {
			return p
		}
	}
	return PresetCustom
}

// Describe lists the rules that are on, each as a player reads it ("" for
// none): for a table's header and help.
func (h HouseRules) Describe() []string {
	var on []string
	if h.Stacking != StackOff {
		on = append(on, "stacking "+h.Stacking.Title())
	}
	if h.SevenO {
		on = append(on, "7-0")
	}
	if h.JumpIn {
		on = append(on, "jump-in")
	}
	if h.DrawToMatch {
		on = append(on, "draw until you can play")
	}
	if h.ForcePlay {
		on = append(on, "forced play")
	}
	if h.NoBluff {
		on = append(on, "no bluffing")
	}
	if h.UNOPenalty > 0 {
		on = append(on, fmt.Sprintf("UNO penalty %d", h.UNOPenalty))
	}
	if h.AutoUNO {
		on = append(on, "automatic UNO")
	}
	return on
}

// The house rules' own refusals.
var (
	ErrMustStack     = ruleError("a draw penalty is on you: stack a draw card on it, or draw the cards")
	ErrBluff         = ruleError("no bluffing at this table: a Wild Draw Four only when you hold no card of the colour in play")
	ErrMustPlayDrawn = ruleError("at this table a playable card you draw must be played")
	ErrUNOAutomatic  = ruleError("UNO is called for you at this table")
)

// unoPenalty is what a player caught without calling UNO draws.
func (g *Game) unoPenalty() int {
	if n := g.settings.House.UNOPenalty; n > 0 {
		return n
	}
	return g.settings.Edition.unoPenalty()
}

// unoChoice reports whether a play leaving left cards may be made both with
// and without calling UNO (with automatic UNO it is called for the player).
func (g *Game) unoChoice(left int) bool { return left == 1 && !g.settings.House.AutoUNO }

// sevenO reports whether card is a 7 or a 0 under the 7-0 rule.
func (g *Game) sevenO(card Card) bool {
	return g.settings.House.SevenO && card.Kind == Number && (card.Value == 7 || card.Value == 0)
}

// takesTarget reports whether playing card names another player.
func (g *Game) takesTarget(card Card) bool { return g.settings.TakesTarget(card) }

// TakesTarget reports whether playing card under these rules names another
// player (Action.Target): a swap Blank, or a 7 under the 7-0 rule.
func (s Settings) TakesTarget(card Card) bool {
	return card.Kind == Blank && s.Blanks == BlankSwapHands ||
		s.House.SevenO && card.Kind == Number && card.Value == 7
}

// handsMove reports whether playing card moves hands between players (so its
// player is not left open to an UNO catch: the hand they hold is another's).
func (g *Game) handsMove(card Card) bool {
	return card.Kind == Blank && g.settings.Blanks != BlankDiscardColor || g.sevenO(card)
}

// checkHouse applies the house rules to a play that otherwise matches.
func (g *Game) checkHouse(a *Action) error {
	h := &g.settings.House
	if g.pending > 0 && !h.Stacking.onto(a.Card, g.top()) {
		return ErrMustStack
	}
	if h.NoBluff && a.Card.Kind == WildDrawFour && g.holdsColor(a.Seat, g.color) {
		return ErrBluff
	}
	if h.AutoUNO && a.UNO {
		return ErrUNOAutomatic
	}
	return nil
}

// holdsColor reports whether seat holds a coloured card of color.
func (g *Game) holdsColor(seat int, color Color) bool {
	for _, c := range g.hands[seat] {
		if c.Color == color && !c.Kind.IsWild() {
			return true
		}
	}
	return false
}

// canJumpIn reports whether seat, whose turn it is not, may jump in with card.
func (g *Game) canJumpIn(seat int, card Card) bool {
	return g.settings.House.JumpIn && seat != g.current && (g.phase == PhaseTurn || g.phase == PhaseDrawn) &&
		!card.Kind.IsWild() && card == g.top()
}

// appendJumpIn appends seat's jump-in plays, if it holds the top card's twin.
func (g *Game) appendJumpIn(dst []Action, seat int) []Action {
	top := g.top()
	if !g.canJumpIn(seat, top) || !holds(g.hands[seat], top) {
		return dst
	}
	return g.appendCard(dst, seat, top)
}

// appendCard appends every legal play of the coloured card c by seat: at
// each other player for a 7 under 7-0, else once (twice with the UNO choice).
func (g *Game) appendCard(dst []Action, seat int, c Card) []Action {
	if !g.takesTarget(c) {
		return g.appendPlay(dst, seat, c)
	}
	for t := range g.hands {
		a := Action{Kind: Play, Seat: seat, Card: c, Target: t}
		if g.checkPlay(&a) != nil {
			continue
		}
		if g.unoChoice(g.leftAfter(g.hands[seat], &a)) {
			a.UNO = true
			dst = append(dst, a)
			a.UNO = false
		}
		dst = append(dst, a)
	}
	return dst
}

// appendHouseTurn appends the plays of seat's turn when a house rule shapes
// them: a penalty to stack on, or a 7 that names a player. Each distinct card
// goes through the full check.
func (g *Game) appendHouseTurn(dst []Action, seat int) []Action {
	hand := g.hands[seat]
	for i, c := range hand {
		if holds(hand[:i], c) {
			continue
		}
		if c.Kind.IsWild() {
			dst = g.appendWildPlays(dst, seat, c)
		} else if g.phase != PhaseDrawn || c == g.drawn {
			dst = g.appendCard(dst, seat, c)
		}
	}
	return dst
}

// houseTurn reports whether the plays of a turn need appendHouseTurn.
func (g *Game) houseTurn() bool { return g.pending > 0 || g.settings.House.SevenO }

// drawTwo carries out a Draw Two played (not as the last card).
func (g *Game) drawTwo(seat int) {
	if g.settings.House.Stacking.twos() {
		g.pending += 2
		g.advance(false) // the next player stacks, or draws them all
		return
	}
	g.drawCards(g.next(seat, g.dir), 2, DrawPenalty)
	g.advance(true)
}

// wildDrawFour carries out a Wild Draw Four played (not as the last card).
func (g *Game) wildDrawFour(seat int) {
	h := &g.settings.House
	if h.Stacking.fours() {
		g.pending += 4
	}
	if h.NoBluff {
		// Nothing to challenge: the card was surely played fairly.
		if g.pending > 0 {
			g.advance(false)
			return
		}
		g.drawCards(g.next(seat, g.dir), 4, DrawPenalty)
		g.advance(true)
		return
	}
	g.current = g.next(seat, g.dir)
	g.phase = PhaseChallenge
	g.event(EvTurn, g.current)
}

// fourPenalty is what the player who must draw a Wild Draw Four draws: four,
// or the whole stack; the stack is then settled.
func (g *Game) fourPenalty() int {
	n := max(4, g.pending)
	g.pending = 0
	return n
}

// takePending makes seat draw the stacked penalty and lose the turn.
func (g *Game) takePending(seat int) {
	n := g.pending
	g.pending = 0
	g.stuck = 0
	g.drawCards(seat, n, DrawPenalty)
	g.loseTurn()
}

// canPlayDrawn reports whether seat may play card, just drawn.
func (g *Game) canPlayDrawn(seat int, card Card) bool {
	if !card.Matches(g.top(), g.color) {
		return false
	}
	return !(g.settings.House.NoBluff && card.Kind == WildDrawFour && g.holdsColor(seat, g.color))
}

// sevenOEffect carries out a 7 or a 0 under the 7-0 rule.
func (g *Game) sevenOEffect(a *Action) {
	if !g.sevenO(a.Card) {
		return
	}
	if a.Card.Value == 7 {
		g.swapHands(a.Seat, a.Target)
		return
	}
	g.passHands(a.Seat)
}

// auditHouse checks the house rules' bookkeeping.
func (g *Game) auditHouse() error {
	top := g.top()
	switch {
	case g.pending < 0:
		return fmt.Errorf("audit: a penalty of %d", g.pending)
	case g.pending > 0 && top.Kind != DrawTwo && top.Kind != WildDrawFour:
		return fmt.Errorf("audit: a penalty of %d waits on %s", g.pending, top)
	case g.pending > 0 && g.phase != PhaseTurn && g.phase != PhaseChallenge:
		return fmt.Errorf("audit: a penalty of %d waits in phase %s", g.pending, g.phase)
	}
	return nil
}
