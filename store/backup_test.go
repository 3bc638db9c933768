package store

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A backup taken while the store is open and writing (its directory
// locked, accounts being registered) is a whole database: opened as a
// data directory of its own, it has every account registered before the
// backup began, and it never needed the lock.
func TestBackupOfAnOpenStoreWhileItWrites(t *testing.T) {
	db, _ := openTest(t, Options{})
	_, err := db.Register(ctx, "SHA256:ana", "ana")
	require.NoError(t, err)

	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			_, err := db.Register(ctx, fmt.Sprintf("SHA256:p%d", i), fmt.Sprintf("p%d", i))
			if err != nil {
				t.Error(err)
				return
			}
		}
	}()
	dest := filepath.Join(t.TempDir(), "unossh-backup.db")
	size, err := Backup(ctx, filepath.Dir(db.Path()), dest)
	close(stop)
	wg.Wait()
	require.NoError(t, err)
	st, err := os.Stat(dest)
	require.NoError(t, err)
	assert.Equal(t, st.Size(), size)

	restored := t.TempDir()
	require.NoError(t, os.Rename(dest, filepath.Join(restored, FileName)))
	back, _ := openTest(t, Options{Dir: restored})
	a, err := back.AccountByName(ctx, "ana")
	require.NoError(t, err)
	assert.Equal(t, "SHA256:ana", a.Keys[0])
}

// A second backup to the same file replaces the first whole; a backup
// onto the database itself, or of a directory with no database, is
// refused and changes nothing.
func TestBackupReplacesAndRefuses(t *testing.T) {
	db, _ := openTest(t, Options{})
	dir := filepath.Dir(db.Path())
	dest := filepath.Join(t.TempDir(), "b.db")
	_, err := Backup(ctx, dir, dest)
	require.NoError(t, err)
	_, err = db.Register(ctx, "SHA256:bo", "bo")
	require.NoError(t, err)
	_, err = Backup(ctx, dir, dest)
	require.NoError(t, err)
	left, _ := filepath.Glob(dest + ".part*")
	assert.Empty(t, left, "no part file is left")

	_, err = Backup(ctx, dir, db.Path())
	assert.ErrorContains(t, err, "is the database itself")
	_, err = Backup(ctx, t.TempDir(), dest)
	assert.ErrorContains(t, err, "no database to back up")
}

// A stopped server's directory (no write-ahead log, no shared memory
// file left) backs up the same way, and is left as it was.
func TestBackupOfAStoppedStore(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(Options{Dir: dir, Logger: quiet})
	require.NoError(t, err)
	_, err = db.Register(ctx, "SHA256:ana", "ana")
	require.NoError(t, err)
	require.NoError(t, db.Close())
	before, _ := filepath.Glob(filepath.Join(dir, "*"))

	dest := filepath.Join(t.TempDir(), "b.db")
	_, err = Backup(ctx, dir, dest)
	require.NoError(t, err)
	after, _ := filepath.Glob(filepath.Join(dir, "*"))
	assert.Equal(t, before, after, "no file left in the data directory")

	restored := t.TempDir()
	require.NoError(t, os.Rename(dest, filepath.Join(restored, FileName)))
	back, _ := openTest(t, Options{Dir: restored})
	_, err = back.AccountByName(ctx, "ana")
	require.NoError(t, err)
}
