// Package ui is what the TUI's pages share, and the contract between a
// page and the router that shows it (package tui).
//
// A page is a type of its own in a package of its own under tui/page, in
// the shape of a bubbles component: its state, an Update that takes a key
// (or the answer to a call it made), Lines that draw it, and a KeyMap of
// key.Bindings that feeds both its footer and the help page. A page sees
// the rest of the program only through the Context it is given: the window,
// the lobby's latest Screen (read, never kept), the Session to call, the
// clock, the session's styles and the chrome every screen shares (the
// header, the status line and the footer). It never reads another page's
// state: it goes to another page with Go, and the router does the rest.
//
//	func (p *Page) Update(c ui.Context, k tea.KeyMsg) tea.Cmd // (tea.Msg for a page that calls the lobby)
//	func (p *Page) Lines(c ui.Context) []string
//	func (p *Page) Said(c ui.Context) []string
//	func (p *Page) KeyMap(c ui.Context) help.KeyMap
//
// A page shows itself in two forms made from the one model (Form): Lines,
// the screen, and Said, the sentences a screen reader reads in the linear
// mode (speech.go), with the one KeyMap for both. The router holds every
// page as a Form, so a page without its linear form does not compile.
package ui

import (
	"time"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
)

// Form is what the router shows of a page, in both of its forms: Lines is
// the screen; Said is the same state as sentences, each a line of plain
// words (no symbol a speech synthesiser reads as noise, no styling), for the
// linear mode, where the router says the sentences that changed since it
// last asked; KeyMap is the keys of both, which the footer, the help page
// and the linear mode's "what the keys do" all read.
type Form interface {
	Lines(c Context) []string
	Said(c Context) []string
	KeyMap(c Context) help.KeyMap
}

// Context is what a page is drawn in and acts through. The router makes
// one for each message; a page keeps nothing of it.
type Context interface {
	// Size is the window's, in cells.
	Size() (w, h int)
	// Screen is the lobby's latest screen: read it, never keep it.
	Screen() *lobby.Screen
	// Session is the player's connection to the lobby.
	Session() Session
	// Now is the session's clock.
	Now() time.Time
	// Styles are the session's styles, for its terminal.
	Styles() Styles

	// Top is the header every screen shares: left and right ("" for the
	// title and the player), then a rule.
	Top(left, right string) []string
	// Bottom puts the status line and the footer of keys below body, cut or
	// padded to the window.
	Bottom(body []string, keys help.KeyMap) []string

	// Send queues an intent on the player's table (a full queue is said in
	// the status line; the table answers with the next Screen).
	Send(in lobby.Intent)
	// Say shows a short hint in the status line, until the next key.
	Say(text string, bad bool)
	// Call runs a call that waits for the lobby's answer, off the Update
	// goroutine and in order with the others. The answer goes to answer, on
	// the Update goroutine, or, with answer nil, an error is said in the
	// status line.
	Call(f func(Session) error, answer func(error)) tea.Cmd
	// Go shows another page: for Profile, the profile of the player named
	// (or the player's own, ""). What it returns loads the page.
	Go(to Place, name string) tea.Cmd
	// Failed shows a page with why a call made elsewhere failed (an
	// invitation taken up in the lobby, on the join page).
	Failed(to Place, err error)
	// On reports whether a place is on screen now (and not under the help).
	On(p Place) bool
	// Addr is how players reach the server ("-p 2222 host"), "" if unknown.
	Addr() string
	// Linear says the session is in the linear (screen-reader) mode: only
	// Said is read, and a page may number its choices for the number keys.
	Linear() bool
}

// Place is a page a page may send the player to.
type Place uint8

// The places.
const (
	Lobby Place = iota
	Help
	// Back is the page the help page was opened from.
	Back
	Profile
	// Join is the join page, as it was; JoinByCode opens it afresh.
	Join
	JoinByCode
	Board
	// Previous is where a profile was opened from: the leaderboard, or
	// else the lobby.
	Previous
	Create
	Watch
	Tournaments
	Who
	// Rules is the form that edits the rules of the player's waiting
	// table (the host's).
	Rules
)

// Styles draw text in the session's styles.
type Styles interface {
	Title(s string) string
	Bold(s string) string
	Dim(s string) string
	Key(s string) string
	Err(s string) string
	OK(s string) string
	Warn(s string) string
	Accent(s string) string
	Turn(s string) string
	Selected(s string) string
	// Box draws a block of lines in a rounded border.
	Box(s string) string
	// Plain reports a terminal that shows no styling at all.
	Plain() bool
	// Color draws s in a card colour.
	Color(c engine.Color, s string) string
}
