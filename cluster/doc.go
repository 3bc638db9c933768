// Package cluster is what crosses between unossh nodes: the NATS connection
// every node of one service shares, and on it what the lobby needs of the
// other nodes. A node without -nats never imports any of it into its run:
// the lobby works in one process exactly as it did before.
//
// The lobby knows nothing of NATS: it asks its seams (interfaces in package
// lobby) and this package answers them over subjects and key-value buckets.
// docs/cluster.md says what crosses NATS and why.
package cluster
