package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/page/board"
	"github.com/unossh/unossh/tui/page/create"
	helppage "github.com/unossh/unossh/tui/page/help"
	"github.com/unossh/unossh/tui/page/join"
	"github.com/unossh/unossh/tui/page/lobbypage"
	"github.com/unossh/unossh/tui/page/nick"
	"github.com/unossh/unossh/tui/page/profile"
	"github.com/unossh/unossh/tui/page/table"
	"github.com/unossh/unossh/tui/page/tournaments"
	"github.com/unossh/unossh/tui/page/watch"
	"github.com/unossh/unossh/tui/page/who"
	"github.com/unossh/unossh/tui/ui"
)

// helpLine is a line of the help page (page/help).
type helpLine = helppage.Line

// helpText is the help page: how to play, the keys, the editions and modes.
func helpText(dest string) []helpLine {
	h := func(s string) helpLine { return helpLine{Heading: s} }
	p := func(s string) helpLine { return helpLine{Text: s} }
	k := func(key, s string) helpLine { return helpLine{Key: key, Text: s} }
	ls := []helpLine{
		h("How to play"),
		p("Match the card on the discard pile by colour, number or symbol, or play a wild and name the colour. " +
			"Cannot (or would rather not)? Draw one: if it matches, you may play it at once. " +
			"Playing your next-to-last card? Call UNO with it (press u first), or anyone may catch you and you draw. " +
			"Empty your hand to win the hand: you score what the others hold."),
	}
	ls = append(ls, keysHelp()...)
	ls = append(ls, p(""), h("The editions"))
	for _, e := range engine.Editions {
		ls = append(ls, k(shortEdition(e), editionBlurb(e)))
	}
	ls = append(ls, p(""), h("The modes"))
	for _, md := range engine.Modes {
		ls = append(ls, k(md.Title(), modeBlurb(md)))
	}
	ls = append(ls, tourHelp()...)
	ls = append(ls, p(""))
	ls = append(ls, houseHelp()...)
	ls = append(ls, p(""), h("Good to know"),
		p("Cards read without colour too: R7 is a red 7, G+2 a green Draw Two, YS a yellow Skip, BR a blue Reverse, "+
			"W a wild, W+4 a Wild Draw Four, R? a Blank (one per colour), and WM, WG, WC, WA the editions' special wilds."),
		p("A Wild Draw Four may be challenged: if its player held a card of the colour in play they draw four, "+
			"otherwise the challenger draws six."),
		p("Lost your connection? Your seat is kept for a while: ssh in again with the same key. A guest, who has "+
			"no key, gets a rejoin code at the table: ssh -t "+dest+" rejoin CODE takes their seat back."),
		p("Left with q? A bot plays your seat, and the lobby shows \"Back to your table\" with the time your "+
			"seat is kept (Quick play takes you back too); after that the bot keeps the seat."),
		p("Idle? When your turn times out three times in a row, a bot plays for you until you press a key; "+
			"after three more of your moves made by the bot, you are stood up: back to the lobby, your seat kept "+
			"for you as if you had left. A game a bot wins in your seat is the bot's win, not yours."),
		p("In the lobby, p shows your profile (your games, wins and rating; / finds another player's) and t the "+
			"leaderboard of each edition, of all time or of this week. Without a terminal, ssh "+dest+" profile NAME "+
			"and ssh "+dest+" top print them."),
	)
	return ls
}

// moment is one of a page's key maps, with what the player is doing then.
type moment struct {
	caption string
	keys    help.KeyMap
}

