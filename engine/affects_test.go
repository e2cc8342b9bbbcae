package engine

import (
	"regexp"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/testkb"
)

// "Accepted but affects nothing it should" is a class of bug: a sentence
// compiles, so nothing is reported, yet the effect applies to the wrong
// objects or to none. Two guards: every subtype a compiled filter names
// must be a subtype the CR lists (205.3g–205.3m), so a word misread as a
// subtype ("Colorless creatures") is caught; and for each template, an
// object the Oracle text names must be affected and one it excludes must
// not be.

// crSubtypes reads the subtype lists of CR 205.3g–205.3m.
func crSubtypes(t testing.TB) map[string]bool {
	t.Helper()
	rules := testkb.CR(t)
	out := map[string]bool{}
	see := regexp.MustCompile(`\s*\(see rules? [^)]*\)`)
	for _, id := range []string{"205.3g", "205.3h", "205.3i", "205.3j", "205.3m"} {
		r, ok := rules.Rule(id)
		if !ok {
			t.Fatalf("CR lacks %s", id)
		}
		text := see.ReplaceAllString(r.Text, "")
		marker := " types are "
		if id == "205.3m" {
			marker = "one word long: "
			out["time lord"] = true
		}
		i := strings.Index(text, marker)
		if i < 0 {
			t.Fatalf("%s: no list in %q", id, text)
		}
		list := text[i+len(marker):]
		if j := strings.Index(list, "."); j >= 0 {
			list = list[:j]
		}
		for _, w := range strings.Split(list, ",") {
			w = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(w), "and "))
			if w != "" {
				out[strings.ToLower(w)] = true
			}
		}
	}
	if !out["merfolk"] || !out["aura"] || !out["forest"] || !out["equipment"] || !out["ajani"] || !out["zombie"] {
		t.Fatalf("CR subtype lists read wrongly: %d entries", len(out))
	}
	return out
}

// filtersOf returns every filter a template reads.
func filtersOf(tm *Template) []*Filter {
	var out []*Filter
	if tm.Sel.Kind == selFilter || tm.Sel.Kind == selTarget {
		out = append(out, &tm.Sel.F)
	}
	if tm.Cond != nil && tm.Cond.Control != nil {
		out = append(out, tm.Cond.Control)
	}
	for _, p := range tm.Parts {
		if p.Count != nil {
			out = append(out, p.Count)
		}
		out = append(out, p.Repl.filters()...)
	}
	return out
}

// badSubtypes lists the subtypes of the card's compiled filters that are
// not subtypes by the CR.
func badSubtypes(c *compiler, d CardDef, valid map[string]bool) []string {
	var bad []string
	var walk func(abs []*Ability, depth int)
	walk = func(abs []*Ability, depth int) {
		for _, a := range abs {
			for _, tm := range a.Statics {
				for _, f := range filtersOf(tm) {
					for _, st := range append(append([]string(nil), f.Subtypes...), f.NotSubtypes...) {
						if st != allCreatureTypes && !valid[strings.ToLower(st)] {
							bad = append(bad, st+" in “"+tm.Sentence+"”")
						}
					}
				}
				for _, p := range tm.Parts {
					if depth < 3 {
						walk(p.Abilities, depth+1)
					}
				}
			}
		}
	}
	walk(c.compileCard(d).abilities, 0)
	return bad
}

func TestFiltersNameRealSubtypes(t *testing.T) {
	valid := crSubtypes(t)
	c := newCompiler()
	for _, text := range []string{
		"Colorless creatures get +1/+1.",
		"Multicolored creatures you control get +1/+1.",
		"Other Merfolk get +1/+1 and have islandwalk.",
		"Nonbasic lands are Mountains.",
		"Each other non-Aura enchantment is a creature in addition to its other types and has base power and base toughness each equal to its mana value.",
		"Legendary creatures you control get +1/+1.",
		"Other Goblin creatures you control get +1/+1.",
	} {
		if bad := badSubtypes(c, CardDef{Name: "Test Source", Types: []string{"Enchantment"}, Text: text}, valid); len(bad) > 0 {
			t.Errorf("%q: filter names non-subtypes %q", text, bad)
		}
	}
}

