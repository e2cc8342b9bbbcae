package engine

import (
	"fmt"
	"strings"
	"testing"
)

// Each template the issue lists compiles to the layers the CR puts it in.
func TestCompileTemplates(t *testing.T) {
	cases := []struct {
		sentence string
		self     bool     // compiled as a permanent's ability
		layers   string   // the parts' layers, in order
		sel      selKind  // what it applies to
		eot      bool     // "until end of turn"
		ops      []opKind // optional: the parts' operations
	}{
		{"Target creature gets +4/+4 until end of turn.", false, "7c", selTarget, true, nil},
		{"Enchanted creature gets +1/+1 and has flying.", true, "7c 6", selEnchanted, false, []opKind{opModPT, opAddAbilities}},
		{"Equipped creature gets +2/+2 and has trample.", true, "7c 6", selEquipped, false, nil},
		{"Creatures you control get +1/+1.", true, "7c", selFilter, false, nil},
		{"White creatures you control get +1/+1.", true, "7c", selFilter, false, nil},
		{"Other Elf creatures you control get +1/+1.", true, "7c", selFilter, false, nil},
		{"Target creature becomes 0/1 until end of turn.", false, "7b", selTarget, true, []opKind{opSetPT}},
		{"Enchanted creature has base power and toughness 1/1.", true, "7b", selEnchanted, false, []opKind{opSetPT}},
		{"Enchanted artifact is a creature with base power and toughness 5/5 in addition to its other types.", true, "4 7b", selEnchanted, false, []opKind{opAddTypes, opSetPT}},
		{"Switch target creature's power and toughness until end of turn.", false, "7d", selTarget, true, []opKind{opSwitch}},
		{"Target creature becomes blue until end of turn.", false, "5", selTarget, true, []opKind{opSetColors}},
		{"Target creature gains flying until end of turn.", false, "6", selTarget, true, []opKind{opAddAbilities}},
		{"Enchanted creature loses flying.", true, "6", selEnchanted, false, []opKind{opLoseAbilities}},
		{"All creatures lose all abilities.", true, "6", selFilter, false, []opKind{opLoseAll}},
		{"Gain control of target creature until end of turn.", false, "2", selTarget, true, []opKind{opControl}},
		{"You control enchanted creature.", true, "2", selEnchanted, false, []opKind{opControl}},
		{"Nonbasic lands are Mountains.", true, "4", selFilter, false, []opKind{opSetLandTypes}},
		{"Each land is a Swamp in addition to its other land types.", true, "4", selFilter, false, []opKind{opAddTypes}},
		{"Each noncreature artifact is an artifact creature with power and toughness each equal to its mana value.", true, "4 7b", selFilter, false, []opKind{opAddTypes, opSetPTMV}},
		{"Each other non-Aura enchantment is a creature in addition to its other types and has base power and toughness each equal to its mana value.", true, "4 7b", selFilter, false, []opKind{opAddTypes, opSetPTMV}},
		{"Until end of turn, target land becomes a 3/3 creature that's still a land.", false, "4 7b", selTarget, true, []opKind{opAddTypes, opSetPT}},
		{"All noncreature artifacts become 2/2 artifact creatures until end of turn.", false, "4 7b", selFilter, true, []opKind{opAddTypes, opSetPT}},
		{"Target creature becomes a 1/1 Frog creature until end of turn.", false, "4 7b", selTarget, true, []opKind{opSetTypes, opSetPT}},
		{"Enchanted creature can't attack or block.", true, "rules rules", selEnchanted, false, []opKind{opCantAttack, opCantBlock}},
		{"This creature's power and toughness are each equal to the number of creatures you control.", true, "7a", selSelf, false, []opKind{opCDACount}},
	}
	for _, c := range cases {
		t.Run(c.sentence, func(t *testing.T) {
			comp := newCompiler()
			var ts []*Template
			var bad []string
			if c.self {
				cc := comp.compileCard(CardDef{Name: "Test Card", Text: c.sentence})
				bad = cc.unmodeled
				for _, a := range cc.abilities {
					ts = append(ts, a.Statics...)
				}
			} else {
				ts, bad = comp.compileSpell(c.sentence, "Test Card")
			}
			if len(bad) > 0 || len(ts) != 1 {
				t.Fatalf("compiled %d templates, unmodeled %q", len(ts), bad)
			}
			tm := ts[0]
			var layers []string
			var ops []opKind
			for _, p := range tm.Parts {
				layers = append(layers, p.Layer.String())
				ops = append(ops, p.Op)
			}
			if strings.Join(layers, " ") != c.layers {
				t.Errorf("layers %q, want %q", strings.Join(layers, " "), c.layers)
			}
			if c.ops != nil && fmt.Sprint(ops) != fmt.Sprint(c.ops) {
				t.Errorf("ops %v, want %v", ops, c.ops)
			}
			if tm.Sel.Kind != c.sel {
				t.Errorf("selector %v, want %v", tm.Sel.Kind, c.sel)
			}
			if tm.UntilEOT != c.eot {
				t.Errorf("until end of turn = %v", tm.UntilEOT)
			}
		})
	}
}

