package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShortFileBesideAWAL: a database shorter than its header's page count
// is refused when it stands alone (cut short), and let through when a WAL
// with frames stands beside it, as a process killed in the middle of a
// checkpoint leaves it: SQLite reads the missing pages from the WAL.
func TestShortFileBesideAWAL(t *testing.T) {
	good := realDB(t, t.TempDir())
	const page = 4096
	short := good[:len(good)-page]

	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, short, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := checkHeader(path); err == nil || !strings.Contains(err.Error(), "cut short") {
		t.Fatalf("alone: %v", err)
	}
	if err := os.WriteFile(path+"-wal", make([]byte, 32), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := checkHeader(path); err == nil {
		t.Fatal("a WAL with no frame holds nothing: the file is still cut short")
	}
	if err := os.WriteFile(path+"-wal", make([]byte, 32+24+page), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := checkHeader(path); err != nil {
		t.Fatalf("beside a WAL: %v", err)
	}
}
