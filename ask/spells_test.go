package ask

import (
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/engine"
)

// A spell cast in response to another resolves first (405.2, 405.5,
// 608.1): the opponent's Lightning Strike waits on the stack while
// Titanic Growth makes the 0/2 Ornithopter 4/6, so the 3 damage is not
// lethal (704.5g) and Ornithopter survives. Told either way round ("in
// response to my opponent's Lightning Strike"), the spell responded to is
// cast first, by the opponent, and resolves last.
func TestSetupCastsTheResponseFirst(t *testing.T) {
	a := testAsker(t)
	growth := storyCast{spell: "Titanic Growth", targets: []string{"Ornithopter"}}
	for _, c := range []struct {
		q    string
		want []storyCast
	}{
		{"My opponent casts Lightning Strike targeting my Ornithopter. In response I cast Titanic Growth on it. Does Ornithopter survive?",
			[]storyCast{{opponent: true, spell: "Lightning Strike", targets: []string{"Ornithopter"}, waits: true}, growth}},
		{"Can I cast Titanic Growth on my Ornithopter in response to my opponent's Lightning Strike? Will it survive?",
			[]storyCast{{opponent: true, spell: "Lightning Strike", targets: []string{"Ornithopter"}, waits: true}, growth}},
		{"With Lightning Strike on the stack targeting my Ornithopter, my friend casts Titanic Growth on it before it resolves. Does it die?",
			[]storyCast{{spell: "Lightning Strike", targets: []string{"Ornithopter"}, waits: true}, growth}},
	} {
		ans := a.Ask(c.q)
		wantPerm(t, c.q, ans.Setup, storyPerm{card: "Ornithopter"})
		if !wantCasts(t, c.q, ans.Setup, c.want...) {
			continue
		}
		rep := runSetup(t, ans)
		if g := infoOf(rep, "graveyard"); strings.Contains(g, "Ornithopter") || !strings.Contains(g, "Lightning Strike") {
			t.Errorf("%q: graveyard %q, want Lightning Strike there and Ornithopter alive", c.q, g)
		}
		if !noted(rep, "120.3e", "toughness 6") {
			t.Errorf("%q: no note of 3 damage to a 4/6: %+v", c.q, rep.Notes)
		}
	}
}

// A counterspell cast in response targets the spell waiting on the stack
// (115.1) and takes it off without resolving (701.6a); nothing is left to
// resolve. One that can't target it (Essence Scatter counters a creature
// spell; Lightning Strike is an instant) is left out, and the story is
// cast without it: Lightning Strike resolves and destroys Ornithopter.
// "Unless its controller pays" is that player's choice (118.12a): the
// question says, or the spell is left out.
func TestSetupCountersTheSpellOnTheStack(t *testing.T) {
	a := testAsker(t)
	const told = "My opponent casts Lightning Strike at my Ornithopter and I respond with "
	strike := storyCast{opponent: true, spell: "Lightning Strike", targets: []string{"Ornithopter"}}
	waiting := strike
	waiting.waits = true
	for _, c := range []struct {
		response string
		want     []storyCast
		dies     bool
	}{
		{"Cancel.", []storyCast{waiting, {spell: "Cancel", targets: []string{"Lightning Strike"}}}, false},
		{"Stymied Hopes. He doesn't pay.", []storyCast{waiting, {spell: "Stymied Hopes", targets: []string{"Lightning Strike"}, paid: "not paid"}}, false},
		{"Stymied Hopes.", []storyCast{strike}, true},
		{"Essence Scatter.", []storyCast{strike}, true},
	} {
		q := told + c.response + " Does my Ornithopter die?"
		ans := a.Ask(q)
		wantPerm(t, q, ans.Setup, storyPerm{card: "Ornithopter"})
		if !wantCasts(t, q, ans.Setup, c.want...) {
			continue
		}
		rep := runSetup(t, ans)
		if g := infoOf(rep, "graveyard"); strings.Contains(g, "Ornithopter") != c.dies || !strings.Contains(g, "Lightning Strike") {
			t.Errorf("%q: graveyard %q, want Ornithopter there %v", q, g, c.dies)
		}
		if s := infoOf(rep, "stack"); !strings.Contains(s, "empty") {
			t.Errorf("%q: stack %q, want it empty", q, s)
		}
	}
}

