package lobbypage

import (
	bhelp "github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"

	"github.com/unossh/unossh/tui/ui"
)

func bind(k, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
}

// Keys are the lobby's keys.
var Keys = struct {
	Up, Down, Choose, Play, Sit, Watch, Entry, Filter, Profile, Top, Who, Help, Quit, ClearFilter key.Binding
	// Edition, EditionBack, Mode and ModeBack make Quick play's choice,
	// on its row (quickplay.go).
	Edition, EditionBack, Mode, ModeBack key.Binding
	// Ladder seeks a rated ladder game instead, from Quick play's row.
	Ladder key.Binding
	// Done and Clear end the filter's typing.
	Done, Clear, Type key.Binding
}{
	Up:          bind("↑/↓", "move", "up", "k", "ctrl+p"),
	Down:        bind("↑/↓", "move", "down", "j", "ctrl+n", "tab"),
	Choose:      bind("enter", "choose", "enter"),
	Play:        bind("enter", "play", "enter"),
	Sit:         bind("enter", "sit", "enter"),
	Watch:       bind("w", "watch", "w"),
	Entry:       bind("1-7", "an entry of the menu", "1", "2", "3", "4", "5", "6", "7"),
	Filter:      bind("/", "filter", "/"),
	Profile:     bind("p", "profile", "p"),
	Top:         bind("t", "top", "t"),
	Who:         bind("o", "who's online", "o"),
	Help:        bind("?", "help", "?"),
	Quit:        bind("q", "quit", "q"),
	ClearFilter: bind("esc", "clear the filter", "esc"),
	EditionBack: bind("←/→", "edition", "left"),
	Edition:     bind("←/→", "edition", "right"),
	Mode:        bind("m", "mode", "m"),
	ModeBack:    bind("M", "mode, backwards", "M"),
	Ladder:      bind("l", "a rated ladder game, with API bots", "l"),
	Done:        bind("enter", "done", "enter"),
	Clear:       bind("esc", "clear", "esc"),
	Type:        bind("type", "to filter"),
}

// InvitationKeys answer an invitation, on its line.
var InvitationKeys = struct {
	Accept, Decline key.Binding
}{
	Accept:  bind("enter", "join", "enter"),
	Decline: bind("esc", "no thanks", "esc"),
}

// with is b with another help text.
func with(b key.Binding, k, desc string) key.Binding {
	b.SetHelp(k, desc)
	return b
}

// The lobby's key maps: on the menu, on Quick play's row (what makes the
// choice first, so that it fits in 80 cells), on the table list, and while
// the filter is typed.
var (
	MenuKeyMap = &ui.Footed{
		Foot: ui.KeyList{Keys.Up, Keys.Down, Keys.Choose, Keys.Filter, Keys.Profile, Keys.Top, Keys.Help, Keys.Quit},
		More: ui.KeyList{Keys.Entry, Keys.Who},
	}
	QuickKeyMap = &ui.Footed{
		Foot: ui.KeyList{Keys.Up, Keys.Down, Keys.EditionBack, Keys.Edition, Keys.Mode, Keys.Play, Keys.Profile,
			Keys.Help, Keys.Quit, Keys.Filter, Keys.Top},
		More: ui.KeyList{Keys.Ladder, Keys.ModeBack, Keys.Entry, Keys.Who},
	}
	ListKeyMap = &ui.Footed{
		Foot: ui.KeyList{with(Keys.Up, "↑/↓", "table"), with(Keys.Down, "↑/↓", "table"), Keys.Sit, Keys.Watch,
			Keys.Filter, Keys.Quit},
		More: ui.KeyList{Keys.Entry, Keys.Profile, Keys.Top, Keys.Who, Keys.Help},
	}
	FilterKeyMap  = &ui.KeyList{Keys.Type, Keys.Done, Keys.Clear}
	InviteKeyMap  = &ui.KeyList{InvitationKeys.Accept, InvitationKeys.Decline}
	menuFiltered  = MenuKeyMap.And(Keys.ClearFilter) // (with a filter typed, esc clears it)
	quickFiltered = QuickKeyMap.And(Keys.ClearFilter)
	listFiltered  = ListKeyMap.And(Keys.ClearFilter)
)

// KeyMap is the lobby's key map now.
func (p *Page) KeyMap(c ui.Context) bhelp.KeyMap {
	filtered := p.filter.Value() != ""
	switch cur := p.Cursor(c); {
	case p.filtering:
		return FilterKeyMap
	case cur == 0 && filtered:
		return quickFiltered
	case cur == 0:
		return QuickKeyMap
	case cur >= len(menu) && filtered:
		return listFiltered
	case cur >= len(menu):
		return ListKeyMap
	case filtered:
		return menuFiltered
	}
	return MenuKeyMap
}
