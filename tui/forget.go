package tui

// Sessions are many and mostly idle, so a model keeps only the state of the
// pages it may show again as they were: the pages a player may never open
// are made on first use (form, join, prof, board, nick, tbl, memo are nil
// until then), and forget drops those that are made afresh each time they
// open once the player has left them.

// forget drops the form, the profile page (with the profile it read) and
// the list of players online
// when neither is on screen nor waiting under the help page.
func (m *model) forget() {
	if !m.showing(pageCreate) {
		m.form = nil
	}
	if !m.showing(pageProfile) {
		m.prof = nil
	}
	if !m.showing(pageWho) {
		m.ppl = nil
	}
}

// showing reports whether page p is the page, or the one help returns to.
func (m *model) showing(p page) bool {
	return m.page == p || m.page == pageHelp && m.helpBack == p
}