// A spell with two targets is cast at two permanents that can be them
// (115.1): Hunt the Weak's first is a creature its caster controls, its
// second one they don't, so the Minotaur the question gives the opponent
// enters under the opponent's control and they fight (701.14a). With no
// creature the caster doesn't control named, the spell is left out.
func TestSetupCastsAtTwoTargets(t *testing.T) {
	a := testAsker(t)
	const q = "I cast Hunt the Weak on my Ornithopter and my opponent's Borderland Minotaur. What happens?"
	ans := a.Ask(q)
	wantPerm(t, q, ans.Setup, storyPerm{card: "Ornithopter"})
	wantPerm(t, q, ans.Setup, storyPerm{card: "Borderland Minotaur", opponent: true})
	if !wantCasts(t, q, ans.Setup, storyCast{spell: "Hunt the Weak", targets: []string{"Ornithopter", "Borderland Minotaur"}}) {
		t.FailNow()
	}
	rep := runSetup(t, ans)
	if !noted(rep, "701.14a", "Borderland Minotaur (P2) deals damage equal to its power (4) to Ornithopter (P1)") {
		t.Errorf("no fight: %+v", rep.Notes)
	}
	ans = a.Ask("I cast Hunt the Weak on my Ornithopter. What happens?")
	if slices.ContainsFunc(ans.Setup, func(l string) bool { return strings.Contains(l, "Hunt the Weak") }) {
		t.Errorf("setup %q: no creature the caster doesn't control, so no Hunt the Weak", ans.Setup)
	}
	runSetup(t, ans)
}

// Who casts a spell and who controls a permanent is what the question
// says: the subject nearest before the spell in its sentence, a
// possessive before a permanent.
func TestSetupReadsWhoseItIs(t *testing.T) {
	for _, c := range []struct {
		q, name string
		opp     bool
	}{
		{"I control Thassa, and my opponent targets her with Deicide.", "Deicide", true},
		{"In response I make her a Weird with Turn.", "Turn", false},
		{"Can she survive my opponent's Lightning Strike?", "Lightning Strike", true},
		{"I Shock my opponent's Ornithopter with Lightning Strike.", "Lightning Strike", false},
		{"He casts Lightning Strike at my face.", "Lightning Strike", true},
	} {
		if got := castByOpponent(c.q, strings.Index(c.q, c.name)); got != c.opp {
			t.Errorf("%q: %s cast by the opponent %v, want %v", c.q, c.name, got, c.opp)
		}
	}
	for _, c := range []struct {
		q, name string
		opp     bool
	}{
		{"I target my opponent's Excavation Mole.", "Excavation Mole", true},
		{"my opponent's got Uba Mask, while I've got Tomorrow", "Uba Mask", true},
		{"my opponent's got Uba Mask, while I've got Tomorrow", "Tomorrow", false},
		{"My opponent has my Serra Angel exiled with their Isolation Zone.", "Serra Angel", false},
		{"My opponent has my Serra Angel exiled with their Isolation Zone.", "Isolation Zone", true},
		{"My opponent controls a tapped Gideon.", "Gideon", true},
	} {
		if got := opponentControls(c.q, strings.Index(c.q, c.name)); got != c.opp {
			t.Errorf("%q: %s controlled by the opponent %v, want %v", c.q, c.name, got, c.opp)
		}
	}
}

// A spell the question casts at a permanent is cast at it even when the
// permanent can't be its target: the engine's refusal answers "can I?"
// (Ensoul Artifact enchants an artifact, 303.4a).
func TestSetupCastsAtWhatTheQuestionSays(t *testing.T) {
	a := testAsker(t)
	ans := a.Ask("Can I cast Ensoul Artifact on my Runeclaw Bear and attack with it?")
	if !slices.Contains(ans.Setup, "cast Ensoul Artifact targeting P1") {
		t.Errorf("setup %q, want Ensoul Artifact cast at the Bear", ans.Setup)
	}
}

