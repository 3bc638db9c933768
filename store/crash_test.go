package store

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/unossh/unossh/engine"
)

// crashEnv makes the test binary, run again as a child, the process that
// gets killed: it opens the store in the named directory, appends actions
// and prints the sequence number of each one acknowledged, until killed.
const crashEnv = "UNOSSH_STORE_CRASH_CHILD"

func TestMain(m *testing.M) {
	if dir := os.Getenv(crashEnv); dir != "" {
		crashChild(dir)
		return
	}
	os.Exit(m.Run())
}

func crashChild(dir string) {
	db, err := Open(Options{Dir: dir, Logger: quiet})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	if _, err := db.Register(ctx, "SHA256:ana", "ana"); err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	if err := db.CreateTable(ctx, Table{ID: "t", Code: "K7QX2M", Settings: engine.Settings{Players: 2}, Seed: 9}); err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	for seq := 0; ; seq++ {
		if err := db.Append(ctx, "t", 0, seq, engine.Action{Kind: engine.Draw, Seat: seq % 2}); err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Println("acked", seq) // what a player would now see
	}
}

// TestKill9LosesNothingAcknowledged kills a process that writes the journal
// as fast as it can, at a moment it does not choose, and opens its data
// again: every action it was told was written is there.
func TestKill9LosesNothingAcknowledged(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), crashEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	acked := -1
	for lines.Scan() {
		f := strings.Fields(lines.Text())
		if len(f) == 0 || f[0] != "acked" {
			t.Fatalf("child: %s", lines.Text())
		}
		acked, _ = strconv.Atoi(f[1])
		if acked == 300 {
			break // mid-stream: the child is still writing
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	for lines.Scan() { // acknowledgements printed before the kill landed
		if f := strings.Fields(lines.Text()); len(f) == 2 && f[0] == "acked" {
			acked, _ = strconv.Atoi(f[1])
		}
	}
	_ = cmd.Wait()
	if _, err := os.Stat(filepath.Join(dir, FileName+"-wal")); err != nil {
		t.Logf("no WAL left behind: %v", err)
	}

	db, _ := openTest(t, Options{Dir: dir})
	if a, err := db.AccountByKey(ctx, "SHA256:ana"); err != nil || a.Nickname != "ana" {
		t.Fatalf("account after kill -9: %+v, %v", a, err)
	}
	saved := must[[]SavedTable](t)(db.UnfinishedTables(ctx))
	if len(saved) != 1 || saved[0].Code != "K7QX2M" || saved[0].Lost != 0 {
		t.Fatalf("%+v", saved)
	}
	if n := len(saved[0].Journal.Actions); n < acked+1 {
		t.Fatalf("%d actions back, %d were acknowledged", n, acked+1)
	}
}
