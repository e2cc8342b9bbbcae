package rulings

import (
	"encoding/binary"
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/internal/datafile"
	"github.com/arbiter-mtg/arbiter/rulings/internal/snap"
	"github.com/arbiter-mtg/arbiter/rulings/search"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// sameKB fails the test unless b holds what a holds: every card with its
// rulings and foreign names, the CR versions, the files and problems, every
// tournament section, and the same ranked answers to the evaluation
// questions.
func sameKB(t *testing.T, a, b *KB) {
	t.Helper()
	if !reflect.DeepEqual(a.Cards.Cards(), b.Cards.Cards()) {
		t.Error("cards differ")
	}
	if !reflect.DeepEqual(a.Files, b.Files) || !reflect.DeepEqual(a.Problems, b.Problems) {
		t.Errorf("files or problems differ:\n%v\n%v", a.Problems, b.Problems)
	}
	if len(a.Versions) != len(b.Versions) {
		t.Fatalf("versions %d vs %d", len(a.Versions), len(b.Versions))
	}
	for i := range a.Versions {
		if !a.Versions[i].EffectiveDate.Equal(b.Versions[i].EffectiveDate) || a.Versions[i].Path != b.Versions[i].Path {
			t.Errorf("version %d differs", i)
		}
	}
	if a.CR.Len() != b.CR.Len() || !a.EffectiveDate().Equal(b.EffectiveDate()) {
		t.Error("served CR differs")
	}
	for _, doc := range tourney.Docs {
		if !reflect.DeepEqual(a.Tourney.Sections(doc), b.Tourney.Sections(doc)) {
			t.Errorf("%s sections differ", doc)
		}
	}
	if a.Index.Len() != b.Index.Len() {
		t.Fatalf("index %d vs %d items", a.Index.Len(), b.Index.Len())
	}
	queries := []string{"summoning sickness", "Ensoul Artifact", "hce", "what happens when a creature has 0 toughness"}
	for _, c := range loadEval(t) {
		queries = append(queries, c.question)
	}
	for _, q := range queries {
		ra, rb := a.Search(q, search.Options{Limit: 10}), b.Search(q, search.Options{Limit: 10})
		if !reflect.DeepEqual(ra, rb) {
			t.Errorf("search %q differs:\n%v\n%v", q, ra, rb)
		}
	}
	// "satyr" answers by how much the Satyr cards are played.
	for _, name := range []string{"ensoul artifact", "thassa", "Artefaktbeseelung", "ensol artefact", "satyr"} {
		ca, oa, _ := a.Cards.LookupAll(name)
		cb, ob, _ := b.Cards.LookupAll(name)
		if ca != nil && (cb == nil || ca.Name != cb.Name) || !reflect.DeepEqual(oa, ob) {
			t.Errorf("LookupAll(%q) differs", name)
		}
	}
}

func TestSnapshotRoundTrip(t *testing.T) {
	dir := shareddata.Data(t)
	cache := t.TempDir()
	direct, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	first, err := LoadCached(dir, cache)
	if err != nil {
		t.Fatal(err)
	}
	if first.Snapshot != "" || first.SnapshotErr != nil {
		t.Fatalf("first load read a snapshot (%q) or failed to write one (%v)", first.Snapshot, first.SnapshotErr)
	}
	second, err := LoadCached(dir, cache)
	if err != nil {
		t.Fatal(err)
	}
	if second.Snapshot == "" {
		t.Fatal("second load did not use the snapshot")
	}
	sameKB(t, direct, second)
	// How much each card is played comes back from the snapshot: the data
	// ranks most cards, so an all-zero round trip is not an equal one.
	a, b := direct.Cards.Cards(), second.Cards.Cards()
	ranked := 0
	for i := range a {
		if a[i].EDHRECRank > 0 {
			ranked++
		}
		if i < len(b) && b[i].EDHRECRank != a[i].EDHRECRank {
			t.Errorf("%s: rank %d from the files, %d from the snapshot", a[i].Name, a[i].EDHRECRank, b[i].EDHRECRank)
		}
	}
	if ranked < len(a)/2 {
		t.Errorf("%d of %d cards ranked from the files", ranked, len(a))
	}
	if got, ok := second.Cards.Lookup("satyr"); !ok || got.Name != "Satyr Wayfinder" {
		name := "nothing"
		if ok {
			name = got.Name
		}
		t.Errorf("Lookup(satyr) from the snapshot = %s, want Satyr Wayfinder, the most played satyr", name)
	}
}

// TestSnapshotIsRebuiltWhenDamaged: a flipped byte, a truncated file, an
// older format and changed inputs each make the next load read the data
// files and write a good snapshot again.
func TestSnapshotIsRebuiltWhenDamaged(t *testing.T) {
	dir := shareddata.Data(t)
	cache := t.TempDir()
	if _, err := LoadCached(dir, cache); err != nil {
		t.Fatal(err)
	}
	path := SnapshotPath(dir, cache)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	files, err := datafile.Walk(dir)
	if err != nil {
		t.Fatal(err)
	}
	key := inputsKey(files, false)
	if _, err := decodeKB(good, key); err != nil {
		t.Fatalf("the written snapshot does not decode: %v", err)
	}
	older := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(older[8:], SnapshotFormat-1)
	flipped := append([]byte(nil), good...)
	flipped[len(flipped)/2] ^= 0x40
	otherKey := key
	otherKey[0] ^= 1
	cases := []struct {
		name string
		data []byte
		key  [32]byte
		want error
	}{
		{"flipped byte", flipped, key, snap.ErrCorrupt},
		{"truncated", good[:len(good)-1000], key, snap.ErrCorrupt},
		{"header only", good[:40], key, snap.ErrFormat},
		{"older format", older, key, snap.ErrFormat},
		{"other inputs", good, otherKey, snap.ErrKey},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := decodeKB(c.data, c.key); !errors.Is(err, c.want) {
				t.Fatalf("decode: %v, want %v", err, c.want)
			}
			if c.key != key {
				return
			}
			if err := os.WriteFile(path, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			kb, err := LoadCached(dir, cache)
			if err != nil {
				t.Fatal(err)
			}
			if kb.Snapshot != "" {
				t.Fatal("a damaged snapshot was trusted")
			}
			again, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := decodeKB(again, key); err != nil {
				t.Fatalf("the snapshot was not rebuilt: %v", err)
			}
		})
	}
}

