package ask

import (
	"testing"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// A cue read in the sentences that ask weighs fully; the same words only in
// the set-up describe the situation ("a 3/3 token") and weigh storyCue.
func TestCuesWeighTheAskingSentences(t *testing.T) {
	if w := cues("I control a 3/3 Angel token and cast a spell. What happens?")["613.4b"]; w != storyCue {
		t.Errorf("P/T in the set-up: 613.4b weighs %v, want %v", w, storyCue)
	}
	if w := cues("I control an Angel token and cast a spell. How big is the token?")["613.4b"]; w != 1 {
		t.Errorf("size asked: 613.4b weighs %v, want 1", w)
	}
}

// The phrases of the cues added from the CR's own wording point at the
// rules that use those words: 603.2c (an ability triggers once each time,
// or repeatedly), 400.3 and 108.3 (a card goes to its owner's zone), 103.8a
// (the player who plays first skips the draw), 118.3 (a cost that can't be
// paid), 500.8 (extra phases), 616.1 (the order of replacement effects).
func TestCuesFromTheRulesWords(t *testing.T) {
	cases := []struct{ q, rule string }{
		{"Does the ability trigger twice when both enter?", "603.2c"},
		{"Who owns the card once it goes back to the hand?", "400.3"},
		{"I stole the creature and bounced it: does it go to my hand?", "108.3"},
		{"Does the player who goes first skip the upkeep too?", "103.8a"},
		{"What if I can't pay the cost?", "118.3"},
		{"Do I get an extra combat phase?", "500.8"},
		{"In what order are the replacement effects applied?", "616.1"},
		{"Who controls the token it makes?", "110.2"},
		{"Under whose control does it return?", "110.2"},
	}
	for _, c := range cases {
		if cues(c.q)[c.rule] == 0 {
			t.Errorf("%q: no cue for %s (%v)", c.q, c.rule, cues(c.q))
		}
	}
	if w := cues("Does the creature survive the fight?")["400.3"]; w != 0 {
		t.Errorf("no owner asked: 400.3 weighs %v", w)
	}
}

// A keyword a story states is the ability; the same word among a name's
// capitalised words is the name's ("Thryx, the Sudden Storm").
func TestStatedKeywords(t *testing.T) {
	a := testAsker(t)
	got := a.statedKeywords("I control Thryx, the Sudden Storm and a creature with Trample.")
	if len(got) != 1 || got[0] != a.keyword["trample"] {
		t.Errorf("statedKeywords = %v, want only trample's rule %s", got, a.keyword["trample"])
	}
	if got := a.statedKeywords("Flying creatures can be blocked only by flying or reach creatures."); len(got) != 2 {
		t.Errorf("keywords at a sentence's start and mid-sentence: %v, want flying and reach", got)
	}
}

// What a card's cost and type line say point at their rules: an {X} in the
// mana cost (107.3a, 202.3e, 601.2b), several card types (205.2b); extra
// phases (500.8), a mana ability (605.3b) and a replaced event (614.6)
// from its Oracle text.
func TestCardRulesFromCostTypesAndText(t *testing.T) {
	a := testAsker(t)
	cases := []struct {
		card  cards.Card
		rules []string
	}{
		{cards.Card{Name: "X Spell", ManaCost: "{X}{U}{U}", TypeLine: "Sorcery", Types: []string{"Sorcery"}, Text: "Draw X cards."},
			[]string{"107.3a", "202.3e", "601.2b"}},
		{cards.Card{Name: "Tree Land", TypeLine: "Land Creature — Forest Dryad", Types: []string{"Land", "Creature"}},
			[]string{"205.2b"}},
		{cards.Card{Name: "Extra", TypeLine: "Sorcery", Types: []string{"Sorcery"}, Text: "After this main phase, there is an additional combat phase followed by an additional main phase."},
			[]string{"500.8"}},
		{cards.Card{Name: "Copier", TypeLine: "Enchantment", Types: []string{"Enchantment"}, Text: "Whenever you cast a spell or activate an ability that isn't a mana ability, copy it."},
			[]string{"605.3b", "601.2"}},
		{cards.Card{Name: "Shuffler", TypeLine: "Instant", Types: []string{"Instant"}, Text: "If Shuffler would be put into a graveyard from anywhere, shuffle it into its owner's library instead."},
			[]string{"614.6", "614.1a"}},
	}
	for _, c := range cases {
		got := a.cardRules(&c.card, nil)
		for id, w := range costRules(&c.card) {
			got[id] = w
		}
		for _, r := range c.rules {
			if got[r] == 0 {
				t.Errorf("%s: no %s in %v", c.card.Name, r, got)
			}
		}
	}
	plain := cards.Card{Name: "Bear", ManaCost: "{1}{G}", TypeLine: "Creature — Bear", Types: []string{"Creature"}}
	if got := a.cardRules(&plain, nil); got["205.2b"] != 0 {
		t.Errorf("a plain creature: %v", got)
	}
	if got := costRules(&plain); got["202.3e"] != 0 {
		t.Errorf("a cost without X: %v", got)
	}
	// The cost counts when the question asks about it.
	x := &cases[0].card
	if f := a.features([]*cards.Card{x}, "How much mana do I pay for X Spell with X=2?"); f["202.3e"] == 0 {
		t.Errorf("cost asked: no 202.3e in %v", f)
	}
	if f := a.features([]*cards.Card{x}, "Can Flood be countered by a creature's ability?"); f["202.3e"] != 0 {
		t.Errorf("cost not asked: 202.3e in %v", f)
	}
}

// A survival question points at the state-based actions of the kinds it
// names in its own words (704.5m for an Aura, 704.5d for a token), the
// one its words single out among a kind's (lethal damage, 704.5g, when it
// speaks of damage), and at the legend rule (704.5j) only when a second
// legendary permanent of the name is in it.
func TestSurvivalKindsFromTheQuestion(t *testing.T) {
	a := testAsker(t)
	f := a.features(nil, "My opponent kills the token enchanted with my Aura with a removal spell; does the Aura go to the graveyard too?")
	if f["704.5m"] == 0 || f["704.5d"] == 0 {
		t.Errorf("Aura and token named: 704.5m %v, 704.5d %v", f["704.5m"], f["704.5d"])
	}
	bear := &cards.Card{Name: "Bear", TypeLine: "Creature — Bear", Types: []string{"Creature"}}
	f = a.features([]*cards.Card{bear}, "Pestilence deals 1 damage to each creature; does the Bear die?")
	if f["704.5g"] <= f["704.5f"] {
		t.Errorf("damage: 704.5g %v should weigh more than 704.5f %v", f["704.5g"], f["704.5f"])
	}
	legend := &cards.Card{Name: "Angel Lord", TypeLine: "Legendary Creature — Angel", Types: []string{"Creature"}, Supertypes: []string{"Legendary"}}
	if f := a.features([]*cards.Card{legend}, "If I cast another Angel Lord, does one die?"); f["704.5j"] != survivalWeight*survivalSingled {
		t.Errorf("second legend: 704.5j %v", f["704.5j"])
	}
	if f := a.features([]*cards.Card{legend}, "If it is dealt 3 damage, does it die?"); f["704.5j"] == survivalWeight*survivalSingled {
		t.Errorf("one legend: 704.5j %v", f["704.5j"])
	}
}

// A question that only asks what happens ("..., what happens?") names
// nothing of its own; one that asks something does not.
func TestOpenAsk(t *testing.T) {
	for q, want := range map[string]bool{
		"What happens?": true,
		"If I cast another          , what happens?":                                 true,
		"If I control        and my opponent enchants him with      , what happens?": true,
		"How does that work?":                     true,
		"Can I cast the spell from my graveyard?": false,
		"What happens to the counters on it?":     false,
	} {
		if got := openAsk.MatchString(q); got != want {
			t.Errorf("openAsk(%q) = %v, want %v", q, got, want)
		}
	}
}

// A permanent killed, destroyed or sacrificed whose triggers the question
// asks about points at the look-back rule (603.10a), as dying does.
func TestLookBackCue(t *testing.T) {
	for _, q := range []string{
		"If the creature is killed, does the other ability trigger?",
		"When it is sacrificed, does it see its own counters?",
	} {
		if cues(q)["603.10a"] == 0 {
			t.Errorf("%q: no 603.10a in %v", q, cues(q))
		}
	}
}

// 616.1 decides between two or more replacement and/or prevention effects:
// one card whose one effect both replaces and prevents is not two, two
// cards with such effects are.
func TestReplacementInteractionNeedsTwoCards(t *testing.T) {
	a := testAsker(t)
	shield := &cards.Card{Name: "Shield Goat", TypeLine: "Creature — Goat", Types: []string{"Creature"},
		Text: "If noncombat damage would be dealt to Shield Goat, prevent that damage."}
	mask := &cards.Card{Name: "Draw Mask", TypeLine: "Artifact", Types: []string{"Artifact"},
		Text: "If a player would draw a card, that player exiles the top card of their library instead."}
	if w := a.features([]*cards.Card{shield}, "What happens?")["616.1"]; w == interactionWeight {
		t.Errorf("one card: 616.1 weighs %v", w)
	}
	if w := a.features([]*cards.Card{shield, mask}, "What happens?")["616.1"]; w != interactionWeight {
		t.Errorf("two cards: 616.1 weighs %v, want %v", w, float64(interactionWeight))
	}
}

// Between the rules a card points at, the one fewer cards of the
// catalogue point at weighs a little more: a fight (701.14a) over having
// a triggered ability (603.2), which most cards have.
func TestRarityOrdersACardsRules(t *testing.T) {
	a := testAsker(t)
	a.rarity("603.2")
	if a.ruleCards == 0 || a.ruleDF["603.2"] == 0 {
		t.Fatalf("no rules counted: %d cards, 603.2 on %d", a.ruleCards, a.ruleDF["603.2"])
	}
	if r := a.rarity("603.2"); r >= 1 || r >= a.rarity("701.14a") {
		t.Errorf("rarity 603.2 %v, 701.14a %v", r, a.rarity("701.14a"))
	}
	brawler := &cards.Card{Name: "Brawler", TypeLine: "Creature — Ogre", Types: []string{"Creature"},
		Text: "When Brawler enters the battlefield, it fights target creature you don't control.", Keywords: []string{"Fight"}}
	f := a.features([]*cards.Card{brawler}, "What happens?")
	if f["701.14a"] <= f["603.2"] {
		t.Errorf("fight %v should weigh more than a triggered ability %v", f["701.14a"], f["603.2"])
	}
}

// The cues that name their principle in the CR's own terms point at the
// rule that states it, and weigh namedCue in the sentences that ask: what
// makes a mana ability (605.1a), the two combat damage steps (510.4), a
// commander (903.3), cast triggers (601.2i), kinds of ability (603.1,
// 602.1, 604.1), an ability without its source (113.7a), what "dies" means
// (700.4), a player leaving the game (800.4a), two replacement effects
// (616.1), no refund for a countered spell (701.6b) and the owner's zone
// (400.3).
func TestNamedCues(t *testing.T) {
	cases := []struct{ q, rule string }{
		{"Is the sacrifice ability of my artifact a mana ability?", "605.1a"},
		{"Does tapping it count as a mana ability even with a target?", "605.1a"},
		{"Once first strike damage is dealt, can I cast an instant before regular damage?", "510.4"},
		{"Can I cast a removal spell between first-strike and normal combat damage?", "510.4"},
		{"Could an artifact creature be my commander?", "903.3"},
		{"Is a legendary Vehicle eligible as a commander?", "903.3"},
		{"Does the cast trigger still go off if the spell is countered?", "601.2i"},
		{"If my creature spell gets countered, do I still draw from the trigger?", "601.2i"},
		{"Is the echo upkeep cost considered a triggered ability?", "603.1"},
		{"Is that an activated ability or a static one?", "602.1"},
		{"Does that count as a static ability?", "604.1"},
		{"Can I sacrifice the creature in response to its own trigger?", "113.7a"},
		{"Can I bounce the artifact before I have to pay for it?", "113.7a"},
		{"Does the trigger still resolve if its source is gone?", "113.7a"},
		{"Does being put into exile from the battlefield count as dying?", "700.4"},
		{"What does dies mean?", "700.4"},
		{"In a multiplayer game, what happens to my creatures when the player who stole them leaves the game?", "800.4a"},
		{"Two cards say would and instead: which one applies first?", "616.1"},
		{"If my spell is countered, do I get the mana back?", "701.6b"},
		{"My opponent countered the spell: is the creature I sacrificed for it still sacrificed?", "701.6b"},
		{"Does it go to my graveyard or my opponent's?", "400.3"},
		{"Can I keep their creature in my hand after bouncing it?", "400.3"},
	}
	for _, c := range cases {
		if w := cues(c.q)[c.rule]; w != namedCue {
			t.Errorf("%q: %s weighs %v, want %v (%v)", c.q, c.rule, w, float64(namedCue), cues(c.q))
		}
	}
	// The same words that only describe, or ask something else, do not.
	for _, c := range []struct{ q, rule string }{
		{"Since mana abilities don't use the stack, what does my opponent see?", "605.1a"},
		{"My creature has first strike. Does it deal damage?", "510.4"},
		{"My commander is a Vehicle; does crewing it count as casting?", "903.3"},
		{"Can the spell be countered?", "601.2i"},
		{"When the ward trigger resolves and my spell is countered, do I lose the mana?", "601.2i"},
		{"Can I kill the creature in response to the removal spell's ability?", "113.7a"},
		{"Can I concede?", "800.4a"},
		{"If the card cast with flashback is countered, is it still exiled?", "701.6b"},
		{"Who owns a token?", "400.3"},
	} {
		if w := cues(c.q)[c.rule]; w >= namedCue {
			t.Errorf("%q: %s weighs %v", c.q, c.rule, w)
		}
	}
	// In the story around the question, a named cue weighs as any other.
	if w := cues("My opponent left the game in our multiplayer match. What happens to the tokens?")["800.4a"]; w != storyCue {
		t.Errorf("leaving the game in the story: 800.4a weighs %v, want %v", w, storyCue)
	}
}

// Asking to respond to a named card's replacement effect points at the
// replacement rules (614.1a, 614.6): there is nothing on the stack to
// respond to. A card that triggers too, or a question that does not ask
// to respond, does not.
func TestResponseToAReplacement(t *testing.T) {
	warden := &cards.Card{Name: "Warden", TypeLine: "Creature — Human", Types: []string{"Creature"},
		Text: "Flash\nIf a nontoken creature would enter and it wasn't cast, exile it instead."}
	watcher := &cards.Card{Name: "Watcher", TypeLine: "Creature — Human", Types: []string{"Creature"},
		Text: "When Watcher enters, exile target creature an opponent controls until Watcher leaves the battlefield."}
	if f := cardCues([]*cards.Card{warden}, "Can I activate my creature's ability in response to the exile?"); f["614.6"] != namedCue || f["614.1a"] != namedCue {
		t.Errorf("response to a replacement: %v", f)
	}
	if f := cardCues([]*cards.Card{watcher}, "Can I activate my creature's ability in response to the exile?"); len(f) != 0 {
		t.Errorf("response to a trigger: %v", f)
	}
	if f := cardCues([]*cards.Card{warden}, "Does my creature get exiled?"); len(f) != 0 {
		t.Errorf("no response asked: %v", f)
	}
}

// More cues that name their principle: entering with counters is having
// counters put on (122.6), a land set to a basic land type (305.7), a copy
// is not cast (707.10), mana abilities don't use the stack (605.3b), all
// players losing at once is a draw (104.4a), drawing from an empty library
// (704.5b), the maximum hand size (402.2), the mana pool empties (106.4),
// damage wears off in the cleanup step (514.2), "at the beginning of"
// triggers only as the step begins (603.2b), an effect affects what it
// doesn't target (115.10); and a look back in time (603.10a).
func TestMoreNamedCues(t *testing.T) {
	cases := []struct{ q, rule string }{
		{"Does my enchantment trigger when a creature enters with a +1/+1 counter on it?", "122.6"},
		{"If my opponent's land becomes a Mountain, does it lose its abilities?", "305.7"},
		{"Can I turn the utility land into an Island?", "305.7"},
		{"Does the copy count as casting a spell for my prowess?", "707.10"},
		{"Is the copy cast, so that my trigger goes off?", "707.10"},
		{"Can my opponent respond to my mana ability?", "605.3b"},
		{"Does a mana ability use the stack?", "605.3b"},
		{"What happens if both players lose at the same time?", "104.4a"},
		{"Is the game a draw then?", "104.4a"},
		{"What if I have to draw with an empty library?", "704.5b"},
		{"Do I lose if I run out of cards?", "704.5b"},
		{"Is there a maximum hand size?", "402.2"},
		{"Does the mana stay in my pool until combat?", "106.4"},
		{"Can I keep the mana for my second main phase?", "106.4"},
		{"Does the damage wear off at the end of the turn?", "514.2"},
		{"If I cast it during my upkeep, does its upkeep ability trigger this turn?", "603.2b"},
		{"Does hexproof stop a spell that affects each creature?", "115.10"},
	}
	for _, c := range cases {
		if w := cues(c.q)[c.rule]; w != namedCue {
			t.Errorf("%q: %s weighs %v, want %v (%v)", c.q, c.rule, w, float64(namedCue), cues(c.q))
		}
	}
	for _, c := range []struct{ q, rule string }{
		{"My creature enters the battlefield. What counters does it have?", "122.6"},
		{"What are the basic land types?", "305.7"},
		{"I cast a spell and copy it. What happens?", "707.10"},
		{"Is tapping a land for mana a mana ability?", "605.3b"},
		{"Do both players lose 2 life?", "104.4a"},
		{"Can I tap the land for mana and keep my creature untapped this turn?", "106.4"},
		{"It deals 3 damage divided among the remaining creatures?", "514.2"},
		{"If I play a land during my main phase, does landfall trigger?", "603.2b"},
		{"Does the creature with hexproof die?", "115.10"},
	} {
		if w := cues(c.q)[c.rule]; w >= namedCue {
			t.Errorf("%q: %s weighs %v", c.q, c.rule, w)
		}
	}
	if cues("Would the trigger see that the dying creature had flying?")["603.10a"] != 1 {
		t.Error("seeing a dying creature: no look back in time")
	}
}

// Cues of the stack and the turn: dying together looks back in time
// (603.10a), an illegal target (608.2b), the last added resolves first
// (405.5), one land a turn (305.2), "until end of turn" ends in the cleanup
// step (514.2), a token in another zone ceases to exist (111.7).
func TestStackAndTurnCues(t *testing.T) {
	cases := []struct{ q, rule string }{
		{"If my enchantment and the creatures die at the same time, does it trigger for each?", "603.10a"},
		{"Does the artifact see the creatures that were destroyed simultaneously with it?", "603.10a"},
		{"Is the creature an illegal target once it changes color?", "608.2b"},
		{"Can I give my creature protection from red in response to the burn spell?", "608.2b"},
		{"Which one resolves first, my instant or his?", "405.5"},
		{"Can I play two lands in one turn with it?", "305.2"},
		{"Does it give me an extra land drop?", "305.2"},
		{"When does a bonus until end of turn wear off?", "514.2"},
		{"Does the token go to the graveyard before it disappears?", "111.7"},
	}
	for _, c := range cases {
		if w := cues(c.q)[c.rule]; w != namedCue {
			t.Errorf("%q: %s weighs %v, want %v (%v)", c.q, c.rule, w, float64(namedCue), cues(c.q))
		}
	}
	for _, c := range []struct{ q, rule string }{
		{"If both creatures die at the same time, who wins the game?", "603.10a"},
		{"Can I target my own creature?", "608.2b"},
		{"Which triggers do I put on the stack?", "405.5"},
		{"I control two lands. Can I cast it this turn?", "305.2"},
		{"It gets +2/+2 until end of turn. Can it block?", "514.2"},
		{"I won't get a token since the creature never hits the graveyard?", "111.7"},
	} {
		if w := cues(c.q)[c.rule]; w >= namedCue {
			t.Errorf("%q: %s weighs %v", c.q, c.rule, w)
		}
	}
}

// Special actions don't use the stack (116.2a, 116.2b), a player who acts
// receives priority afterward (117.3c), last known information (608.2h),
// and exile "until" an event returns the card right after it (610.3).
func TestPriorityAndSpecialActionCues(t *testing.T) {
	cases := []struct{ q, rule string }{
		{"Can my opponent respond to me turning the creature face up?", "116.2b"},
		{"Does playing a land use the stack?", "116.2a"},
		{"Can I hold priority and cast another spell?", "117.3c"},
		{"Does it use last known information of the sacrificed creature?", "608.2h"},
		{"Is my exiled creature back in time to get the counter?", "610.3"},
		{"What happens to the exiled card when the enchantment leaves?", "610.3"},
	}
	for _, c := range cases {
		if w := cues(c.q)[c.rule]; w != namedCue {
			t.Errorf("%q: %s weighs %v, want %v (%v)", c.q, c.rule, w, float64(namedCue), cues(c.q))
		}
	}
	for _, c := range []struct{ q, rule string }{
		{"Can I turn it face up during my opponent's turn?", "116.2b"},
		{"Can I play a land after combat?", "116.2a"},
		{"Who has priority after the spell resolves?", "117.3c"},
		{"Does the trigger look back in time?", "610.3"},
	} {
		if w := cues(c.q)[c.rule]; w >= namedCue {
			t.Errorf("%q: %s weighs %v", c.q, c.rule, w)
		}
	}
}
