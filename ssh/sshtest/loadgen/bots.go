package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// This file is the paired run of -bots: the bot API beside the TUI, the
// same day, on the same machine, at the same pace. First the -n TUI
// sessions play (each takes Quick play, as -play), then -bots API bots play
// (apibot.go), each phase on a fresh server with a data directory of its
// own, measured the same way over -hold after -settle; the report ends with
// the two side by side. A move is shown to every session at its table (four
// people at a Quick play table, two bots at a ladder table), so besides per
// move the figures are given per move seen: a move shown to one session
// (for the TUI, a screen that showed a move, the count of the server's
// move -> screens histogram; for the bots, the moves counter's steps each
// session read).

// botSeek is the line an API bot seeks its games with.
func (o options) botSeek() string {
	if o.botOpponents == "ladder" {
		return `{"type":"seek","opponents":"ladder"}`
	}
	return `{"type":"seek","edition":"classic-2001","mode":"single-hand","players":2,"opponents":"` + o.botOpponents + `"}`
}

// botsMain runs the TUI phase, then the API bots' phase, and compares them.
func botsMain(o options) {
	if o.server == "" {
		fail(errors.New("-bots needs -server, a built unossh binary"))
	}
	switch o.botOpponents {
	case "ladder", "beginner", "easy", "normal", "hard":
	default:
		fail(fmt.Errorf("-bot-opponents %q: ladder, beginner, easy, normal or hard", o.botOpponents))
	}
	sp := newSpawner()
	if o.nice != 0 {
		if err := lowerPriority(o.nice, sp.tid); err != nil {
			fmt.Fprintf(os.Stderr, "loadgen: the clients keep the server's priority: %v\n", err)
			o.nice = 0
		}
	}
	if botThink == 0 {
		botThink = think
	}
	fmt.Printf("clients' priority: nice %d (the server's: %d); think %s, the API bots' %s\n", o.nice, niceOf(os.Getpid(), sp.tid), think, botThink)
	fmt.Printf("at the start: %s\n", uptime())
	var tui, bots result
	if o.n > 0 {
		p := o
		p.play, p.bots, p.botTables = o.n, 0, 0
		fmt.Printf("== TUI: %d sessions with PTYs, each taking Quick play and playing\n", o.n)
		tui = phase(sp, p)
		fmt.Println()
	}
	p := o
	p.n, p.play, p.botTables = 0, 0, 0
	fmt.Printf("== API bots: %d bots (ssh HOST bot, a key each, no PTY), seeking %s\n", o.bots, o.botSeek())
	bots = phase(sp, p)
	fmt.Printf("at the end: %s\n", uptime())
	fmt.Println()
	fmt.Println("| | sessions | moves a second | CPU per move | output bytes per move | wire bytes per move | CPU per move seen | output bytes per move seen | RSS per session | goroutines per session |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	row := func(name string, r result, seen float64) {
		if r.moves == 0 || seen == 0 {
			fmt.Printf("| %s | %.0f | - |\n", name, r.held)
			return
		}
		fmt.Printf("| %s | %.0f | %.1f | %.3f ms | %.0f B | %.0f B | %.3f ms | %.0f B | %.1f KB | %.1f |\n", name, r.held, r.moves/r.seconds,
			r.cpu*1e3/r.moves, r.received/r.moves, r.wire/r.moves, r.cpu*1e3/seen, r.received/seen, r.rssPerSession, r.goroutinesPerSess)
	}
	if o.n > 0 {
		row("TUI", tui, tui.screens)
	}
	row("API bots", bots, bots.seen)
	fmt.Printf("API bots: a move -> the next turn at its table, p99 %s (goal <= 50ms)\n", bots.nextTurnP99.Round(10*time.Microsecond))
}

// phase starts a fresh server from the spawner's thread, runs o against it
// and stops it.
func phase(sp *spawner, o options) result {
	dir, err := os.MkdirTemp("", "loadgen-bots-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	sessions := o.n + o.bots
	cmd := exec.Command(o.server, "-addr", o.addr, "-metrics", o.metrics, "-data", dir,
		"-max-sessions", strconv.Itoa(sessions+100), "-max-per-addr", strconv.Itoa(o.perAddr*2),
		"-max-startups", "1000:30:5000")
	if err := sp.start(cmd); err != nil {
		fail(err)
	}
	defer func() { _ = cmd.Process.Signal(syscall.SIGTERM); _ = cmd.Wait() }()
	waitListening(o.addr)
	o.pid = cmd.Process.Pid
	fmt.Printf("server pid %d (nice %d), data %s\n", o.pid, niceOf(o.pid, 0), dir)
	return run(o)
}