// Sentences outside the templates are reported, not guessed.
func TestCompileRejects(t *testing.T) {
	for _, s := range []string{
		"Target creature gets +X/+0 until end of turn.",
		"Creatures you control get +1/+1 for each experience counter you have.",
		"Draw a card.",
		"Target creature gets +2/+2 as long as you control a Forest.",
	} {
		comp := newCompiler()
		ts, bad := comp.compileSpell(s, "")
		if len(ts) != 0 || len(bad) != 1 {
			t.Errorf("%q: compiled %d templates, unmodeled %q; want it reported", s, len(ts), bad)
		}
	}
}

// Templates applied in scenarios, from the rules they implement.
func TestTemplatesInScenarios(t *testing.T) {
	cases := []scenarioCase{
		{
			// "Other ELF creatures you control": not itself, not the
			// opponent's elves, and a changeling is every creature type
			// (702.73a).
			name: "other Elf creatures you control",
			src: `define Elf Lord = {1}{G}{G} Creature — Elf 2/2 "Other Elf creatures you control get +1/+1 and have deathtouch."
define Elf = {G} Creature — Elf Druid 1/1
define Shape = {1}{U} Creature — Shapeshifter 1/1 "Changeling"
define Bear = {1}{G} Creature — Bear 2/2
Elf Lord
Elf as Mine
opponent: Elf as Theirs
Shape
Bear
? Elf Lord
? Mine
? Theirs
? Shape
? Bear`,
			wants: []want{
				{line: 10, pt: "2/2", lacks: []string{"Deathtouch"}},
				{line: 11, pt: "2/2", has: []string{"Deathtouch"}},
				{line: 12, pt: "1/1"},
				{line: 13, pt: "2/2", has: []string{"Deathtouch"}, trace: []string{"4 613.3", "every creature type"}},
				{line: 14, pt: "2/2"},
			},
		},
		{
			// 611.2c: a resolved effect's set is fixed when it begins; a
			// creature that enters later is not affected. A static ability's
			// set is not fixed (611.3a).
			name: "resolved effect locks its set, static does not",
			src: `define Bear = {1}{G} Creature — Bear 2/2
define Anthem = {2}{W} Enchantment "Creatures you control get +0/+1."
Bear as Early
Anthem
effect "Creatures you control get +1/+1 until end of turn"
Bear as Late
? Early
? Late`,
			wants: []want{{line: 7, pt: "3/4"}, {line: 8, pt: "2/3"}},
		},
		{
			// Control Magic: layer 2 from a static ability; the stolen
			// creature can't attack this turn (302.6).
			name: "control magic",
			src: `define Control Magic = {2}{U}{U} Enchantment — Aura "Enchant creature\nYou control enchanted creature."
define Bear = {1}{G} Creature — Bear 2/2
opponent: Bear as B
cast Control Magic targeting B
? B
? can B attack
Control Magic leaves the battlefield
? B`,
			wants:    []want{{line: 5, controller: "you", trace: []string{"2 613.1b Control Magic"}}, {line: 8, controller: "opponent"}},
			verdicts: []verdict{{line: 6, ok: false, rules: []string{"302.6"}}},
		},
		{
			// 702.114a: devoid is a color CDA, applied before other layer-5
			// effects (613.3).
			name: "devoid then becomes red",
			src: `define Eldrazi = {2}{C}{U} Creature — Eldrazi Drone 3/2 "Devoid"
Eldrazi as E
? E
effect "Target creature becomes red until end of turn" targeting E
? E`,
			wants: []want{{line: 3, colors: "-"}, {line: 5, colors: "R", trace: []string{"5 613.3", "5 613.1e"}}},
		},
		{
			// "becomes a 2/2 creature with all creature types. It's still a
			// land." (the second sentence keeps the land type, 205.1b).
			name: "manland",
			src: `define Vault = Land "{T}: Add {C}."
Vault as V
effect "Until end of turn, target land becomes a 2/2 creature with all creature types. It's still a land." targeting V
? V`,
			wants: []want{{line: 4, pt: "2/2", types: []string{"Land", "Creature"}, subtypes: []string{"All creature types"}}},
		},
		{
			// 704.5q: +1/+1 and -1/-1 counters annihilate; 704.5f: toughness 0
			// or less is put into the graveyard.
			name: "counters annihilate and toughness 0 dies",
			src: `define Bear = {1}{G} Creature — Bear 2/2
Bear as B (2 +1/+1 counters)
put 3 -1/-1 counters on B
? B
Bear as C
effect "Target creature gets -2/-2 until end of turn" targeting C`,
			wants: []want{{line: 4, pt: "1/1"}},
		},
	}
	runCases(t, cases, nil)
}

