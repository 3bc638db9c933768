package store

import (
	"errors"
	"math"
)

// Rating is a player's skill as a Gaussian belief: Mu is the estimate,
// Sigma the uncertainty. A new player is unsure (Sigma large); games make
// it sure.
type Rating struct {
	Mu    float64
	Sigma float64
}

// Ordinal is the conservative rating shown and ranked by: mu - 3 sigma, a
// skill the player is 99.7% likely to be above. A newcomer starts at 0.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Model is the Weng-Lin Bayesian rating with the Plackett-Luce model (Weng
// and Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12,
// 2011, Algorithm 4), the model of the OpenSkill libraries. It rates games
// of any number of teams of any size, ties included.
type Model struct {
	Mu    float64 // a new player's mu
	Sigma float64 // a new player's sigma
	Beta  float64 // the spread of one game's performance around skill
	Kappa float64 // the floor that keeps a variance positive
	// Tau is added to every sigma (in quadrature) before a game, so that a
	// rating keeps moving after many games; 0 turns it off.
	Tau float64
	// LimitSigma keeps a game from raising a sigma (which Tau can do).
	LimitSigma bool
}

// DefaultModel is mu 25, sigma 25/3, beta sigma/2, kappa 0.0001, and the
// reference libraries' tau of mu/300.
func DefaultModel() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300}
}

// NewRating is a new player's rating.
func (m Model) NewRating() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// ErrRateInput is a game the model cannot rate.
var ErrRateInput = errors.New("a rated game needs two or more teams, none empty, and one rank per team")

// teamRating is a team's summed belief and its rank.
type teamRating struct {
	mu, sigmaSq float64
	rank        int
}

// Rate updates the ratings of the players of a game. teams[i] are the
// players of team i (one player each in a free-for-all); ranks[i] is team
// i's finishing place, lower better, equal for a tie; nil ranks means the
// order of teams is the order of finish. The result has the shape of teams.
func (m Model) Rate(teams [][]Rating, ranks []int) ([][]Rating, error) {
	if len(teams) < 2 || ranks != nil && len(ranks) != len(teams) {
		return nil, ErrRateInput
	}
	tauSq := m.Tau * m.Tau
	prior := make([][]Rating, len(teams))
	tr := make([]teamRating, len(teams))
	for i, team := range teams {
		if len(team) == 0 {
			return nil, ErrRateInput
		}
		prior[i] = make([]Rating, len(team))
		for j, p := range team {
			p.Sigma = math.Sqrt(p.Sigma*p.Sigma + tauSq)
			prior[i][j] = p
			tr[i].mu += p.Mu
			tr[i].sigmaSq += p.Sigma * p.Sigma
		}
		tr[i].rank = i
		if ranks != nil {
			tr[i].rank = ranks[i]
		}
	}
	out := m.update(prior, tr)
	if m.LimitSigma {
		for i := range out {
			for j := range out[i] {
				out[i][j].Sigma = math.Min(out[i][j].Sigma, teams[i][j].Sigma)
			}
		}
	}
	return out, nil
}

// update is Algorithm 4 proper, on priors with tau already added.
func (m Model) update(prior [][]Rating, tr []teamRating) [][]Rating {
	var c float64 // the collective spread
	for _, t := range tr {
		c += t.sigmaSq + m.Beta*m.Beta
	}
	c = math.Sqrt(c)
	exp := make([]float64, len(tr)) // e^(mu_i / c)
	for i, t := range tr {
		exp[i] = math.Exp(t.mu / c)
	}
	// sumQ[q] sums e^(mu_s/c) over the teams s placed no better than q;
	// a[q] counts the teams tied with q.
	sumQ := make([]float64, len(tr))
	a := make([]float64, len(tr))
	for q, tq := range tr {
		for s, ts := range tr {
			if ts.rank >= tq.rank {
				sumQ[q] += exp[s]
			}
			if ts.rank == tq.rank {
				a[q]++
			}
		}
	}
	out := make([][]Rating, len(prior))
	for i, ti := range tr {
		var omega, delta float64
		for q, tq := range tr {
			if tq.rank > ti.rank {
				continue
			}
			p := exp[i] / sumQ[q]
			delta += p * (1 - p) / a[q]
			if q == i {
				omega += (1 - p) / a[q]
			} else {
				omega -= p / a[q]
			}
		}
		omega *= ti.sigmaSq / c
		gamma := math.Sqrt(ti.sigmaSq) / c // the reference libraries' default
		delta *= gamma * ti.sigmaSq / (c * c)
		out[i] = make([]Rating, len(prior[i]))
		for j, p := range prior[i] {
			share := p.Sigma * p.Sigma / ti.sigmaSq
			out[i][j] = Rating{
				Mu:    p.Mu + share*omega,
				Sigma: p.Sigma * math.Sqrt(math.Max(1-share*delta, m.Kappa)),
			}
		}
	}
	return out
}
