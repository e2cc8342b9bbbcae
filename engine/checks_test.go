package engine

import "testing"

// Attack, block, {T} and {Q} checks, each written from the rule it cites.
func TestChecks(t *testing.T) {
	cards := testCards(t)
	cases := []scenarioCase{
		{
			// 302.6: a creature that came under your control this turn can't
			// attack or use {T}/{Q} abilities; blocking is not restricted.
			// Runeclaw Bear has no {T} ability, and other costs may still tap
			// it: convoke (702.51a), crew (702.122a).
			name: "summoning sickness",
			src: `Runeclaw Bear as RB (new)
? can RB attack
? can RB tap
? can RB block
tap RB
? can RB untap`,
			verdicts: []verdict{
				{line: 2, ok: false, rules: []string{"302.6"}},
				{line: 3, ok: true, rules: []string{"702.51a", "702.122a", "302.6"}},
				{line: 4, ok: true, rules: []string{"509.1a"}},
				{line: 6, ok: false, rules: []string{"302.6"}},
			},
		},
		{
			// 702.10b, 702.10c: haste lets it attack and pay {T} anyway.
			name: "haste",
			src: `Thundering Giant as TG (new)
? can TG attack
? can TG tap`,
			verdicts: []verdict{
				{line: 2, ok: true, rules: []string{"702.10b"}},
				{line: 3, ok: true, rules: []string{"702.10c"}},
			},
		},
		{
			// 702.3b: defender can't attack (even with no summoning
			// sickness); it can block.
			name: "defender",
			src: `Guardians of Meletis as GM
? can GM attack
? can GM block`,
			verdicts: []verdict{
				{line: 2, ok: false, rules: []string{"702.3b"}},
				{line: 3, ok: true},
			},
		},
		{
			// 302.6 with a control change: it has not been under your control
			// continuously since your turn began (it has no {T} ability; it
			// can still convoke, 702.51a).
			name: "gained control this turn",
			src: `opponent: Runeclaw Bear as RB
you gain control of RB
? RB
? can RB attack
? can RB tap`,
			wants: []want{{line: 3, controller: "you"}},
			verdicts: []verdict{
				{line: 4, ok: false, rules: []string{"302.6"}},
				{line: 5, ok: true, rules: []string{"702.51a", "302.6"}},
			},
		},
		{
			// Control that leaves and comes back is not "continuously".
			name: "control lost and regained this turn",
			src: `Runeclaw Bear as RB
opponent gains control of RB as Steal
end Steal
? RB
? can RB attack`,
			wants:    []want{{line: 4, controller: "you"}},
			verdicts: []verdict{{line: 5, ok: false, rules: []string{"302.6"}}},
		},
		{
			// 508.1a: the scenario is your turn; the opponent's creatures
			// can't be declared as attackers.
			name: "opponent's creature on your turn",
			src: `opponent: Runeclaw Bear as RB
? can RB attack
? can RB block`,
			verdicts: []verdict{{line: 2, ok: false, rules: []string{"508.1a"}}, {line: 3, ok: true}},
		},
		{
			// 508.1a, 509.1a: attackers and blockers must be untapped; 107.5: a
			// tapped permanent can't pay {T}; 107.6: an untapped one can't pay {Q}.
			name: "tapped and untapped",
			src: `Runeclaw Bear as RB (tapped)
? can RB attack
? can RB block
? can RB tap
? can RB untap
untap RB
? can RB untap`,
			verdicts: []verdict{
				{line: 2, ok: false, rules: []string{"508.1a"}},
				{line: 3, ok: false, rules: []string{"509.1a"}},
				{line: 4, ok: false, rules: []string{"107.5"}},
				{line: 5, ok: true, rules: []string{"107.6"}},
				{line: 7, ok: false, rules: []string{"107.6"}},
			},
		},
		{
			// 302.6 applies only to creatures: a noncreature artifact that came
			// this turn can pay {T}; once it is a creature it can't.
			name: "noncreature artifact then creature",
			src: `Tormod's Crypt as TC (new)
? can TC tap
? can TC attack
effect "Target artifact becomes a 3/3 artifact creature until end of turn" targeting TC
? can TC tap`,
			verdicts: []verdict{
				{line: 2, ok: true, rules: []string{"302.6"}},
				{line: 3, ok: false, rules: []string{"508.1a"}},
				{line: 5, ok: false, rules: []string{"302.6"}},
			},
		},
		{
			// 508.1c, 509.1b: restrictions such as Pacifism's.
			name: "can't attack or block restriction",
			src: `define Pacifism = {1}{W} Enchantment — Aura "Enchant creature\nEnchanted creature can't attack or block."
Runeclaw Bear as RB
Pacifism (attached to RB)
? can RB attack
? can RB block`,
			verdicts: []verdict{
				{line: 4, ok: false, rules: []string{"508.1c"}},
				{line: 5, ok: false, rules: []string{"509.1b"}},
			},
		},
	}
	runCases(t, cases, cards)
}
