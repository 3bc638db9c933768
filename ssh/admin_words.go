package ssh

import (
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// This file reads an operator's words after "admin": every command's
// arguments, a target (a nickname, a key fingerprint, an address or a
// CIDR), a duration, and a reason or an announcement that any terminal may
// show. Anything else is refused with one line that says why.

// ParseAdmin checks an operator's words (after "admin").
func ParseAdmin(args []string) (AdminCommand, error) {
	if len(args) == 0 {
		return AdminCommand{}, ErrAdminUsage
	}
	c := AdminCommand{Verb: strings.ToLower(args[0])}
	rest := args[1:]
	var err error
	switch c.Verb {
	case "who", "bans", "reports":
		if len(rest) > 0 {
			return AdminCommand{}, fmt.Errorf("%w for %s: %q", ErrExtraArguments, c.Verb, truncate(strings.Join(rest, " "), 32))
		}
		return c, nil
	case "ban", "unban":
		if len(rest) == 0 {
			return AdminCommand{}, errNeedTarget
		}
		if c.Target, c.Kind, err = parseTarget(rest[0]); err != nil {
			return AdminCommand{}, err
		}
		if c.Verb == "unban" {
			return c, noMore(c.Verb, rest[1:])
		}
		rest = rest[1:]
		if len(rest) > 0 {
			if d, ok := parseFor(rest[0]); ok {
				c.For, rest = d, rest[1:]
			} else if looksLikeFor(rest[0]) {
				return AdminCommand{}, fmt.Errorf("%q is not a duration such as 10m, 2h or 7d (at most 3650d)", truncate(rest[0], 32))
			}
		}
		c.Text, err = adminText(rest, "a reason", true)
		return c, err
	case "mute", "unmute", "kick":
		if len(rest) == 0 {
			return AdminCommand{}, errNeedTarget
		}
		if c.Target, err = parseName(rest[0]); err != nil {
			return AdminCommand{}, err
		}
		c.Kind, rest = TargetName, rest[1:]
		switch c.Verb {
		case "unmute":
			return c, noMore(c.Verb, rest)
		case "kick":
			c.Text, err = adminText(rest, "a reason", false)
			return c, err
		}
		if len(rest) == 0 {
			return AdminCommand{}, errNeedFor
		}
		d, ok := parseFor(rest[0])
		if !ok {
			return AdminCommand{}, fmt.Errorf("%q is not a duration such as 10m, 2h or 7d (at most 3650d)", truncate(rest[0], 32))
		}
		c.For = d
		c.Text, err = adminText(rest[1:], "a reason", true)
		return c, err
	case "close":
		if len(rest) == 0 {
			return AdminCommand{}, errors.New("say which table: its short name (brave-otter) or its code")
		}
		if c.Target, err = parseTable(rest[0]); err != nil {
			return AdminCommand{}, err
		}
		c.Text, err = adminText(rest[1:], "a reason", false)
		return c, err
	case "announce":
		c.Text, err = adminText(rest, "an announcement", true)
		return c, err
	}
	return AdminCommand{}, fmt.Errorf("unknown admin command %q; %v", truncate(args[0], 32), ErrAdminUsage)
}

func noMore(verb string, rest []string) error {
	if len(rest) > 0 {
		return fmt.Errorf("%w for %s: %q", ErrExtraArguments, verb, truncate(strings.Join(rest, " "), 32))
	}
	return nil
}

// adminText is words joined as one line of text that anyone's terminal
// may show: no control or invisible format character, at most
// maxAdminText characters.
func adminText(words []string, what string, need bool) (string, error) {
	text := strings.TrimSpace(strings.Join(words, " "))
	if text == "" {
		if need {
			if what == "a reason" {
				return "", errNeedReason
			}
			return "", errNeedText
		}
		return "", nil
	}
	if !utf8.ValidString(text) {
		return "", fmt.Errorf("%s must be UTF-8 text", what)
	}
	for _, r := range text {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return "", fmt.Errorf("%s may not hold control characters (it holds %U)", what, r)
		}
	}
	if n := utf8.RuneCountInString(text); n > maxAdminText {
		return "", fmt.Errorf("%s is at most %d characters, not %d", what, maxAdminText, n)
	}
	return text, nil
}

