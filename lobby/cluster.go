package lobby

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"strings"
	"time"
)

// This file is the lobby's one seam to the other nodes of a service
// (docs/cluster.md). The lobby never speaks NATS itself: it hands bytes to
// a Cluster, which package cluster implements over NATS and its key-value
// buckets. On a lone node Config.Cluster is nil and none of this runs:
// every table is this hub's and every handle a queue in this process.
//
// With a Cluster, a table still lives on one node (its owner) and is
// still one goroutine reading one queue. A session on another node holds a
// queue too, but a proxy serves it (remote_proxy.go): each command goes to
// the owner as a request, where a shadow of the session stands for it at
// the table (remote_serve.go), and the shadow's screen comes back to the
// session's node in the reply and, for what the table does by itself, on
// that node's screens subject. The directory (directory.go) tells every
// node which tables the others hold, by id and by private code, and which
// of them keeps a seat for whom.

// Cluster is how a hub reaches the other nodes. Every method may be called
// from any goroutine; none of them is called on a lone node.
type Cluster interface {
	// Node is this node's name, unique in the service.
	Node() string

	// ServeTable answers the requests other nodes send to table id with
	// serve (one at a time, in the order they came), until stop is called.
	ServeTable(id string, serve func(req []byte) []byte) (stop func(), err error)
	// AskTable sends a request to whichever node serves table id and
	// returns its answer; ErrNoOwner when no node serves it now.
	AskTable(ctx context.Context, id string, req []byte) ([]byte, error)

	// ServeScreens hands deliver what other nodes send to this node's
	// sessions, in the order each node sent it.
	ServeScreens(deliver func(msg []byte)) (stop func(), err error)
	// SendScreens sends msg to node's sessions without waiting for them.
	SendScreens(node string, msg []byte) error

	Directory
	Leases
}

// Leases are the nodes' and the tables' leases (lease.go): a table is
// played only on the node that holds its lease, and a lease that runs out
// (its node died or was cut off) or is handed over (its node drains) is
// taken by another. A node run's own lease (IsNodeLease) is taken before
// any table's, and a table's lease lasts while the node's does.
type Leases interface {
	// TakeLease makes this node the holder of lease id (a table's, or its
	// own); ErrLeaseHeld if a living node is.
	TakeLease(ctx context.Context, id string) error
	// RenewLease keeps it this node's; ErrLeaseLost once it is not.
	RenewLease(ctx context.Context, id string) error
	// DropLease gives it up: for good, or with handOver for another node
	// to take now.
	DropLease(ctx context.Context, id string, handOver bool) error
	// WatchLeases calls free with every node lease and every table's that
	// ran out or was handed over (a node's tables follow its lease), until
	// ctx ends.
	WatchLeases(ctx context.Context, free func(id string)) error
	// Leased lists the nodes' runs' leases held now (IsNodeLease): a
	// table's lease holds through its node's.
	Leased(ctx context.Context) ([]string, error)
}

// Directory is what the nodes know of each other's tables: a line per
// live table (its owner, its code, its line of the public list), the
// private codes (each unique in the whole service) and the seats kept for
// players away from them.
type Directory interface {
	// PutTable and DropTable write and remove table id's line.
	PutTable(ctx context.Context, id string, entry []byte) error
	DropTable(ctx context.Context, id string) error
	// ClaimCode takes a private code for a table; ErrCodeTaken if any
	// node's table has it.
	ClaimCode(ctx context.Context, code, id string) error
	DropCode(ctx context.Context, code string) error
	// FindCode is the id of the table with that code, "" if none.
	FindCode(ctx context.Context, code string) (string, error)
	// PutSeat and DropSeat write and remove the seat kept for identity key.
	PutSeat(ctx context.Context, key string, entry []byte) error
	// PutSeatFor writes line key of the seats' bucket as PutSeat does,
	// and the bucket removes it by itself after ttl (unless it is written
	// again meanwhile).
	PutSeatFor(ctx context.Context, key string, entry []byte, ttl time.Duration) error
	DropSeat(ctx context.Context, key string) error
	// GetSeat reads a line of the seats' bucket (nil: none).
	GetSeat(ctx context.Context, key string) ([]byte, error)
	// ExpireSeat replaces line key of the seats' bucket, if it still holds
	// was, with entry, which the bucket removes by itself after ttl; false
	// if the line holds anything else (another node replaced it first).
	ExpireSeat(ctx context.Context, key string, was, entry []byte, ttl time.Duration) (bool, error)
	// WatchDirectory calls seen with every line there is and every change
	// from then on (entry nil: removed), until ctx ends. kind is
	// DirTable or DirSeat.
	WatchDirectory(ctx context.Context, seen func(kind, key string, entry []byte)) error
}

// The kinds of line in the directory.
const (
	DirTable = "table"
	DirSeat  = "seat"
)

var (
	// ErrNoOwner is AskTable when no node serves the table.
	ErrNoOwner = errors.New("no node serves that table")
	// ErrCodeTaken is ClaimCode for a code another table has.
	ErrCodeTaken = errors.New("that code is taken")
	// ErrLeaseHeld is TakeLease when another node holds the lease.
	ErrLeaseHeld = errors.New("another node holds that table")
	// ErrLeaseLost is RenewLease when the lease is no longer this node's.
	ErrLeaseLost = errors.New("this node no longer holds that table")
)

// clustered reports whether the hub is one node of several.
func (h *Hub) clustered() bool { return h.cfg.Cluster != nil }

// startCluster starts what a node of several runs besides a lone node's
// hub: the shadows' outbox, the directory's writer and reader, and the
// subscription to the screens other nodes send here.
func (h *Hub) startCluster() {
	// Versions only grow, across restarts too: a screen read after this
	// node started is newer than any read before.
	h.screenVer.Store(uint64(time.Now().UnixNano()))
	h.runID = h.screenVer.Load()
	h.served = map[string]*servedTable{}
	h.tourMoves = map[string][]movedSession{}
	h.proxies.m = map[string]*proxy{}
	h.rdir = remoteDir{tables: map[string]dirTable{}, codes: map[string]string{}, seats: map[string]dirSeat{}}
	h.out = newOutbox(h)
	h.dir = newDirWriter(h)
	if _, err := h.cfg.Cluster.ServeScreens(h.deliverScreens); err != nil {
		h.logError("this node cannot receive screens from the others", "err", err)
	}
	go h.out.run()
	go h.dir.run()
	go h.watchDirectory()
	if h.leasing() {
		// The node's own lease is taken before any session can connect:
		// stopped or killed from its first moment, its sessions are still
		// taken off the other nodes' tables when the lease runs out.
		h.renewNode()
		go h.renewLeases()
		go h.watchLeases()
	}
}

// clusterTableID is a table id unique in the whole service, across
// restarts: each node makes its own, and a table moves between nodes.
func clusterTableID() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return "t" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}
