package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"

	"github.com/unossh/unossh/engine"
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
	Chat:  bind("t", "chat", "t"),
	Help:  keyHelp,
	Leave: bind("q", "leave", "q"),

	Left:    bind("←/→", "card", "left", "h"),
	Right:   bind("←/→", "card", "right", "l"),
	RowUp:   bind("↑/↓", "a big hand's row above or below", "up"),
	RowDown: bind("↑/↓", "a big hand's row above or below", "down"),
	First:   bind("home/end", "the first or last card", "home"),
	Last:    bind("home/end", "the first or last card", "end"),
	Play:    bind("enter", "play", "enter", " "),
	PlayIt:  bind("enter", "play it", "enter", " "),
	Draw:    bind("d", "draw", "d"),
	Keep:    bind("k", "keep it", "k"),
	UNO:     bind("u", "UNO", "u"),
	Catch:   bind("c", "catch", "c"),
	Bell:    bind("b", "turn bell on/off", "b"),
	Close:   bind("esc", "close a box", "esc"),

	ColourBack:   bind("←/→", "colour", "left", "h", "shift+tab"),
	Colour:       bind("←/→", "colour", "right", "l", "tab"),
	ChooseColour: bind("enter", "choose", "enter", " "),
	CancelColour: bind("esc", "cancel", "esc"),

	TargetUp:   bind("↑/↓", "player", "up", "k", "ctrl+p", "left"),
	TargetDown: bind("↑/↓", "player", "down", "j", "ctrl+n", "right", "tab"),
	Swap:       bind("enter", "swap", "enter"),
	TargetBack: bind("esc", "back", "esc"),

	Challenge: bind("y", "challenge", "y"),
	TakeFour:  bind("n", "take four", "n"),
	Drop:      bind("space", "DROP!", " ", "enter", "d"),

	RaidUp:     bind("↑/↓", "player", "up", "k"),
	RaidDown:   bind("↑/↓", "player", "down", "j", "tab"),
	RaidLeft:   bind("←/→", "card", "left", "h"),
	RaidRight:  bind("←/→", "card", "right", "l"),
	RaidChoose: bind("enter", "choose", "enter"),
	RaidBack:   bind("esc", "back a step", "esc"),
	EndRaid:    bind("e", "end raid", "e"),

	Rematch:  bind("r", "rematch", "r"),
	ToLobby:  bind("enter", "back to lobby", "enter", "q", "esc"),
	LeaveYes: bind("y", "leave", "y"),
	LeaveNo:  bind("n", "stay", "n", "esc", "q"),

	Sit:  bind("s", "take a bot's seat", "s"),
	Back: bind("q", "back to lobby", "q", "l", "esc"),
}

// common are the keys that work under most boxes.
var common = keyList{tableKeys.Chat, tableKeys.Help, tableKeys.Leave}

// The table's key maps, by moment.
var (
	playKeyMap = &footed{
		Foot: keyList{tableKeys.Left, tableKeys.Right, tableKeys.Play, tableKeys.Draw, tableKeys.UNO, tableKeys.Catch,
			tableKeys.Chat, tableKeys.Help, tableKeys.Leave},
		More: keyList{tableKeys.RowUp, tableKeys.RowDown, tableKeys.First, tableKeys.Last, tableKeys.Keep,
			tableKeys.Bell, tableKeys.Close},
	}
	drawnKeyMap = &footed{
		Foot: keyList{tableKeys.PlayIt, tableKeys.Keep, tableKeys.UNO, tableKeys.Chat, tableKeys.Help},
		More: keyList{tableKeys.Left, tableKeys.Right, tableKeys.RowUp, tableKeys.RowDown, tableKeys.First,
			tableKeys.Last, tableKeys.Draw, tableKeys.Catch, tableKeys.Bell, tableKeys.Close, tableKeys.Leave},
	}
	// outKeyMap is a player out of the game (and the scores between hands):
	// the turn's keys still answer, with why not.
	outKeyMap = &footed{
		Foot: common,
		More: keyList{tableKeys.Left, tableKeys.Right, tableKeys.RowUp, tableKeys.RowDown, tableKeys.First, tableKeys.Last,
			tableKeys.Play, tableKeys.Draw, tableKeys.Keep, tableKeys.UNO, tableKeys.Catch, tableKeys.Bell, tableKeys.Close},
	}
	targetKeyMap    = &keyList{tableKeys.TargetUp, tableKeys.TargetDown, tableKeys.Swap, tableKeys.TargetBack}
	challengeKeyMap = &footed{
		Foot: keyList{tableKeys.Challenge, tableKeys.TakeFour, tableKeys.Chat},
		More: keyList{tableKeys.Help, tableKeys.Leave},
	}
	raceKeyMap = &footed{Foot: keyList{tableKeys.Drop}, More: common}
	raidKeyMap = &footed{
		Foot: keyList{tableKeys.RaidUp, tableKeys.RaidDown, tableKeys.RaidLeft, tableKeys.RaidRight, tableKeys.RaidChoose,
			tableKeys.EndRaid},
		More: keyList{tableKeys.RaidBack, tableKeys.Chat, tableKeys.Help, tableKeys.Leave},
	}
	revealKeyMap    = &common
	finalHostKeyMap = &footed{
		Foot: keyList{tableKeys.Rematch, tableKeys.ToLobby, tableKeys.Chat},
		More: keyList{tableKeys.Help},
	}
	finalKeyMap = &footed{
		Foot: keyList{tableKeys.ToLobby, tableKeys.Chat},
		More: keyList{tableKeys.Rematch, tableKeys.Help},
	}
	leaveKeyMap     = &keyList{tableKeys.LeaveYes, tableKeys.LeaveNo}
	spectatorKeyMap = &footed{
		Foot: keyList{tableKeys.Chat, tableKeys.Help, tableKeys.Back},
	}
	sitterKeyMap = &footed{
		Foot: keyList{tableKeys.Sit, tableKeys.Chat, tableKeys.Help, tableKeys.Back},
	}
)

// colourKeyMaps are the key maps of a wild's colour, by edition: each
// colour is also chosen by its number or its first letter.
var colourKeyMaps = func() map[[4]engine.Color]*footed {
	out := map[[4]engine.Color]*footed{}
	for _, e := range engine.Editions {
		cols := e.Colors()
		keys := make([]string, 0, 2*len(cols))
		var letters []string
		for i, c := range cols {
			keys = append(keys, string(rune('1'+i)), c.String()[:1])
			letters = append(letters, c.String()[:1])
		}
		pick := bind("1-4 "+strings.Join(letters, " "), "a colour by its number or first letter", keys...)
		out[cols] = &footed{
			Foot: keyList{tableKeys.ColourBack, tableKeys.Colour, tableKeys.ChooseColour, tableKeys.CancelColour},
			More: keyList{pick, tableKeys.Chat, tableKeys.Help, tableKeys.Leave},
		}
	}
	return out
}()

// colourKeyMap is the key map of a wild's colour in edition e.
func colourKeyMap(e engine.Edition) *footed { return colourKeyMaps[e.Colors()] }

// colourPick is the binding that picks a colour by its number or letter.
func colourPick(e engine.Edition) key.Binding { return colourKeyMap(e).More[0] }

var _ help.KeyMap = playKeyMap