func TestSnapshotFollowsItsInputs(t *testing.T) {
	src := shareddata.Data(t)
	dir := t.TempDir()
	cache := t.TempDir()
	crData, err := os.ReadFile(src + "/cr/cr-20260116.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/cr.txt", crData, 0o644); err != nil {
		t.Fatal(err)
	}
	kb, err := LoadCached(dir, cache)
	if err != nil || kb.EffectiveDate().Format("2006-01-02") != "2026-01-16" {
		t.Fatalf("%v %v", kb, err)
	}
	newer, err := os.ReadFile(src + "/cr/cr-20260417.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/cr-new.txt", newer, 0o644); err != nil {
		t.Fatal(err)
	}
	kb, err = LoadCached(dir, cache)
	if err != nil {
		t.Fatal(err)
	}
	if kb.Snapshot != "" || kb.EffectiveDate().Format("2006-01-02") != "2026-04-17" {
		t.Errorf("a new CR file: snapshot %q, serving %s", kb.Snapshot, kb.EffectiveDate())
	}
}

// TestSnapshotCacheInsideTheDataDirectory: the per-user directory holds
// both the downloaded data and, in a subdirectory, the snapshot; the
// snapshot must not count as an input of itself.
func TestSnapshotCacheInsideTheDataDirectory(t *testing.T) {
	dir := t.TempDir()
	crData, err := os.ReadFile(shareddata.Path(t, "cr/cr-20260417.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/cr.txt", crData, 0o644); err != nil {
		t.Fatal(err)
	}
	cache := dir + "/snapshots"
	if _, err := LoadCached(dir, cache); err != nil {
		t.Fatal(err)
	}
	kb, err := LoadCached(dir, cache)
	if err != nil {
		t.Fatal(err)
	}
	if kb.Snapshot == "" {
		t.Error("the snapshot in the data directory made itself stale")
	}
}

// The search index's parameters are stored in the snapshot with its
// postings: a build with other parameters does not read a snapshot built
// with these (the key differs).
func TestSnapshotKeyHoldsSearchParams(t *testing.T) {
	before := inputsKey(nil, true)
	saved := search.DefaultParams
	t.Cleanup(func() { search.DefaultParams = saved })
	search.DefaultParams.Coord += 0.1
	if inputsKey(nil, true) == before {
		t.Error("changing the search parameters left the snapshot key as it was")
	}
}
