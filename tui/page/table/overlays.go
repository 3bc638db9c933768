package table

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// overlayBox draws an overlay in its frame.
// A compact box leaves out its blank lines, to fit a small window.
func (tp *Page) overlayBox(ov Box, v *engine.View, compact bool) string {
	inner := min(tp.w-8, 66)
	var body []string
	switch ov {
	case ColourBox, FirstColourBox:
		body = tp.colorView(ov, v)
	case TargetBox:
		body = tp.targetView(v)
	case ChallengeBox:
		body = tp.challengeView(v, inner)
	case RaceBox:
		body = tp.raceView(v)
	case RaidBox:
		body = tp.raidView(v, inner)
	case RevealBox:
		body = tp.revealView(v, inner)
	case ScoresBox:
		body = tp.scoresView(v, inner, false)
	case FinalBox:
		body = tp.scoresView(v, inner, true)
	case LeaveBox:
		body = []string{
			tp.cards().Title("Leave the game?"), "",
			"A bot plays your seat while you are away; choose",
			"\"Back to your table\" in the lobby to take it back.", "",
			tp.cards().Key("y") + " leave   " + tp.cards().Key("n") + " stay",
		}
	}
	if compact {
		body = slices.DeleteFunc(body, func(l string) bool { return strings.TrimSpace(l) == "" })
	}
	w := 0
	for i, l := range body {
		body[i] = ui.Trunc(l, inner)
		w = max(w, ui.Width(body[i]))
	}
	for i, l := range body {
		body[i] = ui.Pad(l, w)
	}
	return tp.cards().Overlay(body, w)
}

// colorView offers the edition's four colours, with how many of each the
// player holds.
func (tp *Page) colorView(ov Box, v *engine.View) []string {
	st := tp.cards()
	title := "Choose the colour for your " + st.Label(tp.tbl.wild, v.Settings.Edition)
	if ov == FirstColourBox {
		title = "The first card is wild: choose the colour to start"
	}
	var opts, keys []string
	const cellW = 12
	for i, c := range v.Settings.Edition.Colors() {
		n := 0
		for _, h := range v.Hand {
			if h.Color == c && !h.Kind.IsWild() {
				n++
			}
		}
		cell := " " + st.Chip(c) + " "
		if i == tp.tbl.color {
			cell = st.Turn("[") + st.Chip(c) + st.Turn("]")
		}
		opts = append(opts, ui.Pad(cell, cellW))
		keys = append(keys, ui.Pad(" "+st.Key(string(c.String()[0]))+st.Dim(fmt.Sprintf(" · %d held", n)), cellW))
	}
	return []string{
		st.Bold(title), "",
		strings.Join(opts, "  "),
		strings.Join(keys, "  "), "",
		st.Dim("←/→ and enter, or the colour's first letter"),
	}
}

// targetView asks whom a Blank swaps hands with.
func (tp *Page) targetView(v *engine.View) []string {
	st := tp.cards()
	out := []string{st.Bold("Swap hands with whom?"), ""}
	back := "↑/↓ and enter · esc back to the colour"
	if !tp.tbl.wild.Kind.IsWild() {
		back = "↑/↓ and enter · esc back to your hand"
	}
	for _, s := range tp.swapTargets(v) {
		mark := "  "
		if s == tp.tbl.target {
			mark = st.Turn("▶ ")
		}
		out = append(out, mark+ui.Pad(tp.seatName(s), 16)+" "+ui.Plural(v.Seats[s].Cards, "card", "cards"))
	}
	return append(out, "", st.Dim(back))
}

// challengeView asks whether to challenge the Wild Draw Four. Its text is
// kept between messages: the box shows the turn's countdown, and each of
// its seconds wrapped the whole text again.
func (tp *Page) challengeView(v *engine.View, w int) []string {
	st := tp.cards()
	k := boxTextKey{gen: tp.gen, t: tp.scr.Table, w: w}
	text := keptBy(&tp.memoNow().challenge, k, func() []string { return tp.challengeText(v, w) })
	return append(text, "", st.Key("y")+" challenge    "+st.Key("n")+" take the four cards"+
		tp.countdown(tp.scr.Table.TurnEnds))
}

