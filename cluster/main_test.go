package cluster

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// testsAtOnce is how many of the package's tests run at once by default
// (-parallel overrides it). Nearly all of a test's time here is spent
// waiting on NATS and on real time (a lease or a key running out, a node
// heard of no more), each test on its own servers and store, so the
// default of one test per core leaves the machine idle; docs/benchmarks.md
// has the figures.
const testsAtOnce = 8

func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(max(testsAtOnce, runtime.GOMAXPROCS(0))))
	}
	os.Exit(m.Run())
}
