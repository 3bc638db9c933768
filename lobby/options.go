package lobby

import (
	"runtime"
	"time"

	"github.com/charmbracelet/log"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby/bot"
	"github.com/unossh/unossh/store"
)

// TableOptions are what a player chooses when creating a table.
type TableOptions struct {
	// Name is shown in the lobby; a default is made from the host's nickname.
	Name   string
	Public bool
	// Settings are the rules; Settings.Players is the number of seats.
	Settings engine.Settings
	// Bots is the number of seats to fill with bots at once.
	Bots int
	// BotLevel is the level of the bots seated at creation, added by the
	// host and filling a public table's free seats; nil is bot.Normal.
	BotLevel *bot.Level
	// FastBots makes the bots move quickly, without a person's pauses.
	FastBots bool
	// TurnTime is the turn timer: 10 s to 120 s; zero means the default, and
	// a private table may turn it off with NoTurnTimer.
	TurnTime time.Duration
	// Ladder makes the table a game of the bot ladder (ladder.go): it starts
	// once its seats are taken, and its game is rated on the ladder.
	Ladder bool
	// APIBots lets bots of the bot API sit at a public table (apibots.go);
	// off, the table refuses them.
	APIBots bool
}

// NoTurnTimer turns the turn timer off (private tables only).
const NoTurnTimer = time.Duration(-1)

// Config holds the lobby's timings, limits and clock. Zero fields take the
// defaults, which are what players meet.
type Config struct {
	// StartCountdown is how long a waiting public table with a human waits
	// for more players before bots fill its free seats and it starts.
	StartCountdown time.Duration
	// BotDelay is a bot's pause before it moves (a little is added at random).
	BotDelay time.Duration
	// NextHand is the pause between hands, with the scores on screen.
	NextHand time.Duration
	// TurnTime is the default turn timer.
	TurnTime time.Duration
	// RaceTime is how long the Kevin's Chili race stays open.
	RaceTime time.Duration
	// RaidTime is how long the Army of Grayskull raider has.
	RaidTime time.Duration
	// RevealStep is the pace at which a Mutated Minion's draw is shown, one
	// card a step; the table holds the next decision until it is shown.
	RevealStep time.Duration
	// Grace is how long a disconnected player's seat is kept for them.
	Grace time.Duration
	// Seed gives each new table its game seed; crypto/rand by default. It
	// is called from the hub's and the tables' goroutines at once, so it
	// must be safe for concurrent use.
	Seed func() uint64
	// QuickPlaySeats is the size of a table quick play opens.
	QuickPlaySeats int
	// Clock is the lobby's time (RealClock by default); tests pass a fake
	// one and move it themselves.
	Clock Clock
	// NewGame makes each table's game. It is a test-only hook (tests stack
	// the deck with it); left nil, as in production, games are engine.New,
	// shuffled from the seed.
	NewGame func(s engine.Settings, seed uint64) (*engine.Game, error)
	// IdleMoves is how many of an idle player's moves a bot makes (after
	// three of their turns timed out in a row) before they are stood up;
	// 0 is the default, 3; negative: never stood up.
	IdleMoves int
	// ListEvery merges bursts of changes to the public list and the online
	// count: they go out to the lobbies at most once per ListEvery. Zero
	// sends each change at once (tests on a fake clock that nobody moves).
	ListEvery time.Duration
	// AccountsPerAddr is how many accounts may be made from one address in
	// any AccountsEvery (newaccounts.go): 0 is the default, 10 an hour;
	// negative: no limit.
	AccountsPerAddr int
	AccountsEvery   time.Duration
	// LadderPerDay is how many ladder games a bot may play in a day (UTC,
	// ladder.go): 0 is the default, LadderGamesPerDay; negative: no limit.
	LadderPerDay int
	// LadderWait is how long a player waits alone for a ladder partner
	// before playing the nearest built-in level instead (ladderwait.go);
	// 0 is DefaultLadderWait.
	LadderWait time.Duration
	// Cluster makes this hub one node of several (cluster.go): nil on a
	// lone node, where every table is this hub's.
	Cluster Cluster
	// Store keeps accounts, finished games, ratings and the journal of
	// live tables. Nil keeps nothing (tests that need no database).
	Store store.Store
	// Node names this server as the writer of its tables' journals
	// (store.ClaimTable); "local" if empty, as a single node needs no
	// other name.
	Node string
	// Logger gets the lobby's lines for operators (tables created,
	// started and finished; store writes that failed). Nil: no lines.
	Logger *log.Logger
	// BotThinkers is how many hard bots' searches may run at once on the
	// whole server (botthink.go): 0 is the default, half of GOMAXPROCS (at
	// least one); negative: none, and hard bots play every move as normal
	// bots do.
	BotThinkers int
	// BotShare bounds the searches' time too: together they may take this
	// many seconds of each second (cores' worth); 0 sets no bound over time.
	BotShare float64
	// People is the other nodes of the service (people.go): the number
	// online, nicknames, who is online, invitations and the per-address
	// counts are the whole service's. Nil on a lone node.
	People People
	// StartThought runs a hard bot's search away from its table. It is a
	// test-only hook (tests hold a search with it, or run it at once); left
	// nil, as in production, each search runs on a goroutine of its own.
	StartThought func(run func())
}

func (c Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&c.StartCountdown, 20*time.Second)
	def(&c.BotDelay, 900*time.Millisecond)
	def(&c.NextHand, 8*time.Second)
	def(&c.TurnTime, 30*time.Second)
	def(&c.RaceTime, 4*time.Second)
	def(&c.RaidTime, 30*time.Second)
	def(&c.RevealStep, 300*time.Millisecond)
	def(&c.Grace, 120*time.Second)
	if c.Seed == nil {
		c.Seed = cryptoSeed
	}
	if c.Node == "" {
		c.Node = "local"
	}
	if c.Clock == nil {
		c.Clock = RealClock{}
	}
	if c.NewGame == nil {
		c.NewGame = engine.New
	}
	if c.IdleMoves == 0 {
		c.IdleMoves = idleMoves
	}
	if c.AccountsPerAddr == 0 {
		c.AccountsPerAddr = DefaultAccountsPerAddr
	}
	def(&c.AccountsEvery, DefaultAccountsEvery)
	def(&c.LadderWait, DefaultLadderWait)
	if c.LadderPerDay == 0 {
		c.LadderPerDay = LadderGamesPerDay
	}
	if c.QuickPlaySeats == 0 {
		c.QuickPlaySeats = 4
	}
	if c.BotThinkers == 0 {
		c.BotThinkers = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if c.StartThought == nil {
		c.StartThought = func(run func()) { go run() }
	}
	return c
}
