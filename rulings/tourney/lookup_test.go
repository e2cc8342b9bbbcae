package tourney

import (
	"slices"
	"testing"
)

// A query finds its section by number, by a judges' abbreviation (IPG
// only), by the words of a title, or by a title with a typo that fits
// one section only; otherwise it finds none and offers what fits.
func TestLookup(t *testing.T) {
	l := realLibrary(t)
	for _, tc := range []struct {
		doc, query, want string
	}{
		{IPG, "2.1", "2.1"},           // number
		{IPG, "IPG 3.7.", "3.7"},      // number as written in prose
		{IPG, "GRV", "2.5"},           // Game Rule Violation
		{IPG, "usc minor", "4.1"},     // Unsporting Conduct — Minor
		{IPG, "communication", "3.7"}, // Communication Policy Violation
		{IPG, "missed triger", "2.1"}, // one title fits the typo
		{MTR, "shortcuts", "4.2"},     // Tournament Shortcuts
	} {
		s, sug := l.Lookup(tc.doc, tc.query)
		if s == nil || s.Number != tc.want {
			t.Errorf("Lookup(%s, %q) = %v (suggesting %v), want section %s", tc.doc, tc.query, s, sug, tc.want)
		}
	}
	// An abbreviation is the IPG's: the MTR has no section "GRV".
	if s, _ := l.Lookup(MTR, "GRV"); s != nil {
		t.Errorf("Lookup(mtr, GRV) = %s %s, want none", s.Number, s.Title)
	}
	if s, sug := l.Lookup(IPG, "zzz"); s != nil || len(sug) != 0 {
		t.Errorf("Lookup(ipg, zzz) = %v, %v; want nothing", s, sug)
	}
	// A typo that fits several titles names none of them but offers them.
	s, sug := l.Lookup(IPG, "tournament eror")
	if s != nil {
		t.Errorf("Lookup(ipg, tournament eror) = %s, want none", s.Number)
	}
	if !slices.Contains(sug, "3.1") || !slices.Contains(sug, "3.2") {
		t.Errorf("Lookup(ipg, tournament eror) suggests %v, want the Tournament Errors 3.1 and 3.2 among them", sug)
	}
}

// Completion offers the IPG's abbreviations before numbers and titles.
func TestComplete(t *testing.T) {
	l := realLibrary(t)
	got := l.Complete(IPG, "gr", 3)
	if len(got) == 0 || got[0].Number != "2.5" || got[0].Label != "GRV — 2.5 Game Play Error — Game Rule Violation" {
		t.Errorf("Complete(ipg, gr) = %v, want GRV first", got)
	}
	if got := l.Complete(MTR, "", 4); len(got) != 4 {
		t.Errorf("Complete(mtr, \"\", 4) = %d sections, want 4", len(got))
	}
	if got := l.Complete("nope", "1", 4); got != nil {
		t.Errorf("Complete of an unloaded document = %v", got)
	}
}