// TestEffectsAffectWhatTheyName runs each template on a board with an
// object the Oracle text names and one it excludes.
func TestEffectsAffectWhatTheyName(t *testing.T) {
	cases := []struct {
		name, source, text string
		yes, no            string // define lines: the object named and the one excluded
		yesCtl, noCtl      string // "" you, or "opponent: "
	}{
		{"colorless creatures", "Artifact", "Colorless creatures get +1/+1.",
			"{0} Artifact Creature — Thopter 0/2", "{1}{G} green Creature — Bear 2/2", "", ""},
		{"multicolored creatures", "Enchantment", "Multicolored creatures get +1/+1.",
			"{G}{W} green white Creature — Bear 2/2", "{1}{G} green Creature — Bear 2/2", "", ""},
		{"monocolored creatures", "Enchantment", "Monocolored creatures get +1/+1.",
			"{1}{G} green Creature — Bear 2/2", "{G}{W} green white Creature — Bear 2/2", "", ""},
		{"other Merfolk", "Creature — Merfolk 2/2", "Other Merfolk get +1/+1.",
			"{U} blue Creature — Merfolk Wizard 1/1", "{1}{G} green Creature — Bear 2/2", "", ""},
		{"creatures your opponents control", "Enchantment", "Creatures your opponents control get -1/-0.",
			"{1}{G} green Creature — Bear 2/2", "{1}{G} green Creature — Bear 2/2", "opponent: ", ""},
		{"white creatures you control", "Enchantment", "White creatures you control get +1/+1.",
			"{W} white Creature — Soldier 1/1", "{W} white Creature — Soldier 1/1", "", "opponent: "},
		{"nonbasic lands", "Enchantment", "Nonbasic lands are Mountains.",
			"Land — Desert", "Basic Land — Forest", "", ""},
		{"legendary creatures", "Enchantment", "Legendary creatures you control get +1/+1.",
			"{1}{G} Legendary Creature — Bear 2/2", "{1}{G} Creature — Bear 2/2", "", ""},
		{"artifacts in addition", "Artifact", "All permanents are artifacts in addition to their other types.",
			"Basic Land — Swamp", "", "", ""},
		{"enchantments in addition", "Enchantment", "All permanents are enchantments in addition to their other types.",
			"{1}{G} green Creature — Bear 2/2", "", "", ""},
		{"creatures without flying", "Enchantment", "Creatures without flying get -2/-0.",
			"{1}{G} green Creature — Bear 2/2", `{1}{U} blue Creature — Bird 1/1 "Flying"`, "", ""},
		{"creatures with flying", "Enchantment", "Creatures with flying get +2/+0.",
			`{1}{U} blue Creature — Bird 1/1 "Flying"`, "{1}{G} green Creature — Bear 2/2", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "define Source = " + c.source + ` "` + c.text + `"` + "\n" +
				"define Yes = " + c.yes + "\n" + c.yesCtl + "Yes\n"
			if c.no != "" {
				src += "define No = " + c.no + "\n" + c.noCtl + "No\n"
			}
			src += "Source\n? Yes\n"
			if c.no != "" {
				src += "? No\n"
			}
			checkAffects(t, c.text, src, c.no != "")
		})
	}
}

// TestCreatureTypesMatchCR keeps the compiler's creature types equal to
// the list of CR 205.3m.
func TestCreatureTypesMatchCR(t *testing.T) {
	rules := testkb.CR(t)
	r, ok := rules.Rule("205.3m")
	if !ok {
		t.Fatal("CR lacks 205.3m")
	}
	text := regexp.MustCompile(`\s*\(see rules? [^)]*\)`).ReplaceAllString(r.Text, "")
	i := strings.Index(text, "one word long: ")
	if i < 0 {
		t.Fatalf("205.3m: no list in %q", text)
	}
	list := text[i+len("one word long: "):]
	list = list[:strings.Index(list, ".")]
	cr := map[string]bool{"time lord": true}
	for _, w := range strings.Split(list, ",") {
		w = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(w), "and "))
		cr[strings.ToLower(w)] = true
	}
	for w := range cr {
		if !creatureTypes[w] {
			t.Errorf("CR creature type %q missing from creatureTypes", w)
		}
	}
	for w := range creatureTypes {
		if !cr[w] {
			t.Errorf("creatureTypes has %q, which 205.3m does not list", w)
		}
	}
}

// checkAffects runs a scenario in which the effect of the object defined
// as Source (its text, text) must show in the layer trace of the object
// asked about as "? Yes" and, when hasNo, not in that of "? No".
func checkAffects(t *testing.T, text, src string, hasNo bool) {
	t.Helper()
	r := mustRun(t, src, nil)
	if len(r.Unmodeled) > 0 {
		t.Fatalf("%q not modelled: %+v", text, r.Unmodeled)
	}
	affected := func(query string) bool {
		for _, q := range r.Results {
			if q.Query != query {
				continue
			}
			for _, s := range q.Trace {
				if s.Source == "Source" {
					return true
				}
			}
		}
		return false
	}
	if !affected("Yes") {
		t.Errorf("%q does not affect the object it names:\n%s", text, r.Text())
	}
	if hasNo && affected("No") {
		t.Errorf("%q affects an object it excludes:\n%s", text, r.Text())
	}
}
