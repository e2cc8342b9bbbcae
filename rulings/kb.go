// Package rulings is Arbiter's knowledge base: it loads the Comprehensive
// Rules, the glossary, cards with their rulings and the tournament documents
// from a data directory, recognising files by content, and answers look-ups
// and ranked searches over all of them.
//
// Load reads a directory (through symbolic links, .json and .json.gz card
// files streamed on every processor). LoadCached keeps a compiled snapshot
// of what Load derives in a cache directory and reads it at later starts;
// BuildSnapshot rebuilds it. LoadDefault fills what a directory lacks (or
// everything, with no directory) from the CR and tournament documents built
// into the binary (package embedded).
package rulings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/internal/datafile"
	"github.com/arbiter-mtg/arbiter/rulings/search"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// KB is the loaded knowledge base. It is read-only after Load and safe for
// concurrent use.
type KB struct {
	// CR is the newest Comprehensive Rules found: the one served.
	CR *cr.Rules
	// Versions lists every CR found, newest first; older ones are parsed on
	// first use (for diffs).
	Versions []*Version
	Index    *search.Index
	// Cards holds every loaded card with its rulings (empty when the
	// directory has no card files).
	Cards *cards.Catalog
	// Tourney holds the newest MTR, IPG and JAR found.
	Tourney *tourney.Library
	// Files lists what was loaded and what was not recognised.
	Files []LoadedFile
	// Problems lists data that was loaded with a defect repaired, such as a
	// ruling citing a rule that does not exist.
	Problems []string

	// Snapshot is the snapshot file the knowledge base was read from, ""
	// when it was loaded from the data files.
	Snapshot string
	// SnapshotErr says why LoadCached could not write the snapshot.
	SnapshotErr error `json:"-"`

	glossary *glossaryIndex
	// crText is the served CR's text when it came from a snapshot or an
	// embedded copy rather than a file.
	crText string
}

// Version is one CR file; Rules parses it on first use.
type Version struct {
	EffectiveDate time.Time
	Path          string

	once  sync.Once
	rules *cr.Rules
	err   error
	data  []byte // the text, for a version that is not a file (embedded)
}

// Embedded reports whether the version is the copy built into the binary.
func (v *Version) Embedded() bool { return strings.HasPrefix(v.Path, EmbeddedPrefix) }

// Rules returns the parsed version.
func (v *Version) Rules() (*cr.Rules, error) {
	v.once.Do(func() {
		data, err := v.data, error(nil)
		if data == nil {
			data, err = datafile.ReadAll(v.Path, maxTextSize)
		}
		if err != nil {
			v.err = err
			return
		}
		if v.rules, v.err = cr.ParseBytes(data); v.err != nil {
			v.err = fmt.Errorf("%s: %w", v.Path, v.err)
		}
	})
	return v.rules, v.err
}

// LoadedFile says what Load made of one file.
type LoadedFile struct {
	Path string
	Kind string // "cr", "cards", "tournament", or "" when not recognised
	Err  string `json:",omitempty"`
}

// Load scans dir recursively (following symbolic links) and loads every
// file it recognises. It fails when the directory holds no Comprehensive
// Rules.
func Load(dir string) (*KB, error) { return LoadProgress(dir, nil) }

// LoadProgress is Load with a progress report: progress (if not nil) is
// called with the number of files read so far and the total, from the
// loading goroutine, after each file and once more when the index is built
// (done == total).
func LoadProgress(dir string, progress func(done, total int)) (*KB, error) {
	files, err := scanDir(dir)
	if err != nil {
		return nil, err
	}
	return loadFiles(dir, files, loadOptions{progress: progress})
}

// loadOptions are the variants of a load.
type loadOptions struct {
	progress func(done, total int)
	// defaults adds the embedded CR when the files hold none as new, and
	// the embedded tournament documents when the files hold none.
	defaults bool
}

// scanDir lists the files of a data directory, with the error messages a
// user can act on.
func scanDir(dir string) ([]datafile.File, error) {
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("data directory %s does not exist: run `arbiter --data %s data update` to download the rules and cards, or pass --data DIR", dir, dir)
	}
	if err != nil {
		return nil, fmt.Errorf("data directory %s: %w", dir, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("data directory %s is not a directory", dir)
	}
	files, err := datafile.Walk(dir)
	if err != nil {
		return nil, fmt.Errorf("data directory %s: %w", dir, err)
	}
	return files, nil
}

