package engine

import (
	"strings"
	"testing"
)

// Texts the compiler once accepted and then applied wrongly or to nothing.
// Each case is decided by the CR and the card's Oracle text (MTGJSON
// 2022-04-25), not by what the engine printed.
func TestSilentMisreads(t *testing.T) {
	cases := []scenarioCase{
		{
			// 205.2a: artifact is a card type; "in addition to their other
			// types" adds it (205.1b). A Swamp stays a Swamp land.
			name: "Mycosynth Lattice adds the artifact card type",
			src: `define Mycosynth Lattice = {6} Artifact "All permanents are artifacts in addition to their other types."
define Swamp = Basic Land — Swamp
Swamp
Mycosynth Lattice
? Swamp`,
			wants: []want{{line: 5, types: []string{"Land", "Artifact"}, subtypes: []string{"Swamp"}, pt: "-"}},
		},
		{
			// 613.8a: March of the Machines' set of affected objects depends
			// on Mycosynth Lattice (both layer 4), so the Lattice applies
			// first whatever the timestamps: the Swamp becomes a 0/0 artifact
			// creature (mana value 0) and is put into the graveyard (704.5f); March itself ({3}{U}) becomes 4/4.
			name: "March of the Machines depends on Mycosynth Lattice",
			src: `define Mycosynth Lattice = {6} Artifact "All permanents are artifacts in addition to their other types."
define March of the Machines = {3}{U} Enchantment "Each noncreature artifact is an artifact creature with power and toughness each equal to its mana value."
define Swamp = Basic Land — Swamp
define Sol Ring = {1} Artifact
March of the Machines
Swamp
Sol Ring
Mycosynth Lattice
? Sol Ring
? March of the Machines`,
			wants: []want{
				{line: 9, pt: "1/1", types: []string{"Artifact", "Creature"}},
				{line: 10, pt: "4/4", types: []string{"Enchantment", "Artifact", "Creature"}, trace: []string{"613.8a"}},
			},
		},
		{
			// 105.2c: a colorless object has no color; "Colorless creatures"
			// are the creatures with no color.
			name: "Colorless creatures get +1/+1",
			src: `define Anthem = {2} Artifact "Colorless creatures get +1/+1."
define Ornithopter = {0} Artifact Creature — Thopter 0/2
define Bear = {1}{G} green Creature — Bear 2/2
Ornithopter
Bear
Anthem
? Ornithopter
? Bear`,
			wants: []want{{line: 7, pt: "1/3"}, {line: 8, pt: "2/2"}},
		},
		{
			// The Aura named Lifelink grants the keyword lifelink (702.15).
			name: "an Aura named for a keyword grants it",
			src: `define Lifelink = {W} Enchantment — Aura "Enchant creature\nEnchanted creature has lifelink."
define Bear = {1}{G} green Creature — Bear 2/2
Bear
Lifelink (attached to Bear)
? Bear`,
			wants: []want{{line: 5, has: []string{"Lifelink"}}},
		},
		{
			// 704.5f puts a creature with toughness 0 or less into the
			// graveyard; a */* creature whose characteristic-defining ability
			// the engine could not read has an unknown toughness, not 0
			// (604.3, 208.2a), so it must stay.
			name: "an unmodelled */* ability is not 0/0",
			src: `define Odd Beast = {3}{G} green Creature — Beast */* "Odd Beast's power and toughness are each equal to the number of cards in your graveyard plus one."
Odd Beast as B
? B`,
		},
	}
	runCases(t, cases, nil)

	// The */* case: the object is still on the battlefield, its P/T is
	// reported unknown and the answer says what it depends on.
	r := mustRun(t, cases[len(cases)-1].src, nil)
	for _, n := range r.Notes {
		if n.Rule == "704.5f" {
			t.Errorf("704.5f applied to a creature whose toughness is unknown: %+v", n)
		}
	}
	q := result(t, r, 3)
	if q.Object == nil || q.Object.Power != nil {
		t.Errorf("P/T of an unmodelled */* creature reported as a number: %+v", q.Object)
	}
	if len(q.DependsOnUnmodelled) == 0 || !strings.Contains(q.DependsOnUnmodelled[0], "power and toughness") {
		t.Errorf("answer does not say it depends on the unmodelled ability: %+v", q.DependsOnUnmodelled)
	}
	if txt := r.Text(); !strings.Contains(txt, "depends on text I could not model") {
		t.Errorf("readable output does not say the answer depends on unmodelled text:\n%s", txt)
	}
}

