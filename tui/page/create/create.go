// Package create is the form that creates a table (the lobby's "Create a
// table", and `ssh HOST new`), and, for the host of a waiting table, the
// same form that changes its rules (e in the waiting room).
package create

import (
	"fmt"
	"strings"
	"time"

	bhelp "github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// formRow is one line of the create form.
type formRow uint8

const (
	rowName formRow = iota
	rowPublic
	rowAPIBots // whether API bots may sit (a public table)
	rowEdition
	rowMode
	rowSeats
	rowTarget
	rowBots
	rowBotLevel // the bots' level and pace
	rowBlanks
	rowBlankPoints
	rowFoil
	rowHouse     // the house rules' preset
	rowRule      // which house rule (a custom set)
	rowRuleValue // its setting
	rowTimer
	rowSubmit
)

// targets are the target scores offered.
var targets = []int{100, 200, 250, 300, 400, 500, 750, 1000}

// Timers are the turn timers offered; 0 is the lobby's standard one.
var Timers = []time.Duration{0, 15 * time.Second, 20 * time.Second, 30 * time.Second, 45 * time.Second,
	60 * time.Second, 90 * time.Second, 120 * time.Second, lobby.NoTurnTimer}

// Page is the form that creates a table, or (configure) changes the
// rules of the waiting table the player hosts.
type Page struct {
	configure bool
	row       formRow
	name      ui.Input
	public    bool
	apiBots   bool
	edition   int
	mode      int
	seats     int
	target    int // index in targets
	bots      int
	botLevel  lobby.Level
	fastBots  bool
	blanks    int
	blankPts  int // index in engine.BlankScores
	foil      bool
	preset    engine.Preset
	house     engine.HouseRules
	rule      int // index in houseRules
	timer     int // index in Timers
	err       string
}

// New is the form for a new table, named after the player.
func New(nick string) *Page {
	f := &Page{name: ui.NewInput(24, nil), seats: 4, target: 5, row: rowName, botLevel: lobby.Normal}
	if nick != "" {
		f.name.Set(ui.Clean(nick) + "'s table")
	}
	return f
}

// Configure is the form for a waiting table's current rules.
func Configure(s engine.Settings) *Page {
	f := New("")
	f.configure, f.row = true, rowEdition
	f.edition, f.mode, f.seats = int(s.Edition), int(s.Mode), s.Players
	f.blanks, f.blankPts, f.foil = int(s.Blanks), int(s.BlankPoints), s.Foil
	f.house, f.preset = s.House, s.House.Preset()
	for i, t := range targets {
		if t == ui.Target(s) {
			f.target = i
		}
	}
	return f
}

// rows are the form's rows, as the choices made so far show them.
func (f *Page) rows() []formRow {
	var rs []formRow
	if !f.configure {
		rs = append(rs, rowName, rowPublic)
	}
	rs = append(rs, rowEdition, rowMode, rowSeats)
	if m := engine.Mode(f.mode); m != engine.SingleHand && m != engine.RotatingPartners {
		rs = append(rs, rowTarget) // (a rotation ends after twelve hands)
	}
	if !f.configure {
		rs = append(rs, rowBots)
		if f.bots > 0 || f.public { // (a public table's free seats fill with bots)
			rs = append(rs, rowBotLevel)
		}
	}
	switch engine.Edition(f.edition) {
	case engine.Classic2001:
		rs = append(rs, rowBlanks)
		if engine.BlankRule(f.blanks) != engine.BlanksOut {
			rs = append(rs, rowBlankPoints)
		}
	case engine.MastersOfTheUniverse2023:
		rs = append(rs, rowFoil)
	}
	rs = append(rs, rowHouse)
	if f.preset == engine.PresetCustom {
		rs = append(rs, rowRule, rowRuleValue)
	}
	if !f.configure {
		if f.public {
			rs = append(rs, rowAPIBots)
		}
		rs = append(rs, rowTimer)
	}
	return append(rs, rowSubmit)
}

func (f *Page) settings() engine.Settings {
	s := engine.Settings{
		Edition: engine.Edition(f.edition),
		Mode:    engine.Mode(f.mode),
		Players: f.seats,
		Target:  targets[f.target],
	}
	if s.Edition == engine.Classic2001 {
		s.Blanks = engine.BlankRule(f.blanks)
		if s.Blanks != engine.BlanksOut {
			s.BlankPoints = engine.BlankScores[f.blankPts]
		}
	}
	if s.Edition == engine.MastersOfTheUniverse2023 {
		s.Foil = f.foil
	}
	s.House = f.house
	return s
}

// problems explain, in the player's words, why these choices cannot make a table.
func (f *Page) problems() []string {
	var out []string
	s := f.settings()
	if s.Mode == engine.Partners && s.Players != 4 {
		out = append(out, fmt.Sprintf("Partners is played by exactly 4 players (2 teams of 2): set seats to 4, not %d.", s.Players))
	}
	if s.Mode == engine.RotatingPartners && s.Players != 4 {
		out = append(out, fmt.Sprintf("Rotating partners is played by exactly 4 players: set seats to 4, not %d.", s.Players))
	}
	if !f.configure && f.bots >= f.seats {
		out = append(out, "Leave at least one seat for yourself: fewer bots.")
	}
	if !f.configure && f.public && Timers[f.timer] == lobby.NoTurnTimer {
		out = append(out, "A public table keeps a turn timer: pick a time, or make the table private.")
	}
	if len(out) == 0 {
		if err := s.Validate(); err != nil {
			out = append(out, err.Error())
		}
	}
	return out
}

// step moves a row's value by d (±1), wrapping lists and clamping numbers.
func (f *Page) step(d int) {
	wrap := func(v, n int) int { return ((v+d)%n + n) % n }
	switch f.row {
	case rowPublic:
		f.public = !f.public
	case rowAPIBots:
		f.apiBots = !f.apiBots
	case rowEdition:
		f.edition = wrap(f.edition, len(engine.Editions))
	case rowMode:
		f.mode = wrap(f.mode, len(engine.Modes))
		if m := engine.Mode(f.mode); (m == engine.Partners || m == engine.RotatingPartners) && !f.configure {
			f.seats = 4 // the only way partners is played
		}
	case rowSeats:
		f.seats = min(max(f.seats+d, engine.MinPlayers), engine.MaxPlayers)
	case rowTarget:
		f.target = min(max(f.target+d, 0), len(targets)-1)
	case rowBots:
		f.bots = min(max(f.bots+d, 0), f.seats-1)
	case rowBotLevel:
		// Each level, at a person's pace and then fast.
		i := wrap(int(f.botLevel)*2+btoi(f.fastBots), 2*len(lobby.Levels))
		f.botLevel, f.fastBots = lobby.Level(i/2), i%2 == 1
	case rowBlanks:
		f.blanks = wrap(f.blanks, len(engine.BlankRules))
	case rowBlankPoints:
		f.blankPts = wrap(f.blankPts, len(engine.BlankScores))
	case rowFoil:
		f.foil = !f.foil
	case rowHouse:
		f.preset = engine.Preset(wrap(int(f.preset), len(engine.Presets)))
		if f.preset != engine.PresetCustom {
			f.house = f.preset.Rules()
		}
	case rowRule:
		f.rule = wrap(f.rule, len(ui.HouseRules))
	case rowRuleValue:
		r := ui.HouseRules[f.rule]
		r.Set(&f.house, wrap(r.Get(f.house), r.Values))
	case rowTimer:
		f.timer = wrap(f.timer, len(Timers))
	}
	f.bots = min(f.bots, f.seats-1)
}

// move goes to the next or previous row.
func (f *Page) move(d int) {
	rs := f.rows()
	i := 0
	for j, r := range rs {
		if r == f.row {
			i = j
		}
	}
	f.row = rs[((i+d)%len(rs)+len(rs))%len(rs)]
}

// Keys are the create form's keys; on the name's row, what else is
// typed is the name.
var Keys = struct {
	Back, Create, Save, Up, Down, Prev, Next, UpRow, DownRow key.Binding
}{
	Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	Create: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "create")),
	Save:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "save")),
	Up:     key.NewBinding(key.WithKeys("up", "shift+tab"), key.WithHelp("↑/↓", "field")),
	Down:   key.NewBinding(key.WithKeys("down", "tab"), key.WithHelp("↑/↓", "field")),
	Prev:   key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/→", "change")),
	Next:   key.NewBinding(key.WithKeys("right", "l", " "), key.WithHelp("←/→", "change")),
	// UpRow and DownRow move too, off the name's row.
	UpRow:   key.NewBinding(key.WithKeys("k"), key.WithHelp("k/j", "field")),
	DownRow: key.NewBinding(key.WithKeys("j"), key.WithHelp("k/j", "field")),
}