// A permanent the question says a player casts is a permanent spell
// (601.2a), cast from its caster's hand. A spell that counters it can be
// cast only while it is on the stack (115.1, 601.2c), so the story has it
// wait there: Cancel counters it, and the card goes from the stack to its
// owner's graveyard without entering (701.6a). Negate can target only a
// noncreature spell, so it is left out, and the creature spell resolves:
// it enters under its caster's control (608.3a), and a creature that
// entered this turn can't attack (302.6).
func TestSetupCountersACreatureSpell(t *testing.T) {
	a := testAsker(t)
	bear := storyPerm{card: "Runeclaw Bear", opponent: true, inHand: true}
	q := "My opponent casts Runeclaw Bear and I cast Cancel on it. Where does it go?"
	ans := a.Ask(q)
	wantPerm(t, q, ans.Setup, bear)
	if !wantCasts(t, q, ans.Setup, storyCast{opponent: true, spell: "Runeclaw Bear", waits: true}, storyCast{spell: "Cancel", targets: []string{"Runeclaw Bear"}}) {
		t.FailNow()
	}
	rep := runSetup(t, ans)
	if v := rep.Results[0].Object; v == nil || v.Zone != "the opponent's graveyard" {
		t.Errorf("? P1: %+v, want the countered card in its owner's graveyard", v)
	}
	if !noted(rep, "701.6a", "Cancel counters Runeclaw Bear (P1)") || noted(rep, "608.3a", "") {
		t.Errorf("notes %+v, want it countered and never entering", rep.Notes)
	}

	q = "My opponent casts Runeclaw Bear. In response I cast Negate. Can his Bear attack?"
	ans = a.Ask(q)
	wantPerm(t, q, ans.Setup, bear)
	if !wantCasts(t, q, ans.Setup, storyCast{opponent: true, spell: "Runeclaw Bear"}) {
		t.FailNow()
	}
	rep = runSetup(t, ans)
	if v := rep.Results[0].Object; v == nil || v.Zone != "" || v.Controller != "opponent" {
		t.Errorf("? P1: %+v, want it on the battlefield under the opponent's control", v)
	}

	ans = a.Ask("I cast Runeclaw Bear. Can it attack this turn?")
	rep = runSetup(t, ans)
	for _, r := range rep.Results {
		if r.IsCheck && (r.Answer || !slices.ContainsFunc(r.Reasons, func(x engine.Reason) bool { return x.Rule == "302.6" })) {
			t.Errorf("%q: %+v, want no by 302.6", r.Query, r)
		}
	}
}

// Told without "in response", a counterspell told after the spell it
// counters still responds to it (115.1): the opponent's Lightning Strike
// waits, Cancel counters it, and nothing is left to resolve.
func TestSetupCounterspellRespondsToWhatItCounters(t *testing.T) {
	a := testAsker(t)
	const q = "My opponent casts Lightning Strike at my Ornithopter and I cast Cancel. Does Ornithopter die?"
	ans := a.Ask(q)
	if !wantCasts(t, q, ans.Setup, storyCast{opponent: true, spell: "Lightning Strike", targets: []string{"Ornithopter"}, waits: true},
		storyCast{spell: "Cancel", targets: []string{"Lightning Strike"}}) {
		t.FailNow()
	}
	rep := runSetup(t, ans)
	if g := infoOf(rep, "graveyard"); strings.Contains(g, "Ornithopter") {
		t.Errorf("graveyard %q: Lightning Strike was countered", g)
	}
}

