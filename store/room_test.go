package store

import (
	"errors"
	"os"
	"testing"
	"time"
)

// TestWALShrinksOnceCheckpointed: a write-ahead log that has grown past
// walLimit does not keep its size once everything in it is in the database
// file: on a nearly full disk, it would hold the room it once took.
func TestWALShrinksOnceCheckpointed(t *testing.T) {
	db, _ := openTest(t, Options{})
	if _, err := db.write.Exec(`CREATE TABLE filler (b BLOB)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.write.Exec(`INSERT INTO filler VALUES (zeroblob(?))`, 4*walLimit); err != nil {
		t.Fatal(err)
	}
	walSize := func() int64 {
		st, err := os.Stat(db.path + "-wal")
		if err != nil {
			return 0
		}
		return st.Size()
	}
	if n := walSize(); n <= walLimit {
		t.Fatalf("the WAL has %d bytes after a write of %d", n, 4*walLimit)
	}
	deadline := time.Now().Add(15 * time.Second)
	for walSize() > walLimit {
		if time.Now().After(deadline) {
			t.Fatalf("the WAL still has %d bytes (limit %d)", walSize(), walLimit)
		}
		time.Sleep(20 * time.Millisecond) // (the checkpointer runs on the wall clock, every second)
	}
	var n int
	if err := db.read.QueryRow(`SELECT length(b) FROM filler`).Scan(&n); err != nil || n != 4*walLimit {
		t.Fatalf("the row reads %d bytes, %v", n, err)
	}
}

// TestNoRoomSaysWhatToFree: a data directory too full to start is one line
// with the room it has, the room it needs, and what to free.
func TestNoRoomSaysWhatToFree(t *testing.T) {
	err := error(&NoRoomError{Dir: "/srv/unossh", Free: 300 << 10, Need: MinRoom})
	if !errors.Is(err, ErrNoRoom) {
		t.Fatal("not ErrNoRoom")
	}
	want := "data directory /srv/unossh has 300 KiB free and needs 1.0 MiB to bring its tables back safely: free 724 KiB on its disk"
	if got := err.Error(); len(got) < len(want) || got[:len(want)] != want {
		t.Fatalf("got %q", got)
	}
}