// The form's key maps: creating a table, and changing a waiting table's
// rules.
var (
	CreateKeyMap = &ui.Footed{
		Foot: ui.KeyList{Keys.Up, Keys.Down, Keys.Prev, Keys.Next, Keys.Create, Keys.Back},
		More: ui.KeyList{Keys.UpRow, Keys.DownRow},
	}
	ConfigureKeyMap = &ui.Footed{
		Foot: ui.KeyList{Keys.Up, Keys.Down, Keys.Prev, Keys.Next, Keys.Save, Keys.Back},
		More: ui.KeyList{Keys.UpRow, Keys.DownRow},
	}
)

// KeyMap is the form's key map.
func (f *Page) KeyMap(c ui.Context) bhelp.KeyMap {
	km := CreateKeyMap
	if f.configure {
		km = ConfigureKeyMap
	}
	if opts, _ := f.options(); c.Linear() && opts != nil {
		return km.And(ui.KeyPick) // (said.go)
	}
	return km
}

// Configuring reports whether the form changes a waiting table's rules.
func (f *Page) Configuring() bool { return f.configure }

// EndConfigure is the table the rules were for gone: the form is done.
func (f *Page) EndConfigure() { f.configure = false }

// Update takes a key.
func (f *Page) Update(c ui.Context, k tea.KeyMsg) tea.Cmd {
	f.err = ""
	switch {
	case key.Matches(k, Keys.Back):
		cmd := c.Go(ui.Lobby, "")
		if f.configure {
			f.configure = false
			c.Send(lobby.Intent{Kind: lobby.EditDone}) // the countdown starts again
		}
		return cmd
	case key.Matches(k, Keys.Create, Keys.Save):
		return f.submit(c)
	case key.Matches(k, Keys.Up):
		f.move(-1)
		return nil
	case key.Matches(k, Keys.Down):
		f.move(1)
		return nil
	}
	if f.row == rowName {
		f.name.Update(k)
		return nil
	}
	if opts, _ := f.options(); opts != nil {
		if i, ok := ui.Pick(c, k, len(opts)); ok { // (the linear mode: said.go)
			if ui.NumberKey(k.String()) <= len(opts) {
				f.choose(i)
			}
			return nil
		}
	}
	switch {
	case key.Matches(k, Keys.Prev):
		f.step(-1)
	case key.Matches(k, Keys.Next):
		f.step(1)
	case key.Matches(k, Keys.UpRow):
		f.move(-1)
	case key.Matches(k, Keys.DownRow):
		f.move(1)
	default:
		c.Say("←/→ change · ↑/↓ move · enter "+f.verb()+" · esc back", false)
	}
	return nil
}