// 608.2b: a spell with an illegal target doesn't resolve; an Aura spell
// needs something its enchant ability allows (303.4a).
func TestIllegalTargets(t *testing.T) {
	cards := testCards(t)
	src := `define Bear = {1}{G} Creature — Bear 2/2
Bear
Tormod's Crypt as TC
cast Titanic Growth targeting TC
cast Ensoul Artifact targeting Bear
? Bear`
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	r := run(s, cards)
	if len(r.Errors) != 2 || !strings.Contains(r.Errors[0].Message, "608.2b") || r.Errors[0].Line != 4 ||
		!strings.Contains(r.Errors[1].Message, "303.4a") || r.Errors[1].Line != 5 {
		t.Fatalf("errors %+v", r.Errors)
	}
	checkWant(t, r, want{line: 6, pt: "2/2", types: []string{"Creature"}})
}

// The state-based actions the engine performs are reported with their rules.
func TestStateBasedActionNotes(t *testing.T) {
	src := `define Bear = {1}{G} Creature — Bear 2/2
Bear as B (2 +1/+1 counters)
put 3 -1/-1 counters on B
Bear as C
effect "Target creature gets -2/-2 until end of turn" targeting C
? C`
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	r := run(s, nil)
	if len(r.Notes) != 2 || r.Notes[0].Rule != "704.5q" || r.Notes[0].Line != 3 || r.Notes[1].Rule != "704.5f" || r.Notes[1].Line != 5 {
		t.Fatalf("notes %+v", r.Notes)
	}
	// The Bear C died: the question about it says where it went (400.7).
	if len(r.Errors) != 0 || !gone(r, 6) {
		t.Fatalf("errors %+v results %+v", r.Errors, r.Results)
	}
	if !strings.Contains(r.Text(), "**704.5f**") {
		t.Errorf("text does not show the state-based action:\n%s", r.Text())
	}
}

// 303.4j, 301.5b: attaching to something it can't legally be attached to
// leaves it where it was.
func TestAttachIllegal(t *testing.T) {
	src := `define Pacifism = {1}{W} Enchantment — Aura "Enchant creature\nEnchanted creature can't attack or block."
define Bear = {1}{G} Creature — Bear 2/2
define Sword = {2} Artifact — Equipment "Equipped creature gets +2/+2.\nEquip {2}"
define Relic = {2} Artifact
Bear
Relic
Pacifism (attached to Bear)
Sword (attached to Bear)
attach Pacifism to Relic
attach Sword to Relic
? Bear
? can Bear attack`
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	r := run(s, nil)
	if len(r.Errors) != 2 || !strings.Contains(r.Errors[0].Message, "303.4j") || !strings.Contains(r.Errors[1].Message, "301.5b") {
		t.Fatalf("errors %+v", r.Errors)
	}
	checkWant(t, r, want{line: 11, pt: "4/4"})
	checkVerdict(t, r, verdict{line: 12, ok: false, rules: []string{"508.1c"}})
}

// 205.1a/205.1b: which types and subtypes a type-changing effect keeps.
func TestTypeChangingKeepsAndReplaces(t *testing.T) {
	src := `define Bear = {1}{G} Creature — Bear 2/2
define Citadel = {3} Artifact Land
define Relic = {2} Artifact Enchantment — Aura
define March = {3}{U} Enchantment "Each noncreature artifact is an artifact creature with power and toughness each equal to its mana value."
Bear
Citadel
effect "Target creature becomes a 1/1 Frog creature until end of turn" targeting Bear
March
? Bear
? Citadel
effect "All lands are 1/1 creatures that are still lands until end of turn"
? Citadel`
	r := mustRun(t, src, nil)
	// "a 1/1 Frog creature": the new creature type replaces Bear (205.1a).
	checkWant(t, r, want{line: 9, pt: "1/1", types: []string{"Creature"}, subtypes: []string{"Frog"}})
	// "an artifact creature" keeps its other types (205.1b): an artifact
	// land creature, 3/3 from its mana value.
	checkWant(t, r, want{line: 10, pt: "3/3", types: []string{"Artifact", "Land", "Creature"}})
	// A later 7b effect wins by timestamp; "still lands" keeps the types.
	checkWant(t, r, want{line: 12, pt: "1/1", types: []string{"Artifact", "Land", "Creature"}})
}

