package lobby

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/store"
)

// modTable seats ana (host), bo and cy, each with a key and an account, at
// a private table of a hub that keeps its records in a store.
func modTable(t *testing.T) (h *Hub, st *store.DB, clk *fakeClock, ana, bo, cy *Client) {
	t.Helper()
	clk = newFakeClock()
	st = openStore(t, t.TempDir(), clk)
	h = storeHub(t, clk, st)
	seat := func(nick string) *Client {
		c := h.Connect("s-"+nick, "SHA256:"+nick, false)
		require.NoError(t, c.SetNick(nick))
		return c
	}
	ana = seat("ana")
	require.NoError(t, ana.Create(TableOptions{Settings: defaultSettings(4)}))
	code := waitScreen(t, ana, func(s Screen) bool { return s.Table != nil }).Table.Code
	bo, cy = seat("bo"), seat("cy")
	require.NoError(t, bo.Join(code))
	require.NoError(t, cy.Join(code))
	return h, st, clk, ana, bo, cy
}

// said reports whether the screen's table log has nick's chat line text.
func said(s Screen, nick, text string) bool {
	return s.Table != nil && slices.ContainsFunc(s.Table.Log, func(l LogLine) bool { return l.Chat && l.Nick == nick && l.Text == text })
}

// tells is a screen whose notice has text.
func tells(text string) func(Screen) bool {
	return func(s Screen) bool { return strings.Contains(s.Notice.Text, text) }
}

func TestIgnoredChatIsHiddenFromTheIgnorerAloneAndKept(t *testing.T) {
	h, st, _, ana, bo, cy := modTable(t)
	ana.Do(Intent{Kind: Chat, Text: "/ignore BO"})
	waitScreen(t, ana, tells("you no longer see bo's chat"))
	bo.Do(Intent{Kind: Chat, Text: "hello"})
	cy.Do(Intent{Kind: Chat, Text: "hi bo"})
	waitScreen(t, cy, func(s Screen) bool { return said(s, "bo", "hello") && said(s, "cy", "hi bo") })
	s := waitScreen(t, ana, func(s Screen) bool { return said(s, "cy", "hi bo") })
	require.False(t, said(s, "bo", "hello"), "ana ignores bo")
	require.NotContains(t, bo.Screen().Notice.Text, "ignore", "nobody learns who ignored them")

	// Kept in ana's account: her next session hides bo too.
	acct, err := st.AccountByName(context.Background(), "ana")
	require.NoError(t, err)
	list, err := st.Ignores(context.Background(), acct.ID)
	require.NoError(t, err)
	require.Len(t, list, 1)
	again := h.Connect("s-ana-2", "SHA256:ana", false)
	require.True(t, again.ignores(list[0]))

	ana.Do(Intent{Kind: Chat, Text: "/unignore bo"})
	waitScreen(t, ana, tells("you see bo's chat again"))
}

func TestIgnoringAndReportingAreRateLimited(t *testing.T) {
	_, _, clk, ana, _, _ := modTable(t)
	for i := range modBurst {
		ana.Do(Intent{Kind: Chat, Text: "/ignore bo"})
		ana.Do(Intent{Kind: Chat, Text: "/unignore bo"})
		waitScreen(t, ana, func(s Screen) bool { return s.Notice.Seq >= 2*(i+1) })
	}
	ana.Do(Intent{Kind: Chat, Text: "/report bo"})
	waitScreen(t, ana, tells(errModRate.Error()))
	clk.Advance(modRefill)
	ana.Do(Intent{Kind: Chat, Text: "/report bo"})
	waitScreen(t, ana, tells("your report of bo is with the operators"))
}

func TestAReportKeepsTheTablesLastChatAsEvidence(t *testing.T) {
	_, st, _, ana, bo, cy := modTable(t)
	bo.Do(Intent{Kind: Chat, Text: "you all stink"})
	ana.Do(Intent{Kind: Chat, Text: "be nice"})
	cy.Do(Intent{Kind: Chat, Text: "/report bo insults"})
	waitScreen(t, cy, tells("your report of bo is with the operators"))
	rs, err := st.Reports(context.Background(), 10)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Equal(t, "SHA256:cy", rs[0].By)
	require.Equal(t, "bo", rs[0].TargetName)
	require.Equal(t, "insults", rs[0].Reason)
	require.Equal(t, []string{"bo: you all stink", "ana: be nice"}, rs[0].Evidence)
	require.NotContains(t, bo.Screen().Notice.Text, "report", "nobody learns who reported them")
	cy.Do(Intent{Kind: Chat, Text: "/report cy"})
	waitScreen(t, cy, tells(errSelf.Error()))
	cy.Do(Intent{Kind: Chat, Text: "/report zed"})
	waitScreen(t, cy, tells("nobody by that name is at this table: zed"))
}

func TestTheHostTurnsTheTablesChatOff(t *testing.T) {
	_, _, _, ana, bo, _ := modTable(t)
	bo.Do(Intent{Kind: Chat, Text: "/chat off"})
	waitScreen(t, bo, tells(errNotHost.Error()))
	ana.Do(Intent{Kind: Chat, Text: "/chat off"})
	waitScreen(t, bo, func(s Screen) bool {
		return s.Table != nil && slices.ContainsFunc(s.Table.Log, func(l LogLine) bool { return l.Text == "the host turned the chat off" })
	})
	bo.Do(Intent{Kind: Chat, Text: "hello?"})
	waitScreen(t, bo, tells(errChatOff.Error()))
	ana.Do(Intent{Kind: Chat, Text: "/chat on"})
	bo.Do(Intent{Kind: Chat, Text: "hello!"})
	waitScreen(t, ana, func(s Screen) bool { return said(s, "bo", "hello!") })
}

func TestAMutedPlayersChatReachesNobody(t *testing.T) {
	h, st, clk, ana, bo, _ := modTable(t)
	acct, err := st.AccountByName(context.Background(), "bo")
	require.NoError(t, err)
	require.NoError(t, st.SetMute(context.Background(), store.Mute{Target: AccountSpeaker(acct.ID), Name: "bo",
		Reason: "shouting", Until: clk.Now().Add(10 * time.Minute)}))
	require.NoError(t, h.LoadMutes(context.Background()))
	bo.Do(Intent{Kind: Chat, Text: "LOUD"})
	waitScreen(t, bo, tells("you are muted until"))
	require.Contains(t, bo.Screen().Notice.Text, "(shouting): your chat reaches nobody")
	clk.Advance(10 * time.Minute) // the mute lapses
	bo.Do(Intent{Kind: Chat, Text: "quiet now"})
	waitScreen(t, ana, func(s Screen) bool { return said(s, "bo", "quiet now") })
	require.False(t, said(ana.Screen(), "bo", "LOUD"))
}
