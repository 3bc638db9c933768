package engine

// RuleError is a move the rules do not allow. Its message is written for the
// player who tried it. The sentinels below are the only values; compare them
// with errors.Is, or use errors.As to tell a rule from any other failure.
type RuleError struct{ msg string }

func (e *RuleError) Error() string { return e.msg }

func ruleError(msg string) *RuleError { return &RuleError{msg: msg} }

// The rule errors. They are preallocated so that checking a move never
// allocates: bots and Legal check thousands of candidate moves.
var (
	ErrBadSettings       = ruleError("these table settings cannot be played")
	ErrGameOver          = ruleError("the game is over")
	ErrHandOver          = ruleError("the hand is over; wait for the next deal")
	ErrNotDealt          = ruleError("the cards have not been dealt yet")
	ErrNotYourTurn       = ruleError("it is not your turn")
	ErrNotAPlayer        = ruleError("you are not playing in this game")
	ErrEliminated        = ruleError("you have been eliminated and are watching")
	ErrNotNow            = ruleError("that cannot be done right now")
	ErrUnknownAction     = ruleError("that is not a move in this game")
	ErrNoSuchCard        = ruleError("you do not hold that card")
	ErrNoMatch           = ruleError("that card does not match the colour, number or symbol in play")
	ErrOnlyDrawnCard     = ruleError("after drawing you may play only the card you drew, or keep it")
	ErrChooseColor       = ruleError("choose one of this edition's colours for the wild card")
	ErrColorNotWanted    = ruleError("only a wild card takes a colour")
	ErrChooseTarget      = ruleError("choose another player for this card")
	ErrTargetNotWanted   = ruleError("this card does not take a player")
	ErrUNONotNow         = ruleError("UNO is called with your next-to-last card")
	ErrUNOTooLate        = ruleError("too late: in this edition UNO must be called as you play your next-to-last card")
	ErrNothingToCatch    = ruleError("that player is not open to a catch")
	ErrCatchYourself     = ruleError("call UNO to catch yourself")
	ErrNotInRace         = ruleError("you are not in this race")
	ErrAlreadyDropped    = ruleError("you have already dropped your cards")
	ErrNotRaider         = ruleError("only the player of the Army of Grayskull raids")
	ErrNotActionCard     = ruleError("only an action card (Skip, Reverse, Draw Two) may be taken")
	ErrAlreadyRaided     = ruleError("you have already taken a card from that player")
	ErrNothingToTake     = ruleError("that player holds no action card to take")
	ErrNoCardToGive      = ruleError("give a card of your own for the one you take")
	ErrSystemOnly        = ruleError("only the table can do that")
	ErrNoActionForSeat   = ruleError("nothing to do for that seat now")
	ErrSeatOutOfRange    = ruleError("there is no such seat")
	ErrChallengeNotYours = ruleError("only the player who must draw may challenge")
	ErrAlreadyDrew       = ruleError("you have drawn: play the card you drew, or keep it")
	ErrNothingToKeep     = ruleError("there is no drawn card to keep: play a card or draw")
	ErrExtraDetail       = ruleError("that move does not take all the details given with it")
)
