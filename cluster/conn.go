package cluster

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/charmbracelet/log"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Conn is a node's connection to the service's NATS: core subjects for
// requests and views, JetStream for the buckets the nodes share.
type Conn struct {
	// Node is this node's name, unique in the service (-node).
	Node string
	NC   *nats.Conn
	JS   jetstream.JetStream
	log  *log.Logger
}

// Options configure Connect.
type Options struct {
	// URL is the NATS server (or servers, comma-separated).
	URL string
	// Node names this node.
	Node string
	// Logger receives connection events; log.Default() if nil.
	Logger *log.Logger
	// Timeout bounds the first connection; 5s if zero. It bounds the
	// check of NATS's JetStream too, unless Connect's context has a
	// deadline of its own.
	Timeout time.Duration
}

// Connect joins the service's NATS. Its error is one line an operator can
// act on. Once connected, a lost connection is retried for ever: the node
// keeps its players while NATS is away, and says so in its log.
func Connect(ctx context.Context, o Options) (*Conn, error) {
	if o.Node == "" {
		return nil, errors.New("cluster: the node has no name (-node)")
	}
	if o.Logger == nil {
		o.Logger = log.Default()
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Second
	}
	lg := o.Logger
	nc, err := nats.Connect(o.URL,
		nats.Name("unossh "+o.Node),
		nats.Timeout(o.Timeout),
		nats.RetryOnFailedConnect(false),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond),
		nats.ReconnectBufSize(8<<20),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil { // nil: closed on purpose
				lg.Warn("lost NATS; reconnecting", "err", err)
			}
		}),
		nats.ReconnectHandler(func(c *nats.Conn) {
			lg.Info("NATS is back", "server", c.ConnectedUrlRedacted())
		}),
	)
	if err != nil {
		return nil, fmt.Errorf("cannot reach NATS at %s: %v", o.URL, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("NATS at %s: %v", o.URL, err)
	}
	// Within the caller's bound when it has one (a node's start), else
	// Timeout's.
	actx, cancel := ctx, context.CancelFunc(func() {})
	if _, ok := ctx.Deadline(); !ok {
		actx, cancel = context.WithTimeout(ctx, o.Timeout)
	}
	defer cancel()
	if _, err := js.AccountInfo(actx); err != nil {
		nc.Close()
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, fmt.Errorf("NATS at %s did not say whether it has JetStream: %v", o.URL, err)
		}
		return nil, fmt.Errorf("NATS at %s has no JetStream (start nats-server with -js): %v", o.URL, err)
	}
	return &Conn{Node: o.Node, NC: nc, JS: js, log: lg}, nil
}

// Logger is the connection's logger.
func (c *Conn) Logger() *log.Logger { return c.log }

// Close drains what is queued and closes the connection.
func (c *Conn) Close() error {
	if err := c.NC.Drain(); err != nil {
		c.NC.Close()
		return err
	}
	return nil
}