// challengeText is the challenge box's text, above its keys.
func (tp *Page) challengeText(v *engine.View, w int) []string {
	st := tp.cards()
	by := tp.seatName(v.FourBy)
	out := []string{
		st.Title("WILD DRAW FOUR!"), "",
		fmt.Sprintf("%s played a Wild Draw Four and named %s.", by, st.Chip(v.Color)),
		"",
	}
	why := fmt.Sprintf("If %s held a card of the colour that was in play, %s draws four "+
		"and you go on; if not, you draw six and lose your turn.", by, by)
	if v.Settings.Edition == engine.MastersOfTheUniverse2023 {
		why = fmt.Sprintf("If %s held a card of the colour in play or any wild, %s draws four "+
			"and you go on; if not, you draw six and lose your turn.", by, by)
	}
	if v.Pending > 4 {
		why = fmt.Sprintf("%d cards are stacked on you. ", v.Pending) + why
	}
	if v.Pending > 0 {
		why += " Or stack a draw card on it: ←/→ and enter."
	}
	return append(out, ui.Wrap(why, w)...)
}

// raceView is the Kevin's Chili race, for a player still to drop.
func (tp *Page) raceView(v *engine.View) []string {
	st := tp.cards()
	var in, out []string
	for _, s := range v.Seats {
		if !s.Out && s.Racing {
			in = append(in, tp.seatName(s.Seat))
		}
	}
	for i, s := range tp.scr.Table.Drops { // in the order the server took the drops
		out = append(out, fmt.Sprintf("%d %s", i+1, tp.seatName(s)))
	}
	lines := []string{
		st.Title("KEVIN'S FAMOUS CHILI!") + tp.countdown(tp.scr.Table.RaceEnds), "",
		st.Banner("   DROP!  press space   "), "",
		"the last to drop draws two",
	}
	if len(out) > 0 {
		lines = append(lines, st.OK("dropped: ")+strings.Join(out, ", "))
	}
	return append(lines, st.Warn("still in: ")+strings.Join(in, ", "))
}

// scoresView is the result of the hand just played (between hands) or of
// the game (final).
func (tp *Page) scoresView(v *engine.View, w int, final bool) []string {
	// The standings are kept between messages: between hands the box shows
	// the next hand's countdown, and each of its seconds drew them again.
	k := boxTextKey{gen: tp.gen, t: tp.scr.Table, w: w, final: final}
	text := keptBy(&tp.memoNow().scores, k, func() []string { return tp.scoresText(v, w, final) })
	return append(text, tp.scoresNext(final))
}

// scoresText is the scores box's text, above its last line.
func (tp *Page) scoresText(v *engine.View, w int, final bool) []string {
	st := tp.cards()
	t := tp.scr.Table
	lh := t.LastHand
	var out []string
	if tv := t.Tournament; final && tv != nil {
		out = append(out, st.Title("TOURNAMENT OVER"), "", st.Bold(tourWinners(tv)), "")
	} else if final {
		out = append(out, st.Title("GAME OVER"), "", st.Bold(tp.winnersText(v, lh)), "")
	} else {
		out = append(out, st.Title(fmt.Sprintf("HAND %d OVER", v.HandNo)), "")
	}
	if lh != nil {
		out = append(out, ui.Wrap(tp.handText(v, lh), w)...)
		out = append(out, "")
	}
	out = append(out, tp.standings(v, lh, final)...)
	if rl := tp.rotationLines(v, w); len(rl) > 0 {
		out = append(out, "")
		out = append(out, rl...)
	}
	return append(out, "")
}

// scoresNext is the scores box's last line: what comes next.
func (tp *Page) scoresNext(final bool) string {
	st := tp.cards()
	t := tp.scr.Table
	switch {
	case t.Tournament != nil && (final || t.NextHandAt.IsZero()):
		return tp.tourNext(t.Tournament)
	case final && t.Host:
		return st.Key("r") + " rematch    " + st.Key("enter") + " back to the lobby"
	case final:
		return st.Dim("the host may start a rematch · ") + st.Key("enter") + " back to the lobby"
	default:
		return "next hand in " + st.Bold(ui.Clock(t.NextHandAt.Sub(tp.c.Now())))
	}
}

