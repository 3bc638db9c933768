package lobby

import (
	"encoding/json"
	"errors"

	gojson "github.com/goccy/go-json"
)

// This file is what crosses between nodes for remote play: a table command
// as a request, its answer, and a shadow's screen as it goes back to the
// session's node. Everything is JSON: the views are the same values a
// local session is posted (TableView and all it holds; wireEncode), and
// TestRemoteWireRoundTrip proves they come back equal.

// The commands a proxy sends.
const (
	opJoin       = "join"
	opReattach   = "reattach"
	opDisconnect = "disconnect"
	opIntent     = "intent"
	opSit        = "sit"
	opRename     = "rename"
	// opSeekPublic is an API bot's seat at a public table that allows
	// API bots (apibots.go).
	opSeekPublic = "seekpublic"
)

// wireSession is who sends a command: all the owner needs to stand a
// shadow of the session at its table.
type wireSession struct {
	ID    string `json:"id"`
	Key   string `json:"key"`
	Guest bool   `json:"guest,omitempty"`
	Nick  string `json:"nick"`
	Node  string `json:"node"`
	Run   uint64 `json:"run"` // the run of its node (lease.go)
	// Account is the session's account (0: none), so that the owner knows
	// the shadow as the speaker its node knows (Client.speaker).
	Account int64 `json:"acct,omitempty"`
	// Program is a bot of the bot API (botaccount.go): its seat is shown
	// as one, and a public table asks whether its host allows API bots.
	Program bool `json:"program,omitempty"`
}

// wireCmd is a table command from another node.
type wireCmd struct {
	Op     string      `json:"op"`
	S      wireSession `json:"s"`
	Watch  bool        `json:"watch,omitempty"`
	Resume bool        `json:"resume,omitempty"` // reattach: only to a seat no other session holds
	Intent *Intent     `json:"intent,omitempty"`
	Nick   string      `json:"nick,omitempty"`
}

// wireReply is the owner's answer: the command's, and the shadow's screen
// as it was once the table had published the command's effect (publish,
// then reply, across nodes too).
type wireReply struct {
	Err   string      `json:"err,omitempty"`
	Gone  bool        `json:"gone,omitempty"` // the table has closed
	Kept  bool        `json:"kept,omitempty"` // disconnect: the seat is kept
	State *wireScreen `json:"state,omitempty"`
	// Ignore is a player's /ignore or /unignore, which the session's own
	// node applies: it hides the lines from the session's screen
	// (moderation_players.go).
	Ignore *ignoreChange `json:"ignore,omitempty"`
}

// ignoreChange is one speaker hidden from a session, or shown again.
type ignoreChange struct {
	Speaker string `json:"speaker"`
	On      bool   `json:"on,omitempty"`
}

// wireScreen is what a table has posted to a shadow: the part of a
// Screen a table writes. Ver orders the screens of one owner node: a
// session's node never lets an older one replace a newer.
type wireScreen struct {
	Table   string     `json:"table"` // the table's id
	Session string     `json:"session"`
	Node    string     `json:"node"`  // the owner's
	Owner   string     `json:"owner"` // ownerTag
	Born    uint64     `json:"born"`  // the shadow's, to tell a new one from an old
	Ver     uint64     `json:"ver"`
	At      bool       `json:"at"` // the session is at the table
	View    *TableView `json:"view,omitempty"`
	Held    *HeldSeat  `json:"held,omitempty"`
	Notice  Notice     `json:"notice"`
	Left    int        `json:"left"`
	Closed  string     `json:"closed,omitempty"`
	// SeatsInAll is View.TableInfo.Seats, which JSON cannot carry inside
	// the view: the view's own Seats (the list) hides it.
	SeatsInAll int `json:"seats_in_all,omitempty"`
}

// seal readies s to be sent, and unseal puts back on arrival what JSON
// does not carry by itself.
func (s *wireScreen) seal() *wireScreen {
	if s.View != nil {
		s.SeatsInAll = s.View.TableInfo.Seats
	}
	return s
}

func (s *wireScreen) unseal() {
	if s.View != nil {
		s.View.TableInfo.Seats = s.SeatsInAll
	}
}

// wireScreens is one message on a node's screens subject.
type wireScreens struct {
	Screens []*wireScreen `json:"screens"`
}

// playerErrors are the errors a table answers with, by their text, so that
// errors.Is works on an answer from another node as on one from here.
var playerErrors = func() map[string]error {
	m := map[string]error{}
	for _, err := range []error{ErrNickTaken, ErrNickInvalid, ErrNoSuchTable, ErrTableFull,
		ErrTableStarted, ErrNoNick, ErrShuttingDown, ErrAtTable, ErrBusy, ErrTooManyCodes,
		errPaused, errSeatGone, errTourSeats, errNotHost, errNotWaiting, errWatching, errNoGame,
		errChatRate, errChatEmpty, errNotABot, errSeatElsewhere, ErrNoAPIBots} {
		m[err.Error()] = err
	}
	return m
}()

func encodeErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// decodeErr is the error a text stands for: the same sentinel when there
// is one, or an error worded the same.
func decodeErr(s string) error {
	if s == "" {
		return nil
	}
	if err := playerErrors[s]; err != nil {
		return err
	}
	return errors.New(s)
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only our own types, which always encode
	}
	return b
}

// wireEncode and wireDecode are the remote messages' JSON, by a codec
// that reads and writes the same JSON as encoding/json at a fraction of
// its cost: every view that crosses nodes is encoded once and decoded
// once, so the encoding is much of what play across nodes costs.
func wireEncode(v any) []byte {
	b, err := gojson.Marshal(v)
	if err != nil {
		panic(err) // only our own types, which always encode
	}
	return b
}

func wireDecode(b []byte, v any) error { return gojson.Unmarshal(b, v) }
