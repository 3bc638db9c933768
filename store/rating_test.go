package store

import (
	"math"
	"testing"
)

// near reports whether got is want to within 1e-9 relative: the reference
// values are printed to the last digit of a float64, and only the order of
// floating-point operations may differ.
func near(got, want float64) bool {
	return math.Abs(got-want) <= 1e-9*math.Max(1, math.Abs(want))
}

func TestRatePlackettLuceReference(t *testing.T) {
	// Expected values from openskill.js, src/models/__tests__/plackett-luce.test.ts
	// (github.com/philihp/openskill.js), which calls the Plackett-Luce model
	// directly: default mu 25, sigma 25/3, beta 25/6, kappa 0.0001, no tau.
	js := Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001}
	// Expected values from openskill.py 6.2.0, tests/models/data/plackettluce.json
	// (github.com/vivekjoshy/openskill.py, vendored verbatim by openskill.js as
	// src/__tests__/data/plackettluce.json), checked by test_plackett_luce.py's
	// test_rate: PlackettLuce(mu, sigma) with its defaults beta 25/6,
	// kappa 0.0001 and tau 25/300 (openskill.py always adds tau).
	py := Model{Mu: 20.35125162611535, Sigma: 8.33148112355601, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300}

	type want = [][]Rating
	tests := []struct {
		name  string
		model Model
		sizes []int // players per team, all starting at the model's rating
		ranks []int
		limit bool
		want  want
	}{
		{"js 2p FFA", js, []int{1, 1}, nil, false, want{
			{{27.63523138347365, 8.065506316323548}},
			{{22.36476861652635, 8.065506316323548}}}},
		{"js 3p FFA", js, []int{1, 1, 1}, nil, false, want{
			{{27.868876552746237, 8.204837030780652}},
			{{25.717219138186557, 8.057829747583874}},
			{{21.413904309067206, 8.057829747583874}}}},
		{"js 4p FFA", js, []int{1, 1, 1, 1}, nil, false, want{
			{{27.795084971874736, 8.263160757613477}},
			{{26.552824984374855, 8.179213704945203}},
			{{24.68943500312503, 8.083731307186588}},
			{{20.96265504062538, 8.083731307186588}}}},
		{"js 5p FFA", js, []int{1, 1, 1, 1, 1}, nil, false, want{
			{{27.666666666666668, 8.290556877154474}},
			{{26.833333333333332, 8.240145629781066}},
			{{25.72222222222222, 8.179996679645559}},
			{{24.055555555555557, 8.111796013701358}},
			{{20.72222222222222, 8.111796013701358}}}},
		{"js 3 teams of different sizes", js, []int{3, 1, 2}, nil, false, want{
			{{25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}},
			{{27.21366020491262, 8.274321317985242}},
			{{21.84646897330287, 8.213058173195341}, {21.84646897330287, 8.213058173195341}}}},
		{"py normal", py, []int{1, 2}, nil, false, want{
			{{23.855123082692877, 8.22447878583752}},
			{{16.84738016953782, 8.179571171464575}, {16.84738016953782, 8.179571171464575}}}},
		{"py ranks", py, []int{1, 2, 1, 2}, []int{2, 1, 4, 3}, false, want{
			{{22.35555943890167, 8.265434830225024}},
			{{22.373451456616035, 8.258479912445537}, {22.373451456616035, 8.258479912445537}},
			{{18.311159777900297, 8.219170401234347}},
			{{18.364835831043397, 8.112716571808326}, {18.364835831043397, 8.112716571808326}}}},
		{"py limit_sigma", py, []int{1, 2, 3}, []int{2, 1, 3}, true, want{
			{{22.81664991565251, 8.28331609373364}},
			{{22.74645120129216, 8.268148437657915}, {22.74645120129216, 8.268148437657915}},
			{{15.49065376140138, 8.18959307104567}, {15.49065376140138, 8.18959307104567}, {15.49065376140138, 8.18959307104567}}}},
		{"py ties", py, []int{1, 2, 3}, []int{1, 2, 1}, false, want{
			{{21.63766806988004, 8.310709773172306}},
			{{19.53956360838512, 8.268148437657915}, {19.53956360838512, 8.268148437657915}},
			{{19.87652320008089, 8.237522411103104}, {19.87652320008089, 8.237522411103104}, {19.87652320008089, 8.237522411103104}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.model
			m.LimitSigma = tt.limit
			teams := make([][]Rating, len(tt.sizes))
			for i, n := range tt.sizes {
				for range n {
					teams[i] = append(teams[i], m.NewRating())
				}
			}
			got, err := m.Rate(teams, tt.ranks)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tt.want {
				for j, w := range tt.want[i] {
					if g := got[i][j]; !near(g.Mu, w.Mu) || !near(g.Sigma, w.Sigma) {
						t.Errorf("team %d player %d: got %v, want %v", i, j, g, w)
					}
				}
			}
		})
	}
}

