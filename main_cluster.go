package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/charmbracelet/log"

	"github.com/unossh/unossh/cluster"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/ssh"
)

// clusterOptions are the settings that make a node one of several: with
// -nats (and -database), every node with the same two is one service.
type clusterOptions struct {
	nats string // the NATS server's URL; "" runs one node alone
	node string // this node's name in the service
}

func clusterFlags(f *envFlags, o *clusterOptions) {
	f.string(&o.nats, "nats", "UNOSSH_NATS", "",
		"NATS server URL (nats://HOST:4222): with it this node joins every node using the same NATS and -database as one service (off when empty)")
	host, _ := os.Hostname()
	f.string(&o.node, "node", "UNOSSH_NODE", host,
		"this node's name, unique in the service (default: the host name)")
}

// clusterStartWait bounds what a node asks of NATS as it starts: its
// JetStream, and the buckets it shares with the other nodes. A
// busy NATS may take seconds over each, longer than a JetStream request's
// own bound, and a node it kept from starting is a node down; so the start
// waits this long, and a start cut short says so (clusterStartErr). A var
// so that a test can shorten it.
var clusterStartWait = time.Minute

// clusterStartErr is err, from a part of the start, said as a start cut
// short by its bound when it was.
func clusterStartErr(ctx context.Context, err error) error {
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("NATS did not answer within %v as this node started (is it overloaded?): %v", clusterStartWait, err)
	}
	return err
}

// connectCluster joins the service's NATS, or returns nil on a node that
// runs alone. A NATS that cannot be reached refuses the start with one line.
func connectCluster(ctx context.Context, o clusterOptions, logger *log.Logger) (*cluster.Conn, error) {
	if o.nats == "" {
		return nil, nil
	}
	cc, err := cluster.Connect(ctx, cluster.Options{URL: o.nats, Node: o.node, Logger: logger})
	if err != nil {
		return nil, err
	}
	logger.Info("joined the service's NATS", "node", o.node, "server", cc.NC.ConnectedUrlRedacted())
	return cc, nil
}

// joinPeople makes the people half of one lobby across nodes (the number
// online, nicknames, who is online, invitations, the per-address limits)
// and gives the lobby and the door their seams to it. On a lone node (cc
// nil) it does nothing and returns nil: both seams stay nil.
func joinPeople(ctx context.Context, cc *cluster.Conn, lcfg *lobby.Config, door *ssh.Config) (*cluster.People, error) {
	if cc == nil {
		return nil, nil
	}
	p, err := cluster.NewPeople(ctx, cc, cluster.PeopleOptions{})
	if err != nil {
		return nil, err
	}
	lcfg.People, door.Shared = p, p
	return p, nil
}

// attachPeople lets the other nodes reach this node's lobby and door, once
// both are made.
func attachPeople(p *cluster.People, hub *lobby.Hub, srv *ssh.Server) {
	if p == nil {
		return
	}
	p.AttachLobby(hub)
	p.AttachDoor(srv)
}

// drainTimeout bounds handing every table to the other nodes at a
// SIGTERM in cluster mode; the ordinary shutdown follows it.
const drainTimeout = 20 * time.Second

// drain hands this node's tables to the other nodes before it stops, so
// that a deploy loses no move: only then are its own players told to
// connect again (with connect, how), to find their seats on another node.
func drain(hub *lobby.Hub, connect string, logger *log.Logger) {
	logger.Info("draining: handing every table to the other nodes", "deadline", drainTimeout)
	ctx, cancel := context.WithTimeout(context.Background(), drainTimeout)
	defer cancel()
	line := "this server is restarting: " + connect + " to go on at your table"
	rep, err := hub.Drain(ctx, line)
	if err != nil {
		logger.Error("draining did not finish; what is left is kept for a restart", "handed-over", rep.HandedOver, "kept", rep.Kept, "err", err)
		return
	}
	switch {
	case rep.Kept == 0:
		logger.Info("every table is on another node", "tables", rep.HandedOver)
	case rep.HandedOver == 0:
		logger.Info("no other node to take the tables; they are kept for this node's next start", "tables", rep.Kept)
	default:
		logger.Info("tables handed to other nodes; the others are kept for this node's next start", "handed-over", rep.HandedOver, "kept", rep.Kept)
	}
}
