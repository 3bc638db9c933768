package cluster

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"sync"
	"time"

	"github.com/charmbracelet/log"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
)

// People is the people half of one lobby across nodes: what a player and an
// attacker see of the whole service from any node. It answers the lobby's
// seam (lobby.People) and the door's (ssh.Shared):
//
//   - the number online, each node's count, summed;
//   - nicknames unique across the service (people_nicks.go);
//   - who is online and invitations by nickname (people_who.go);
//   - the per-address limits counted across nodes (people_limits.go);
//   - one key signed in on two nodes: the newer session takes over
//     (people_signin.go).
//
// Nothing a login or a connection does waits on NATS: each node keeps its
// own counts exactly and tells the others what changed in a beat a few
// times a second (people_beat.go); each adds what it last heard from the
// others. A node whose beats stop (it died, or NATS is away) stops
// counting within DeadAfter. docs/cluster-people.md says what crosses NATS
// and the slack of each limit.
type People struct {
	conn *Conn
	nc   *nats.Conn
	node string
	boot string // this run of the node: a node that restarts is a new peer
	o    PeopleOptions
	log  *log.Logger

	hooks   sync.Mutex
	lobby   PeopleLobby         // set once by AttachLobby
	door    Door                // set once by AttachDoor
	admin   func([]byte) []byte // set once by AttachAdmin (people_admin.go)
	subs    []*nats.Subscription
	stop    chan struct{}
	stopped sync.Once
	wg      sync.WaitGroup

	mu sync.Mutex // the counts (people_limits.go) and the peers (people_beat.go)
	st shared

	nicks nickClaims // people_nicks.go
}

// PeopleLobby is what the other nodes ask of this node's lobby: *lobby.Hub.
type PeopleLobby interface {
	OthersChanged()
	LocalWho() ([]lobby.OnlinePlayer, error)
	TakeInvitation(nick string, inv lobby.RemoteInvitation) error
	OthersMissed(identity, addr string)
	OthersMadeAccount(addr string)
	SignedInElsewhere(key, session string) (table string, settle func())
	TakeSeatBack(session, table string)
}

// Door is what the other nodes ask of this node's door: *ssh.Server.
type Door interface {
	OthersConnected(ip string, n int)
}

var (
	_ lobby.People = (*People)(nil)
	_ ssh.Shared   = (*People)(nil)
	_ PeopleLobby  = (*lobby.Hub)(nil)
	_ Door         = (*ssh.Server)(nil)
)

// PeopleOptions tune People; zero fields take the defaults, which are
// what the service runs with. Tests shorten them.
type PeopleOptions struct {
	// Every is how often a node tells the others what changed here: the
	// slack of every shared count is about one of these.
	Every time.Duration
	// DeadAfter is how long a node unheard of is still counted.
	DeadAfter time.Duration
	// NickTTL is how long a nickname claim outlives a node that stopped
	// renewing it (it died): the name is free again after it.
	NickTTL time.Duration
	// Wait bounds one request to NATS made for a player.
	Wait time.Duration
}

// Defaults of PeopleOptions.
const (
	DefaultPeopleEvery = 250 * time.Millisecond
	DefaultDeadAfter   = 3 * time.Second
	DefaultNickTTL     = 30 * time.Second
	defaultPeopleWait  = 2 * time.Second
)

func (o PeopleOptions) withDefaults() PeopleOptions {
	if o.Every <= 0 {
		o.Every = DefaultPeopleEvery
	}
	if o.DeadAfter <= 0 {
		o.DeadAfter = DefaultDeadAfter
	}
	if o.NickTTL <= 0 {
		o.NickTTL = DefaultNickTTL
	}
	if o.Wait <= 0 {
		o.Wait = defaultPeopleWait
	}
	return o
}

// The subjects and the bucket of the people half.
const (
	subjBeat    = "unossh.people.beat"
	subjWho     = "unossh.people.who"
	subjInvite  = "unossh.people.invite." // + the node's token
	nicksBucket = "people_nicks"
)

// token is s as one subject token or key: any node name or nickname key,
// made of the characters NATS allows there.
func token(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

// NewPeople joins the people half of the service over c. Attach the lobby
// and the door once they are made; until then what the others ask of them
// goes unanswered.
func NewPeople(ctx context.Context, c *Conn, o PeopleOptions) (*People, error) {
	o = o.withDefaults()
	var b [6]byte
	_, _ = rand.Read(b[:])
	p := &People{conn: c, nc: c.NC, node: c.Node, boot: base64.RawURLEncoding.EncodeToString(b[:]), o: o,
		log: c.Logger(), stop: make(chan struct{})}
	p.st.init()
	p.st.hello = true // a node that starts asks every other for what it has
	p.nicks.init(p)
	if err := p.nicks.ensureBucket(ctx); err != nil {
		return nil, err
	}
	for subj, h := range map[string]nats.MsgHandler{
		subjBeat:                     p.onBeat,
		subjWho:                      p.onWho,
		subjInvite + token(p.node):   p.onInvite,
		subjSignIn:                   p.onSignIn,
		subjTookOver + token(p.node): p.onTookOver,
	} {
		sub, err := p.nc.Subscribe(subj, h)
		if err != nil {
			p.unsubscribe()
			return nil, err
		}
		p.subs = append(p.subs, sub)
	}
	p.wg.Add(2)
	go p.beatLoop()
	go p.nicks.loop()
	return p, nil
}

// AttachLobby gives the other nodes this node's lobby.
func (p *People) AttachLobby(l PeopleLobby) {
	p.hooks.Lock()
	p.lobby = l
	p.hooks.Unlock()
}

// AttachDoor gives the other nodes this node's door.
func (p *People) AttachDoor(d Door) {
	p.hooks.Lock()
	p.door = d
	p.hooks.Unlock()
}

func (p *People) attached() (PeopleLobby, Door) {
	p.hooks.Lock()
	defer p.hooks.Unlock()
	return p.lobby, p.door
}

// Close leaves the service in order: the other nodes stop counting this
// one at once (its last beat says so) and its nicknames are freed.
func (p *People) Close() {
	p.stopped.Do(func() {
		close(p.stop)
		p.wg.Wait()
		p.unsubscribe()
		p.publishBeat(p.byeBeat())
		p.nicks.releaseAll()
		_ = p.nc.Flush()
	})
}

func (p *People) unsubscribe() {
	for _, s := range p.subs {
		_ = s.Unsubscribe()
	}
}

// reachable reports whether NATS can be asked now: a request made while it
// is away would only wait for its timeout.
func (p *People) reachable() bool { return p.nc.IsConnected() }

// errAway is a request not made because NATS is away.
var errAway = errors.New("the other nodes cannot be reached just now")

// isKeyExists says a KV create found the key held.
func isKeyExists(err error) bool { return errors.Is(err, jetstream.ErrKeyExists) }
