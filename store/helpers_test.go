package store

import (
	"context"
	"fmt"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"
)

// clock is a fake clock the tests move by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC)} } // a Wednesday

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// quiet is a logger for tests that provoke failures on purpose.
var quiet = log.New(io.Discard)

// openTest opens a store in a fresh directory with a fake clock, closed
// when the test ends.
func openTest(t testing.TB, o Options) (*DB, *clock) {
	t.Helper()
	c := newClock()
	if o.Dir == "" {
		o.Dir = t.TempDir()
	}
	if o.Now == nil {
		o.Now = c.Now
	}
	if o.Logger == nil {
		o.Logger = quiet
	}
	db, err := Open(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, c
}

var ctx = context.Background()

// must fails the test on an error and returns the value.
func must[T any](t testing.TB) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// undoSteps is how to take each SQLite step back out, newest first when
// run: a step's entry undoes what its file in migrations/ does. A new step
// adds its line here, and every upgrade test keeps working.
var undoSteps = map[int][]string{
	13: {`UPDATE ladder SET mu = 17, sigma = 1 WHERE player = 'bot:beginner'`,
		`UPDATE ladder SET mu = 21, sigma = 1 WHERE player = 'bot:easy'`,
		`UPDATE ladder SET mu = 25, sigma = 1 WHERE player = 'bot:normal'`,
		`UPDATE ladder SET mu = 29, sigma = 1 WHERE player = 'bot:hard'`},
	12: {`ALTER TABLE accounts DROP COLUMN screen_reader`},
	11: {`DROP INDEX ladder_games_player`, `DROP TABLE ladder_games`, `DROP TABLE ladder`},
	10: {`ALTER TABLE accounts DROP COLUMN bot`},
	9:  {`ALTER TABLE live_tournaments DROP COLUMN owner`, `ALTER TABLE live_tournaments DROP COLUMN fence`},
	8:  {`DROP TABLE bans`, `DROP TABLE mutes`, `ALTER TABLE accounts DROP COLUMN ignores`, `DROP TABLE reports`},
	7:  {`ALTER TABLE accounts DROP COLUMN no_invitations`},
	6:  {`ALTER TABLE live_tables DROP COLUMN owner`, `ALTER TABLE live_tables DROP COLUMN fence`},
	5:  {`ALTER TABLE accounts DROP COLUMN quick_play`},
	4:  {`DROP INDEX accounts_name_skeleton`, `ALTER TABLE accounts DROP COLUMN name_skeleton`},
	3: {`DROP TABLE tournament_places`, `DROP TABLE tournament_results`, `DROP INDEX games_tournament_round`,
		`ALTER TABLE games DROP COLUMN tournament`, `ALTER TABLE games DROP COLUMN round`},
	2: {`DROP TABLE live_tournaments`, `ALTER TABLE live_tables DROP COLUMN tournament`},
}

// backToSchema takes db's schema back to version v, as an older binary
// left it, then runs more (rows such a binary wrote).
func backToSchema(t *testing.T, db *DB, v int, more ...string) {
	t.Helper()
	newest := 0
	for step := range undoSteps {
		newest = max(newest, step)
	}
	var qs []string
	for step := newest; step > v; step-- {
		qs = append(qs, undoSteps[step]...)
	}
	qs = append(qs, fmt.Sprintf(`DELETE FROM schema_version WHERE version > %d`, v))
	for _, q := range append(qs, more...) {
		if _, err := db.write.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}
