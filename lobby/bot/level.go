package bot

import "fmt"

// Level is how well a bot plays.
type Level uint8

// The levels, weakest first. Each beats the one below it (docs/benchmarks.md).
const (
	// Beginner plays any legal card, forgets to call UNO now and then,
	// never catches anyone and seldom spots a jump-in.
	Beginner Level = iota
	// Easy keeps its wild cards for when nothing else plays, names the
	// colour it holds most of, and sometimes forgets UNO.
	Easy
	// Normal plays sensibly: it keeps the colour, sheds high cards, turns
	// action cards on a player close to going out, and always calls UNO.
	Normal
	// Hard thinks ahead: it searches over the hands others could hold
	// given what it has seen, challenges a Wild Draw Four when the odds
	// say the player was bluffing, and jumps in when it helps.
	Hard
)

// Levels lists every level, in the order a menu shows them.
var Levels = []Level{Beginner, Easy, Normal, Hard}

var levelNames = [...]string{"beginner", "easy", "normal", "hard"}

func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("level(%d)", l)
}

// ParseLevel reads a level's name.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if n == s {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("unknown bot level %q: choose beginner, easy, normal or hard", s)
}

// MarshalText encodes the level by name.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText decodes a level's name.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err == nil {
		*l = v
	}
	return err
}

// catchRate is how often the level notices a missed UNO call.
func (l Level) catchRate() float64 {
	return [...]float64{0, 0.3, 0.6, 0.9}[min(int(l), 3)]
}

// forgetRate is how often the level forgets to call UNO.
func (l Level) forgetRate() float64 {
	return [...]float64{0.3, 0.1, 0, 0}[min(int(l), 3)]
}
