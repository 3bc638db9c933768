package table

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/ui"
)

// chatBox is the one-line chat input of the waiting room and the table.
type chatBox struct {
	input ui.Input
	open  bool
}

func newChatBox() chatBox { return chatBox{input: ui.NewInput(lobby.MaxChat, nil)} }

// chatKeys send or drop the chat line; what else is typed is the line.
var chatKeys = struct {
	Send, Cancel key.Binding
}{
	Send:   ui.Bind("enter", "send", "enter"),
	Cancel: ui.Bind("esc", "cancel", "esc"),
}

// ChatKeyMap is the footer while the line is typed.
var ChatKeyMap = &ui.KeyList{chatKeys.Send, chatKeys.Cancel}

// chatKey edits the chat line: enter sends it, esc cancels.
func (tp *Page) chatKey(k tea.KeyMsg) tea.Cmd {
	c := &tp.tbl.chat
	switch {
	case ui.Is(k, chatKeys.Send):
		text := strings.TrimSpace(c.input.Value())
		c.input.Reset()
		c.open = false
		if text == "" {
			return nil
		}
		tp.c.Send(lobby.Intent{Kind: lobby.Chat, Text: text})
		return nil
	case ui.Is(k, chatKeys.Cancel):
		c.input.Reset()
		c.open = false
		return nil
	}
	c.input.Update(k)
	return nil
}

// chatting says whether the chat line is open (the status line is then
// the line being typed).
func (tp *Page) chatting() bool { return tp.tbl != nil && tp.tbl.chat.open }

// chatPrompt replaces the status line while the player types.
func (tp *Page) chatPrompt() string {
	label := " " + tp.cards().Accent("say") + " "
	return label + tp.tbl.chat.input.View(tp.cards(), tp.w-6)
}

// logLines draws the end of the table's log in at most n lines of w cells:
// events plainly, chat lines with the speaker's name, long lines wrapped.
func (tp *Page) logLines(log []lobby.LogLine, w, n int) []string {
	if n <= 0 || w < 10 {
		return nil
	}
	return tp.drawLog(log, w, n)
}

// logLine is one line of the log, wrapped and styled to w cells.
func (tp *Page) logLine(l lobby.LogLine, w int) []string {
	st := tp.cards()
	text := ui.Clean(l.Text)
	var ls []string
	if l.Chat {
		nick := ui.Clean(l.Nick)
		wrapped := ui.Wrap(nick+": "+text, w)
		if len(wrapped) > 0 && strings.HasPrefix(wrapped[0], nick+":") {
			wrapped[0] = st.ChatNick(nick+":") + wrapped[0][len(nick)+1:]
		}
		ls = wrapped
	} else {
		for _, wl := range ui.Wrap(text, w) {
			ls = append(ls, st.Dim(wl))
		}
	}
	for j := range ls {
		ls[j] = ui.Trunc(ls[j], w)
	}
	return ls
}

// drawLog is the last n lines of the log, drawn to w cells; lines drawn for
// the frame before are taken from it.
func (tp *Page) drawLog(log []lobby.LogLine, w, n int) []string {
	if n <= 0 || w < 10 {
		return nil
	}
	tp.memoNow()
	var out []string
	before := tp.memo.logs
	var kept []keptLog
	if before != nil {
		kept = before.l
	}
	drawn := logPool.Get().(*keptLogs)
	at := 0 // where the next line is in before, if it was drawn then
	for i := len(log) - 1; i >= 0 && len(out) < n; i-- {
		k := logKey{log[i], w}
		ls, seen := findLog(kept, k, at)
		if seen < 0 {
			ls = tp.logLine(log[i], w)
		} else {
			at = seen + 1
		}
		drawn.l = append(drawn.l, keptLog{key: k, lines: ls})
		for j := len(ls) - 1; j >= 0 && len(out) < n; j-- {
			out = append(out, ls[j])
		}
	}
	tp.memo.logs = drawn // only the lines on screen are kept
	if before != nil {
		clear(before.l)
		before.l = before.l[:0]
		logPool.Put(before)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// findLog returns the lines kept for k and their index in kept (newest
// first), or -1. It looks first at index at: the lines follow each other
// in kept as they do on screen, so after a move each is where the one
// before it was found, plus one.
func findLog(kept []keptLog, k logKey, at int) ([]string, int) {
	if at < len(kept) && kept[at].key == k {
		return kept[at].lines, at
	}
	for j := range kept {
		if kept[j].key == k {
			return kept[j].lines, j
		}
	}
	return nil, -1
}
