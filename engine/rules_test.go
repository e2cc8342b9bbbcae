package engine

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/testkb"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
)

// ruleID matches a CR rule number such as 302.6, 613.4c or 704.5f.
var ruleID = regexp.MustCompile(`\b[1-9]\d{2}\.\d+[a-z]?\b`)

func loadCR(t *testing.T) *cr.Rules { t.Helper(); return testkb.CR(t) }

// Every rule number written anywhere in the engine's source (citations,
// layer tables, messages) must exist in the loaded CR.
func TestEveryCitedRuleExistsInSource(t *testing.T) {
	rules := loadCR(t)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ruleID.FindAllString(string(b), -1) {
			seen[id] = true
		}
	}
	if len(seen) < 20 {
		t.Fatalf("found only %d rule numbers in the source; the scan is broken", len(seen))
	}
	var ids []string
	for id := range seen {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if !rules.Exists(id) {
			t.Errorf("the engine cites rule %s, which is not in cr-20260417.txt", id)
		}
	}
}

// The rules the checks cite say what the engine says they say.
func TestCheckRulesSayWhatTheyAreCitedFor(t *testing.T) {
	rules := loadCR(t)
	for id, phrase := range map[string]string{
		"302.6":   "can’t attack unless it has been under its controller’s control continuously",
		"107.5":   "already tapped can’t be tapped again",
		"107.6":   "already untapped can’t be untapped again",
		"702.10b": "If a creature has haste, it can attack",
		"702.10c": "activate its activated abilities whose cost includes the tap symbol or the untap symbol",
		"702.3b":  "A creature with defender can’t attack",
		"508.1a":  "The chosen creatures must be untapped",
		"509.1a":  "The chosen creatures must be untapped",
		"508.1c":  "restrictions",
		"509.1b":  "restrictions",
		"613.4c":  "Effects and counters that modify power and/or toughness",
		"613.4b":  "Effects that set power and/or toughness",
		"613.6":   "it will continue to be applied to the same set of objects",
		"613.7c":  "Each counter receives a timestamp",
		"613.7e":  "receives a new timestamp each time it becomes attached",
		"613.8a":  "applying the other would change the text or the existence of the first effect",
		"613.8b":  "dependency loop",
		"707.2":   "Other effects (including type-changing and text-changing effects), status, counters, and stickers are not copied",
		"305.7":   "It loses all abilities generated from its rules text",
		"704.5f":  "toughness 0 or less",
		"301.5c":  "An Equipment that’s also a creature can’t equip a creature",
		"208.3":   "A noncreature permanent has no power or toughness",
	} {
		r, ok := rules.Rule(id)
		if !ok {
			t.Errorf("rule %s missing", id)
			continue
		}
		if !strings.Contains(r.Text, phrase) {
			t.Errorf("rule %s does not say %q: %s", id, phrase, r.Text)
		}
	}
}

// Every rule number in the output of the golden scenarios exists.
func TestEveryRuleInOutputExists(t *testing.T) {
	rules := loadCR(t)
	cards := testCards(t)
	files, _ := filepath.Glob(filepath.Join("testdata", "*.scn"))
	if len(files) == 0 {
		t.Fatal("no testdata/*.scn scenarios")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Parse(string(b))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		r := run(s, cards)
		j, _ := r.JSON()
		for _, id := range ruleID.FindAllString(string(j)+r.Text(), -1) {
			if !rules.Exists(id) {
				t.Errorf("%s: output cites rule %s, which does not exist", f, id)
			}
		}
		cited := r.Rules()
		if len(r.Results) > 0 && len(cited) == 0 {
			t.Errorf("%s: Rules() is empty", f)
		}
		for _, id := range cited {
			if !rules.Exists(id) {
				t.Errorf("%s: Rules() lists %s, which does not exist", f, id)
			}
		}
	}
}
