package lobby

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/unossh/unossh/engine"
)

// Players pressing every key there is while the server stops: nobody
// panics, every call is answered, and everyone ends with the one shutdown
// message.
func TestShutdownWhilePlayersPressKeys(t *testing.T) {
	h := NewHub(clockConfig(newFakeClock()))
	host := connect(t, h, "host")
	require.NoError(t, host.Create(TableOptions{Settings: defaultSettings(4)}))
	code := host.Screen().Table.Code

	var clients []*Client
	for i := range 40 {
		clients = append(clients, connect(t, h, fmt.Sprintf("p%02d", i)))
	}
	start, busy := make(chan struct{}), make(chan struct{})
	var presses atomic.Int64
	var wg sync.WaitGroup
	for i, c := range clients {
		wg.Go(func() {
			<-start
			for range 30 {
				if presses.Add(1) == 200 {
					close(busy) // the server stops with players in full swing
				}
				switch i % 5 {
				case 0:
					c.QuickPlay()
				case 1:
					_ = c.Join(code)
				case 2:
					_ = c.Create(TableOptions{Settings: defaultSettings(2), Bots: 1})
					c.Do(Intent{Kind: Start})
				case 3:
					_ = c.SetNick(fmt.Sprintf("q%02d", i))
					_ = c.Watch("t1")
				}
				c.Do(Intent{Kind: Move, Action: engine.Action{Kind: engine.Draw}})
				c.Do(Intent{Kind: Chat, Text: "hi"})
				if i%2 == 0 {
					c.Do(Intent{Kind: Leave})
				}
			}
		})
	}
	close(start)
	<-busy
	require.NoError(t, h.Shutdown(t.Context()))
	wg.Wait()
	for _, c := range append(clients, host) {
		require.Equal(t, ErrShuttingDown.Error(), c.Screen().Closed, c.nick())
	}
	late := clients[0]
	for _, err := range []error{late.Join(code), late.Create(TableOptions{Settings: defaultSettings(2), Bots: 1}), late.Watch("t1"), late.SetNick("zed")} {
		require.True(t, errors.Is(err, ErrShuttingDown), "after shutdown: %v", err)
	}
	late.QuickPlay()
	late.Do(Intent{Kind: Leave})
	late.Disconnect()
	require.Equal(t, ErrShuttingDown.Error(), h.Connect("new", "new", false).Screen().Closed)
}
