package store

import (
	"context"
	"database/sql/driver"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
)

// The store's queries are written once, with SQLite's parameters (? and
// ?N). On PostgreSQL they go through database/sql over a pgx pool, with a
// connection that rewrites each query's parameters as $N on its way to the
// server: the SQL itself is the same for both backends, so that neither can
// drift from the other (dialect.go has the few fragments that differ).

// pgConnector hands database/sql connections taken from the pgx pool,
// each rewriting its queries.
type pgConnector struct {
	driver.Connector
}

func newPGConnector(pool *pgxpool.Pool) pgConnector {
	return pgConnector{stdlib.GetPoolConnector(pool)}
}

func (c pgConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &pgConn{Conn: conn.(*stdlib.Conn)}, nil
}

// pgConn is a pgx connection whose queries have SQLite's parameters: every
// other method (transactions, pings, resets) is pgx's own.
type pgConn struct {
	*stdlib.Conn
}

func (c *pgConn) Prepare(query string) (driver.Stmt, error) {
	return c.Conn.Prepare(rebind(query))
}

func (c *pgConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.Conn.PrepareContext(ctx, rebind(query))
}

func (c *pgConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	return c.Conn.ExecContext(ctx, rebind(query), args)
}

func (c *pgConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	return c.Conn.QueryContext(ctx, rebind(query), args)
}

// rebound caches rebind's answers: the store has a few dozen queries, each
// run many times.
var rebound sync.Map // string -> string

// rebind writes SQLite's parameters as PostgreSQL's: ?N as $N, and each
// bare ? as the next number. Quoted text and identifiers are left alone.
func rebind(query string) string {
	if q, ok := rebound.Load(query); ok {
		return q.(string)
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	next := 0
	var quote byte
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			b.WriteByte('$')
			if j > i+1 {
				b.WriteString(query[i+1 : j])
			} else {
				next++
				b.WriteString(strconv.Itoa(next))
			}
			i = j - 1
			continue
		}
		b.WriteByte(c)
	}
	q := b.String()
	rebound.Store(query, q)
	return q
}
