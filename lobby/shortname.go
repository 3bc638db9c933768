package lobby

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// This file is each table's short name: an adjective and a noun
// ("brave-otter"), unique among the live tables, shown in the lobby's list,
// the waiting room and the table's header, so that two friends can say
// "the brave-otter table" and meet at a public table.

var (
	shortAdjectives = []string{"amber", "bold", "brave", "calm", "cosy", "dizzy", "eager", "fancy", "fuzzy",
		"gentle", "golden", "happy", "hasty", "icy", "jazzy", "jolly", "kind", "lively", "lucky", "mellow",
		"merry", "nimble", "noble", "odd", "plucky", "proud", "quick", "quiet", "rapid", "rosy", "shy",
		"sunny", "swift", "tidy", "upbeat", "vivid", "witty", "young", "zesty", "misty"}
	shortNouns = []string{"otter", "badger", "bison", "comet", "crane", "dingo", "duck", "eagle", "falcon",
		"ferret", "fox", "gecko", "goose", "hare", "heron", "ibis", "jackal", "koala", "lemur", "lynx",
		"mole", "moose", "newt", "orca", "owl", "panda", "puffin", "quail", "raven", "robin", "seal",
		"stoat", "tiger", "toad", "urchin", "walrus", "wren", "yak", "zebra", "llama"}
)

// nameTable gives t its short name (hub goroutine, before the table is
// live: the name must be unique among the hub's tables): the one it already
// has (a table restored after a restart keeps its name) unless a live table
// has it, else a new one. A table with no name of its own goes by it.
func (h *Hub) nameTable(t *table) {
	taken := t.short == ""
	for _, o := range h.tables {
		taken = taken || (o != t && o.short == t.short)
	}
	for id, l := range h.rdir.tables { // the other nodes' tables (directory.go)
		taken = taken || (id != t.id && l.Info.Short == t.short)
	}
	if taken {
		t.short = h.newShortName()
	}
	if t.opts.Name == "" {
		t.opts.Name = t.short
	}
}

// isShortName reports whether name is one newShortName makes.
func isShortName(name string) bool {
	adj, noun, ok := strings.Cut(name, "-")
	return ok && slices.Contains(shortAdjectives, adj) &&
		(slices.Contains(shortNouns, noun) || slices.ContainsFunc(shortNouns, func(n string) bool { return strings.HasPrefix(noun, n+"-") }))
}

// newShortName picks a short name no live table has (hub goroutine: it
// reads the hub's tables). With every pair taken, a number tells them apart.
func (h *Hub) newShortName() string {
	used := make(map[string]bool, len(h.tables)+len(h.rdir.tables))
	for _, t := range h.tables {
		used[t.short] = true
	}
	for _, l := range h.rdir.tables {
		used[l.Info.Short] = true
	}
	r := rand.New(rand.NewPCG(h.cfg.Seed(), uint64(h.nextID)))
	for range 64 {
		n := shortAdjectives[r.IntN(len(shortAdjectives))] + "-" + shortNouns[r.IntN(len(shortNouns))]
		if !used[n] {
			return n
		}
	}
	for i := 2; ; i++ { // 1,600 pairs, all in use or unlucky: count on
		n := fmt.Sprintf("%s-%s-%d", shortAdjectives[r.IntN(len(shortAdjectives))], shortNouns[r.IntN(len(shortNouns))], i)
		if !used[n] {
			return n
		}
	}
}
