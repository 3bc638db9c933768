package tui

import (
	"github.com/charmbracelet/bubbles/help"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// The styles as the table draws with them (ui.Cards).
var _ ui.Cards = (*styles)(nil)

func (st *styles) Label(c engine.Card, e engine.Edition) string { return st.label(c, e) }
func (st *styles) Chip(c engine.Color) string                   { return st.chip(c) }
func (st *styles) ChipCard(c engine.Card, e engine.Edition, dim, cursor bool) string {
	return st.chipCard(c, e, dim, cursor)
}
func (st *styles) SmallCard(c engine.Card, e engine.Edition, cardW int, dim, bold bool) []string {
	return st.smallCard(c, e, cardW, dim, bold)
}
func (st *styles) BigCard(c engine.Card, inPlay engine.Color, e engine.Edition) []string {
	return st.bigCard(c, inPlay, e)
}
func (st *styles) DrawPile(n int) []string             { return st.drawPile(n) }
func (st *styles) Banner(s string) string              { return st.banner.Render(s) }
func (st *styles) ChatNick(s string) string            { return st.chatNick.Render(s) }
func (st *styles) Rule(w int) string                   { return st.hrule(w) }
func (st *styles) Footer(w int, km help.KeyMap) string { return st.footer(w, km) }
func (st *styles) Overlay(body []string, w int) string { return st.framed(st.overlay, body, w) }
func (st *styles) Drawn() *ui.Drawn                    { return &st.drawn }
