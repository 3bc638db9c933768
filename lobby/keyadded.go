package lobby

// A key joins an account with the one-time code the account's profile page
// shows (ssh HOST link CODE, from the new key). The code is used up then,
// so the account's sessions online are told: their pages stop showing it,
// and the player reads why. The store call that adds the key is made off
// the hub (by the records' command, or the session entering the code); the
// hub is only told afterwards, and posts to the sessions without waiting.

// keyAddedCmd is a key added to an account (no answer).
type keyAddedCmd struct {
	account int64
	by      *Client // the session that added the key, told nothing; nil from outside the lobby
}

func (keyAddedCmd) hubCmd() {}

// KeyAddedText is the notice an account's sessions get when a link code
// adds a key to it.
const KeyAddedText = "a key was added to your account"

// KeyAdded tells the account's sessions online that a link code added a
// key to it: main calls it once `ssh HOST link CODE` has done so.
func (h *Hub) KeyAdded(accountID int64) {
	if accountID == 0 {
		return
	}
	h.tell(keyAddedCmd{account: accountID})
}

// onKeyAdded posts the news to each session of the account. Links are
// rare (a few codes an hour per account), so looking through the sessions
// costs less than keeping an index by account.
func (h *Hub) onKeyAdded(cmd keyAddedCmd) {
	for _, c := range h.clients {
		if c == cmd.by || c.accountOf().id != cmd.account {
			continue
		}
		c.post(func(s *Screen) {
			s.KeysAdded++
			s.Notice = Notice{Seq: s.Notice.Seq + 1, Text: KeyAddedText}
		})
	}
}