func loadFiles(dir string, files []datafile.File, opt loadOptions) (*KB, error) {
	progress := opt.progress
	// Loading allocates about six times what it keeps; a collection after
	// every doubling of a small heap costs a fifth of the load. The
	// setting in force is restored afterwards.
	if old := debug.SetGCPercent(400); old < 0 || old > 400 {
		debug.SetGCPercent(old)
	} else {
		defer debug.SetGCPercent(old)
	}
	kb := &KB{}
	l := newLoaders()
	total := len(files) + 1
	err := readFiles(files, func(i int, r fileResult) error {
		f := LoadedFile{Path: files[i].Path, Kind: r.kind}
		if r.err != nil {
			f.Err = r.err.Error()
		}
		switch {
		case r.kind == "cr":
			kb.Versions = append(kb.Versions, &Version{EffectiveDate: r.date, Path: files[i].Path})
		case r.cards != nil:
			l.cards.Merge(r.cards)
		case r.data != nil:
			ok, err := l.tourney.AddFile(files[i].Path, r.data)
			if ok {
				f.Kind = "tournament"
				if err != nil {
					f.Err = err.Error()
				}
			}
		}
		kb.Files = append(kb.Files, f)
		if progress != nil {
			progress(i+1, total)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if opt.defaults {
		if err := kb.addEmbedded(l); err != nil {
			return nil, err
		}
	}
	if len(kb.Versions) == 0 {
		return nil, fmt.Errorf("no Comprehensive Rules text in %s: run `arbiter --data %s data update`, or download the TXT from https://magic.wizards.com/en/rules into it", dir, dir)
	}
	sort.SliceStable(kb.Versions, func(i, j int) bool { return kb.Versions[i].EffectiveDate.After(kb.Versions[j].EffectiveDate) })
	kb.CR, err = kb.Versions[0].Rules()
	if err != nil {
		return nil, err
	}
	l.finish()
	// The card name indexes and the search index read the cards and build
	// separate things: one on another goroutine.
	names := make(chan struct{})
	go func() { l.cards.BuildNameIndex(); close(names) }()
	kb.buildIndex(l)
	<-names
	if progress != nil {
		progress(total, total)
	}
	return kb, nil
}

// LoadCR builds a knowledge base from one parsed CR alone (tests, tools).
func LoadCR(rules *cr.Rules) *KB {
	kb := &KB{CR: rules, Versions: []*Version{{EffectiveDate: rules.EffectiveDate}}}
	kb.Versions[0].once.Do(func() { kb.Versions[0].rules = rules })
	kb.buildIndex(newLoaders())
	return kb
}

// EffectiveDate of the rules served.
func (kb *KB) EffectiveDate() time.Time { return kb.CR.EffectiveDate }

// Search ranks rules, glossary entries and whatever else is loaded.
func (kb *KB) Search(q string, opt search.Options) []search.Result {
	return kb.Index.Search(q, opt)
}

// Rule looks a rule up by number.
func (kb *KB) Rule(id string) (*cr.Rule, bool) { return kb.CR.Rule(id) }

// ErrNotFound is returned (wrapped) when a look-up finds nothing.
var ErrNotFound = errors.New("not found")

func (kb *KB) buildIndex(l *loaders) {
	kb.Cards, kb.Tourney = l.cards, l.tourney
	kb.dropDeadRulingRefs()
	kb.Index = search.Build(kb.searchDocs(l.docs()))
	kb.glossary = newGlossaryIndex(kb.CR)
}

// searchDocs is the CR's items followed by the others (cards, rulings,
// tournament sections), weighted by kind.
func (kb *KB) searchDocs(others []search.Doc) []search.Doc {
	docs := crDocs(kb.CR)
	for _, d := range others {
		if d.Weight == 0 {
			d.Weight = kindWeight[d.Kind]
		}
		docs = append(docs, d)
	}
	return docs
}

// WithoutExamples returns a copy of the knowledge base whose CR has no
// examples and whose index is rebuilt without them: the CR's examples are
// small situations, like players' questions, and a measure that asks them
// must not find its own words indexed under the rule it is after.
func (kb *KB) WithoutExamples() *KB {
	out := *kb
	out.CR = kb.CR.WithoutExamples()
	out.Versions = []*Version{{EffectiveDate: out.CR.EffectiveDate}}
	out.Versions[0].once.Do(func() { out.Versions[0].rules = out.CR })
	var others []search.Doc
	if kb.Cards != nil {
		others = append(others, kb.Cards.SearchDocs()...)
	}
	if kb.Tourney != nil {
		others = append(others, kb.Tourney.SearchDocs()...)
	}
	out.Index = search.Build(out.searchDocs(others))
	out.glossary = newGlossaryIndex(out.CR)
	return &out
}

// dropDeadRulingRefs removes, from card rulings, references to rules the
// served CR does not have (a ruling written for an older CR may cite a rule
// since renumbered): a reply must never cite a rule that does not exist.
// Each one dropped is listed in Problems.
func (kb *KB) dropDeadRulingRefs() {
	for _, c := range kb.Cards.Cards() {
		for i := range c.Rulings {
			r := &c.Rulings[i]
			kept := r.Refs[:0]
			for _, ref := range r.Refs {
				if kb.CR.Exists(ref) {
					kept = append(kept, ref)
				} else {
					kb.Problems = append(kb.Problems, fmt.Sprintf("ruling of %s (%s) cites rule %s, which the CR effective %s does not have", c.Name, r.Date, ref, kb.CR.EffectiveDate.Format("2006-01-02")))
				}
			}
			r.Refs = kept
		}
	}
}

// crDocs turns rules and glossary into search items.
func crDocs(rs *cr.Rules) []search.Doc {
	docs := make([]search.Doc, 0, rs.Len()+len(rs.Glossary))
	for _, id := range rs.Order {
		r, _ := rs.Rule(id)
		// A heading ("605. Mana Abilities", "702.10. Haste") names a subject;
		// the rules under it say the thing, so they should rank first.
		weight := float32(1)
		opening := ""
		if r.IsHeading() && len(r.Children) > 0 {
			opening = r.Children[0]
		}
		switch {
		case r.Level <= cr.LevelRule:
			weight = chapterWeight
		case r.Title != "":
			weight = headingWeight
		}
		docs = append(docs, search.Doc{
			Weight:       weight,
			Opening:      opening,
			NoTitleBonus: r.Level <= cr.LevelRule,
			Kind:         "rule",
			ID:           r.ID,
			Title:        r.Title,
			Text:         r.Text,
			Extra:        strings.Join(r.Examples, "\n"),
			Context:      strings.Join(rs.TitlesAbove(r), "\n"),
			Refs:         r.Refs,
		})
	}
	for _, g := range rs.Glossary {
		docs = append(docs, search.Doc{
			Kind:      "glossary",
			ID:        g.Term,
			Title:     g.Term,
			Text:      g.Text,
			Refs:      g.Refs,
			BoostRefs: true,
			Weight:    glossaryWeight,
		})
	}
	return docs
}

// Ranking weights of headings and glossary entries relative to rules.
const (
	// chapterWeight is for sections and three-digit rules ("405. Stack"):
	// their numbered rules answer questions better than a table of contents.
	chapterWeight = 0.4
	// headingWeight is for keyword headings ("702.21. Ward"), which show the
	// keyword's whole rule.
	headingWeight  = 0.8
	glossaryWeight = 0.6
)

// kindWeight ranks cards and their rulings a little below the rules: a
// question that names no card ("can I draw two cards at once") is about the
// rules, while a card's name still finds it through the title bonus.
var kindWeight = map[string]float32{"card": 0.7, "ruling": 0.7}

// DisplayTitle is the heading a rule is shown under: its own title, or the
// nearest one above it ("Creatures" for 302.6).
func (kb *KB) DisplayTitle(r *cr.Rule) string {
	if r.Title != "" {
		return r.Title
	}
	if t := kb.CR.TitlesAbove(r); len(t) > 0 {
		return t[0]
	}
	return ""
}