func TestRateMixedPriors(t *testing.T) {
	// From openskill.js src/__tests__/parity-plackett-luce.test.ts, "matches
	// Python for a four-way free-for-all at default hyperparameters" and "a
	// single doubles match": rate() with its defaults, tau mu/300 included,
	// which is our DefaultModel.
	m := DefaultModel()
	got, err := m.Rate([][]Rating{{{29.182, 4.782}}, {{27.174, 4.922}}, {{16.672, 6.217}}, {{25, 25.0 / 3}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []Rating{{30.210227447000438, 4.765617924939384}, {27.644725221915632, 4.883479590134575},
		{17.4036218889969, 6.101259408259549}, {19.21460876538932, 7.854669920480409}}
	for i, w := range want {
		if g := got[i][0]; !near(g.Mu, w.Mu) || !near(g.Sigma, w.Sigma) {
			t.Errorf("player %d: got %v, want %v", i, g, w)
		}
	}
	got, err = m.Rate([][]Rating{{{29.182, 4.782}, {27.174, 4.922}}, {{16.672, 6.217}, {25, 25.0 / 3}}}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	wantTeams := [][]Rating{{{29.607340941337068, 4.755311788972862}, {27.624602782532037, 4.892807828777459}},
		{{15.953170429143093, 6.125902065139878}, {23.70858117648013, 8.111707446126035}}}
	for i := range wantTeams {
		for j, w := range wantTeams[i] {
			if g := got[i][j]; !near(g.Mu, w.Mu) || !near(g.Sigma, w.Sigma) {
				t.Errorf("team %d player %d: got %v, want %v", i, j, g, w)
			}
		}
	}
}

func TestRateProperties(t *testing.T) {
	m := DefaultModel()
	r := m.NewRating()
	if r.Ordinal() != 0 {
		t.Errorf("a newcomer's ordinal is %v, want 0", r.Ordinal())
	}
	for _, bad := range []struct {
		teams [][]Rating
		ranks []int
	}{
		{[][]Rating{{r}}, nil},
		{[][]Rating{{r}, {}}, nil},
		{[][]Rating{{r}, {r}}, []int{1}},
	} {
		if _, err := m.Rate(bad.teams, bad.ranks); err == nil {
			t.Errorf("Rate(%v, %v) accepted", bad.teams, bad.ranks)
		}
	}
	// The order teams are listed in does not matter, only their ranks.
	a, _ := m.Rate([][]Rating{{{30, 5}}, {{20, 7}}, {{25, 8}}}, []int{2, 1, 3})
	b, _ := m.Rate([][]Rating{{{20, 7}}, {{25, 8}}, {{30, 5}}}, []int{1, 3, 2})
	if !near(a[0][0].Mu, b[2][0].Mu) || !near(a[1][0].Mu, b[0][0].Mu) || !near(a[2][0].Mu, b[1][0].Mu) {
		t.Errorf("order changed the result: %v vs %v", a, b)
	}
	// A two-way tie between equals changes no mu.
	c, _ := m.Rate([][]Rating{{r}, {r}}, []int{1, 1})
	if !near(c[0][0].Mu, 25) || !near(c[1][0].Mu, 25) {
		t.Errorf("a tie of equals moved mu: %v", c)
	}
}
