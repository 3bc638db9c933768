package table

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"

	"github.com/unossh/unossh/engine"
	"github.com/unossh/unossh/tui/ui"
)

// This file is the table's keys: an ordinary turn's, and those of each
// box that opens over the table (a wild's colour, whom to swap with, a
// challenge, the race, a raid, a Minion's draw, the final scores, leaving),
// and a spectator's. Each moment has its key map, so the footer shows the
// keys that work now and the help page lists them all.

// tableKeys are the bindings of the table's moments.
var tableKeys = struct {
	// The keys that work under any box (commonKey).
	Chat, Help, Leave key.Binding

	// An ordinary turn (playKey).
	Left, Right, RowUp, RowDown, First, Last, Play, PlayIt, Draw, Keep, UNO, Catch, Bell, Close key.Binding

	// A wild's colour (colorKey).
	ColourBack, Colour, ChooseColour, CancelColour key.Binding

	// Whom to swap hands with (targetKey).
	TargetUp, TargetDown, Swap, TargetBack key.Binding

	// A Wild Draw Four (challengeKey), the race (raceKey), a raid (raidKey).
	Challenge, TakeFour, Drop                                            key.Binding
	RaidUp, RaidDown, RaidLeft, RaidRight, RaidChoose, RaidBack, EndRaid key.Binding

	// The final scores (finalKey), and leaving a game (leaveKey).
	Rematch, ToLobby, LeaveYes, LeaveNo key.Binding

	// A spectator's (spectatorKey).
	Sit, Back key.Binding
}{
	Chat:  ui.Bind("t", "chat", "t"),
	Help:  ui.KeyHelp,
	Leave: ui.Bind("q", "leave", "q"),

	Left:    ui.Bind("←/→", "card", "left", "h"),
	Right:   ui.Bind("←/→", "card", "right", "l"),
	RowUp:   ui.Bind("↑/↓", "a big hand's row above or below", "up"),
	RowDown: ui.Bind("↑/↓", "a big hand's row above or below", "down"),
	First:   ui.Bind("home/end", "the first or last card", "home"),
	Last:    ui.Bind("home/end", "the first or last card", "end"),
	Play:    ui.Bind("enter", "play", "enter", " "),
	PlayIt:  ui.Bind("enter", "play it", "enter", " "),
	Draw:    ui.Bind("d", "draw", "d"),
	Keep:    ui.Bind("k", "keep it", "k"),
	UNO:     ui.Bind("u", "UNO", "u"),
	Catch:   ui.Bind("c", "catch", "c"),
	Bell:    ui.Bind("b", "turn bell on/off", "b"),
	Close:   ui.Bind("esc", "close a box", "esc"),

	ColourBack:   ui.Bind("←/→", "colour", "left", "h", "shift+tab"),
	Colour:       ui.Bind("←/→", "colour", "right", "l", "tab"),
	ChooseColour: ui.Bind("enter", "choose", "enter", " "),
	CancelColour: ui.Bind("esc", "cancel", "esc"),

	TargetUp:   ui.Bind("↑/↓", "player", "up", "k", "ctrl+p", "left"),
	TargetDown: ui.Bind("↑/↓", "player", "down", "j", "ctrl+n", "right", "tab"),
	Swap:       ui.Bind("enter", "swap", "enter"),
	TargetBack: ui.Bind("esc", "back", "esc"),

	Challenge: ui.Bind("y", "challenge", "y"),
	TakeFour:  ui.Bind("n", "take four", "n"),
	Drop:      ui.Bind("space", "DROP!", " ", "enter", "d"),

	RaidUp:     ui.Bind("↑/↓", "player", "up", "k"),
	RaidDown:   ui.Bind("↑/↓", "player", "down", "j", "tab"),
	RaidLeft:   ui.Bind("←/→", "card", "left", "h"),
	RaidRight:  ui.Bind("←/→", "card", "right", "l"),
	RaidChoose: ui.Bind("enter", "choose", "enter"),
	RaidBack:   ui.Bind("esc", "back a step", "esc"),
	EndRaid:    ui.Bind("e", "end raid", "e"),

	Rematch:  ui.Bind("r", "rematch", "r"),
	ToLobby:  ui.Bind("enter", "back to lobby", "enter", "q", "esc"),
	LeaveYes: ui.Bind("y", "leave", "y"),
	LeaveNo:  ui.Bind("n", "stay", "n", "esc", "q"),

	Sit:  ui.Bind("s", "take a bot's seat", "s"),
	Back: ui.Bind("q", "back to lobby", "q", "l", "esc"),
}

// Keys are the table's bindings, by name: what the router's tests hold
// the linear mode's keys to (each is reached there, linear.go).
var Keys = &tableKeys

// common are the keys that work under most boxes.
var common = ui.KeyList{tableKeys.Chat, tableKeys.Help, tableKeys.Leave}

