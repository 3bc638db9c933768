package lobby

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/engine"
)

// playedViews is every view a table posts to ana, bo (seated) and cy (a
// spectator) over a game's first moves, with chat on the way: what the deltas must carry.
func playedViews(t testing.TB) map[string][]*TableView {
	h := NewHub(testConfig())
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	ana, bo, dee := connect(t, h, "ana"), connect(t, h, "bo"), connect(t, h, "dee")
	require.NoError(t, ana.Create(TableOptions{Settings: defaultSettings(3)}))
	code := ana.Screen().Table.Code
	require.NoError(t, bo.Join(code))
	require.NoError(t, dee.Join(code))
	cy := connect(t, h, "cy")
	views := map[string][]*TableView{}
	look := func() {
		for _, c := range []*Client{ana, bo, cy} {
			if v := c.Screen().Table; v != nil {
				if vs := views[c.id]; len(vs) == 0 || vs[len(vs)-1] != v {
					views[c.id] = append(views[c.id], v)
				}
			}
		}
	}
	look()
	ana.Do(Intent{Kind: Start})
	require.NoError(t, cy.Join(code)) // started: cy watches
	look()
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 60 {
		for _, c := range []*Client{ana, bo, dee} {
			if g := c.Screen().Table.Game; g != nil && len(g.Legal) > 0 {
				if a, ok := chooseMove(*g, r); ok {
					c.Do(Intent{Kind: Move, Action: a})
				}
			}
			look()
		}
		if i%7 == 0 {
			bo.Do(Intent{Kind: Chat, Text: "well played"})
			look()
		}
	}
	return views
}

// sendView is a view as it crosses to the session's node: whole, or the
// delta from base (the view of screen baseVer), through the wire's JSON.
func sendView(t testing.TB, base, v *TableView, baseVer, ver uint64) *wireScreen {
	s := &wireScreen{Table: v.ID, Session: "sess-ana", Node: "b", Owner: "b#1", Born: 1, Ver: ver, At: true}
	if base == nil {
		s.View = v
	} else {
		s.Delta = diffView(base, v, baseVer)
	}
	var out wireScreens
	require.NoError(t, wireDecode(wireEncode(wireScreens{Screens: []*wireScreen{s.seal()}}), &out))
	return out.Screens[0]
}

// TestViewDeltaRoundTrip: each view a table posts, sent as what changed
// since the one before and applied there, is the view itself; for a
// seated player and a spectator, through moves, chat and the end of a hand.
func TestViewDeltaRoundTrip(t *testing.T) {
	views := playedViews(t)
	require.Len(t, views, 3)
	for id, vs := range views {
		require.Greater(t, len(vs), 20, id)
		t.Logf("%s: %d views, %d moves, hand %d, last hand %v", id, len(vs), vs[len(vs)-1].Moves, vs[len(vs)-1].Game.HandNo, vs[len(vs)-1].LastHand != nil)
		built := []*TableView{vs[0]}
		var lines []LogLine
		for i := 1; i < len(vs); i++ {
			s := sendView(t, vs[i-1], vs[i], uint64(i), uint64(i+1))
			require.NotNil(t, s.Delta)
			require.Equal(t, uint64(i), s.Delta.Base)
			base := *vs[i-1]
			require.Equal(t, vs[i], s.Delta.apply(vs[i-1]), "%s: view %d", id, i)
			require.Equal(t, base, *vs[i-1], "the base is left as it was")
			// As the session's node builds them: each on the one it built
			// before, the log's lines added in the room after the last.
			var v *TableView
			v, lines = s.Delta.applyOn(built[i-1], lines)
			built = append(built, v)
		}
		require.Equal(t, vs, built, "%s: no view built sees a line change", id)
	}
}

// TestViewDeltaIsSmallerThanTheView: a move's delta carries the move, not
// the table: it is a fraction of the whole view's bytes.
func TestViewDeltaIsSmallerThanTheView(t *testing.T) {
	vs := playedViews(t)["sess-ana"]
	last, prev := vs[len(vs)-1], vs[len(vs)-2]
	whole := len(wireEncode(last))
	delta := len(wireEncode(diffView(prev, last, 1)))
	require.Less(t, 2*delta, whole, "a delta of %d bytes against %d", delta, whole)
}