// keySections are the pages whose keys the help page lists, each with its
// key maps: the page is generated from them, so it says what the keys do.
var keySections = []struct {
	title   string
	moments []moment
}{
	{"At the table", []moment{
		{"On your turn (u arms UNO for your next play, or calls it late where the edition allows; q leaves, and a bot plays your seat while you are away)", table.PlayKeyMap},
		{"After drawing a card that can be played", table.DrawnKeyMap},
		{"Choosing a wild's colour", table.ColourKeyMap(engine.Classic2001)},
		{"Choosing whom to swap hands with", table.TargetKeyMap},
		{"Facing a Wild Draw Four", table.ChallengeKeyMap},
		{"In the Kevin's Chili race", table.RaceKeyMap},
		{"Raiding a hand", table.RaidKeyMap},
		{"When the game is over", table.FinalHostKeyMap},
		{"Leaving a game under way", table.LeaveKeyMap},
		{"Typing in the chat (/ignore NAME hides their chat from you, /unignore NAME shows it again, /report NAME [reason] tells the operators, /chat off or on mutes the table's chat (host))", table.ChatKeyMap},
		{"Watching", table.SitterKeyMap},
	}},
	{"In the waiting room", []moment{
		{"The host starts the game, adds and removes bots and players, and sets the rules; the others are told so. r on a player's row reports them to the operators (add a reason, then enter)", table.RoomHostKeyMap},
		{"Inviting a player online", table.InviteKeyMap},
	}},
	{"In the lobby", []moment{
		{"On Quick play, which sits you at the fullest waiting public table of the edition and mode chosen, or opens one (the choice is kept for your next visit); l seeks a rated game on the ladder instead, one hand for two against an API bot or another person who chose it", lobbypage.QuickKeyMap},
		{"On the menu", lobbypage.MenuKeyMap},
		{"On the public tables", lobbypage.ListKeyMap},
		{"Filtering the tables", lobbypage.FilterKeyMap},
		{"When a player invites you", lobbypage.InviteKeyMap},
		{"Creating a table", create.CreateKeyMap},
		{"Joining a table by its code", join.KeyMap},
		{"Watching a table", watch.KeyMap},
		{"Who's online", who.KeyMap},
		{"Your profile", profile.OwnKeyMap},
		{"Another player's profile", profile.OtherKeyMap},
		{"The leaderboard", board.KeyMap},
		{"Tournaments", tournaments.KeyMap},
	}},
	{"In a tournament's room", []moment{
		{"Before it begins", table.TourSpectatorKeyMap},
		{"Once it has begun", table.TourStartedKeyMap},
	}},
	{"Choosing a nickname", []moment{
		{"", nick.KeepKeyMap},
		{"Linking this key to your account", nick.LinkKeyMap},
	}},
	{"In the screen-reader mode (ssh -t HOST plain, TERM=dumb, UNOSSH_SCREEN_READER=1, or s in your profile)", []moment{
		{"Every page has these keys too, and its menus and lists are numbered", &linearHelp},
	}},
	{"This page", []moment{{"", helppage.KeyMap}}},
}

// linearHelp is the keys every page has in the linear mode.
var linearHelp = append(keyList{ui.KeyPick}, ui.LinearKeys...)

// keysHelp is the help page's list of keys, page by page and moment by
// moment: each binding's key and what it does, a pair (↑ and ↓) once.
func keysHelp() []helpLine {
	var ls []helpLine
	for _, sec := range keySections {
		ls = append(ls, helpLine{}, helpLine{Heading: sec.title})
		for _, mo := range sec.moments {
			if mo.caption != "" {
				ls = append(ls, helpLine{Text: mo.caption + ":"})
			}
			seen := map[key.Help]bool{}
			for _, col := range mo.keys.FullHelp() {
				for _, b := range col {
					if h := b.Help(); !seen[h] {
						seen[h] = true
						ls = append(ls, helpLine{Key: h.Key, Text: h.Desc})
					}
				}
			}
		}
	}
	return ls
}

// helpView draws the help page, with its text as this server has it.
func (c pageCtx) helpView() []string {
	return c.m.help.Lines(c, helpText(c.dest()))
}

// dest is how the help page names the server.
func (c pageCtx) dest() string {
	if c.m.addr == "" {
		return "HOST"
	}
	return c.m.addr
}
