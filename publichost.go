package main

import (
	"fmt"
	"net"
	"strconv"
	"strings"
)

// This file is the name players use to reach the server: invitations, the
// start log and `ssh HOST help` print it, so it must be a command that works
// from a friend's machine. A wildcard or public listen address says nothing
// of the name the world knows the machine by, so that comes from
// -public-host, or else the machine's host name; "localhost" only when the
// server listens on loopback alone and nobody elsewhere could connect.

// publicHost is -public-host parsed: a host name and, when given, a port.
type publicHost struct{ host, port string }

// parsePublicHost takes NAME or NAME:PORT ([V6]:PORT for an IPv6 address).
func parsePublicHost(s string) (publicHost, error) {
	if s == "" {
		return publicHost{}, nil
	}
	host, port := s, ""
	if h, p, err := net.SplitHostPort(s); err == nil {
		host, port = h, p
	} else if strings.Count(s, ":") == 1 {
		return publicHost{}, fmt.Errorf("-public-host %q: %w", s, err)
	}
	if host == "" || strings.ContainsAny(host, " \t/@") {
		return publicHost{}, fmt.Errorf("-public-host %q: give the host name players type, such as uno.example.com or uno.example.com:2222", s)
	}
	if port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return publicHost{}, fmt.Errorf("-public-host %q: the port must be a number from 1 to 65535", s)
		}
	}
	return publicHost{host: host, port: port}, nil
}

// destination is what follows `ssh` to reach the server: "NAME" on port 22,
// "-p PORT NAME" on any other. Without a public host, the host is the
// machine's name (hostname), or "localhost" for a server on loopback only;
// the port is the one it listens on.
func (p publicHost) destination(listen net.Addr, hostname func() (string, error)) string {
	host, port, err := net.SplitHostPort(listen.String())
	if err != nil {
		host, port = listen.String(), ""
	}
	if p.port != "" {
		port = p.port
	}
	switch ip := net.ParseIP(host); {
	case p.host != "":
		host = p.host
	case ip != nil && ip.IsLoopback():
		host = "localhost"
	case ip == nil || ip.IsUnspecified():
		host = "localhost"
		if name, err := hostname(); err == nil && name != "" {
			host = name
		}
	}
	if port == "" || port == "22" {
		return host
	}
	return "-p " + port + " " + host
}
