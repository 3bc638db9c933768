package tui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"github.com/unossh/unossh/lobby"
)

// linearPages are the moments of keyMoments (keys_test.go) whose pages
// have their linear form: each is held to the tests below.
var linearPages = []string{
	"nickname", "lobby quick play", "lobby menu", "lobby tables", "lobby filter", "create", "join", "watch",
	"help", "tournaments", "who", "profile", "another's profile", "leaderboard", "typing a name to find",
	"linking a key",
	// The waiting room, the tournament's room and the table (the screen's
	// boxes a cursor opens, a wild's colour and whom to swap with, are
	// numbered questions in the linear mode: tablelinear_keys_test.go).
	"waiting room host", "waiting room guest", "inviting", "tournament sign-up", "tournament room",
	"turn", "drawn", "challenge", "race", "leave", "game over", "spectator", "chat", "raid", "a minion's draw",
}

// linearMoments are the moments of linearPages, in the linear mode: the
// same model, the same keys pressed to reach the moment, then what it had
// to say heard.
func linearMoments(t *testing.T) []keyMoment {
	byName := map[string]keyMoment{}
	for _, c := range keyMoments() {
		byName[c.name] = c
	}
	var out []keyMoment
	for _, name := range linearPages {
		c, ok := byName[name]
		require.True(t, ok, "no moment %q in keyMoments", name)
		setup := c.setup
		c.setup = func() *model {
			m := setup()
			m.lin.door = true
			m.TakeSaid(nil)
			return m
		}
		out = append(out, c)
	}
	return out
}

// Every key binding and option of every page is reachable in the linear
// mode: for each moment of each page, every key of a keyboard (with the
// mode's own keys) is pressed on a fresh model in the linear mode, and a
// key is handled when what the player then hears, or what the lobby is
// asked, differs from what follows a key no page binds; it must be
// exactly the keys of the moment's key map, which is what control k says,
// and each of those must be heard. So no key does something a player hears
// nothing of, and every key the page says it has does something they hear.
// (A key of the map that changes nothing heard, up on the first row, says
// where the player is again; that each does something is the screen's test,
// TestEveryHandledKeyIsInTheKeyMapAndNothingElse, on the same Update.)
func TestEveryKeyOfEveryPageIsReachableInLinearMode(t *testing.T) {
	for _, c := range linearMoments(t) {
		t.Run(c.name, func(t *testing.T) {
			km := c.setup().keyMap()
			ks := append(keyboard(c.typing), tea.KeyMsg{Type: tea.KeyCtrlL}, tea.KeyMsg{Type: tea.KeyCtrlK})
			for _, k := range ks {
				ref := tea.KeyMsg{Type: tea.KeyF12}
				if k.Type == tea.KeyRunes {
					ref = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'Z'}}
				}
				got, loud := heard(c.setup(), k)
				unbound, _ := heard(c.setup(), ref)
				listed := inKeyMap(km, k)
				switch {
				case listed && (!loud || got == unbound):
					t.Errorf("%q: in the key map, but the player hears nothing of it", k.String())
				case !listed && got != unbound:
					t.Errorf("%q: not in the key map, but handled: %s", k.String(), got)
				}
			}
			said := strings.Join(c.setup().keysSaid(), "\n")
			for _, col := range km.FullHelp() {
				for _, b := range col {
					if len(b.Keys()) > 0 {
						require.Contains(t, said, strings.TrimSuffix(b.Help().Desc, "."),
							"control k says what %s does", b.Help().Key)
					}
				}
			}
		})
	}
}

// keysSaid is what control k says on the model's page.
func (m *model) keysSaid() []string {
	m.onKey(tea.KeyMsg{Type: tea.KeyCtrlK})
	return m.TakeSaid(nil)
}

// heard is what a key makes a linear player hear, and what it asks of the
// lobby; loud says it is anything at all.
func heard(m *model, k tea.KeyMsg) (string, bool) {
	f := m.sess.(interface{ calls() string })
	before := f.calls()
	quit := pressOnce(m, k)
	said := m.TakeSaid(nil)
	return fmt.Sprint(quit, "\x00", said, "\x00", f.calls()), quit || len(said) > 0 || f.calls() != before
}

// noise is what a linear sentence must not carry: escape sequences and
// control characters, box drawing and blocks, arrows and the marks the
// screens are drawn with.
var noise = regexp.MustCompile("[\x00-\x1f\x7f\u2190-\u21ff\u2500-\u25ff\u2600-\u27bf·…▶✗✓✉«»‹›]")

// Every page's linear form is plain words, and says something.
func TestLinearPagesSayPlainWords(t *testing.T) {
	for _, c := range linearMoments(t) {
		t.Run(c.name, func(t *testing.T) {
			m := c.setup()
			m.onKey(tea.KeyMsg{Type: tea.KeyCtrlL})
			said := m.TakeSaid(nil)
			require.NotEmpty(t, said)
			said = append(said, m.keysSaid()...)
			for _, s := range said {
				require.False(t, noise.MatchString(s), "%q carries a symbol or a control", s)
				require.NotEmpty(t, s)
			}
		})
	}
}

