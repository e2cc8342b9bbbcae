package engine

// Soulbond (702.95): a creature paired with another. The scenario states a
// pairing with "(paired with REF)"; abilities that read "as long as ~ is
// paired with another creature, both creatures have …" apply to the two
// creatures while they stay paired.

// selPaired selects the source and the creature it is paired with.
const selPaired selKind = 100

// pairNouns name the two paired creatures.
var pairNouns = map[string]bool{"both creatures": true, "each of those creatures": true, "those creatures": true,
	"~ and the creature it's paired with": true, "each of them": true}

// pair pairs two creatures (702.95b); a creature is paired with one other
// at most (702.95d).
func (g *game) pair(a, b *Object) {
	for _, o := range []*Object{a, b} {
		if p := o.pairedWith; p != nil && p.pairedWith == o {
			p.pairedWith = nil
		}
	}
	a.pairedWith, b.pairedWith = b, a
}

// pairedSlots returns the slots of o and the creature it is paired with
// while they are paired: both creatures on the battlefield under one
// controller (702.95e); nil otherwise.
func (s *state) pairedSlots(o *Object) []int {
	if o == nil || o.pairedWith == nil || o.pairedWith.pairedWith != o || o == o.pairedWith {
		return nil
	}
	i, ok1 := s.slot[o]
	j, ok2 := s.slot[o.pairedWith]
	if !ok1 || !ok2 || !o.onBF || !o.pairedWith.onBF {
		return nil
	}
	if !s.ch[i].is("Creature") || !s.ch[j].is("Creature") || s.ch[i].Controller != s.ch[j].Controller {
		return nil
	}
	return []int{i, j}
}
