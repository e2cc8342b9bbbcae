// Package namequery makes card-name queries for benchmarks from real
// names: typos and misses that exercise the catalogue's look-ups.
package namequery

import "math/rand"

// Misses returns up to n names with most letters replaced, keeping only
// those found reports as unknown (so that a look-up falls through to its
// suggestions, a "did you mean" reply). It gives up after tries attempts.
func Misses(names []string, n, tries int, rng *rand.Rand, found func(string) bool) []string {
	var out []string
	for t := 0; len(out) < n && t < tries; t++ {
		q := []rune(names[rng.Intn(len(names))])
		for i := range q {
			if rng.Intn(3) > 0 {
				q[i] = 'a' + rune(rng.Intn(26))
			}
		}
		if !found(string(q)) {
			out = append(out, string(q))
		}
	}
	return out
}
