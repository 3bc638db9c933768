package ssh

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIdlestComeFirstAndSlotsAreTakenOnce(t *testing.T) {
	d, clock := testDoor(Config{MaxSessions: 3}.withDefaults().limits())
	var sessions []*liveSession
	for i, id := range []string{"a", "b", "c"} {
		ls := &liveSession{id: id, ip: "10.0.0.1"}
		ls.touch(clock.now().Add(time.Duration(i) * time.Minute))
		require.NoError(t, d.admitSession(ls))
		sessions = append(sessions, ls)
	}
	a, b, c := sessions[0], sessions[1], sessions[2]
	b.touch(clock.now().Add(-time.Minute)) // b typed least recently

	clock.advance(3 * time.Minute)
	assert.Equal(t, []*liveSession{b, a, c}, d.idlest(clock.now(), time.Minute))
	assert.Equal(t, []*liveSession{b, a}, d.idlest(clock.now(), 3*time.Minute), "c typed a minute later: not idle long enough")

	require.True(t, d.takeSlot(b))
	assert.False(t, d.takeSlot(b), "a slot is taken once")
	assert.NoError(t, d.admitSession(&liveSession{id: "d", ip: "10.0.0.2"}))
	d.releaseSession(b) // b's handler ending gives nothing back twice
	assert.Equal(t, 3, d.count())
}
