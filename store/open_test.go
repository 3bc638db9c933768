package store

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenCreatesAndMigrates(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "data")
	db, _ := openTest(t, Options{Dir: dir})
	if _, err := os.Stat(filepath.Join(dir, FileName)); err != nil {
		t.Fatal(err)
	}
	var mode string
	if err := db.read.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal mode %q, %v", mode, err)
	}
	var version, steps int
	if err := db.read.QueryRow(`SELECT MAX(version), COUNT(*) FROM schema_version`).Scan(&version, &steps); err != nil {
		t.Fatal(err)
	}
	if version != SchemaVersion() || steps != SchemaVersion() || version < 1 {
		t.Fatalf("schema %d in %d steps, want %d", version, steps, SchemaVersion())
	}
	must[Account](t)(db.Register(ctx, "SHA256:a", "ana"))
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	// Opening again applies nothing twice and keeps the data.
	db2, _ := openTest(t, Options{Dir: dir})
	if a, err := db2.AccountByName(ctx, "ANA"); err != nil || a.Nickname != "ana" {
		t.Fatalf("after reopening: %+v, %v", a, err)
	}
	if err := db2.read.QueryRow(`SELECT COUNT(*) FROM schema_version`).Scan(&steps); err != nil || steps != SchemaVersion() {
		t.Fatalf("%d steps after reopening, %v", steps, err)
	}
}

func TestOpenEmptyFileIsNew(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, FileName), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	openTest(t, Options{Dir: dir})
}

func TestMigrationsNumbered(t *testing.T) {
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range ms {
		if m.version != i+1 || strings.TrimSpace(m.sql) == "" {
			t.Errorf("migration %d: %s", i, m.name)
		}
	}
}

// refuse opens dir, expects an error matching want on one line, and checks
// that the database file's bytes (if any) are unchanged.
func refuse(t *testing.T, dir string, want ...string) error {
	t.Helper()
	path := filepath.Join(dir, FileName)
	before, _ := os.ReadFile(path)
	db, err := Open(Options{Dir: dir, Logger: quiet})
	if err == nil {
		db.Close()
		t.Fatal("opened")
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("error on more than one line: %q", msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not say %q", msg, w)
		}
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Errorf("the refused file changed: %d bytes before, %d after", len(before), len(after))
	}
	return err
}

// realDB makes a database with some data in dir and returns its bytes.
func realDB(t *testing.T, dir string) []byte {
	t.Helper()
	db, err := Open(Options{Dir: dir, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		if _, err := db.Register(ctx, fmt.Sprintf("SHA256:key%d", i), fmt.Sprintf("player%03d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestOpenRefusesBadFiles(t *testing.T) {
	good := realDB(t, t.TempDir())
	const page = 4096
	if len(good) < 4*page {
		t.Fatalf("test database too small: %d bytes", len(good))
	}
	garbage := make([]byte, 3*page)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range garbage {
		garbage[i] = byte(r.Uint32())
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"garbage", garbage, "not an SQLite file"},
		{"text", []byte("hello, this is not a database at all\n"), "not a unossh database"},
		{"short header", good[:50], "shorter than a database header"},
		{"truncated mid-page", good[:len(good)/2+100], "cut short"},
		{"truncated at a page", good[:2*page], "cut short"},
		{"damaged page size", append(append(append([]byte{}, good[:16]...), 0, 3), good[18:]...), "page size"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, FileName), tt.data, 0o600); err != nil {
				t.Fatal(err)
			}
			if err := refuse(t, dir, tt.want, FileName); !errors.Is(err, ErrNotDatabase) {
				t.Errorf("%v is not ErrNotDatabase", err)
			}
		})
	}
}

func TestOpenRefusesForeignDatabase(t *testing.T) {
	dir := t.TempDir()
	other, err := sql.Open(driverName, filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Exec(`CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES ('mine')`); err != nil {
		t.Fatal(err)
	}
	other.Close()
	refuse(t, dir, "something else")
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	dir := t.TempDir()
	db, _ := openTest(t, Options{Dir: dir})
	if _, err := db.write.Exec(`INSERT INTO schema_version(version, name, applied_ms) VALUES (999, '0999_future.sql', 0)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := refuse(t, dir, "newer", "upgrade"); !errors.Is(err, ErrSchemaTooNew) {
		t.Errorf("%v is not ErrSchemaTooNew", err)
	}
}

func TestOpenRefusesBadDirectory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "plain-file")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	refuse(t, filepath.Join(file, "data"), "cannot be created")
	refuse(t, file, "cannot be created")

	if os.Geteuid() == 0 {
		return // root writes anywhere: the read-only case cannot be made here
	}
	ro := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(ro, 0o500); err != nil {
		t.Fatal(err)
	}
	refuse(t, ro, "not writable")
}

func TestOpenRefusesADirectoryInUse(t *testing.T) {
	dir := t.TempDir()
	db, _ := openTest(t, Options{Dir: dir})
	if err := refuse(t, dir, "in use by another unossh"); err == nil {
		t.Fatal("opened twice")
	}
	// Closing gives the directory up.
	db.Close()
	openTest(t, Options{Dir: dir})
}
