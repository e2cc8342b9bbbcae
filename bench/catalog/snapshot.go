//go:build snapshot

package main

import (
	"fmt"

	"github.com/arbiter-mtg/arbiter/internal/gctune"
	"github.com/arbiter-mtg/arbiter/rulings"
)

func init() {
	load = func(dir string) (kb *rulings.KB, err error) {
		if *cacheDir == "" {
			kb, err = rulings.Load(dir)
		} else {
			kb, err = rulings.LoadCached(dir, *cacheDir)
		}
		if err == nil {
			// What the server does once loaded.
			fmt.Println("gc\t" + gctune.Apply(0).String())
		}
		return kb, err
	}
	build = func(dir, cache string) error { return rulings.BuildSnapshot(dir, cache, nil) }
}
