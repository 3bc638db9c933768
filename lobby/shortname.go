package lobby

import (
	"fmt"
	"math/rand/v2"
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

// newShortName picks a short name no live table has (hub goroutine: it
// reads the hub's tables). With every pair taken, a number tells them apart.
func (h *Hub) newShortName() string {
	used := make(map[string]bool, len(h.tables))
	for _, t := range h.tables {
		used[t.short] = true
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