func (f *Page) verb() string {
	if f.configure {
		return "save"
	}
	return "create"
}

// submit creates the table, or sends the new rules.
func (f *Page) submit(c ui.Context) tea.Cmd {
	if p := f.problems(); len(p) > 0 {
		f.err = p[0]
		return nil
	}
	if f.configure {
		s := f.settings()
		f.configure = false
		cmd := c.Go(ui.Lobby, "")
		c.Send(lobby.Intent{Kind: lobby.Configure, Settings: s})
		return cmd
	}
	opts := lobby.TableOptions{
		Name:     strings.TrimSpace(f.name.Value()),
		Public:   f.public,
		APIBots:  f.public && f.apiBots,
		Settings: f.settings(),
		Bots:     f.bots,
		BotLevel: &f.botLevel,
		FastBots: f.fastBots,
		TurnTime: Timers[f.timer],
	}
	c.Say("opening your table…", false)
	return c.Call(func(s ui.Session) error { return s.Create(opts) }, f.answer)
}

// answer shows why the table could not be made.
func (f *Page) answer(err error) {
	f.err = ""
	if err != nil {
		f.err = err.Error()
	}
}

// Lines draws the form.
func (f *Page) Lines(c ui.Context) []string {
	st := c.Styles()
	w, _ := c.Size()
	title := "Create a table"
	if f.configure {
		title = "Change the table's rules"
	}
	out := c.Top("", "")
	out = append(out, "  "+st.Title(title), "")
	for _, r := range f.rows() {
		out = append(out, f.line(st, r))
	}
	out = append(out, "")
	for _, l := range ui.Wrap(f.describe(), w-6) {
		out = append(out, "    "+st.Dim(l))
	}
	probs := f.problems()
	if f.err != "" && (len(probs) == 0 || probs[0] != f.err) {
		probs = append([]string{f.err}, probs...)
	}
	for _, p := range probs {
		for i, l := range ui.Wrap(p, w-8) {
			mark := st.Err("✗ ")
			if i > 0 {
				mark = "  "
			}
			out = append(out, "    "+mark+st.Warn(l))
		}
	}
	return c.Bottom(out, f.KeyMap(c))
}

// line draws one row: its label and its value between ‹ ›.
func (f *Page) line(st ui.Styles, r formRow) string {
	focused := f.row == r
	mark := "    "
	if focused {
		mark = "  " + st.Turn("▶") + " "
	}
	if r == rowSubmit {
		btn := "[ Create table ]"
		if f.configure {
			btn = "[ Save rules ]"
		}
		if focused {
			return mark + st.Selected(btn)
		}
		return mark + st.Bold(btn)
	}
	label := ui.Pad(rowLabel(r), 14)
	if r == rowName {
		if focused {
			return mark + st.Bold(label) + "  " + f.name.View(st, 25)
		}
		return mark + label + "  " + ui.Clean(f.name.Value())
	}
	v := f.value(r)
	if r == rowEdition {
		v += "  " + swatches(st, engine.Edition(f.edition))
	}
	if focused {
		return mark + st.Bold(label) + st.Accent("‹ ") + st.Bold(v) + st.Accent(" ›")
	}
	return mark + label + "  " + v
}

