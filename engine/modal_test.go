package engine

import (
	"strings"
	"testing"
)

const modalDefs = `define Jund Charm = {B}{R}{G} Instant "Choose one —\n• Exile target player's graveyard.\n• Jund Charm deals 2 damage to each creature.\n• Put two +1/+1 counters on target creature."
define Golgari Charm = {B}{G} Instant "Choose one —\n• All creatures get -1/-1 until end of turn.\n• Destroy target enchantment.\n• Regenerate each creature you control."
define Abrade = {1}{R} Instant "Choose one —\n• Abrade deals 3 damage to target creature.\n• Destroy target artifact."
define Moment of Heroism = {1}{W} Instant "Target creature gets +2/+2 and gains lifelink until end of turn."
define Bear = {1}{G} Creature — Bear 2/2
define Ogre = {2}{R} Creature — Ogre 3/3
define Rod = {3} Artifact
define Aura of Silence = {1}{W}{W} Enchantment
`

// 700.2a: the caster chooses the modes as the spell is cast; the spell
// does what the chosen mode says, and nothing of the others.
func TestModalSpellChosenMode(t *testing.T) {
	r, at := play(t, modalDefs+`Ogre as B
opponent: Ogre as C
Rod as R
cast Jund Charm (mode 2)
? damage B
cast Abrade (mode 2) targeting R
? R
? B
cast Jund Charm (mode 3) targeting C
? C
`)
	for _, e := range r.Errors {
		if e.Line != at("? R") {
			t.Fatalf("errors %+v", r.Errors)
		}
	}
	if d := infoAt(t, r, at("? damage B")).Damage; d == nil || *d != 2 {
		t.Errorf("mode 2 deals 2 damage to each creature: %v", d)
	}
	if !gone(r, at("? R")) || gone(r, at("? B")) {
		t.Errorf("Abrade mode 2 destroys the artifact only")
	}
	if q := result(t, r, at("? C")); q.Object == nil || q.Object.Power == nil || *q.Object.Power != 5 {
		t.Errorf("mode 3: two +1/+1 counters on C: %+v", q.Object)
	}
	if !hasNote(r, "700.2a", "mode 2 (Destroy target artifact.)") {
		t.Errorf("notes %+v", r.Notes)
	}
	if len(r.Unmodeled) > 0 {
		t.Errorf("unmodelled %+v", r.Unmodeled)
	}
}

// 700.2a, 700.2: a modal spell needs its modes, a mode that exists, as many
// as it says; a spell that isn't modal takes none.
func TestModalSpellErrors(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"cast Jund Charm", "is modal"},
		{"cast Jund Charm (mode 4)", "mode 4 doesn't exist"},
		{"cast Jund Charm (modes 1 and 2)", "choose one"},
		{"cast Moment of Heroism (mode 1) targeting B", "not modal"},
	} {
		r, _ := play(t, modalDefs+"Bear as B\n"+c.line+"\n")
		if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, c.want) {
			t.Errorf("%s: errors %+v, want %q", c.line, r.Errors, c.want)
		}
	}
}

// 700.2a: a modal spell cast "(on the stack)" has its mode chosen as it is
// cast, and resolves with it.
func TestModalSpellOnTheStack(t *testing.T) {
	r, at := play(t, modalDefs+`Aura of Silence as A
cast Golgari Charm (mode 2) targeting A (on the stack)
resolve
? A
`)
	if len(r.Errors) != 0 || !gone(r, at("? A")) || strings.Count(noteTexts(r), "chosen as it is cast") != 1 {
		t.Errorf("errors %+v notes %+v", r.Errors, r.Notes)
	}
}

func noteTexts(r *Report) string {
	var b strings.Builder
	for _, n := range r.Notes {
		b.WriteString(n.Text + "\n")
	}
	return b.String()
}
