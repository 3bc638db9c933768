//go:build !unix

package store

// LockName is the lock file's name where locking is supported.
const LockName = "unossh.lock"

// lockDir does nothing where flock is not available: one server per data
// directory is then the operator's to ensure.
func lockDir(dir string) (release func(), err error) { return func() {}, nil }
