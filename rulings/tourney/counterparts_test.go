package tourney

import (
	"strings"
	"testing"
)

// Each pairing says the same error in both documents' words: the JAR's
// situation and the IPG infraction's definition, examples or name share
// the words that name the error.
func TestJARCounterpartsSayTheSameError(t *testing.T) {
	l := realLibrary(t)
	shared := map[string][2]string{
		"2.1": {"triggered ability", "triggered ability"},
		"2.2": {"shouldn't have seen", "not entitled to see"},
		"2.3": {"more cards in their hand", "more cards in their hand"},
		"2.4": {"error not mentioned above", "not covered by the other game play errors"},
		"2.5": {"cards in their deck", "in their deck"},
	}
	for jar, ipg := range JARCounterparts {
		j, ok := l.Section(JAR, jar)
		if !ok {
			t.Errorf("JAR %s is not in the JAR", jar)
			continue
		}
		i, ok := l.Section(IPG, ipg)
		if !ok || i.Penalty == "" {
			t.Errorf("IPG %s is not an infraction", ipg)
			continue
		}
		words, ok := shared[jar]
		if !ok {
			t.Errorf("JAR %s: no shared words to check", jar)
			continue
		}
		if !strings.Contains(strings.ToLower(j.Title+" "+j.Text), words[0]) {
			t.Errorf("JAR %s does not say %q: %s", jar, words[0], j.Title)
		}
		if !strings.Contains(strings.ToLower(i.Text), words[1]) {
			t.Errorf("IPG %s does not say %q", ipg, words[1])
		}
	}
	if n, ok := JARCounterpart("JAR 2.3"); !ok || n != "2.3" {
		t.Errorf("JARCounterpart(JAR 2.3) = %q, %v", n, ok)
	}
	if _, ok := JARCounterpart("3"); ok {
		t.Error("JAR 3 has a single counterpart")
	}
}

// The JAR's lists say, in their own words, each behaviour JARListed
// sends to them; every IPG infraction a JAR section handles finds it.
func TestJARListsSayTheBehaviour(t *testing.T) {
	l := realLibrary(t)
	for ipg, listed := range JARListed {
		j, ok := l.Section(JAR, listed.JAR)
		if !ok {
			t.Errorf("JAR %s is not in the JAR", listed.JAR)
			continue
		}
		if !strings.Contains(strings.ToLower(j.Text), listed.Says) {
			t.Errorf("JAR %s does not say %q", listed.JAR, listed.Says)
		}
		if i, ok := l.Section(IPG, ipg); !ok || i.Penalty == "" {
			t.Errorf("IPG %s is not an infraction", ipg)
		}
	}
	for ipg, want := range map[string]string{"2.1": "2.1", "2.5": "2.4", "3.5": "2.5", "3.3": "3", "4.8": "4"} {
		if got, ok := JARFor(ipg); !ok || got != want {
			t.Errorf("JARFor(%s) = %q, %v, want %s", ipg, got, ok, want)
		}
	}
	if got, ok := JARFor("2.6"); ok {
		t.Errorf("JARFor(2.6) = %s: the JAR has no section for it", got)
	}
}
