package engine

import (
	"strings"
	"testing"
)

// "As ~ enters, choose a card name" is a choice made before it enters
// (614.12a); the name must be a card's (201.4). Stated "(named NAME)", the
// text that refers to "the chosen name" reads that name.
func TestNamedCard(t *testing.T) {
	cases := []scenarioCase{
		{
			name: "614.12a the chosen name in an anthem",
			src: `define Name Banner = {3} Enchantment "As this enchantment enters, choose a card name.\nCreatures with the chosen name get +1/+1."
define Grizzly Bears = {1}{G} Creature — Bear 2/2
define Bear Cub = {1}{G} Creature — Bear 2/2
Name Banner (named grizzly bears)
Grizzly Bears
Bear Cub
? Grizzly Bears
? Bear Cub`,
			wants: []want{
				{line: 7, pt: "3/3", trace: []string{"7c", "Creatures named Grizzly Bears get +1/+1"}},
				{line: 8, pt: "2/2"},
			},
		},
		{
			name: "Phyrexian Revoker names Runeclaw Bear",
			src: `Phyrexian Revoker as R (named Runeclaw Bear)
? R`,
			wants: []want{{line: 2, has: []string{"Activated abilities of sources named Runeclaw Bear can't be activated."}}},
		},
	}
	runCases(t, cases, testCards(t))

	// 201.4: a name that is no card's is refused with the rule.
	s, err := Parse("Phyrexian Revoker (named Bob the Unreal)")
	if err != nil {
		t.Fatal(err)
	}
	r := run(s, testCards(t))
	if len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, "201.4") {
		t.Errorf("want an error citing 201.4, got %+v", r.Errors)
	}
	if _, err := Parse("Phyrexian Revoker (named )"); err == nil {
		t.Errorf("an empty name parsed")
	}
}