// handText says how the hand ended.
func (tp *Page) handText(v *engine.View, lh *lobby.HandResult) string {
	who := tp.seatName(lh.Winner)
	if lh.Partner >= 0 {
		who += " & " + tp.seatName(lh.Partner)
	}
	var s string
	switch {
	case lh.Blocked:
		s = "Nobody could go out: " + who + " held the fewest points."
	default:
		s = who + " went out."
	}
	switch {
	case lh.Unscored:
		s += " A single hand of " + v.Settings.Edition.Title() + " scores no points."
	case v.Settings.Mode == engine.LowestScore || v.Settings.Mode == engine.Challenge:
		s += " Everyone else adds what they held to their tally."
	default:
		s += fmt.Sprintf(" %s scored %d points.", who, lh.Points)
	}
	if len(lh.Eliminated) > 0 {
		var names []string
		for _, e := range lh.Eliminated {
			names = append(names, tp.seatName(e))
		}
		s += " Out: " + strings.Join(names, ", ") + "."
	}
	return s
}

// winnersText is "bo wins!", "ana & cy win!", "a tie: ana, bo".
func (tp *Page) winnersText(v *engine.View, lh *lobby.HandResult) string {
	ws := v.Winners
	if len(ws) == 0 && lh != nil {
		ws = lh.Winners
	}
	var names []string
	for _, s := range ws {
		names = append(names, tp.seatName(s))
	}
	switch {
	case len(names) == 0:
		return "The game is over."
	case len(names) == 1 && lh != nil && slices.Contains(lh.StandIns, ws[0]):
		return "A bot won in " + names[0] + "'s seat (the bot's win, not theirs)"
	case len(names) == 1 && ws[0] == v.Seat:
		return "You win! ★"
	case len(names) == 1:
		return names[0] + " wins! ★"
	case v.Settings.Mode == engine.Partners:
		return strings.Join(names, " & ") + " win! ★"
	}
	return "A tie: " + strings.Join(names, ", ") + " ★"
}

// standings is the table of seats: what each held this hand, their score,
// best first.
func (tp *Page) standings(v *engine.View, lh *lobby.HandResult, final bool) []string {
	st := tp.cards()
	word := ui.ScoreWord(v.Settings)
	team := hasTeams(v) && !(final && v.Rotation != nil) // (the last round's teams mean nothing at the end)
	head := "  " + ui.Pad("player", 16) + ui.PadLeft("held", 6) + ui.PadLeft(word, 8)
	out := []string{st.Dim(head)}
	order := make([]int, len(v.Seats))
	for i := range order {
		order[i] = i
	}
	score := func(s int) int {
		if lh != nil && s < len(lh.Scores) {
			return lh.Scores[s]
		}
		return v.Seats[s].Score
	}
	low := word == "tally"
	sort.SliceStable(order, func(a, b int) bool {
		sa, sb := score(order[a]), score(order[b])
		if v.Seats[order[a]].Out != v.Seats[order[b]].Out {
			return !v.Seats[order[a]].Out
		}
		if low {
			return sa < sb
		}
		return sa > sb
	})
	for _, s := range order {
		mark := "  "
		won := lh != nil && (s == lh.Winner || s == lh.Partner)
		if final {
			won = slices.Contains(v.Winners, s) || (len(v.Winners) == 0 && lh != nil && slices.Contains(lh.Winners, s))
		}
		if won {
			mark = st.Title("★ ")
		}
		name := tp.seatName(s)
		if team && v.Seats[s].Team >= 0 {
			name += " (" + string(rune('A'+v.Seats[s].Team)) + ")"
		}
		held := ""
		if lh != nil && s < len(lh.Held) {
			held = fmt.Sprint(lh.Held[s])
		}
		row := mark + ui.Pad(name, 16) + ui.PadLeft(held, 6) + ui.PadLeft(fmt.Sprint(score(s)), 8)
		switch {
		case v.Seats[s].Out || (lh != nil && slices.Contains(lh.Eliminated, s)):
			row += "  " + st.Dim("out")
		case s == v.Seat:
			row += "  you"
		}
		out = append(out, row)
	}
	return out
}
