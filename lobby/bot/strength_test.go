package bot

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/unossh/unossh/engine"
)

// TestStrength is the strength benchmark (docs/benchmarks.md): it runs only
// when UNOSSH_BOT_STRENGTH=1, with UNOSSH_BOT_HANDS hands per line (10,000
// unless set; UNOSSH_BOT_HARD_HANDS for the hard bot's lines), on
// UNOSSH_BOT_WORKERS goroutines (1 unless set), only the lines of the levels
// UNOSSH_BOT_LEVELS lists (all unless set), and prints the table of win
// rates with 95% intervals (Wilson).
//
//	UNOSSH_BOT_STRENGTH=1 go test -run TestStrength -timeout 0 -v ./lobby/bot
func TestStrength(t *testing.T) {
	if os.Getenv("UNOSSH_BOT_STRENGTH") != "1" {
		t.Skip("the strength benchmark runs with UNOSSH_BOT_STRENGTH=1")
	}
	hands := 10000
	if n, err := strconv.Atoi(os.Getenv("UNOSSH_BOT_HANDS")); err == nil && n > 0 {
		hands = n
	}
	hardHands := hands // the hard bot thinks for milliseconds a move: its lines may be shorter
	if n, err := strconv.Atoi(os.Getenv("UNOSSH_BOT_HARD_HANDS")); err == nil && n > 0 {
		hardHands = n
	}
	workers := 1
	if n, err := strconv.Atoi(os.Getenv("UNOSSH_BOT_WORKERS")); err == nil && n > 0 {
		workers = n
	}
	only := os.Getenv("UNOSSH_BOT_LEVELS") // e.g. "easy,normal": only those levels' lines
	var lines []line
	for _, e := range []engine.Edition{engine.Classic2001, engine.Minions2016} {
		for _, n := range []int{2, 4} {
			for _, l := range Levels {
				lines = append(lines, line{edition: e, players: n, level: l})
			}
			for _, l := range Levels {
				lines = append(lines, line{edition: e, players: n, level: l, against: "honest first-legal",
					versus: func(uint64) player { return honestFirstLegal{} }})
			}
			for _, l := range Levels[1:] {
				below := l - 1
				lines = append(lines, line{edition: e, players: n, level: l,
					versus: func(seed uint64) player { return New(below, seed) }})
			}
		}
	}
	players := os.Getenv("UNOSSH_BOT_PLAYERS") // e.g. "4": only the lines of that many players
	vsFirst := os.Getenv("UNOSSH_BOT_VERSUS") == "first-legal"
	vsBelow := os.Getenv("UNOSSH_BOT_VERSUS") == "below"   // only the lines against the level below
	vsHonest := os.Getenv("UNOSSH_BOT_VERSUS") == "honest" // only the lines against honest first-legal
	edition := os.Getenv("UNOSSH_BOT_EDITION")             // e.g. "minions": only that edition's lines
	kept := lines[:0]
	for _, l := range lines {
		if only != "" && !strings.Contains(","+only+",", ","+l.level.String()+",") ||
			players != "" && players != strconv.Itoa(l.players) || vsFirst && l.versus != nil || vsBelow && (l.versus == nil || l.against != "") ||
			vsHonest && l.against == "" ||
			edition != "" && !strings.Contains(strings.ToLower(l.edition.Title()), strings.ToLower(edition)) {
			continue
		}
		kept = append(kept, l)
	}
	lines = kept
	results := make([]string, len(lines))
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Go(func() {
			for i := range next {
				l := lines[i]
				n := hands
				if l.level == Hard {
					n = hardHands
				}
				won := l.wins(n, uint64(i+1)<<32)
				lo, hi := wilson(won, n)
				against := "first-legal"
				if l.against != "" {
					against = l.against
				} else if l.versus != nil {
					against = (l.level - 1).String()
				}
				results[i] = fmt.Sprintf("| %s | %d | %s | %s | %d | %.1f%% [%.1f, %.1f] |", l.edition.Title(), l.players,
					l.level, against, n, 100*float64(won)/float64(n), 100*lo, 100*hi)
				t.Log(results[i])
			}
		})
	}
	for i := range lines {
		next <- i
	}
	close(next)
	wg.Wait()
	fmt.Printf("| edition | players | level | against | hands | win rate [95%%] |\n|---|---|---|---|---|---|\n")
	for _, r := range results {
		fmt.Println(r)
	}
}