// parseTarget reads what a ban is of: a key fingerprint, an address or a
// CIDR (written as its masked CIDR), or a nickname.
func parseTarget(s string) (target, kind string, err error) {
	switch {
	case strings.HasPrefix(s, "SHA256:"):
		fp := strings.TrimPrefix(s, "SHA256:")
		if len(fp) != 43 || strings.Trim(fp, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") != "" {
			return "", "", fmt.Errorf("%q is not a key fingerprint: SHA256: and 43 characters, as ssh-keygen -lf shows", truncate(s, 64))
		}
		return s, TargetKey, nil
	case strings.Contains(s, "/"):
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return "", "", fmt.Errorf("%q is not a CIDR such as 203.0.113.0/24 or 2001:db8::/32", truncate(s, 64))
		}
		if p.Addr().Is4In6() {
			p = netip.PrefixFrom(p.Addr().Unmap(), max(0, p.Bits()-96))
		}
		return p.Masked().String(), TargetAddr, nil
	case strings.ContainsAny(s, ".:"):
		a, err := netip.ParseAddr(s)
		if err != nil {
			return "", "", fmt.Errorf("%q is not an address such as 203.0.113.7 or 2001:db8::7", truncate(s, 64))
		}
		a = a.Unmap()
		return netip.PrefixFrom(a, a.BitLen()).String(), TargetAddr, nil
	}
	name, err := parseName(s)
	return name, TargetName, err
}

// parseName reads a nickname: what package names allows, at most
// maxArgLen characters.
func parseName(s string) (string, error) {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > maxArgLen || s == "" {
		return "", fmt.Errorf("%w: %q", errAdminTarget, truncate(s, 32))
	}
	for _, r := range s {
		ok := unicode.IsLetter(r) || unicode.Is(unicode.Nd, r) || unicode.Is(unicode.Mn, r) ||
			unicode.Is(unicode.Mc, r) || r == '-' || r == '_'
		if !ok {
			return "", fmt.Errorf("%w: %q", errAdminTarget, truncate(s, 32))
		}
	}
	return s, nil
}

// parseTable reads a table's short name or code.
func parseTable(s string) (string, error) {
	if len(s) > 40 || strings.Trim(strings.ToLower(s), "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		return "", fmt.Errorf("%q is not a table's short name (brave-otter) or code (K7QX-2MHC-9DFA)", truncate(s, 32))
	}
	return s, nil
}

// parseFor reads a duration as operators write one: Go's (90s, 1h30m) or
// whole days and weeks (7d, 2w); above zero and at most maxAdminFor.
func parseFor(s string) (time.Duration, bool) {
	var d time.Duration
	if n, err := strconv.Atoi(strings.TrimRight(s, "dw")); err == nil && len(s) > 1 && strings.IndexAny(s, "dw") == len(s)-1 {
		if n <= 0 || n > 3650*7 {
			return 0, false
		}
		unit := 24 * time.Hour
		if s[len(s)-1] == 'w' {
			unit *= 7
		}
		d = time.Duration(n) * unit
	} else if v, err := time.ParseDuration(s); err == nil {
		d = v
	} else {
		return 0, false
	}
	return d, d > 0 && d <= maxAdminFor
}

// looksLikeFor reports whether a word was meant as a duration: it begins
// with a digit, ends with a unit and holds nothing but digits and units.
func looksLikeFor(s string) bool {
	return len(s) > 1 && s[0] >= '0' && s[0] <= '9' && strings.ContainsAny(s[len(s)-1:], "smhdw") &&
		strings.Trim(s, "0123456789.hmsdwuµn") == ""
}
