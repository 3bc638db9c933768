package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/page/create"
	"github.com/unossh/unossh/tui/page/tournaments"
	"github.com/unossh/unossh/tui/page/watch"
	"github.com/unossh/unossh/tui/ui"
)

// pageCtx is the ui.Context the router hands the page it shows: the
// model's window, screen, session, clock and styles, and the chrome every
// screen shares. It is one pointer, so handing it out costs nothing.
type pageCtx struct{ m *model }

var _ ui.Context = pageCtx{}

// ctx is the context of the page on screen.
func (m *model) ctx() pageCtx { return pageCtx{m} }

func (c pageCtx) Size() (w, h int)                { return c.m.w, c.m.h }
func (c pageCtx) Screen() *lobby.Screen           { return &c.m.scr }
func (c pageCtx) Session() ui.Session             { return c.m.sess }
func (c pageCtx) Now() time.Time                  { return c.m.now() }
func (c pageCtx) Styles() ui.Styles               { return c.m.st }
func (c pageCtx) Cards() ui.Cards                 { return c.m.st }
func (c pageCtx) Messages() uint64                { return c.m.gen }
func (c pageCtx) Top(left, right string) []string { return c.top(left, right) }
func (c pageCtx) Addr() string                    { return c.m.addr }
func (c pageCtx) Send(in lobby.Intent)            { c.m.send(in) }

func (c pageCtx) Failed(to ui.Place, err error) {
	if to == ui.Join {
		c.joinState().Failed(err)
		c.m.page = pageJoin
	}
}

func (c pageCtx) On(p ui.Place) bool {
	switch p {
	case ui.Profile:
		return c.m.page == pageProfile
	case ui.Board:
		return c.m.page == pageBoard
	case ui.Lobby:
		return c.m.page == pageLobby
	}
	return false
}

func (c pageCtx) Say(text string, bad bool) { c.m.say(text, bad) }

func (c pageCtx) Bottom(body []string, keys help.KeyMap) []string {
	return c.bottom(body, c.m.st.footer(c.m.w, keys))
}

func (c pageCtx) Call(f func(ui.Session) error, answer func(error)) tea.Cmd {
	cmd, ok := c.m.calls.add(c.m.sess, pendingCall{run: f, answer: answer})
	if !ok {
		c.m.say("slow down: still waiting for the lobby", true)
	}
	return cmd
}

func (c pageCtx) Go(to ui.Place, name string) tea.Cmd {
	switch to {
	case ui.Lobby:
		c.m.page = pageLobby
	case ui.Help:
		c.m.openHelp()
	case ui.Back:
		c.m.page = c.m.helpBack
	case ui.Profile:
		return c.openProfile(name)
	case ui.Join:
		c.m.page = pageJoin
	case ui.Board:
		return c.openBoard()
	case ui.Create:
		c.m.form = create.New(c.m.scr.Nick)
		c.m.page = pageCreate
	case ui.Watch:
		c.m.watch = watch.Page{}
		c.m.page = pageWatch
	case ui.Tournaments:
		c.m.tour = tournaments.Page{}
		c.m.page = pageTour
	case ui.Who:
		return c.openWho()
	case ui.Rules:
		c.m.form = create.Configure(c.m.scr.Table.Settings)
		c.m.page = pageCreate
		c.m.table.Forget() // (under the form, as under the help)
	case ui.Previous:
		c.m.page = pageLobby
		if c.m.profBack == pageBoard {
			c.m.page = pageBoard
		}
	case ui.JoinByCode:
		c.joinState().Clear()
		c.m.page = pageJoin
	}
	return nil
}

// The styles as a page draws with them (ui.Styles).
func (st *styles) Title(s string) string                 { return st.title.Render(s) }
func (st *styles) Bold(s string) string                  { return st.bold.Render(s) }
func (st *styles) Dim(s string) string                   { return st.dim.Render(s) }
func (st *styles) Key(s string) string                   { return st.key.Render(s) }
func (st *styles) Err(s string) string                   { return st.err.Render(s) }
func (st *styles) OK(s string) string                    { return st.ok.Render(s) }
func (st *styles) Warn(s string) string                  { return st.warn.Render(s) }
func (st *styles) Accent(s string) string                { return st.accent.Render(s) }
func (st *styles) Turn(s string) string                  { return st.turn.Render(s) }
func (st *styles) Selected(s string) string              { return st.selected.Render(s) }
func (st *styles) Box(s string) string                   { return st.box.Render(s) }
func (st *styles) Plain() bool                           { return st.plain }
func (st *styles) Color(c engine.Color, s string) string { return st.color(c).Render(s) }
