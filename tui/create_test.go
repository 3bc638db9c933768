package tui

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/unossh/unossh/lobby"
	"github.com/unossh/unossh/tui/page/create"
)

// The create form agrees with what the README promises.

// The README offers the turn timers the create form does.
func TestReadmeAgreesWithTheForm(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(b)), " ")
	var secs []string
	for _, d := range create.Timers {
		n := strconv.Itoa(int(d.Seconds()))
		switch d {
		case 0:
			if !strings.Contains(readme, `"standard" in the create form is 30 seconds a turn`) {
				t.Error(`the README does not say what "standard" is`)
			}
		case lobby.NoTurnTimer:
			if !strings.Contains(readme, "turn it off at a private table") {
				t.Error("the README does not offer the timer off")
			}
		default:
			secs = append(secs, n)
		}
	}
	want := "the host may pick " + strings.Join(secs[:len(secs)-1], ", ") + " or " + secs[len(secs)-1] + " seconds"
	if !strings.Contains(readme, want) {
		t.Errorf("the README's timers are not the form's: want %q", want)
	}
}
