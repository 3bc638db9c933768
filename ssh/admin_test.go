package ssh

import (
	"strings"
	"testing"
	"time"
)

func TestParseAdminReadsEveryCommand(t *testing.T) {
	fp := "SHA256:" + strings.Repeat("A", 43)
	cases := []struct {
		words string
		want  AdminCommand
	}{
		{"who", AdminCommand{Verb: "who"}},
		{"BANS", AdminCommand{Verb: "bans"}},
		{"reports", AdminCommand{Verb: "reports"}},
		{"ban ana spamming links", AdminCommand{Verb: "ban", Target: "ana", Kind: TargetName, Text: "spamming links"}},
		{"ban ana 7d spamming", AdminCommand{Verb: "ban", Target: "ana", Kind: TargetName, For: 7 * 24 * time.Hour, Text: "spamming"}},
		{"ban ana 5 times a minute", AdminCommand{Verb: "ban", Target: "ana", Kind: TargetName, Text: "5 times a minute"}},
		{"ban " + fp + " 1h30m flood", AdminCommand{Verb: "ban", Target: fp, Kind: TargetKey, For: 90 * time.Minute, Text: "flood"}},
		{"ban 203.0.113.7 flood", AdminCommand{Verb: "ban", Target: "203.0.113.7/32", Kind: TargetAddr, Text: "flood"}},
		{"ban 203.0.113.77/24 flood", AdminCommand{Verb: "ban", Target: "203.0.113.0/24", Kind: TargetAddr, Text: "flood"}},
		{"ban ::ffff:10.1.2.3 flood", AdminCommand{Verb: "ban", Target: "10.1.2.3/32", Kind: TargetAddr, Text: "flood"}},
		{"ban 2001:db8::1/32 flood", AdminCommand{Verb: "ban", Target: "2001:db8::/32", Kind: TargetAddr, Text: "flood"}},
		{"unban 10.0.0.0/8", AdminCommand{Verb: "unban", Target: "10.0.0.0/8", Kind: TargetAddr}},
		{"mute Zoë 10m shouting", AdminCommand{Verb: "mute", Target: "Zoë", Kind: TargetName, For: 10 * time.Minute, Text: "shouting"}},
		{"unmute bo", AdminCommand{Verb: "unmute", Target: "bo", Kind: TargetName}},
		{"kick bo", AdminCommand{Verb: "kick", Target: "bo", Kind: TargetName}},
		{"kick bo go away", AdminCommand{Verb: "kick", Target: "bo", Kind: TargetName, Text: "go away"}},
		{"close brave-otter", AdminCommand{Verb: "close", Target: "brave-otter"}},
		{"close K7QX-2MHC-9DFA clean up", AdminCommand{Verb: "close", Target: "K7QX-2MHC-9DFA", Text: "clean up"}},
		{"announce restart in 5 minutes", AdminCommand{Verb: "announce", Text: "restart in 5 minutes"}},
	}
	for _, c := range cases {
		t.Run(c.words, func(t *testing.T) {
			got, err := ParseAdmin(strings.Fields(c.words))
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestParseAdminRefusesHostileWordsWithOneLine(t *testing.T) {
	cases := []struct {
		words []string
		why   string
	}{
		{[]string{}, "admin commands: who"},
		{[]string{"shutdown"}, `unknown admin command "shutdown"`},
		{[]string{"who", "else"}, "too many arguments for who"},
		{[]string{"ban"}, "say whom"},
		{[]string{"ban", "ana"}, "say why: a reason is needed"},
		{[]string{"ban", "ana", "3h"}, "say why: a reason is needed"},
		{[]string{"ban", "ana", "99999d", "x"}, `"99999d" is not a duration`},
		{[]string{"ban", "ana", "bad", "\x1b[2Jreason"}, "a reason may not hold control characters (it holds U+001B)"},
		{[]string{"ban", "ana", "bad\u202ereason"}, "a reason may not hold control characters (it holds U+202E)"},
		{[]string{"ban", "ana", "\xff"}, "a reason must be UTF-8 text"},
		{[]string{"ban", "10.0.0.0/33", "flood"}, `"10.0.0.0/33" is not a CIDR`},
		{[]string{"ban", "10.0.0/8", "flood"}, `"10.0.0/8" is not a CIDR`},
		{[]string{"ban", "300.1.2.3", "flood"}, `"300.1.2.3" is not an address`},
		{[]string{"ban", "SHA256:short", "x"}, `"SHA256:short" is not a key fingerprint`},
		{[]string{"ban", "a;rm", "x"}, "not a nickname, a key fingerprint"},
		{[]string{"mute", "bo", "spam"}, `"spam" is not a duration`},
		{[]string{"mute", "bo"}, "say for how long"},
		{[]string{"mute", "bo", "10m"}, "say why"},
		{[]string{"unmute", "bo", "now"}, "too many arguments for unmute"},
		{[]string{"close", "drop;table"}, `"drop;table" is not a table's short name`},
		{[]string{"announce"}, "say what: the text is empty"},
		{[]string{"announce", strings.Repeat("é", 201)}, "an announcement is at most 200 characters, not 201"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.words, " "), func(t *testing.T) {
			_, err := ParseAdmin(c.words)
			if err == nil || !strings.Contains(err.Error(), c.why) {
				t.Fatalf("err = %v, want one with %q", err, c.why)
			}
			if strings.ContainsAny(err.Error(), "\n\r\x1b") {
				t.Fatalf("the error is not one plain line: %q", err)
			}
		})
	}
}
