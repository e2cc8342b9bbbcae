//go:build snapshot

package main

import "github.com/arbiter-mtg/arbiter/rulings"

func init() {
	load = func(dir string) (*rulings.KB, error) {
		if *cacheDir == "" {
			return rulings.Load(dir)
		}
		return rulings.LoadCached(dir, *cacheDir)
	}
	build = func(dir, cache string) error { return rulings.BuildSnapshot(dir, cache, nil) }
}
