package commands

import (
	"maps"
	"strings"
	"testing"
)

func TestParseLine(t *testing.T) {
	defs := newRouter(t, Deps{}).Definitions()
	tests := []struct {
		line    string
		command string
		sub     string
		opts    map[string]string
		target  string
		wantErr string
	}{
		{line: "/rule 302.6", command: "rule", opts: map[string]string{"number": "302.6"}},
		{line: "rule   704.5k ", command: "rule", opts: map[string]string{"number": "704.5k"}},
		{line: "/card ornithopter", command: "card", opts: map[string]string{"name": "ornithopter"}},
		{line: "/define summoning sickness", command: "define", opts: map[string]string{"term": "summoning sickness"}},
		{line: "/search kind:rule first strike damage", command: "search", opts: map[string]string{"kind": "rule", "query": "first strike damage"}},
		{line: "/search query:what is a token kind:glossary", command: "search", opts: map[string]string{"query": "what is a token", "kind": "glossary"}},
		// The text first, then named options, as the usage lines write them.
		{line: "/rule 302.6 cr:2021-11-15", command: "rule", opts: map[string]string{"number": "302.6", "cr": "2021-11-15"}},
		{line: "/search first strike kind:rule", command: "search", opts: map[string]string{"query": "first strike", "kind": "rule"}},
		{line: "/search first strike KIND:rule", command: "search", opts: map[string]string{"query": "first strike", "kind": "rule"}},
		{line: "/search first strike kind:rule damage", wantErr: `does not know what to do with "damage"`},
		{line: "/rule 302.6 cr:2025-11-14", command: "rule", opts: map[string]string{"number": "302.6", "cr": "2025-11-14"}},
		{line: "/search first strike damage kind:rule", command: "search", opts: map[string]string{"kind": "rule", "query": "first strike damage"}},
		// A colon that is not an option name stays in the text.
		{line: "/search protection: from red", command: "search", opts: map[string]string{"query": "protection: from red"}},
		{line: "/scenario add Ornithopter as O (new, 2 +1/+1 counters)", command: "scenario", sub: "add", opts: map[string]string{"line": "Ornithopter as O (new, 2 +1/+1 counters)"}},
		{line: "/scenario new private", command: "scenario", sub: "new", opts: map[string]string{"private": "true"}},
		{line: "/scenario show private:false", command: "scenario", sub: "show", opts: map[string]string{"private": "false"}},
		{line: "/scenario add", command: "scenario", sub: "add", opts: map[string]string{}},
		{line: "/jar", command: "jar", opts: map[string]string{}},
		{line: "/find-rules can I respond to a land being played?", command: FindRules, target: "can I respond to a land being played?"},
		{line: "/rule", wantErr: "needs number"},
		{line: "/scenario fly", wantErr: "needs one of: new, add, show, undo, reset"},
		{line: "/nope 1", wantErr: "unknown command /nope"},
		{line: "/help me", wantErr: "takes no text"},
		{line: "/scenario show private:maybe", wantErr: "true or false"},
		{line: "   ", wantErr: "empty line"},
		// A scenario's query line is added to the scenario.
		{line: "? can O attack", command: "scenario", sub: "add", opts: map[string]string{"line": "? can O attack"}},
		{line: "?O", command: "scenario", sub: "add", opts: map[string]string{"line": "?O"}},
		// A question typed without a command is searched.
		{line: "can my creature attack the turn I played it", command: "ask", opts: map[string]string{"question": "can my creature attack the turn I played it"}},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			req, err := ParseLine(tc.line, defs)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if req.Kind != KindCommand || req.Command != tc.command || req.Subcommand != tc.sub || req.TargetText != tc.target {
				t.Errorf("got %+v", req)
			}
			if tc.opts != nil && !maps.Equal(req.Options, tc.opts) {
				t.Errorf("options %v, want %v", req.Options, tc.opts)
			}
		})
	}
}

func FuzzParseLine(f *testing.F) {
	defs := newRouter(f, Deps{}).Definitions()
	for _, s := range []string{"/rule 302.6", "/search kind:rule a kind:b", "/scenario new private", "/find x", "/scenario add q:", ":::", "/search query:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		req, err := ParseLine(line, defs)
		if err != nil {
			return
		}
		if req.Command == "" || req.Kind != KindCommand {
			t.Fatalf("accepted %q as %+v", line, req)
		}
	})
}
