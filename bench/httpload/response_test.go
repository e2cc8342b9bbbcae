package main

import (
	"bufio"
	"strings"
	"testing"
)

// TestReadResponse: each framing reads exactly its own bytes, so the next
// response on a kept-alive connection starts where it should.
func TestReadResponse(t *testing.T) {
	stream := "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{\"type\":1}" +
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"ty\r\n6\r\npe\":4}\r\n0\r\nX-Trailer: 1\r\n\r\n" +
		"HTTP/1.1 401 Unauthorized\r\ncontent-length: 5\r\nconnection: close\r\n\r\nnope\n" +
		"HTTP/1.0 200 OK\r\n\r\nuntil the end"
	br := bufio.NewReader(strings.NewReader(stream))
	want := []struct {
		status int
		body   string
		close  bool
	}{
		{200, `{"type":1}`, false},
		{200, `{"type":4}`, false},
		{401, "nope\n", true},
		{200, "until the end", true},
	}
	var buf []byte
	for i, w := range want {
		status, body, closeConn, err := readResponse(br, buf)
		if err != nil {
			t.Fatalf("response %d: %v", i, err)
		}
		if status != w.status || string(body) != w.body || closeConn != w.close {
			t.Errorf("response %d = %d %q close=%v, want %d %q close=%v", i, status, body, closeConn, w.status, w.body, w.close)
		}
		buf = body[:0]
	}
	for _, bad := range []string{"", "HTTP/1.1 2x0 OK\r\n\r\n", "SMTP ready\r\n", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort"} {
		if _, _, _, err := readResponse(bufio.NewReader(strings.NewReader(bad)), nil); err == nil {
			t.Errorf("readResponse(%q) accepted it", bad)
		}
	}
}