// TestAnswersSayWhatTheyDependOn: an answer about an object that an
// unmodelled sentence may affect says so in the answer itself.
func TestAnswersSayWhatTheyDependOn(t *testing.T) {
	src := `define Threaten = {2}{R} Sorcery "Untap target creature and make it fight a bear until end of turn. That creature gains haste until end of turn."
define Bear = {1}{G} green Creature — Bear 2/2
define Wall = {1}{W} white Creature — Wall 0/4
opponent: Bear as O
Wall as W
cast Threaten targeting O
? can O attack
? can W block`
	r := mustRun(t, src, nil)
	q := result(t, r, 7)
	if len(q.DependsOnUnmodelled) == 0 || !strings.Contains(q.DependsOnUnmodelled[0], "Untap target creature and make it fight") {
		t.Fatalf("? can O attack: DependsOnUnmodelled = %q, want the spell's text", q.DependsOnUnmodelled)
	}
	if w := result(t, r, 8); len(w.DependsOnUnmodelled) != 0 {
		t.Errorf("? can W block depends on nothing Threaten did (it targeted O): %q", w.DependsOnUnmodelled)
	}
	js, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"depends_on_unmodelled"`) {
		t.Errorf("JSON output lacks depends_on_unmodelled:\n%s", js)
	}
	txt := r.Text()
	i := strings.Index(txt, "Line 7:")
	j := strings.Index(txt, "Line 8:")
	if i < 0 || j < i || !strings.Contains(txt[i:j], "depends on text I could not model") || !strings.Contains(txt[i:j], "Untap target creature") {
		t.Errorf("readable answer to line 7 does not say what it depends on:\n%s", txt)
	}
}

// Threaten's Oracle text: untap, gain control until end of turn, haste.
// The creature can attack: you control it and it has haste (702.10b).
func TestThreaten(t *testing.T) {
	runCases(t, []scenarioCase{{
		name: "Threaten",
		src: `define Threaten = {2}{R} Sorcery "Untap target creature and gain control of it until end of turn. That creature gains haste until end of turn."
define Bear = {1}{G} green Creature — Bear 2/2
opponent: Bear as O (tapped)
cast Threaten targeting O
? can O attack
? O`,
		verdicts: []verdict{{line: 5, ok: true, rules: []string{"702.10b"}}},
		wants:    []want{{line: 6, controller: "you", has: []string{"Haste"}}},
	}}, nil)
	r := mustRun(t, "define Threaten = {2}{R} Sorcery \"Untap target creature and gain control of it until end of turn. That creature gains haste until end of turn.\"\ndefine Bear = {1}{G} green Creature — Bear 2/2\nopponent: Bear as O (tapped)\ncast Threaten targeting O\n? O", nil)
	if len(r.Unmodeled) > 0 {
		t.Errorf("Threaten's text reported as unmodelled: %+v", r.Unmodeled)
	}
	if q := result(t, r, 5); q.Object == nil || q.Object.Tapped {
		t.Errorf("Threaten untaps the creature: %+v", q.Object)
	}
}

func TestScopeOfUnmodelledSentences(t *testing.T) {
	for _, c := range []struct {
		norm string
		want missScope
	}{
		{"if ~ would be put into a graveyard from anywhere, exile it instead", scopeSelf},
		{"prevent all damage that would be dealt to ~", scopeSelf},
		{"~ can't be the target of aura spells", scopeSelf},
		{"creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you", scopeAny},
		{"other creatures you control get +1/+1 as long as ~ is untapped", scopeAny},
		{"enchanted creature can't be the target of spells", scopeAttached},
		{"this spell costs {1} less to cast", scopeNone},
		{"you have hexproof", scopeNone},
		{"as ~ enters the battlefield, choose a color", scopeNone},
	} {
		if got := scopeOf(c.norm); got != c.want {
			t.Errorf("scopeOf(%q) = %d, want %d", c.norm, got, c.want)
		}
	}
}

// Counts of cards in a hand whose size the scenario hasn't stated are
// unknown (604.3), never 0 (which would put a */* creature into the
// graveyard, 704.5f, or show a number as certain); a graveyard holds what
// the scenario put there (404.1), so its counts are known.
func TestHiddenZoneCounts(t *testing.T) {
	src := `define Maro = {2}{G}{G} Creature — Avatar */* "Maro's power and toughness are each equal to the number of cards in your hand."
define Reliquary = {3}{G} Creature — Plant 1/3 "Reliquary gets +1/+1 for each land card in your graveyard."
define Bear = {1}{G} Creature — Bear 2/2
define Michiko = {2}{W} Creature — Human 2/2 "Michiko gets +1/+1 for each artifact and/or enchantment you control."
define Relic = {1} Artifact Enchantment
define Ring = {1} Artifact
define Switcher = {U} Instant "Switch target creature's power and toughness until end of turn."
define Forest = Basic Land — Forest
Maro
Reliquary
Bear
Michiko
Relic
Ring
Forest (in graveyard)
? Maro
? Reliquary
? Bear
? Michiko
cast Switcher targeting Reliquary
? Reliquary`
	r := mustRun(t, src, nil)
	q := result(t, r, 16)
	if q.Object.Power != nil {
		t.Errorf("line 16: %s shows %s, want unknown", q.Object.Name, ptOf(q.Object))
	}
	if !strings.Contains(traceText(q), "which the scenario doesn't hold: unknown (state the size of your hand") {
		t.Errorf("line 16: trace doesn't say why: %s", traceText(q))
	}
	// 613.4c then 613.4d: the Forest in the graveyard makes Reliquary
	// 2/4; switched, 4/2.
	for line, pt := range map[int]string{17: "2/4", 21: "4/2"} {
		if q := result(t, r, line); ptOf(q.Object) != pt || !strings.Contains(traceText(q), "land card in your graveyard: 1 (Forest)") {
			t.Errorf("line %d: Reliquary %s, want %s counting the Forest: %s", line, ptOf(q.Object), pt, traceText(q))
		}
	}
	for _, n := range r.Notes {
		if n.Rule == "704.5f" {
			t.Errorf("a creature of unknown toughness is not put into the graveyard: %+v", n)
		}
	}
	// The count on the battlefield is known: Bear 2/2, and Michiko counts
	// Relic (artifact and enchantment) once and Ring once: 4/4.
	if q := result(t, r, 18); ptOf(q.Object) != "2/2" {
		t.Errorf("Bear: %s", ptOf(q.Object))
	}
	if q := result(t, r, 19); ptOf(q.Object) != "4/4" {
		t.Errorf("Michiko: want 4/4 (two artifacts and/or enchantments), got %s", ptOf(q.Object))
	}
}

func traceText(q QueryResult) string {
	var b strings.Builder
	for _, s := range q.Trace {
		b.WriteString(s.Effect + "\n")
	}
	return b.String()
}

// This test held Serra Avatar as its example of a value the scenario
// doesn't hold. The engine tracks life totals from the 20 each player
// begins with (119.1; "? life" answers it) through every gain and loss
// (119.3), so "your life total" is now read (TestLifeTotalCDA); the life
// paid as a permanent entered is still not held.
func TestHiddenCDAValues(t *testing.T) {
	r := mustRun(t, `define Nameless Race = {3}{B} Creature — Nameless */* "Trample\nAs Nameless Race enters the battlefield, pay any amount of life. The amount you pay can't be more than the total number of white nontoken permanents your opponents control plus the total number of white cards in their graveyards.\nNameless Race's power and toughness are each equal to the life paid as it entered the battlefield."
Nameless Race as S
? S`, nil)
	q := result(t, r, 3)
	if q.Object.Power != nil || !strings.Contains(traceText(q), "the life paid as it entered the battlefield, which the scenario doesn't hold") {
		t.Errorf("want unknown P/T counting the life paid: %s %s", ptOf(q.Object), traceText(q))
	}
}
