package logx

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

func TestContextAttributesOnEveryLine(t *testing.T) {
	var buf bytes.Buffer
	log, err := New(&buf, "json", slog.LevelInfo)
	if err != nil {
		t.Fatal(err)
	}
	ctx := With(context.Background(), "interaction", "123")
	ctx2 := With(ctx, "shard", 1)
	log.InfoContext(ctx, "one")
	log.With("component", "x").WarnContext(ctx2, "two")
	log.Info("three") // no context: no interaction
	log.DebugContext(ctx, "below the level")
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not JSON: %q", l)
		}
		lines = append(lines, m)
	}
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3 (debug filtered):\n%s", len(lines), buf.String())
	}
	if lines[0]["interaction"] != "123" || lines[0]["msg"] != "one" {
		t.Errorf("line 1: %v", lines[0])
	}
	if lines[1]["interaction"] != "123" || lines[1]["shard"] != float64(1) || lines[1]["component"] != "x" {
		t.Errorf("line 2: %v", lines[1])
	}
	if _, ok := lines[2]["interaction"]; ok {
		t.Errorf("line 3 has an interaction without a context: %v", lines[2])
	}
	// The parent context is unchanged by With.
	if len(Attrs(ctx)) != 1 {
		t.Errorf("parent context attrs %v", Attrs(ctx))
	}
}

func TestFormats(t *testing.T) {
	var buf bytes.Buffer
	log, err := New(&buf, "text", slog.LevelDebug)
	if err != nil {
		t.Fatal(err)
	}
	log.DebugContext(With(context.Background(), "interaction", "9"), "hello")
	if got := buf.String(); !strings.Contains(got, "level=DEBUG msg=hello interaction=9") {
		t.Errorf("text line %q", got)
	}
	if _, err := New(&buf, "xml", slog.LevelInfo); err == nil {
		t.Error("unknown format accepted")
	}
}