// A spell's name used as the verb for casting it ("he Cancelled it") is
// that spell, cast by the verb's subject; told after the spell it
// counters, it responds to it (115.1) and counters it (701.6a): Titanic
// Growth never resolves, and Ornithopter stays 0/2.
func TestSetupReadsASpellNameAsAVerb(t *testing.T) {
	a := testAsker(t)
	const q = "I cast Titanic Growth on my Ornithopter and he Cancelled it. Is Ornithopter 4/6 now?"
	ans := a.Ask(q)
	if !wantCasts(t, q, ans.Setup, storyCast{spell: "Titanic Growth", targets: []string{"Ornithopter"}, waits: true},
		storyCast{opponent: true, spell: "Cancel", targets: []string{"Titanic Growth"}}) {
		t.FailNow()
	}
	rep := runLines(t, ans.Setup, catalogueSource{a.kb.Cards}) // Cancel is not among the answer's cards
	if v := rep.Results[0].Object; v == nil || v.Power == nil || *v.Power != 0 || *v.Toughness != 2 {
		t.Errorf("? P1: %+v, want 0/2: Titanic Growth was countered", v)
	}
	for _, c := range []struct {
		q, name string
		opp     bool
	}{
		{"he Cancelled it", "Cancelled", true},
		{"I Cancelled it", "Cancelled", false},
		{"My opponent Cancelled it", "Cancelled", true},
	} {
		if got := castByOpponent(c.q, strings.Index(c.q, c.name)); got != c.opp {
			t.Errorf("%q: cast by the opponent %v, want %v", c.q, got, c.opp)
		}
	}
	// Lower case, or at the start of a sentence, it is a word.
	for _, q := range []string{"I cast Titanic Growth and he cancelled it.", "Cancelled spells go to the graveyard."} {
		if l := a.names.castHalves(q, a.names.link(q)); slices.ContainsFunc(l, func(l Link) bool { return l.Card.Name == "Cancel" }) {
			t.Errorf("%q: Cancel linked", q)
		}
	}
}

// A permanent spell cast with nothing waiting resolves and enters
// (608.3a); its enters-the-battlefield ability triggers (603.6a), goes on
// the stack and resolves before the story goes on: Tireless Missionaries'
// controller gains 3 life.
func TestSetupResolvesWhatAPermanentSpellTriggers(t *testing.T) {
	a := testAsker(t)
	const q = "I cast Tireless Missionaries. What happens?"
	ans := a.Ask(q)
	wantPerm(t, q, ans.Setup, storyPerm{card: "Tireless Missionaries", inHand: true})
	if !wantCasts(t, q, ans.Setup, storyCast{spell: "Tireless Missionaries"}) {
		t.FailNow()
	}
	rep := runSetup(t, ans)
	if !noted(rep, "608.2", "Tireless Missionaries (P1)'s triggered ability resolves") || !slices.ContainsFunc(rep.Notes, func(n engine.Note) bool { return strings.Contains(n.Text, "23 life") }) {
		t.Errorf("notes %+v, want the trigger resolved and 23 life", rep.Notes)
	}
}

// story is what a setup tells of a story: the permanents it starts with
// (by alias) and the spells cast, in order. The tests state these facts,
// which the question and the cards' rules decide, rather than the lines
// as printed.
type story struct {
	perms map[string]storyPerm
	casts []storyCast
}

// storyPerm is a permanent the setup puts on the battlefield, or a card a
// player casts from their hand.
type storyPerm struct {
	card     string
	opponent bool // the opponent controls it
	inHand   bool // it starts in its caster's hand: a permanent spell
}

// storyCast is a spell cast: by whom, which card, at what (permanents and
// spells by their card names, players as "you" or "opponent"), whether it
// waits on the stack while what follows is cast, and whether its
// controller pays for a counterspell's "unless" ("paid", "not paid").
type storyCast struct {
	opponent bool
	spell    string
	targets  []string
	waits    bool
	paid     string
}

func (c storyCast) String() string {
	s := "you cast " + c.spell
	if c.opponent {
		s = "opponent casts " + c.spell
	}
	if len(c.targets) > 0 {
		s += " at " + strings.Join(c.targets, " and ")
	}
	if c.paid != "" {
		s += " (" + c.paid + ")"
	}
	if c.waits {
		s += ", which waits"
	}
	return s
}

func castList(cs []storyCast) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return "[" + strings.Join(out, "; ") + "]"
}

