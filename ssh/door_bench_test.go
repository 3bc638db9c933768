package ssh_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/unossh/unossh/cluster"
	"github.com/unossh/unossh/cluster/natstest"
	"github.com/unossh/unossh/ssh"
)

// BenchmarkDoorLogin is the door's work for one login (connection and
// session admitted, then released) over a thousand addresses: on a lone
// node, and on a node of a service whose door counts the addresses with
// the other nodes' (cluster.People, beating on a real NATS meanwhile).
// docs/benchmarks.md has the figures.
func BenchmarkDoorLogin(b *testing.B) {
	ips := make([]string, 1000)
	for i := range ips {
		ips[i] = fmt.Sprintf("10.1.%d.%d", i/256, i%256)
	}
	run := func(b *testing.B, shared ssh.Shared) *ssh.Server {
		srv, err := ssh.New(ssh.Config{NewModel: newTestModel, HostKeyDir: b.TempDir(), Logger: log.New(nil),
			ConnBurst: 1 << 30, ConnEvery: time.Nanosecond, Shared: shared})
		if err != nil {
			b.Fatal(err)
		}
		return srv
	}
	login := func(b *testing.B, srv *ssh.Server) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			release, err := ssh.DoorLogin(srv, ips[i%len(ips)], "s")
			if err != nil {
				b.Fatal(err)
			}
			release()
			i++
		}
	}
	shared := func(every time.Duration) func(b *testing.B) {
		return func(b *testing.B) {
			ns := natstest.Start(b)
			cc, err := cluster.Connect(context.Background(), cluster.Options{URL: ns.URL(), Node: "a", Logger: log.New(nil)})
			if err != nil {
				b.Fatal(err)
			}
			defer cc.Close()
			p, err := cluster.NewPeople(context.Background(), cc, cluster.PeopleOptions{Every: every})
			if err != nil {
				b.Fatal(err)
			}
			defer p.Close()
			srv := run(b, p)
			p.AttachDoor(srv)
			login(b, srv)
		}
	}
	b.Run("lone", func(b *testing.B) { login(b, run(b, nil)) })
	b.Run("shared", shared(0))
	// The counting alone, the beats held back (one an hour): what a login
	// itself pays.
	b.Run("shared-quiet", shared(time.Hour))
}