// The table's key maps, by moment.
var (
	PlayKeyMap = &ui.Footed{
		Foot: ui.KeyList{tableKeys.Left, tableKeys.Right, tableKeys.Play, tableKeys.Draw, tableKeys.UNO, tableKeys.Catch,
			tableKeys.Chat, tableKeys.Help, tableKeys.Leave},
		More: ui.KeyList{tableKeys.RowUp, tableKeys.RowDown, tableKeys.First, tableKeys.Last, tableKeys.Keep,
			tableKeys.Bell, tableKeys.Close},
	}
	DrawnKeyMap = &ui.Footed{
		Foot: ui.KeyList{tableKeys.PlayIt, tableKeys.Keep, tableKeys.UNO, tableKeys.Chat, tableKeys.Help},
		More: ui.KeyList{tableKeys.Left, tableKeys.Right, tableKeys.RowUp, tableKeys.RowDown, tableKeys.First,
			tableKeys.Last, tableKeys.Draw, tableKeys.Catch, tableKeys.Bell, tableKeys.Close, tableKeys.Leave},
	}
	// outKeyMap is a player out of the game (and the scores between hands):
	// the turn's keys still answer, with why not.
	outKeyMap = &ui.Footed{
		Foot: common,
		More: ui.KeyList{tableKeys.Left, tableKeys.Right, tableKeys.RowUp, tableKeys.RowDown, tableKeys.First, tableKeys.Last,
			tableKeys.Play, tableKeys.Draw, tableKeys.Keep, tableKeys.UNO, tableKeys.Catch, tableKeys.Bell, tableKeys.Close},
	}
	TargetKeyMap    = &ui.KeyList{tableKeys.TargetUp, tableKeys.TargetDown, tableKeys.Swap, tableKeys.TargetBack}
	ChallengeKeyMap = &ui.Footed{
		Foot: ui.KeyList{tableKeys.Challenge, tableKeys.TakeFour, tableKeys.Chat},
		More: ui.KeyList{tableKeys.Help, tableKeys.Leave},
	}
	RaceKeyMap = &ui.Footed{Foot: ui.KeyList{tableKeys.Drop}, More: common}
	RaidKeyMap = &ui.Footed{
		Foot: ui.KeyList{tableKeys.RaidUp, tableKeys.RaidDown, tableKeys.RaidLeft, tableKeys.RaidRight, tableKeys.RaidChoose,
			tableKeys.EndRaid},
		More: ui.KeyList{tableKeys.RaidBack, tableKeys.Chat, tableKeys.Help, tableKeys.Leave},
	}
	revealKeyMap    = &common
	FinalHostKeyMap = &ui.Footed{
		Foot: ui.KeyList{tableKeys.Rematch, tableKeys.ToLobby, tableKeys.Chat},
		More: ui.KeyList{tableKeys.Help},
	}
	finalKeyMap = &ui.Footed{
		Foot: ui.KeyList{tableKeys.ToLobby, tableKeys.Chat},
		More: ui.KeyList{tableKeys.Rematch, tableKeys.Help},
	}
	LeaveKeyMap     = &ui.KeyList{tableKeys.LeaveYes, tableKeys.LeaveNo}
	spectatorKeyMap = &ui.Footed{
		Foot: ui.KeyList{tableKeys.Chat, tableKeys.Help, tableKeys.Back},
	}
	SitterKeyMap = &ui.Footed{
		Foot: ui.KeyList{tableKeys.Sit, tableKeys.Chat, tableKeys.Help, tableKeys.Back},
	}
)

// colourKeyMaps are the key maps of a wild's colour, by edition: each
// colour is also chosen by its number or its first letter.
var colourKeyMaps = func() map[[4]engine.Color]*ui.Footed {
	out := map[[4]engine.Color]*ui.Footed{}
	for _, e := range engine.Editions {
		cols := e.Colors()
		keys := make([]string, 0, 2*len(cols))
		var letters []string
		for i, c := range cols {
			keys = append(keys, string(rune('1'+i)), c.String()[:1])
			letters = append(letters, c.String()[:1])
		}
		pick := ui.Bind("1-4 "+strings.Join(letters, " "), "a colour by its number or first letter", keys...)
		out[cols] = &ui.Footed{
			Foot: ui.KeyList{tableKeys.ColourBack, tableKeys.Colour, tableKeys.ChooseColour, tableKeys.CancelColour},
			More: ui.KeyList{pick, tableKeys.Chat, tableKeys.Help, tableKeys.Leave},
		}
	}
	return out
}()

// ColourKeyMap is the key map of a wild's colour in edition e.
func ColourKeyMap(e engine.Edition) *ui.Footed { return colourKeyMaps[e.Colors()] }

// colourPick is the binding that picks a colour by its number or letter.
func colourPick(e engine.Edition) key.Binding { return ColourKeyMap(e).More[0] }

var _ help.KeyMap = PlayKeyMap