// readStory reads a setup's permanents and casts.
func readStory(setup []string) story {
	tl := story{perms: map[string]storyPerm{}}
	name := func(ref string) string {
		if p, ok := tl.perms[ref]; ok {
			return p.card
		}
		return ref
	}
	for _, l := range setup {
		opp := false
		if rest, ok := strings.CutPrefix(l, "opponent: "); ok {
			l, opp = rest, true
		}
		if rest, ok := strings.CutPrefix(l, "cast "); ok {
			c := storyCast{opponent: opp}
			for _, m := range []struct {
				suffix string
				set    func()
			}{
				{" (on the stack)", func() { c.waits = true }},
				{" (not paid)", func() { c.paid = "not paid" }},
				{" (paid)", func() { c.paid = "paid" }},
			} {
				if r, ok := strings.CutSuffix(rest, m.suffix); ok {
					rest = r
					m.set()
				}
			}
			spell, targets, _ := strings.Cut(rest, " targeting ")
			if i := strings.Index(spell, " (mode "); i >= 0 {
				spell = spell[:i]
			}
			c.spell = name(spell)
			if targets != "" {
				for _, r := range strings.Split(targets, " and ") {
					c.targets = append(c.targets, name(r))
				}
			}
			tl.casts = append(tl.casts, c)
			continue
		}
		if card, alias, ok := strings.Cut(l, " as "); ok && !strings.HasPrefix(l, "?") {
			inHand := strings.HasSuffix(alias, " (in hand)")
			alias = strings.TrimSuffix(alias, " (in hand)")
			tl.perms[alias] = storyPerm{card: card, opponent: opp, inHand: inHand}
		}
	}
	return tl
}

// wantCasts checks the spells a setup casts, in order.
func wantCasts(t *testing.T, q string, setup []string, want ...storyCast) bool {
	t.Helper()
	got := readStory(setup).casts
	same := func(a, b storyCast) bool {
		return a.opponent == b.opponent && a.spell == b.spell && slices.Equal(a.targets, b.targets) && a.waits == b.waits && a.paid == b.paid
	}
	if !slices.EqualFunc(got, want, same) {
		t.Errorf("%q: casts %s, want %s (setup %q)", q, castList(got), castList(want), setup)
		return false
	}
	return true
}

// wantPerm checks that a setup starts with a card: whose it is, and
// whether it starts in its caster's hand.
func wantPerm(t *testing.T, q string, setup []string, want storyPerm) {
	t.Helper()
	for _, p := range readStory(setup).perms {
		if p == want {
			return
		}
	}
	t.Errorf("%q: no %+v in setup %q", q, want, setup)
}

// A spell cast "on it" is cast at the permanent named last before it, not
// at the first the question names.
func TestSetupCastsOnItAtThePermanentNamedLast(t *testing.T) {
	a := testAsker(t)
	q := "My opponent has Runeclaw Bear and I attack with Ornithopter; he casts Sip of Hemlock on it"
	ans := a.Ask(q)
	wantCasts(t, q, ans.Setup, storyCast{opponent: true, spell: "Sip of Hemlock", targets: []string{"Ornithopter"}})
}

// An additional cost of sacrificing is paid as the spell is cast
// (601.2h): the set-up casts Life's Legacy sacrificing the creature the
// question says, not another the caster controls.
func TestSetupSacrificesWhatTheQuestionSays(t *testing.T) {
	a := testAsker(t)
	q := "I control Ornithopter and Runeclaw Bear and cast Life's Legacy sacrificing Runeclaw Bear. How many cards do I draw?"
	ans := a.Ask(q)
	alias := ""
	for _, l := range ans.Setup {
		if name, as, ok := strings.Cut(l, " as "); ok && name == "Runeclaw Bear" {
			alias = as
		}
	}
	if alias == "" || !slices.Contains(ans.Setup, "cast Life's Legacy (sacrificing "+alias+")") {
		t.Fatalf("set-up %q: want Life's Legacy cast sacrificing the Bears", ans.Setup)
	}
	rep := runSetup(t, ans)
	if !noted(rep, "601.2h", "sacrifice Runeclaw Bear") || noted(rep, "601.2h", "Ornithopter") {
		t.Errorf("the Bear is sacrificed as the spell is cast, Ornithopter stays: notes %+v", rep.Notes)
	}
}
