package main

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

var headCases = []string{
	`{"type":4,"data":{"embeds":[{"title":"302.6","description":"A creature's \"activated\" ability {T}","fields":[{"name":"a","value":"b"}]}],"allowed_mentions":{"parse":[]},"flags":64}}`,
	`{"type":4,"data":{"embeds":[],"components":[{"type":1,"components":[{"type":2,"custom_id":"pg:x:1"}]}]}}`,
	`{"type":8,"data":{"choices":[{"name":"704.5","value":"704.5"}]}}`,
	`{"type":1}`,
	`{"type":5}`,
	` { "data" : { "flags" : 0 } , "type" : 7 } `,
	`{"type":4,"data":{"content":"} ] , \"flags\":64 {","flags":0}}`,
}

// TestResponseHeadAgreesWithEncodingJSON: on every well-formed response the
// one-pass reader finds the type and flags encoding/json finds.
func TestResponseHeadAgreesWithEncodingJSON(t *testing.T) {
	for _, c := range headCases {
		checkHead(t, []byte(c))
	}
	for _, bad := range []string{``, `{`, `{"type":4`, `{"type":}`, `{"data":{}}`, `[1]`, `{"type":4}x`, `{"type":4,"data":{"flags":64}`} {
		if _, _, err := responseHead([]byte(bad)); err == nil {
			t.Errorf("responseHead(%q) accepted it", bad)
		}
	}
}

// checkHead compares responseHead with encoding/json's decoding into a map
// (exact key names, the last duplicate wins) on input that has a numeric
// type. Keys written with escapes are out of scope: servers do not send them.
func checkHead(t *testing.T, b []byte) {
	t.Helper()
	var m map[string]any
	if bytes.IndexByte(b, '\\') >= 0 || json.Unmarshal(b, &m) != nil {
		return
	}
	wantType, ok := m["type"].(float64)
	if !ok || wantType != math.Trunc(wantType) || math.Abs(wantType) > 1e9 || !bytes.Contains(b, []byte("type")) {
		return
	}
	wantFlags := 0.0
	if d, ok := m["data"].(map[string]any); ok {
		f, present := d["flags"]
		if present {
			fv, ok := f.(float64)
			if !ok || fv != math.Trunc(fv) || math.Abs(fv) > 1e9 {
				return
			}
			wantFlags = fv
		}
	}
	typ, flags, err := responseHead(b)
	if err != nil {
		// Exponents and fractions are valid JSON numbers that no server
		// writes for these integers; the reader refuses them, which the
		// driver counts as an error, never as a pass.
		if bytes.ContainsAny(b, ".eE") {
			return
		}
		t.Fatalf("responseHead(%q): %v", b, err)
	}
	if typ != int(wantType) || flags != int(wantFlags) {
		t.Fatalf("responseHead(%q) = %d, %d; encoding/json: %v, %v", b, typ, flags, wantType, wantFlags)
	}
}

func FuzzResponseHead(f *testing.F) {
	for _, c := range headCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkHead(t, b)
	})
}

func BenchmarkResponseHead(b *testing.B) {
	body := []byte(headCases[0])
	b.Run("responseHead", func(b *testing.B) {
		for b.Loop() {
			responseHead(body)
		}
	})
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			var h struct {
				Type int `json:"type"`
				Data struct {
					Flags int `json:"flags"`
				} `json:"data"`
			}
			json.Unmarshal(body, &h)
		}
	})
}
