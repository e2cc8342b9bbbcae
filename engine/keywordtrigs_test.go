package engine

import (
	"strings"
	"testing"
)

const keywordTrigDefs = `define Squire = {W} Creature — Human Soldier 1/1 "Exalted"
define Swiftspear = {R} Creature — Human Monk 1/2 "Haste\nProwess"
define Bear = {1}{G} Creature — Bear 2/2
define Bolt = {R} Instant "Bolt deals 3 damage to any target."
`

// 702.83a, 702.83b, 506.5: a creature that attacks alone gets +1/+1 until
// end of turn for each instance of exalted its controller's permanents
// have (the attacker's own included); two attackers, none.
func TestExalted(t *testing.T) {
	r, at := play(t, keywordTrigDefs+`Squire as S1
Squire as S2
Bear as B
attack with B
resolve all
? B
`)
	if q := result(t, r, at("? B")); q.Object == nil || q.Object.Power == nil || *q.Object.Power != 4 {
		t.Errorf("the Bear attacking alone with two exalted instances is 4/4: %+v; notes %+v", q.Object, r.Notes)
	}
	r, at = play(t, keywordTrigDefs+`Squire as S
Bear as B
Bear as C
attack with B and C
? stack
`)
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 0 {
		t.Errorf("two attackers: nothing attacks alone, exalted doesn't trigger: %+v", st)
	}
}

// 702.108a: casting a noncreature spell, not a creature spell.
func TestProwess(t *testing.T) {
	r, at := play(t, keywordTrigDefs+`Swiftspear as M
cast Bolt targeting opponent
resolve
? M
cast Bear
? stack
`)
	if q := result(t, r, at("? M")); q.Object == nil || q.Object.Power == nil || *q.Object.Power != 2 {
		t.Errorf("Swiftspear is 2/3 after a noncreature spell: %+v; notes %+v", q.Object, r.Notes)
	}
	if st := infoAt(t, r, at("? stack")).Stack; len(st) != 0 {
		t.Errorf("a creature spell doesn't trigger prowess: %+v", st)
	}
}

// A keyword the scenario doesn't apply is reported, never dropped: an
// answer about a creature with flanking says it may depend on it.
func TestUnappliedKeywordIsReported(t *testing.T) {
	r, _ := play(t, `define Knight = {1}{W} Creature — Human Knight 2/2 "Flanking"
Knight as K
? K
`)
	found := false
	for _, u := range r.Unmodeled {
		if strings.Contains(u.Sentence, "Flanking [keyword ability (702.25)") {
			found = true
		}
	}
	if !found {
		t.Errorf("flanking is reported as not applied: %+v", r.Unmodeled)
	}
}
