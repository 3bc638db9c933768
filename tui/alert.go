package tui

// A player who looks at another window learns that their turn has come
// from the terminal: a bell (on by default, b toggles it at the table) and
// the window title. The session's painter asks for both after each update
// (Title, TakeBell), so the model never writes to the terminal itself.

const (
	titleIdle = "UNO over SSH"
	titleTurn = "▶ your turn · UNO over SSH"
)

// Title is the terminal window's title.
func (m *model) Title() string {
	if m.table.YourTurn() && m.where() == atTable {
		return titleTurn
	}
	return titleIdle
}

// TakeBell says whether the bell should ring now, once.
func (m *model) TakeBell() bool {
	return m.table.TakeRing()
}
