package lobby

import "context"

// This file is how a tournament stands, for the operator and the tests: its
// room's view, with every hand its tables have reported counted.

// tourSnapshotCmd asks a tournament how it stands (its room's view).
type tourSnapshotCmd struct {
	reply chan *TournamentView
}

func (tourSnapshotCmd) tableCmd() {}

// snapshot is the tournament as it stands, every hand its tables have
// reported so far counted (those waiting are taken in first).
func (tr *tournament) snapshot() *TournamentView {
	for len(tr.reports) > 0 {
		tr.report(<-tr.reports)
	}
	return tr.view(-1)
}

// tourQueueCmd finds a live tournament by its id, private or not (for the
// operator).
type tourQueueCmd struct {
	id    string
	reply chan *tableQueue
}

func (tourQueueCmd) hubCmd()     {}
func (tourQueueCmd) tourHubCmd() {}

// tournamentView is how the live tournament with that id stands.
func (h *Hub) tournamentView(ctx context.Context, id string) (*TournamentView, error) {
	reply := make(chan *tableQueue, 1)
	q, err := ask(h, tourQueueCmd{id: id, reply: reply}, reply)
	if err != nil {
		return nil, err
	}
	if q == nil {
		return nil, errNoTournament
	}
	r := make(chan *TournamentView, 1)
	return request(ctx, q.cmds, q.done, tableCmd(tourSnapshotCmd{reply: r}), r, true)
}
