package sshtest

import "bytes"

// Field is the text after key in line, up to the byte end: how a load
// client reads the one value it needs from a JSON line (a bot API message)
// without decoding every line of thousands of sessions.
func Field(line []byte, key string, end byte) string {
	i := bytes.Index(line, []byte(key))
	if i < 0 {
		return ""
	}
	rest := line[i+len(key):]
	if j := bytes.IndexByte(rest, end); j >= 0 {
		rest = rest[:j]
	}
	return string(rest)
}