// TestDeltaGameKeepsEveryFieldOfItsCards: the cards, legal moves, phase
// and colours a delta's game carries as numbers come back as they were,
// every field of a move included (a target, a card given, an UNO call),
// whole (no base) and over a base.
func TestDeltaGameKeepsEveryFieldOfItsCards(t *testing.T) {
	base := &engine.View{Seat: 1, Phase: engine.PhaseTurn, Top: engine.Card{Color: engine.Red, Kind: engine.Number, Value: 7},
		Color: engine.Red, Hand: []engine.Card{{Color: engine.Blue, Kind: engine.Skip}}, FourBy: -1, Player: -1}
	g := *base
	g.Phase, g.Color = engine.PhaseDrawn, engine.Green
	g.Top, g.Drawn, g.HasDrawn = engine.Card{Kind: engine.WildDrawFour}, engine.Card{Color: engine.Yellow, Kind: engine.Number, Value: 9}, true
	g.Hand = []engine.Card{{Color: engine.Yellow, Kind: engine.Number, Value: 9}, {Kind: engine.Wild}, {Color: engine.Green, Kind: engine.DrawTwo}}
	g.Legal = []engine.Action{
		{Kind: engine.Play, Seat: 1, Card: engine.Card{Kind: engine.Wild}, Color: engine.Blue, UNO: true},
		{Kind: engine.Play, Seat: 1, Card: engine.Card{Color: engine.Yellow, Kind: engine.Number, Value: 9}, Target: 2,
			Give: engine.Card{Color: engine.Green, Kind: engine.DrawTwo}},
		{Kind: engine.Pass, Seat: 1},
	}
	for _, b := range []*engine.View{nil, base} {
		var back deltaGame
		require.NoError(t, wireDecode(wireEncode(diffGame(b, &g)), &back))
		got := back.game(b)
		if b == nil {
			got.Settings = g.Settings // (whole, it carries its settings too)
		}
		require.Equal(t, g, *got)
	}
}

// TestDeltaGameWritesCardsAsNumbers: a delta's game carries its cards and
// legal moves as numbers, not as the names the engine writes, which each
// cost a call, an allocation and a parse per card on the way.
func TestDeltaGameWritesCardsAsNumbers(t *testing.T) {
	vs := playedViews(t)["sess-ana"]
	for i := 1; i < len(vs); i++ {
		d := diffView(vs[i-1], vs[i], uint64(i))
		if d.Game == nil || len(d.Game.View.Hand) == 0 {
			continue
		}
		var raw struct {
			Game struct {
				Hand  []json.RawMessage `json:"hand"`
				Top   json.RawMessage   `json:"top"`
				Phase json.RawMessage   `json:"phase"`
			} `json:"game"`
		}
		require.NoError(t, json.Unmarshal(wireEncode(d), &raw))
		for _, c := range append(raw.Game.Hand, raw.Game.Top, raw.Game.Phase) {
			if c == nil {
				continue
			}
			var n uint32
			require.NoError(t, json.Unmarshal(c, &n), "%s is a number", c)
		}
	}
}

// viewCluster answers a proxy's requests for a view sent again whole
// (opView) with the screen the test gives it, and counts them.
type viewCluster struct {
	goneOwnerCluster
	mu    sync.Mutex
	asked int
	reply *wireScreen
	got   chan struct{}
}

func (f *viewCluster) AskTable(_ context.Context, _ string, req []byte) ([]byte, error) {
	var w wireCmd
	if err := wireDecode(req, &w); err != nil || w.Op != opView {
		return wireEncode(wireReply{Err: "unexpected"}), nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked++
	defer func() { f.got <- struct{}{} }()
	return wireEncode(wireReply{State: f.reply}), nil
}

func (f *viewCluster) askedFor() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.asked
}

// deltaProxy is a proxy of table vs[0].ID for session c, whose owner
// answers opView from f; not running (the test runs resyncStale).
func deltaProxy(t *testing.T) (*Hub, *Client, *proxy, *viewCluster) {
	f := &viewCluster{got: make(chan struct{}, 8)}
	cfg := testConfig()
	cfg.Cluster = f
	h := NewHub(cfg)
	t.Cleanup(func() { h.Shutdown(context.Background()) })
	c := connect(t, h, "ana")
	q := &tableQueue{id: "t1", cmds: make(chan tableCmd, 1), done: make(chan struct{})}
	p := &proxy{h: h, q: q, quit: make(chan struct{}), members: map[string]*member{}, resync: make(chan struct{}, 1)}
	p.join(c)
	p.setOwner("b#1")
	return h, c, p, f
}

// woken reports whether the proxy was woken to ask for views again.
func woken(p *proxy) bool {
	select {
	case <-p.resync:
		return true
	default:
		return false
	}
}

