package fetch

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/fetch/fetchtest"
)

func source(f *fetchtest.Server) *Source {
	return &Source{RulesPage: f.RulesPage(), ScryfallAPI: f.ScryfallAPI(), Client: f.Srv.Client()}
}

func TestUpdateDownloadsLoadableData(t *testing.T) {
	f := fetchtest.New(t)
	dir := t.TempDir()
	ctx := context.Background()
	res, err := source(f).UpdateCR(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "cr", "cr-20260417.txt"); res.Path != want || !res.Changed {
		t.Errorf("CR result %+v, want a new %s", res, want)
	}
	sres, err := source(f).UpdateScryfall(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(sres) != 2 || !sres[0].Changed || !sres[1].Changed {
		t.Errorf("Scryfall results %+v", sres)
	}
	kb, err := rulings.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if kb.EffectiveDate().Format("2006-01-02") != "2026-04-17" || kb.Cards.Len() == 0 {
		t.Errorf("loaded CR %s and %d cards", kb.EffectiveDate(), kb.Cards.Len())
	}
	// The same content again changes nothing.
	res, err = source(f).UpdateCR(ctx, dir)
	if err != nil || res.Changed {
		t.Errorf("second update: %+v %v", res, err)
	}
}

func TestBadDownloadsReplaceNothing(t *testing.T) {
	f := fetchtest.New(t)
	dir := t.TempDir()
	ctx := context.Background()
	good, err := source(f).UpdateCR(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(good.Path)

	cases := []struct {
		name  string
		setup func()
		want  string
	}{
		{"html instead of the rules", func() { f.CRBody.Store([]byte("<html>Maintenance</html>")) }, "does not parse"},
		{"truncated rules", func() { f.CRBody.Store(before[:5000]) }, "does not parse"},
		{"server error", func() { f.TXTCode.Store(503) }, "503"},
		{"no link on the page", func() { f.Page.Store("<html>moved</html>") }, "no link"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.setup()
			defer func() {
				f.CRBody.Store(before)
				f.TXTCode.Store(200)
				f.Page.Store(fetchtest.DefaultPage)
			}()
			_, err := source(f).UpdateCR(ctx, dir)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
			after, _ := os.ReadFile(good.Path)
			if string(after) != string(before) {
				t.Fatal("a failed update changed the CR file")
			}
			entries, _ := os.ReadDir(filepath.Dir(good.Path))
			if len(entries) != 1 {
				t.Errorf("leftover files: %v", entries)
			}
		})
	}
}

// TestUnreachableSource: with no network a download fails at once with an
// error that says so and names the host, not a raw dial error, and
// replaces nothing.
func TestUnreachableSource(t *testing.T) {
	// A listener closed at once: its port refuses connections.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	dir := t.TempDir()
	src := &Source{RulesPage: "http://" + addr + "/rules", ScryfallAPI: "http://" + addr + "/bulk-data"}
	_, err = src.UpdateCR(context.Background(), dir)
	var ue *UnreachableError
	if !errors.As(err, &ue) || ue.Host != addr || !strings.Contains(err.Error(), "cannot reach") {
		t.Fatalf("err = %v, want an UnreachableError for %s", err, addr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a failed download left %d entries", len(entries))
	}
}
