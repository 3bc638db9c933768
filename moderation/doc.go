// Package moderation runs the operators' tools: the admin commands that
// `ssh HOST admin ...` brings from a key in the admins file (who, ban,
// unban, bans, mute, unmute, kick, close, announce, reports), and the bans
// the door checks before anything else.
//
// Bans and mutes are kept in the store, so they survive a restart and are
// the same for every node that shares it; each node holds a copy in memory
// that the door reads without a query, read again from the store whenever
// an operator changes them. On a node of a service, each command that acts
// on players (a ban's kick, a mute's notice, a kick, a close, an
// announcement) is also sent to every other node through Peers, and each
// node acts on its own sessions and tables (Service.Apply); who gathers
// every node's sessions the same way.
//
// main wires it between the door and the lobby:
//
//	mod := moderation.New(moderation.Options{Store: st, Lobby: hub, Logger: logger})
//	_ = mod.Load(ctx)
//	cfg.Admin, cfg.Banned = mod.Run, mod.Banned
package moderation
