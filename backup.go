package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/charmbracelet/log"
	"github.com/unossh/unossh/store"
)

// backupCommand is `unossh backup [-data DIR] FILE`: an online copy of the
// database in DIR, written to FILE while the server goes on serving
// (store.Backup: it needs neither the server stopped nor the data
// directory's lock). Restoring is done with the server stopped: the file
// goes in place as DIR/unossh.db (docs/deploy.md).
func backupCommand(ctx context.Context, args []string, getenv func(string) string, logger *log.Logger) error {
	fs := flag.NewFlagSet("unossh backup", flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: unossh backup [-data DIR] FILE\n\nwrites a consistent copy of the database in DIR to FILE, while the server runs")
		fs.PrintDefaults()
	}
	f := envFlags{fs: fs, getenv: getenv}
	var dir string
	f.string(&dir, "data", "UNOSSH_DATA", store.DefaultDir, "directory of the database to back up")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if f.err != nil {
		return f.err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("backup: one FILE to write, not %d arguments", fs.NArg())
	}
	dest := fs.Arg(0)
	start := time.Now()
	size, err := store.Backup(ctx, dir, dest)
	if err != nil {
		return err
	}
	if abs, err := filepath.Abs(dest); err == nil {
		dest = abs
	}
	logger.Info("backup written", "file", dest, "bytes", size, "size", mib(size),
		"from", filepath.Join(dir, store.FileName), "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// mib is a size for people.
func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
