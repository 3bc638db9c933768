package lobby

import (
	"sync"
	"time"

	"github.com/charmbracelet/log"
	"golang.org/x/time/rate"
)

// This file limits the accounts made from one address. Each new account
// plays rated games, and without a limit of its own one address could make
// one a second (as fast as the door lets it connect): enough to farm the
// leaderboard. Config.AccountsPerAddr accounts may be made from one address
// (IPv6: one /64, as for wrong codes) in any Config.AccountsEvery. Past
// that, a key with no account plays as a guest for the visit, under the
// name it chose: the name is not kept and no stats are, and the player is
// told when an account can be made again. The hub remembers the name for
// the key until the server stops, and the key's next session registers it
// once the address may (accounts.go). Guests never count, nor does a key
// added to an account with a link code: neither makes an account.
//
// The count is kept in memory, not in the store: keeping it across a
// restart would mean writing every player's address down with their
// account, which the server otherwise never keeps. A restart forgets it,
// which is worth one more burst to a farmer: the limit is there to make
// farming slow, and a restart is rare.

// Defaults of the limit: ten accounts an hour from one address. A household
// or a LAN party behind one address registers its players in one go; an
// eleventh plays as a guest until the first of them is an hour old.
// A farmer gets 240 accounts a day, not the 86,400 the connection rate
// allows.
const (
	DefaultAccountsPerAddr = 10
	DefaultAccountsEvery   = time.Hour
)

// AccountsLimitError is a key's first nickname not kept, because its
// address has made all the accounts it may for now; Next is when it may
// make one again (Now, when that was said). The player plays on as a guest.
type AccountsLimitError struct{ Next, Now time.Time }

func (e *AccountsLimitError) Error() string {
	return "no new account from your address until " + whenUTC(e.Next, e.Now) + ": you play as a guest"
}

// whenUTC words a time a player waits for: "21:40 UTC", with the day
// ("Jan 2 21:40 UTC") unless it is within a day of now.
func whenUTC(at, now time.Time) string {
	if at.Sub(now) < 24*time.Hour {
		return at.UTC().Format("15:04 UTC")
	}
	return at.UTC().Format("Jan 2 15:04 UTC")
}

// accountLimiter counts the accounts made from each address in the last
// window. It is safe for concurrent use: sessions call it on their own
// goroutines, where they make their accounts.
type accountLimiter struct {
	per     int // accounts per window; <= 0: no limit
	every   time.Duration
	log     *log.Logger
	logRate *rate.Limiter // refusal lines in the operator's log

	mu        sync.Mutex
	made      map[string][]time.Time // by address: when its accounts were made, oldest first
	lastSweep time.Time
}

func newAccountLimiter(per int, every time.Duration, logger *log.Logger) *accountLimiter {
	return &accountLimiter{per: per, every: every, log: logger, logRate: rate.NewLimiter(1, 10),
		made: map[string][]time.Time{}}
}

// next is when addr may make an account, zero if it may now.
func (l *accountLimiter) next(addr string, now time.Time) time.Time {
	if l.per <= 0 || addr == "" {
		return time.Time{}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.nextLocked(addr, now)
}

func (l *accountLimiter) nextLocked(addr string, now time.Time) time.Time {
	made := l.recentLocked(addr, now)
	if len(made) < l.per {
		return time.Time{}
	}
	return made[len(made)-l.per].Add(l.every)
}

// take counts an account made from addr at now, if it may be made: it
// returns zero, or when it may be made instead.
func (l *accountLimiter) take(addr string, now time.Time) time.Time {
	if l.per <= 0 || addr == "" {
		return time.Time{}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweepLocked(now)
	if next := l.nextLocked(addr, now); !next.IsZero() {
		if l.log != nil && l.logRate.AllowN(now, 1) {
			l.log.Warn("refused a new account", "reason", "too many new accounts from the address", "addr", addr,
				"next", next)
		}
		return next
	}
	l.made[addr] = append(l.recentLocked(addr, now), now)
	return time.Time{}
}

// add counts an account another node made from addr, heard at now.
func (l *accountLimiter) add(addr string, now time.Time) {
	if l.per <= 0 || addr == "" {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweepLocked(now)
	made := l.recentLocked(addr, now)
	i := len(made)
	for i > 0 && made[i-1].After(now) { // oldest first, whoever counted it
		i--
	}
	l.made[addr] = append(made[:i], append([]time.Time{now}, made[i:]...)...)
}

// giveBack uncounts the account take counted at at, which was not made
// after all (the name was taken meanwhile, or the database failed).
func (l *accountLimiter) giveBack(addr string, at time.Time) {
	if l.per <= 0 || addr == "" {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	made := l.made[addr]
	for i := len(made) - 1; i >= 0; i-- {
		if made[i].Equal(at) {
			l.made[addr] = append(made[:i], made[i+1:]...)
			break
		}
	}
	if len(l.made[addr]) == 0 {
		delete(l.made, addr)
	}
}

// recentLocked is addr's accounts made within the window before now (the
// older ones are dropped).
func (l *accountLimiter) recentLocked(addr string, now time.Time) []time.Time {
	made := l.made[addr]
	i := 0
	for i < len(made) && !now.Before(made[i].Add(l.every)) {
		i++
	}
	if i == len(made) {
		delete(l.made, addr)
		return nil
	}
	made = made[i:]
	l.made[addr] = made
	return made
}

// sweepLocked forgets the addresses whose accounts are all older than the
// window, at most once a window: the record holds only the addresses that
// made an account lately.
func (l *accountLimiter) sweepLocked(now time.Time) {
	if now.Sub(l.lastSweep) < l.every {
		return
	}
	l.lastSweep = now
	for addr := range l.made {
		l.recentLocked(addr, now)
	}
}

// size is the number of addresses counted, for tests.
func (l *accountLimiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.made)
}
