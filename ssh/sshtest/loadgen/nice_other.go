//go:build !linux

package main

import "errors"

// lowerPriority is Linux's only (a nice value per thread).
func lowerPriority(int) error { return errors.New("setting the clients' priority needs Linux") }