// swatches shows an edition's four colours.
func swatches(st ui.Styles, e engine.Edition) string {
	var parts []string
	for _, c := range e.Colors() {
		parts = append(parts, st.Color(c, "■"))
	}
	return strings.Join(parts, "")
}

func rowLabel(r formRow) string {
	return [...]string{"name", "visibility", "API bots", "edition", "mode", "seats", "target score", "bots", "bot level",
		"Blank cards", "Blank scores", "Army card", "house rules", "  rule", "  setting", "turn timer", ""}[r]
}

func (f *Page) value(r formRow) string {
	switch r {
	case rowPublic:
		if f.public {
			return "public"
		}
		return "private"
	case rowAPIBots:
		if f.apiBots {
			return "may sit"
		}
		return "not allowed"
	case rowEdition:
		return engine.Edition(f.edition).Title()
	case rowMode:
		return engine.Mode(f.mode).Title()
	case rowSeats:
		return fmt.Sprint(f.seats)
	case rowTarget:
		return fmt.Sprint(targets[f.target])
	case rowBots:
		return fmt.Sprint(f.bots)
	case rowBotLevel:
		return ui.BotLevelText(f.botLevel, f.fastBots)
	case rowBlanks:
		return engine.BlankRule(f.blanks).Title()
	case rowBlankPoints:
		return engine.BlankScores[f.blankPts].Title()
	case rowFoil:
		if f.foil {
			return "the foil collectible"
		}
		return "the ordinary card"
	case rowHouse:
		return f.preset.Title()
	case rowRule:
		return ui.HouseRules[f.rule].Name
	case rowRuleValue:
		r := ui.HouseRules[f.rule]
		return r.Title(r.Get(f.house))
	case rowTimer:
		switch t := Timers[f.timer]; t {
		case 0:
			return "standard"
		case lobby.NoTurnTimer:
			return "off"
		default:
			return ui.Seconds(t) + " a turn"
		}
	}
	return ""
}

// describe explains the focused row's current choice.
func (f *Page) describe() string {
	switch f.row {
	case rowName:
		return "The name shown in the lobby's list of tables."
	case rowPublic:
		if f.public {
			return "Listed in the lobby: anyone may sit or watch. Once a player waits, it starts by itself after a countdown, bots filling the free seats."
		}
		return fmt.Sprintf("Not listed: friends join with the %d-character code shown in your waiting room. You start the game.", lobby.CodeLength)
	case rowAPIBots:
		if f.apiBots {
			return "Bots of the bot API (programs that play through ssh HOST bot) may take a free seat at your table, like a person."
		}
		return "Only people, and the server's own bots, sit at your table: bots of the bot API are refused."
	case rowEdition:
		return ui.EditionBlurb(engine.Edition(f.edition))
	case rowMode:
		return ui.ModeBlurb(engine.Mode(f.mode))
	case rowSeats:
		return "2 to 10 players. Empty seats can be filled with bots from the waiting room."
	case rowTarget:
		switch engine.Mode(f.mode) {
		case engine.LowestScore:
			return "When someone's tally of held cards reaches this, the lowest tally wins."
		case engine.Challenge:
			return "A player whose tally of held cards reaches this is out."
		}
		return "The score that wins the game."
	case rowBots:
		return "Bots take these seats at once; b adds and x removes bots in the waiting room."
	case rowBotLevel:
		return ui.BotLevelBlurb(f.botLevel, f.fastBots)
	case rowBlanks:
		return "Classic 2001's four Blank cards, one per colour, carry this house rule: " + engine.BlankRule(f.blanks).Title() +
			". A Blank plays on its colour or on another Blank."
	case rowBlankPoints:
		return "What a Blank left in a hand scores: the rulebook's score table says \"?\", so the table decides."
	case rowFoil:
		return "The deck has one Army of Grayskull: the ordinary card or its foil duplicate. They play the same."
	case rowHouse:
		return ui.PresetBlurb(f.preset, f.house)
	case rowRule, rowRuleValue:
		return ui.HouseRules[f.rule].Blurb
	case rowTimer:
		return "How long a turn lasts. When it runs out the table draws (or passes) for you; after three in a row a bot plays " +
			"for you until you press a key; three more moves without one, and you are stood up (your seat kept a while)."
	}
	return "Press enter to " + f.verb() + " the table."
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
