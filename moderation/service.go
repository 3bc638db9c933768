package moderation

import (
	"context"
	"encoding/json"
	"errors"
	"net/netip"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/log"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/store"
)

// Lobby is what moderation asks of this node's lobby: *lobby.Hub.
type Lobby interface {
	AdminWho() ([]lobby.AdminSession, error)
	Kick(m lobby.Match, why string) (int, error)
	Announce(text string) (int, error)
	Tell(nick, text string) (int, error)
	SpeakerOnline(nick string) (string, error)
	CloseTable(ref, why string) (string, error)
	LoadMutes(ctx context.Context) error
}

var _ Lobby = (*lobby.Hub)(nil)

// Peers are the other nodes of a service: Ask sends a request to each and
// gathers their answers, as many as it counts nodes, within ctx. Package
// cluster implements it over NATS; nil on a lone node.
type Peers interface {
	Ask(ctx context.Context, req []byte) ([][]byte, error)
}

// Store is what moderation keeps and reads.
type Store interface {
	store.Moderation
	AccountByName(ctx context.Context, nickname string) (store.Account, error)
}

// Options configure a Service.
type Options struct {
	Store  Store
	Lobby  Lobby
	Logger *log.Logger
	// Now is the clock; time.Now if nil.
	Now func() time.Time
	// Node names this node in who's lines of a service ("" alone).
	Node string
	// Page is the page a session shows (main asks the TUI); nil, or "",
	// and who prints where the lobby has it: lobby, waiting, playing,
	// watching or finished.
	Page func(session string) string
}

// Service runs the admin commands of one node.
type Service struct {
	st    Store
	lobby Lobby
	log   *log.Logger
	now   func() time.Time
	node  string
	page  func(session string) string
	bans  atomic.Pointer[banSet]
	peers atomic.Pointer[Peers]
}

// New makes a Service; Load reads what the store keeps.
func New(o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = log.Default()
	}
	return &Service{st: o.Store, lobby: o.Lobby, log: o.Logger, now: o.Now, node: o.Node, page: o.Page}
}

// SetPeers gives the service the other nodes of its service.
func (s *Service) SetPeers(p Peers) { s.peers.Store(&p) }

// Load reads the bans and the mutes in force from the store.
func (s *Service) Load(ctx context.Context) error {
	if err := s.loadBans(ctx); err != nil {
		return err
	}
	return s.lobby.LoadMutes(ctx)
}

// event is what one node asks of the others: to read the bans and mutes
// again, and to act on its own sessions and tables.
type event struct {
	Op    string      `json:"op"` // reload, kick, tell, announce, close, who
	Match lobby.Match `json:"match,omitzero"`
	Nick  string      `json:"nick,omitempty"`
	Text  string      `json:"text,omitempty"`
	Table string      `json:"table,omitempty"`
}

// answer is a node's answer to an event.
type answer struct {
	Node  string   `json:"node"`
	N     int      `json:"n,omitempty"`
	Lines []string `json:"lines,omitempty"`
	Err   string   `json:"err,omitempty"`
}

// apply is an event acted on by this node.
func (s *Service) apply(ctx context.Context, e event) answer {
	a := answer{Node: s.node}
	var err error
	switch e.Op {
	case "reload":
		err = s.Load(ctx)
	case "kick":
		a.N, err = s.lobby.Kick(e.Match, e.Text)
	case "tell":
		if err = s.Load(ctx); err == nil {
			a.N, err = s.lobby.Tell(e.Nick, e.Text)
		}
	case "announce":
		a.N, err = s.lobby.Announce(e.Text)
	case "close":
		var short string
		if short, err = s.lobby.CloseTable(e.Table, e.Text); err == nil {
			a.N, a.Lines = 1, []string{short}
		} else if errors.Is(err, lobby.ErrNoSuchTable) {
			err = nil
		}
	case "who":
		var list []lobby.AdminSession
		list, err = s.lobby.AdminWho()
		for _, p := range list {
			if s.page != nil {
				if page := s.page(p.Session); page != "" {
					if p.Where == "watching" {
						page += "(watching)"
					}
					p.Where = page
				}
			}
			a.Lines = append(a.Lines, whoLine(p, s.node))
		}
	}
	if err != nil {
		a.Err = err.Error()
	}
	return a
}

// Apply answers another node's request (package cluster calls it).
func (s *Service) Apply(req []byte) []byte {
	var e event
	if json.Unmarshal(req, &e) != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), applyWait)
	defer cancel()
	out, _ := json.Marshal(s.apply(ctx, e))
	return out
}

// applyWait bounds what a node does for another's request, and peersWait
// how long a command waits for the other nodes' answers: a node that does
// not answer (it is dying) does not hold the operator for long.
const (
	applyWait = 10 * time.Second
	peersWait = 12 * time.Second
)

// everywhere acts on e here and on every other node, and gathers the
// answers, this node's first. A node that did not answer is logged and
// left out: what is kept in the store reaches it when it reads it again.
func (s *Service) everywhere(ctx context.Context, e event) []answer {
	out := []answer{s.apply(ctx, e)}
	pp := s.peers.Load()
	if pp == nil || *pp == nil {
		return out
	}
	req, _ := json.Marshal(e)
	pctx, cancel := context.WithTimeout(ctx, peersWait)
	defer cancel()
	got, err := (*pp).Ask(pctx, req)
	if err != nil {
		s.log.Warn("not every node answered an admin command", "op", e.Op, "err", err)
	}
	for _, b := range got {
		var a answer
		if json.Unmarshal(b, &a) == nil {
			out = append(out, a)
		}
	}
	return out
}

// addrMatch is the sessions from a ban's address or CIDR.
func addrMatch(target string) lobby.Match {
	p, _ := netip.ParsePrefix(target)
	return lobby.Match{Addr: p}
}
