//go:build !linux

package main

import "errors"

// lowerPriority is Linux's only (a nice value per thread).
func lowerPriority(int, int) error { return errors.New("setting the clients' priority needs Linux") }

// threadID is 0: no thread keeps a priority of its own.
func threadID() int { return 0 }
