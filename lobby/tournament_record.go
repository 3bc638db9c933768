package lobby

import (
	"sort"
	"strings"

	"github.com/unossh/unossh/store"
)

// This file is a finished tournament's result, handed to the recorder as a
// table hands it a finished game. Each round's game at either table is
// recorded by its table (tournament_table.go), rated as any game; the
// result is the final standings, each place credited to the player who
// signed up for it (docs/rules.md): a bot who played for them while they
// were idle or away does not take it from them, but a player who left the
// tournament is not credited with a first place their bot won.

// recordResult hands the tournament's final standings to the recorder.
func (tr *tournament) recordResult() {
	if tr.hub.rec == nil {
		return
	}
	st := tr.standings()
	now := tr.now()
	res := store.TournamentResult{TournamentID: tr.id, Name: tr.opts.Name, Started: tr.started, Ended: now}
	if res.Started.IsZero() || res.Started.After(now) {
		res.Started = now // (began before a restart: the result keeps its end)
	}
	places := rankPlaces(st.Scores)
	keys := make([]string, len(st.Scores))
	for p, points := range st.Scores {
		place := store.TournamentPlace{Kind: store.SeatBot, Name: tr.names[p], Place: places[p], Points: points}
		key := tr.keys[p]
		switch {
		case key == "":
		case strings.HasPrefix(key, "guest:"):
			place.Kind = store.SeatGuest
		case tr.bots[p] && place.Place == 1:
			place.Kind, place.Name = store.SeatGuest, tr.names[p]+" (away)"
		default:
			place.Kind, keys[p] = store.SeatAccount, key
		}
		res.Places = append(res.Places, place)
	}
	tr.hub.rec.add(finishedGame{tour: &res, keys: keys})
}

// rankPlaces ranks scores, highest first; equal scores share a place.
func rankPlaces(scores []int) []int {
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
	places := make([]int, len(scores))
	for k, i := range order {
		places[i] = k + 1
		if k > 0 && scores[order[k-1]] == scores[i] {
			places[i] = places[order[k-1]]
		}
	}
	return places
}
