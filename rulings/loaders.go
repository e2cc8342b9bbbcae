package rulings

import "github.com/arbiter-mtg/arbiter/rulings/search"

// loaders hold the content loaders for everything that is not the CR: cards
// and rulings, tournament documents. Each recognises its own files by
// content and contributes search items.
type loaders struct{}

func newLoaders() *loaders { return &loaders{} }

// add offers a file to each loader; kind is "" when none recognised it.
func (l *loaders) add(path string, data []byte) (kind string, err error) {
	return "", nil
}

func (l *loaders) finish() {}

func (l *loaders) docs() []search.Doc { return nil }
