package rulings

import (
	"github.com/arbiter-mtg/arbiter/rulings/cards"
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

// add offers a file to each loader; kind is "" when none recognised it.
func (l *loaders) add(path string, data []byte) (kind string, err error) {
	if ok, err := l.cards.AddFile(data); ok {
		return "cards", err
	}
	if ok, err := l.tourney.AddFile(path, data); ok {
		return "tournament", err
	}
	return "", nil
}

// finish joins Scryfall rulings to their cards, builds the name indexes and
// picks the newest version of each tournament document.
func (l *loaders) finish() {
	l.cards.Finish()
	l.tourney.Finish()
}

func (l *loaders) docs() []search.Doc {
	docs := l.cards.SearchDocs()
	return append(docs, l.tourney.SearchDocs()...)
}