// One-shot actions of spells: several targets "each", destroy (and
// indestructible, 702.12b), exile, return to hand.
func TestSpellActions(t *testing.T) {
	cards := testCards(t)
	src := `define Bear = {1}{G} Creature — Bear 2/2
define Pair Pump = {1}{W} Instant "Up to two target creatures each get +1/+1 and gain lifelink until end of turn."
Bear as A
Bear as B
Bear as C
cast Pair Pump targeting A and B
? A
? B
? C
Darksteel Citadel as DC
cast Ensoul Artifact targeting DC
define Doom Blade = {1}{B} Instant "Destroy target creature."
cast Doom Blade targeting DC
? DC
cast Doom Blade targeting C
effect "Return target creature to its owner's hand" targeting B
effect "Exile target creature" targeting A`
	r := mustRun(t, src, cards)
	checkWant(t, r, want{line: 7, pt: "3/3", has: []string{"Lifelink"}})
	checkWant(t, r, want{line: 8, pt: "3/3", has: []string{"Lifelink"}})
	checkWant(t, r, want{line: 9, pt: "2/2", lacks: []string{"Lifelink"}})
	checkWant(t, r, want{line: 14, pt: "5/5"})
	var rules []string
	for _, n := range r.Notes {
		rules = append(rules, n.Rule)
	}
	if strings.Join(rules, " ") != "702.12b 701.8a 400.7 701.13a" {
		t.Errorf("notes %+v", r.Notes)
	}
}

// "this turn" is a duration like "until end of turn" (restrictions, 508.1c).
func TestThisTurnRestriction(t *testing.T) {
	src := `define Bear = {1}{G} Creature — Bear 2/2
Bear
effect "Target creature can't block this turn" targeting Bear
? can Bear block
? can Bear attack`
	r := mustRun(t, src, nil)
	checkVerdict(t, r, verdict{line: 4, ok: false, rules: []string{"509.1b"}})
	checkVerdict(t, r, verdict{line: 5, ok: true})
}

// 704.5m: an Aura that isn't attached to anything, or is attached to
// something it can't enchant, is put into its owner's graveyard.
func TestUnattachedAuraGoesToGraveyard(t *testing.T) {
	src := `define Pacifism = {1}{W} Enchantment — Aura "Enchant creature\nEnchanted creature can't attack or block."
define Forest = Basic Land — Forest
Forest
Pacifism as Loose
Pacifism as OnLand (attached to Forest)
? Loose`
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	r := run(s, nil)
	if len(r.Notes) != 2 || r.Notes[0].Rule != "704.5m" || r.Notes[0].Line != 4 || r.Notes[1].Rule != "704.5m" || r.Notes[1].Line != 5 {
		t.Fatalf("notes %+v", r.Notes)
	}
	if len(r.Errors) != 0 || !gone(r, strings.Count(src, "\n")+1) {
		t.Fatalf("errors %+v results %+v", r.Errors, r.Results)
	}
}

// 400.7: a question about a permanent that has left the battlefield is
// answered by where it went; the card there is a new object, so a check of
// what the permanent can do answers no. A permanent still on the
// battlefield under the same name is the one asked about.
func TestQuestionsAboutADepartedPermanent(t *testing.T) {
	r, at := play(t, `define Bear = {1}{G} Creature — Bear 2/2
Bear as B
Bear as C
destroy B
? B
? can B attack
? Bear
`)
	if len(r.Errors) != 0 {
		t.Fatalf("errors %+v", r.Errors)
	}
	var query, check *QueryResult
	for i := range r.Results {
		switch r.Results[i].Line {
		case at("? B"):
			query = &r.Results[i]
		case at("? can B attack"):
			check = &r.Results[i]
		}
	}
	if query == nil || query.Info == nil || !strings.Contains(query.Info.Answer, "went to your graveyard") || len(query.Reasons) != 1 || query.Reasons[0].Rule != "400.7" {
		t.Errorf("? B: %+v", query)
	}
	if check == nil || !check.IsCheck || check.Answer || len(check.Reasons) != 1 || check.Reasons[0].Rule != "400.7" {
		t.Errorf("? can B attack: %+v", check)
	}
	if gone(r, at("? Bear")) {
		t.Errorf("? Bear names the Bear still on the battlefield (C)")
	}
}
