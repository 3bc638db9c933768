package sshtest

import (
	"fmt"
	"io"
	"net"
	"sync"
	"testing"

	"github.com/pires/go-proxyproto"
)

// A Header makes the PROXY protocol header a relay sends first on its
// connection to the server at dst, for a player who came from src.
type Header func(src, dst net.Addr) []byte

// ProxyV1 is the text header claiming the player is at claim (an IPv4
// address; the port is the player's own, so that each connection is its
// own as behind a real balancer), written out as HAProxy's send-proxy
// writes it.
func ProxyV1(claim string) Header {
	return func(src, dst net.Addr) []byte {
		s, d := src.(*net.TCPAddr), dst.(*net.TCPAddr)
		return fmt.Appendf(nil, "PROXY TCP4 %s %s %d %d\r\n", claim, d.IP, s.Port, d.Port)
	}
}

// ProxyV2 is the binary header claiming the player is at claim, as
// HAProxy's send-proxy-v2 sends it.
func ProxyV2(claim string) Header {
	return func(src, dst net.Addr) []byte {
		s := src.(*net.TCPAddr)
		h := proxyproto.HeaderProxyFromAddrs(2, &net.TCPAddr{IP: net.ParseIP(claim), Port: s.Port}, dst)
		b, err := h.Format()
		if err != nil {
			panic(err)
		}
		return b
	}
}

// Relay is a load balancer in front of the server at target: it serves on
// 127.0.0.1:0 until the test ends, and forwards each connection to target,
// from 127.0.0.1, opening it with the header made for it, then copying
// bytes both ways. Dial its address as the server's.
func Relay(t testing.TB, target string, header Header) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("sshtest: relay: %v", err)
	}
	var wg sync.WaitGroup
	t.Cleanup(func() {
		l.Close()
		wg.Wait()
	})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			in, err := l.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", target)
			if err != nil {
				in.Close()
				continue
			}
			// The header goes in one write, as the protocol asks.
			if _, err := out.Write(header(in.RemoteAddr(), out.RemoteAddr())); err != nil {
				in.Close()
				out.Close()
				continue
			}
			wg.Add(2)
			go pipe(&wg, in, out)
			go pipe(&wg, out, in)
		}
	}()
	return l.Addr().String()
}

// pipe copies src to dst, then closes both, so that either side closing
// ends the pair.
func pipe(wg *sync.WaitGroup, dst, src net.Conn) {
	defer wg.Done()
	_, _ = io.Copy(dst, src)
	dst.Close()
	src.Close()
}
