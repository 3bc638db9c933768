package lobby

import (
	"time"

	"github.com/unossh/unossh/lobby/bot"
	"github.com/unossh/unossh/store"
)

// This file hands out the records and bot levels the lobby serves under
// names of its own, so that a front end (the TUI) reads them from the one
// package it talks to and imports neither the store nor the bots. They are
// aliases: the same types, nothing converted.

// The records a session reads (records.go, profile links).
type (
	// Profile is a player's profile: ratings, games, recent results.
	Profile = store.Profile
	// LeaderEntry is one line of a leaderboard.
	LeaderEntry = store.LeaderEntry
	// LinkCode is a one-time code that links another key to an account.
	LinkCode = store.LinkCode
	// Account is a player's account.
	Account = store.Account
	// Rating is a skill estimate (mean and spread).
	Rating = store.Rating
	// PlayerRating is a rating with the games it is from.
	PlayerRating = store.PlayerRating
	// EditionRating is a rating in one edition, or in AllEditions.
	EditionRating = store.EditionRating
	// PlayerRef names a player on a board: an account, a guest or a bot.
	PlayerRef = store.PlayerRef
	// SeatKind is who sat at a seat: an account, a guest or a bot.
	SeatKind = store.SeatKind
	// GameSummary is one of a player's recent games.
	GameSummary = store.GameSummary
	// ModeStats are a player's results in one mode.
	ModeStats = store.ModeStats
	// TournamentStats are a player's tournament results.
	TournamentStats = store.TournamentStats
	// RenameTooSoonError says when a nickname may change again.
	RenameTooSoonError = store.RenameTooSoonError
)

// The kinds of seat a record names.
const (
	SeatAccount = store.SeatAccount
	SeatGuest   = store.SeatGuest
	SeatBot     = store.SeatBot
)

// AllEditions names the board and the ratings over every edition.
const AllEditions = store.AllEditions

// RecentGames is how many recent games a profile lists.
const RecentGames = store.RecentGames

// How a link code looks and how long it lasts.
const (
	LinkCodeLen = store.LinkCodeLen
	LinkCodeTTL = store.LinkCodeTTL
)

// WeekStart is when the week that t is in began, for the weekly board.
func WeekStart(t time.Time) time.Time { return store.WeekStart(t) }

// Level is how well a bot plays.
type Level = bot.Level

// The bot levels, weakest first.
const (
	Beginner = bot.Beginner
	Easy     = bot.Easy
	Normal   = bot.Normal
	Hard     = bot.Hard
)

// Levels lists every bot level, in the order a menu shows them.
var Levels = bot.Levels
