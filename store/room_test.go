package store

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
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

// TestWALStaysShortOnANearlyFullDisk: with 2 MiB free, writes that never
// pause do not let the WAL take the last free bytes (at SQLite's default
// it grows towards 4 MiB before the writer folds it back), so nothing
// fails and a restart still has its room.
func TestWALStaysShortOnANearlyFullDisk(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounts a small tmpfs to fill it: needs root")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs (%v): %s", err, strings.TrimSpace(string(out)))
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v: %s", dir, err, out)
		}
	})
	ballast, err := os.Create(filepath.Join(dir, "ballast"))
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 64<<10)
	for free, _ := freeSpace(dir); free > 2<<20; free, _ = freeSpace(dir) {
		if _, err := ballast.Write(chunk[:min(free-2<<20, uint64(len(chunk)))]); err != nil {
			t.Fatal(err)
		}
	}
	ballast.Close()

	db, _ := openTest(t, Options{Dir: filepath.Join(dir, "data")})
	const tables, each = 20, 300
	createTables(t, db, tables)
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := range each {
				if err := db.Append(ctx, fmt.Sprintf("t%d", i), 0, seq, deal); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	// The WAL's size, watched while the writes go on.
	var most int64
	written, watched := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watched)
		for {
			if st, err := os.Stat(db.path + "-wal"); err == nil {
				most = max(most, st.Size())
			}
			select {
			case <-written:
				return
			default:
				time.Sleep(time.Millisecond) // (sampling, not waiting for a condition)
			}
		}
	}()
	wg.Wait()
	close(errs)
	close(written)
	<-watched
	for err := range errs {
		t.Fatalf("a write failed with 2 MiB free: %v", err)
	}
	st, _ := os.Stat(db.path)
	t.Logf("the WAL reached %s; the database file is %s", bytesText(uint64(most)), bytesText(uint64(st.Size())))
	if most > 2*walLimit {
		t.Fatalf("the WAL reached %s (limit %s)", bytesText(uint64(most)), bytesText(walLimit))
	}
}
