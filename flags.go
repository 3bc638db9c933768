package main

import (
	"flag"
	"fmt"
	"strconv"
	"time"
)

// envFlags defines flags whose defaults come from environment variables,
// so that every setting can be given either way. A malformed variable is
// an error, reported once the flags are parsed: a typo in a limit must not
// silently leave the default in force.
type envFlags struct {
	fs     *flag.FlagSet
	getenv func(string) string
	err    error
}

func (f *envFlags) usage(text, env string) string { return text + " (default from $" + env + ")" }

func (f *envFlags) bad(env, v, want string) {
	if f.err == nil {
		f.err = fmt.Errorf("$%s is %q, not %s", env, v, want)
	}
}

func (f *envFlags) string(p *string, name, env, def, usage string) {
	if v := f.getenv(env); v != "" {
		def = v
	}
	f.fs.StringVar(p, name, def, f.usage(usage, env))
}

func (f *envFlags) int(p *int, name, env string, def int, usage string) {
	if v := f.getenv(env); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			f.bad(env, v, "a whole number")
		} else {
			def = n
		}
	}
	f.fs.IntVar(p, name, def, f.usage(usage, env))
}

func (f *envFlags) duration(p *time.Duration, name, env string, def time.Duration, usage string) {
	if v := f.getenv(env); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			f.bad(env, v, "a duration such as 30s or 2m")
		} else {
			def = d
		}
	}
	f.fs.DurationVar(p, name, def, f.usage(usage, env))
}

func (f *envFlags) float(p *float64, name, env string, def float64, usage string) {
	if v := f.getenv(env); v != "" {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			f.bad(env, v, "a number such as 0.5")
		} else {
			def = x
		}
	}
	f.fs.Float64Var(p, name, def, f.usage(usage, env))
}
