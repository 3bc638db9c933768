package lobbypage

import (
	"fmt"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// Said is the lobby as sentences (the linear mode): who the player is, an
// invitation, the seat a table keeps, the menu numbered as its number keys
// choose it, the public tables, and where the cursor is.
func (p *Page) Said(c ui.Context) []string {
	scr := c.Screen()
	out := []string{ui.Whole(ui.Sentence(fmt.Sprintf("The lobby. You are %s; %s online", ui.Clean(scr.Nick),
		ui.Plural(scr.Online, "player", "players"))))}
	if inv := invitation(c); inv != nil {
		out = append(out, ui.Sentence(ui.Clean(inv.From)+" invites you to "+ui.Clean(inv.Name)+", "+inv.Edition+
			". Press enter to join, escape for no thanks"))
	}
	if h, _ := held(c); h != nil {
		name := ui.Clean(h.Short)
		if name == "" {
			name = ui.Clean(h.Name)
		}
		out = append(out, ui.Sentence("Your seat at "+name+" is kept for a while: Back to your table, above the menu, or Quick play, takes you back"))
	}
	for i, it := range menu {
		desc := it.desc
		if i == 0 {
			desc = quickText(p.QuickChoice(c))
			if h, _ := held(c); h != nil {
				desc = "back to your seat at " + ui.Clean(h.Short)
			}
		}
		out = append(out, ui.Numbered(i+1, it.title+", "+desc))
	}
	tables := p.filtered(c)
	if f := p.filter.Value(); f != "" || p.filtering {
		out = append(out, ui.Typed("filter of the tables", f))
	}
	out = append(out, ui.TablesSaid(c, tables)...)
	if p.filtering {
		out = append(out, "Type to filter the tables, then enter.")
	}
	out = append(out, p.cursorSaid(c, tables))
	return out
}

// cursorSaid says the row under the cursor, and what enter does there.
func (p *Page) cursorSaid(c ui.Context, tables []lobby.TableInfo) string {
	switch cur := p.Cursor(c); {
	case cur == rowBack:
		return "On Back to your table: enter takes you back to your seat."
	case cur == 0:
		return "On 1, Quick play, " + ui.Sentence(quickText(p.QuickChoice(c))) +
			" Left or right changes the edition, m the mode, enter plays."
	case cur < len(menu):
		return ui.Sentence(fmt.Sprintf("On %d, %s: enter opens it", cur+1, menu[cur].title))
	default:
		i := cur - len(menu)
		if i < len(tables) {
			return "On " + ui.TableSaid(tables[i], i, len(tables)) + " Enter sits, w watches."
		}
	}
	return ""
}