// The linear mode says each change once: the whole page when it arrives,
// then only what changed, and the page again on request.
func TestLinearModeSaysEachChangeOnce(t *testing.T) {
	fresh := lobbyScreen()
	fresh.Nick = ""
	f := newFake(fresh)
	m := New(Options{Client: f, Renderer: plainRenderer(), Width: 80, Height: 24, Linear: true,
		Now: func() time.Time { return fixedNow }}).(*model)
	require.True(t, m.Linear())
	first := strings.Join(m.TakeSaid(nil), "\n")
	require.Contains(t, first, "screen reader mode")
	require.Contains(t, first, "Choose a nickname")
	require.Contains(t, first, "So far, the nickname is empty.")

	press(m, keys("a", "n", "a")...)
	require.Empty(t, m.TakeSaid(nil), "what is typed is not said key by key")
	press(m, keyMsg("enter"))
	require.Equal(t, []string{"ana"}, f.nicks)

	m.setScreen(lobbyScreen()) // the lobby takes the name
	lobbySaid := strings.Join(m.TakeSaid(nil), "\n")
	require.Contains(t, lobbySaid, "The lobby. You are ana; 37 players online.")
	require.Contains(t, lobbySaid, "2: Create a table, public or private, any edition, any mode.")
	require.Contains(t, lobbySaid, "Table 4 of 4: office party, The Office 2020, partners, 300, 4 of 4 seats taken, playing, 2 watching.")

	press(m, keyMsg("down"))
	require.Equal(t, []string{"On 2, Create a table: enter opens it."}, m.TakeSaid(nil), "a move says where the cursor is, nothing else")
	press(m, keyMsg("down"))
	press(m, tea.KeyMsg{Type: tea.KeyCtrlL})
	again := m.TakeSaid(nil)
	require.Contains(t, again, "The lobby. You are ana; 37 players online.", "control l says the page again")
	require.Contains(t, again, "On 3, Join by code: enter opens it.")

	s := lobbyScreen()
	s.Online = 38
	s.Notice = lobby.Notice{Seq: 1, Text: "bo came online"}
	m.setScreen(s)
	require.Equal(t, []string{"bo came online."}, m.TakeSaid(nil), "news is said; a count that changes often is not")

	s.Tables[0].Taken = 4
	m.setScreen(s)
	require.Empty(t, m.TakeSaid(nil), "a table's row changing is not news in the lobby")
	s.Tables = append(s.Tables, s.Tables[0])
	s.Tables[4].ID, s.Tables[4].Name = "t5", "cy's table"
	m.setScreen(s)
	require.Equal(t, []string{"Public tables: 5."}, m.TakeSaid(nil), "their number is")
}

// A player who turns the mode on in their profile hears it at once, and
// the mode follows the account's setting, not the door's, when the door
// did not ask.
func TestProfileSwitchTurnsTheLinearModeOn(t *testing.T) {
	m, r := newRecordsModel(recordsScreen(), 100, 40)
	press(m, keyMsg("p"))
	require.False(t, m.Linear())
	press(m, keyMsg("s"))
	require.Equal(t, []bool{true}, r.readers)
	m.setScreen(r.Screen())
	require.True(t, m.Linear())
	said := strings.Join(m.TakeSaid(nil), "\n")
	require.Contains(t, said, "screen reader mode")
	require.Contains(t, said, "Screen reader mode is on, for this key's next visits too: s turns it off.")
	press(m, keyMsg("s"))
	m.setScreen(r.Screen())
	require.False(t, m.Linear())
}

// The create form's options are numbered in the linear mode, and a number
// chooses one: every option of every field is a number away.
func TestCreateFormOptionsAreChosenByNumber(t *testing.T) {
	m, f := newTestModel(lobbyScreen(), 80, 24, plainRenderer())
	m.lin.door = true
	press(m, keys("2", "down", "down")...) // the edition
	said := strings.Join(m.TakeSaid(nil), "\n")
	require.Contains(t, said, "On field 3 of 11, edition: Classic 2001.")
	require.Contains(t, said, "Choices: 1, Classic 2001, 2, Minions 2016, 3, Masters of the Universe 2020, 4, The Office 2020, 5, Masters of the Universe 2023.")
	press(m, keyMsg("4"))
	require.Contains(t, strings.Join(m.TakeSaid(nil), "\n"), "On field 3 of 10, edition: The Office 2020.")
	press(m, keyMsg("down"), keyMsg("4")) // the mode: partners, which takes four seats
	said = strings.Join(m.TakeSaid(nil), "\n")
	require.Contains(t, said, "mode: partners.")
	press(m, keyMsg("down"), keyMsg("down"), keyMsg("8")) // the target: the last of eight
	require.Contains(t, strings.Join(m.TakeSaid(nil), "\n"), "target score: 1000.")
	press(m, keyMsg("9"))
	require.Contains(t, m.TakeSaid(nil), "there is no number 9 here.")
	press(m, keyMsg("enter"))
	require.Len(t, f.creates, 1)
	got := f.creates[0].Settings
	require.Equal(t, "The Office 2020", got.Edition.Title())
	require.Equal(t, "partners", got.Mode.Title())
	require.Equal(t, 1000, got.Target)
}

// Every place the router shows has its page in both forms (a route's form
// is a ui.Form: Lines, Said and one KeyMap) and handles keys: a place added
// without them fails here, and a page without Said does not compile.
func TestEveryPlaceHasBothForms(t *testing.T) {
	for at := range routes {
		require.NotNil(t, routes[at].form, "place %d has no form", at)
		require.NotNil(t, routes[at].key, "place %d takes no key", at)
	}
}