// TestLostDeltaIsRepairedByTheWholeView: a screen lost on its way leaves
// the next delta nothing to build on; it is not applied, and the proxy
// asks the owner for the view whole, which the deltas after it build on.
func TestLostDeltaIsRepairedByTheWholeView(t *testing.T) {
	vs := playedViews(t)["sess-ana"]
	_, c, p, f := deltaProxy(t)
	p.apply(sendView(t, nil, vs[1], 0, 1))
	require.Equal(t, vs[1], c.Screen().Table)
	require.False(t, woken(p))
	// Screen 2 (vs[2]) is lost; screen 3 builds on it.
	p.apply(sendView(t, vs[2], vs[3], 2, 3))
	require.Equal(t, vs[1], c.Screen().Table, "a delta on a screen not received is not applied")
	require.True(t, woken(p), "the proxy is woken to ask again")
	f.reply = sendView(t, nil, vs[3], 0, 4)
	p.resyncStale()
	require.Equal(t, 1, f.askedFor())
	require.Equal(t, vs[3], c.Screen().Table, "the whole view repairs the screen")
	p.apply(sendView(t, vs[3], vs[4], 4, 5))
	require.Equal(t, vs[4], c.Screen().Table, "the next delta builds on the whole view")
	p.apply(sendView(t, vs[2], vs[3], 2, 3)) // the held-back one, late
	require.Equal(t, vs[4], c.Screen().Table)
}

// TestOvertakenDeltaWaitsForTheOneBefore: screens come by two ways (a
// command's answer, the node's screens subject), so one may overtake the
// screen it builds on. It is held back and applied when that one comes,
// and the view is not asked for again.
func TestOvertakenDeltaWaitsForTheOneBefore(t *testing.T) {
	vs := playedViews(t)["sess-bo"]
	_, c, p, f := deltaProxy(t)
	p.apply(sendView(t, nil, vs[1], 0, 1))
	third := sendView(t, vs[2], vs[3], 2, 3)
	second := sendView(t, vs[1], vs[2], 1, 2)
	p.apply(third)
	require.Equal(t, vs[1], c.Screen().Table)
	p.apply(second)
	require.Equal(t, vs[3], c.Screen().Table, "the one held back is applied once the one before it is")
	p.resyncStale()
	require.Zero(t, f.askedFor(), "nothing is asked for again")
	require.Nil(t, p.members[c.id].pending)
}

// TestNewViewerGetsTheWholeViewFirst: the owner sends a shadow's first
// screen whole, and a delta to a session with no view of the table (or
// from a shadow it has not had a screen of) is not applied but repaired.
func TestNewViewerGetsTheWholeViewFirst(t *testing.T) {
	vs := playedViews(t)["sess-cy"]
	h, c, p, f := deltaProxy(t)
	p.apply(sendView(t, vs[0], vs[1], 7, 8)) // a delta, no view to build on
	require.Nil(t, c.Screen().Table)
	require.True(t, woken(p))
	f.reply = sendView(t, nil, vs[1], 0, 9)
	p.resyncStale()
	require.Equal(t, vs[1], c.Screen().Table)

	// A new shadow (another owner's, after a takeover): its deltas do not
	// build on the old shadow's views.
	s := sendView(t, vs[1], vs[2], 9, 10)
	s.Born = 2
	p.apply(s)
	require.Equal(t, vs[1], c.Screen().Table)
	require.True(t, woken(p))

	// The owner's side: a shadow's first screen carries its view whole,
	// the next one a delta on it, and one asked for again whole.
	sh := &Client{id: "x", hub: h, notify: make(chan struct{}, 1), sh: &shadow{table: "t1", out: newOutbox(h)}}
	sh.show(&tableQueue{id: "t1"}, vs[1])
	first := h.shadowScreen(sh, false)
	require.Equal(t, vs[1], first.View)
	require.Nil(t, first.Delta)
	sh.show(&tableQueue{id: "t1"}, vs[2])
	next := h.shadowScreen(sh, false)
	require.Nil(t, next.View)
	require.Equal(t, first.Ver, next.Delta.Base)
	again := h.shadowScreen(sh, true)
	require.Equal(t, vs[2], again.View)
}

// TestViewDeltaKnowsEveryField: a field added to TableView must be
// carried by the deltas too (diffView and apply), or the sessions of other
// nodes would never see it change; this list is the fields they carry.
func TestViewDeltaKnowsEveryField(t *testing.T) {
	carried := []string{"TableInfo", "Code", "Seats", "You", "Moves", "MovedAt", "Host", "Game", "Log",
		"TurnEnds", "RaceEnds", "RaidEnds", "NextHandAt", "LastHand", "Reveal", "Drops", "Tournament",
		"BotLevel", "FastBots", "APIBots"}
	var fields []string
	for f := range reflect.TypeFor[TableView]().Fields() {
		fields = append(fields, f.Name)
	}
	require.ElementsMatch(t, carried, fields, "a field of TableView the deltas do not carry")
}
