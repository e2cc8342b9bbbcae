package rulings

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
)

func gzipFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestLoadFollowsLinksAndReadsGzip builds a data directory the way users
// arrange theirs: reached through a symbolic link, holding links to files
// and directories elsewhere, a link back up the tree, and card files as
// MTGJSON distributes them (.json.gz).
func TestLoadFollowsLinksAndReadsGzip(t *testing.T) {
	shared := shareddata.Data(t)
	root := t.TempDir()
	real := filepath.Join(root, "real")
	elsewhere := filepath.Join(root, "elsewhere")
	for _, d := range []string{real, elsewhere} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	gzipFile(t, filepath.Join(shared, "cards/mtgjson-v5/M15.json"), filepath.Join(elsewhere, "M15.json.gz"))
	links := map[string]string{
		filepath.Join(real, "cr.txt"):        filepath.Join(shared, "cr/cr-20260417.txt"),
		filepath.Join(real, "cards"):         elsewhere,
		filepath.Join(real, "cards-again"):   elsewhere, // the same files twice
		filepath.Join(real, "loop"):          real,      // a link back up the tree
		filepath.Join(real, "tournament"):    filepath.Join(shared, "tournament"),
		filepath.Join(real, "broken.json"):   filepath.Join(root, "missing.json"),
		filepath.Join(root, "data-via-link"): real,
	}
	for link, target := range links {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	kb, err := Load(filepath.Join(root, "data-via-link"))
	if err != nil {
		t.Fatal(err)
	}
	if got := kb.EffectiveDate().Format("2006-01-02"); got != "2026-04-17" {
		t.Errorf("CR through a link: effective %s", got)
	}
	if len(kb.Versions) != 1 {
		t.Errorf("%d CR versions, want the one file once", len(kb.Versions))
	}
	c, ok := kb.Cards.Lookup("Ensoul Artifact")
	if !ok || c.Name != "Ensoul Artifact" {
		t.Fatalf("card from a gzipped set file behind a directory link: %v %v", c, ok)
	}
	n := 0
	for _, f := range kb.Files {
		if f.Kind == "cards" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("card files loaded %d times, want once (two links to one directory)", n)
	}
	if !kb.Tourney.Loaded("ipg") {
		t.Error("tournament documents behind a directory link were not read")
	}
}

// TestLoadReadsScryfallGzip: Scryfall bulk files as .json.gz, with their
// rulings joined to the cards.
func TestLoadReadsScryfallGzip(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink(shareddata.Path(t, "cr/cr-20260417.txt"), filepath.Join(dir, "cr.txt")); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"scryfall-oracle-cards.json", "scryfall-rulings.json", "scryfall-foreign-printing.json"} {
		gzipFile(t, filepath.Join("cards", "testdata", f), filepath.Join(dir, f+".gz"))
	}
	kb, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range kb.Files {
		if f.Err != "" || (strings.HasSuffix(f.Path, ".gz") && f.Kind != "cards") {
			t.Errorf("%s: kind %q, error %q", f.Path, f.Kind, f.Err)
		}
	}
	if kb.Cards.Len() != 10 {
		t.Errorf("%d cards from the gzipped bulk files, want the fixtures' 10", kb.Cards.Len())
	}
	withRulings := 0
	for _, c := range kb.Cards.Cards() {
		if len(c.Rulings) > 0 {
			withRulings++
		}
	}
	if withRulings == 0 {
		t.Error("no ruling from the gzipped rulings file was joined to its card")
	}
}
