package rulings

import (
	"bytes"
	"io"
	"runtime"
	"time"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/internal/datafile"
	"github.com/arbiter-mtg/arbiter/rulings/search"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// loaders hold the content loaders for everything that is not the CR: cards
// and rulings, tournament documents. Each recognises its own files by
// content and contributes search items.
type loaders struct {
	cards   *cards.Catalog
	tourney *tourney.Library
}

func newLoaders() *loaders {
	return &loaders{cards: cards.NewCatalog(), tourney: tourney.NewLibrary()}
}

// finish joins Scryfall rulings to their cards, builds the name indexes and
// picks the newest version of each tournament document.
func (l *loaders) finish() {
	l.cards.FinishCards()
	l.tourney.Finish()
}

func (l *loaders) docs() []search.Doc {
	docs := l.cards.SearchDocs()
	return append(docs, l.tourney.SearchDocs()...)
}

// maxTextSize bounds a file read whole into memory (CR texts, tournament
// documents); card files are streamed and have no bound.
const maxTextSize = 64 << 20

// fileResult is what reading one file gave.
type fileResult struct {
	kind  string // "cr", "cards", or "" (then data may be a tournament document)
	date  time.Time
	cards *cards.Catalog // the file's cards, not finished
	data  []byte         // content of a small unrecognised file, for the tournament loader
	err   error
}

// readFiles reads files on GOMAXPROCS goroutines and hands each result to
// use in file order, on the calling goroutine: the knowledge base is the same
// whatever the scheduling.
func readFiles(files []datafile.File, use func(i int, r fileResult) error) error {
	workers := min(runtime.GOMAXPROCS(0), len(files))
	results := make([]chan fileResult, len(files))
	for i := range results {
		results[i] = make(chan fileResult, 1)
	}
	// At most 2*workers files are dispatched ahead of use (the slot is
	// taken before the index is handed out, so the earliest file always
	// has one), and memory stays bounded by a few files' cards.
	sem := make(chan struct{}, 2*workers)
	next := make(chan int)
	done := make(chan struct{})
	defer close(done)
	go func() {
		defer close(next)
		for i := range files {
			select {
			case sem <- struct{}{}:
			case <-done:
				return
			}
			select {
			case next <- i:
			case <-done:
				return
			}
		}
	}()
	for range workers {
		go func() {
			for i := range next {
				results[i] <- readFile(files[i])
			}
		}()
	}
	for i := range files {
		r := <-results[i]
		<-sem
		if err := use(i, r); err != nil {
			return err
		}
	}
	return nil
}

// readFile recognises one file by content: a CR text, a card file (streamed)
// or, for a small file that is neither, its content for the tournament
// loader.
func readFile(f datafile.File) fileResult {
	r, err := datafile.Open(f.Path)
	if err != nil {
		return fileResult{err: err}
	}
	defer r.Close()
	head, _ := r.Peek(256)
	if cr.IsCR(head) {
		data, err := io.ReadAll(io.LimitReader(r, maxTextSize))
		if err != nil {
			return fileResult{err: err}
		}
		date, err := cr.PeekEffectiveDate(data)
		if err != nil {
			return fileResult{err: err}
		}
		return fileResult{kind: "cr", date: date}
	}
	if trimmed := bytes.TrimLeft(head, " \t\r\n"); len(trimmed) == 0 || (trimmed[0] != '{' && trimmed[0] != '[') {
		return fileResult{}
	}
	c := cards.NewCatalog()
	if ok, err := c.AddReader(r); ok {
		return fileResult{kind: "cards", cards: c, err: err}
	}
	if f.Size > maxTextSize {
		return fileResult{}
	}
	data, err := datafile.ReadAll(f.Path, maxTextSize)
	return fileResult{data: data, err: err}
}
