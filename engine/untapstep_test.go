package engine

import (
	"testing"
)

// Real cards' Oracle wording (Mana Vault's first ability, Take into
// Custody, Decision Paralysis).
const untapDefs = `define Vault = {1} Artifact "Vault doesn't untap during your untap step.\n{T}: Add {C}{C}{C}."
define Take into Custody = {U} Instant "Tap target creature. It doesn't untap during its controller's next untap step."
define Decision Paralysis = {3}{U} Instant "Tap up to two target creatures. Those creatures don't untap during their controller's next untap step."
define Bear = {1}{G} Creature — Bear 2/2
define Ogre = {2}{R} Creature — Ogre 3/3
`

// 502.3: the active player untaps their permanents, but effects can keep
// some from untapping: a permanent that "doesn't untap during your untap
// step" stays tapped turn after turn; the rest untap.
func TestDoesntUntapDuringUntapStep(t *testing.T) {
	r, at := play(t, untapDefs+`Vault as V
Bear as B
tap V
tap B
next turn
next turn
? V
? B
`)
	if !tappedAt(t, r, at("? V")) {
		t.Errorf("the Vault doesn't untap during its controller's untap step: notes %+v", r.Notes)
	}
	if tappedAt(t, r, at("? B")) {
		t.Error("the Bear untaps")
	}
	if !hasNote(r, "502.3", "Vault (V) stays tapped") {
		t.Errorf("notes %+v", r.Notes)
	}
}

// Take into Custody: the creature stays tapped through its controller's
// next untap step only; the one after, it untaps. The opponent's untap
// step, which comes first, is not its controller's.
func TestDoesntUntapDuringNextUntapStep(t *testing.T) {
	r, _ := play(t, untapDefs+`Bear as B
cast Take into Custody targeting B
next turn
? B
next turn
? B
next turn
next turn
? B
`)
	lines := []int{}
	for _, q := range r.Results {
		if q.Object != nil {
			lines = append(lines, q.Line)
		}
	}
	if len(lines) != 3 {
		t.Fatalf("answers on lines %v; errors %+v", lines, r.Errors)
	}
	for i, want := range []bool{true, true, false} {
		if got := tappedAt(t, r, lines[i]); got != want {
			t.Errorf("answer %d (line %d): tapped %v, want %v; notes %+v", i+1, lines[i], got, want, r.Notes)
		}
	}
}

// Decision Paralysis: each of its targets.
func TestThoseCreaturesDontUntap(t *testing.T) {
	r, at := play(t, untapDefs+`opponent: Bear as B
opponent: Ogre as O
cast Decision Paralysis targeting B and O
next turn
? B
? O
`)
	if !tappedAt(t, r, at("? B")) || !tappedAt(t, r, at("? O")) {
		t.Errorf("both stay tapped through the opponent's untap step: notes %+v, errors %+v", r.Notes, r.Errors)
	}
}
