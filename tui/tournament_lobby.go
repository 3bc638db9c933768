package tui

// The lobby's tournament page is a package of its own (page/tournaments);
// this is its paragraph on the help page.

// tourHelp is the help page's paragraph on tournaments.
func tourHelp() []helpLine {
	return []helpLine{{}, {Heading: "The tournament"},
		{Text: "Eight players at two tables at once (the lobby's Tournament page, 6): seven rounds of four hands, " +
			"reseated between rounds so that everyone partners everyone else for four hands. Each keeps the " +
			"points of every partnership; the most points after 28 hands wins."},
	}
}
