package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
)

// helpLine is a line of the help page: a heading, a paragraph, or a key
// and what it does.
type helpLine struct{ heading, text, key string }

// helpText is the help page: how to play, the keys, the editions and modes.
func helpText(dest string) []helpLine {
	h := func(s string) helpLine { return helpLine{heading: s} }
	p := func(s string) helpLine { return helpLine{text: s} }
	k := func(key, s string) helpLine { return helpLine{key: key, text: s} }
	ls := []helpLine{
		h("How to play"),
		p("Match the card on the discard pile by colour, number or symbol, or play a wild and name the colour. " +
			"Cannot (or would rather not)? Draw one: if it matches, you may play it at once. " +
			"Playing your next-to-last card? Call UNO with it (press u first), or anyone may catch you and you draw. " +
			"Empty your hand to win the hand: you score what the others hold."),
		p(""),
		h("At the table"),
		k("←/→ h/l", "choose a card; the ones you can play are marked ▲"),
		k("↑/↓", "a big hand is drawn in rows: the card above or below"),
		k("enter", "play it (a wild asks for the colour first)"),
		k("d", "draw a card; if it can be played: enter plays it, k keeps it"),
		k("u", "arm UNO for your next play (with two cards), or call it late where the edition allows"),
		k("c", "catch a player who went down to one card without calling UNO"),
		k("y / n", "challenge a Wild Draw Four, or take the four cards"),
		k("space", "drop your cards in the Kevin's Chili race"),
		k("t", "chat with the table; /ignore NAME hides their chat from you (/unignore NAME), "+
			"/report NAME [reason] tells the operators, /chat off or on (host)"),
		k("b", "turn the bell that rings when your turn comes on or off"),
		k("q", "leave (a bot plays your seat while you are away)"),
		p(""),
		h("In the waiting room"),
		k("s", "start the game (host)"),
		k("b / x", "add a bot / remove the bot or kick the player in the selected seat (host)"),
		k("←/→", "the selected bot's level, beginner to hard; on another seat, the level of the bots added next (host)"),
		k("f", "bots pause like people, or play fast (host)"),
		k("e", "change the rules (host)"),
		k("i", "invite a player online by nickname: they join with enter from their lobby"),
		k("r", "report the player in the selected seat to the operators (add a reason, then enter)"),
		k("l or q", "leave the table"),
		p(""),
		h("In the lobby"),
		k("←/→ · m", "on Quick play: the edition it looks for (any, or one of the five) · the mode (any, or one); "+
			"enter sits at the fullest waiting public table that matches, or opens one. Kept for your next visit"),
		k("7 or o", "who is online, and where; there x turns invitations to you off or on"),
		k("enter / esc", "take up or turn down an invitation while its line shows"),
		p(""),
		h("The editions"),
	}
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

func (m *model) helpKey(k tea.KeyMsg) {
	switch {
	case is(k, m.keys.Up):
		m.helpTop = max(m.helpTop-1, 0)
	case is(k, m.keys.Down), k.Type == tea.KeySpace:
		m.helpTop++
	case k.Type == tea.KeyPgUp:
		m.helpTop = max(m.helpTop-(m.h-6), 0)
	case k.Type == tea.KeyPgDown:
		m.helpTop += m.h - 6
	default:
		m.page = m.helpBack
	}
}

func (m *model) helpView() []string {
	st := m.st
	out := m.top(st.title.Render("UNO")+st.bold.Render(" · help"), "")
	var body []string
	const keyW = 16
	dest := m.addr
	if dest == "" {
		dest = "HOST"
	}
	for _, l := range helpText(dest) {
		switch {
		case l.heading != "":
			body = append(body, " "+st.title.Render(l.heading))
		case l.key != "":
			for i, wl := range wrapText(l.text, m.w-keyW-5) {
				k := ""
				if i == 0 {
					k = st.key.Render(l.key)
				}
				body = append(body, "   "+pad(k, keyW)+wl)
			}
		case l.text == "":
			body = append(body, "")
		default:
			for _, wl := range wrapText(l.text, m.w-5) {
				body = append(body, "   "+wl)
			}
		}
	}
	room := m.h - len(out) - 2
	m.helpTop = min(m.helpTop, max(len(body)-room, 0))
	end := min(m.helpTop+room, len(body))
	out = append(out, body[m.helpTop:end]...)
	more := ""
	if end < len(body) {
		more = " (more below)"
	}
	return m.bottom(out, st.footer(m.w, hint{"↑/↓", "scroll" + more}, hint{"any key", "back"}))
}
