package ask

import (
	"slices"
	"strings"
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
// paid), 500.8 (extra phases), 616.1 (the order of replacement effects),
// 605.1a (whether an ability is a mana ability), 700.4 (what dying means),
// 113.7a (a source removed before its ability resolves).
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
		{"Is the ability of my land a mana ability?", "605.1a"},
		{"What does it mean for a creature to die?", "700.4"},
		{"Can I bounce the artifact before its trigger resolves?", "113.7a"},
	}
	for _, c := range cases {
		if cues(c.q)[c.rule] == 0 {
			t.Errorf("%q: no cue for %s (%v)", c.q, c.rule, cues(c.q))
		}
	}
	if w := cues("Does the creature survive the fight?")["400.3"]; w != 0 {
		t.Errorf("no owner asked: 400.3 weighs %v", w)
	}
	// Responding to a mana ability is not asking what one is.
	if w := cues("Can I respond to a mana ability?")["605.1a"]; w != 0 {
		t.Errorf("responding to a mana ability: 605.1a weighs %v", w)
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

// A card text the question quotes ("Whenever a creature dies") says what
// the card does; only the question's own words ask whether something
// survives.
func TestSurvivalAskedInTheQuestionsOwnWords(t *testing.T) {
	a := testAsker(t)
	bear := &cards.Card{Name: "Bear", TypeLine: "Creature — Bear", Types: []string{"Creature"}}
	if f := a.features([]*cards.Card{bear}, "My enchantment says “Whenever a creature dies, draw a card.” If I sacrifice the Bear to pay a cost, when do I draw?"); f["704.3"] != 0 {
		t.Errorf("survival only quoted: 704.3 %v", f["704.3"])
	}
	if f := a.features([]*cards.Card{bear}, "My enchantment says “Creatures get -1/-1.” Does the Bear die?"); f["704.3"] != survivalWeight {
		t.Errorf("survival asked: 704.3 %v, want %v", f["704.3"], survivalWeight)
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
		"Can I                ?":                  true,
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

// Two named cards meet in the rule about what one's feature does to the
// other: protection (702.16c–e) against an Aura, an Equipment or a card
// that deals damage; a card of several types (205.2b) against a trigger
// that names one of them; a permanent that enters with counters (by its
// text or, as modular does, by its keyword's CR definition) against a
// trigger on counters being put on it (122.6); a mana ability, which
// doesn't use the stack, against a card that copies activated abilities
// (605.3b); an {X} spell against a card that checks mana value (202.3e);
// an effect that removes all abilities against a card whose own ability
// changes its types (613.1d before 613.1f); a control change against a
// card put into its owner's hand (400.3); several permanents put onto the
// battlefield at once against an enters trigger (603.6a); a cast trigger
// against a counterspell (601.2i); a card that copies spells against a
// cast trigger such as storm's (707.10); an "until ~ leaves" exile
// against a card that removes permanents (610.3); an effect setting
// lands' basic land type against a land with rules text (305.7, not "in
// addition to its other types"); a regeneration shield against a card
// that destroys (701.19a). One card alone, or two that don't meet, point
// at none of them with the interaction's weight.
func TestPairInteractions(t *testing.T) {
	a := testAsker(t)
	knight := &cards.Card{Name: "Pale Knight", TypeLine: "Creature — Human Knight", Types: []string{"Creature"}, Subtypes: []string{"Human", "Knight"},
		Text: "Protection from red", Keywords: []string{"Protection"}}
	shackles := &cards.Card{Name: "Red Shackles", TypeLine: "Enchantment — Aura", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"},
		Text: "Enchant creature\nEnchanted creature can't attack or block."}
	blade := &cards.Card{Name: "Red Blade", TypeLine: "Artifact — Equipment", Types: []string{"Artifact"}, Subtypes: []string{"Equipment"},
		Text: "Equipped creature gets +2/+0.\nEquip {2}"}
	bolt := &cards.Card{Name: "Spark Jolt", TypeLine: "Instant", Types: []string{"Instant"}, Text: "Spark Jolt deals 3 damage to any target."}
	arbor := &cards.Card{Name: "Grove Warden", TypeLine: "Land Creature — Forest Dryad", Types: []string{"Land", "Creature"}, Subtypes: []string{"Forest", "Dryad"}}
	discard := &cards.Card{Name: "Spite Well", TypeLine: "Enchantment", Types: []string{"Enchantment"},
		Text: "Whenever an opponent discards a land card, add {B}{B}."}
	bear := &cards.Card{Name: "Bear", TypeLine: "Creature — Bear", Types: []string{"Creature"}}
	ooze := &cards.Card{Name: "Growing Ooze", TypeLine: "Creature — Ooze", Types: []string{"Creature"},
		Text: "Growing Ooze enters the battlefield with X +1/+1 counters on it."}
	construct := &cards.Card{Name: "Modular Drone", TypeLine: "Artifact Creature — Construct", Types: []string{"Artifact", "Creature"},
		Text: "Modular 2", Keywords: []string{"Modular"}}
	counted := &cards.Card{Name: "Counter Watch", TypeLine: "Artifact", Types: []string{"Artifact"},
		Text: "Whenever one or more +1/+1 counters are put on a permanent you control, you may pay {1}."}
	rock := &cards.Card{Name: "Mana Rock", TypeLine: "Artifact", Types: []string{"Artifact"}, Text: "{T}: Add {C}{C}."}
	copier := &cards.Card{Name: "Echo Lens", TypeLine: "Artifact", Types: []string{"Artifact"},
		Text: "{2}, {T}: Copy target activated or triggered ability you control. You may choose new targets for the copy."}
	xSpell := &cards.Card{Name: "Mind Flood", ManaCost: "{X}{2}{U}", TypeLine: "Instant", Types: []string{"Instant"}, Text: "Target player draws X cards."}
	bigGate := &cards.Card{Name: "Storm Gate", TypeLine: "Enchantment", Types: []string{"Enchantment"},
		Text: "Spells you cast with mana value 5 or greater can't be countered."}
	fishify := &cards.Card{Name: "Fishify", TypeLine: "Enchantment — Aura", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"},
		Text: "Enchant creature\nEnchanted creature loses all abilities and is a blue Fish creature with base power and toughness 0/1."}
	godling := &cards.Card{Name: "Godling", TypeLine: "Legendary Enchantment Creature — God", Types: []string{"Enchantment", "Creature"},
		Text: "Indestructible\nAs long as your devotion to white is less than five, Godling isn't a creature."}
	swap := &cards.Card{Name: "Swap Trick", TypeLine: "Sorcery", Types: []string{"Sorcery"}, Text: "Exchange control of two target creatures."}
	bounce := &cards.Card{Name: "Slip Away", TypeLine: "Instant", Types: []string{"Instant"}, Text: "Return target creature you control to its owner's hand."}
	landShift := &cards.Card{Name: "Land Shift", TypeLine: "Sorcery", Types: []string{"Sorcery"},
		Text: "Sacrifice any number of lands. Search your library for up to that many land cards, put them onto the battlefield tapped, then shuffle."}
	peak := &cards.Card{Name: "Fire Peak", TypeLine: "Land", Types: []string{"Land"},
		Text: "Whenever a Mountain enters the battlefield under your control, Fire Peak deals 1 damage to any target."}
	enchantress := &cards.Card{Name: "Grove Enchantress", TypeLine: "Creature — Human Druid", Types: []string{"Creature"},
		Text: "Whenever you cast an enchantment spell, draw a card."}
	denial := &cards.Card{Name: "Flat Denial", TypeLine: "Instant", Types: []string{"Instant"}, Text: "Counter target spell."}
	mirror := &cards.Card{Name: "Spell Mirror", TypeLine: "Artifact", Types: []string{"Artifact"},
		Text: "Whenever you cast an instant or sorcery spell, you may pay {3}. If you do, copy that spell. You may choose new targets for the copy."}
	stormPack := &cards.Card{Name: "Pack Call", TypeLine: "Instant", Types: []string{"Instant"},
		Text: "Create a 4/4 green Beast creature token.\nStorm", Keywords: []string{"Storm"}}
	jail := &cards.Card{Name: "Holding Cell", TypeLine: "Enchantment", Types: []string{"Enchantment"},
		Text: "When Holding Cell enters the battlefield, exile target creature an opponent controls until Holding Cell leaves the battlefield."}
	wrath := &cards.Card{Name: "Cleansing Light", TypeLine: "Sorcery", Types: []string{"Sorcery"}, Text: "Destroy all nonland permanents."}
	redMoon := &cards.Card{Name: "Red Moon", TypeLine: "Enchantment", Types: []string{"Enchantment"}, Text: "Nonbasic lands are Mountains."}
	greenMoon := &cards.Card{Name: "Green Moon", TypeLine: "Enchantment", Types: []string{"Enchantment"},
		Text: "Each land is a Forest in addition to its other land types."}
	chasm := &cards.Card{Name: "Ice Chasm", TypeLine: "Land", Types: []string{"Land"}, Text: "Prevent all damage that would be dealt to you."}
	aura := &cards.Card{Name: "Mind Leash", TypeLine: "Enchantment — Aura", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"},
		Text: "Enchant creature\nYou control enchanted creature."}
	oblation := &cards.Card{Name: "Offering", TypeLine: "Instant", Types: []string{"Instant"},
		Text: "The owner of target nonland permanent shuffles it into their library, then draws two cards."}
	shieldAura := &cards.Card{Name: "Mending Aura", TypeLine: "Enchantment — Aura", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"},
		Text: "Enchant creature\n{G}: Regenerate enchanted creature."}
	shatter := &cards.Card{Name: "Break Apart", TypeLine: "Instant", Types: []string{"Instant"}, Text: "Destroy target artifact."}
	cases := []struct {
		named []*cards.Card
		rule  string
		want  bool
	}{
		{[]*cards.Card{knight, shackles}, "702.16c", true},
		{[]*cards.Card{knight, blade}, "702.16d", true},
		{[]*cards.Card{bolt, knight}, "702.16e", true},
		{[]*cards.Card{knight}, "702.16c", false},
		{[]*cards.Card{bear, shackles}, "702.16c", false},
		{[]*cards.Card{discard, arbor}, "205.2b", true},
		{[]*cards.Card{discard, construct}, "205.2b", false},
		{[]*cards.Card{arbor}, "205.2b", false},
		{[]*cards.Card{ooze, counted}, "122.6", true},
		{[]*cards.Card{construct, counted}, "122.6", true},
		{[]*cards.Card{bear, counted}, "122.6", false},
		{[]*cards.Card{rock, copier}, "605.3b", true},
		{[]*cards.Card{rock, bear}, "605.3b", false},
		{[]*cards.Card{xSpell, bigGate}, "202.3e", true},
		{[]*cards.Card{bolt, bigGate}, "202.3e", false},
		{[]*cards.Card{fishify, godling}, "613.1d", true},
		{[]*cards.Card{fishify, godling}, "613.1f", true},
		{[]*cards.Card{fishify, bear}, "613.1d", false},
		{[]*cards.Card{swap, bounce}, "400.3", true},
		{[]*cards.Card{bear, bounce}, "400.3", false},
		{[]*cards.Card{landShift, peak}, "603.6a", true},
		{[]*cards.Card{bear, peak}, "603.6a", false},
		{[]*cards.Card{enchantress, denial}, "601.2i", true},
		{[]*cards.Card{bear, denial}, "601.2i", false},
		{[]*cards.Card{mirror, stormPack}, "707.10", true},
		{[]*cards.Card{mirror, bear}, "707.10", false},
		{[]*cards.Card{jail, wrath}, "610.3", true},
		{[]*cards.Card{jail, bear}, "610.3", false},
		{[]*cards.Card{redMoon, chasm}, "305.7", true},
		{[]*cards.Card{greenMoon, chasm}, "305.7", false},
		{[]*cards.Card{redMoon, bear}, "305.7", false},
		{[]*cards.Card{aura, oblation}, "400.3", true},
		{[]*cards.Card{shieldAura, shatter}, "701.19a", true},
		{[]*cards.Card{shieldAura, bear}, "701.19a", false},
	}
	for _, c := range cases {
		var names []string
		for _, n := range c.named {
			names = append(names, n.Name)
		}
		w := a.features(c.named, "What happens?")[c.rule]
		if got := w == pairWeight; got != c.want {
			t.Errorf("%v: %s weighs %v, interaction %v", names, c.rule, w, c.want)
		}
	}
}

// A trigger condition is read up to its comma, the card's own name left
// out (its comma would end it early), and "or whenever" makes two; a
// triggered keyword's condition is read from its CR definition.
func TestTriggerEventClasses(t *testing.T) {
	a := testAsker(t)
	shrine := &cards.Card{Name: "Ember Shrine, the Old", Text: "At the beginning of your upkeep or whenever you cast a red spell, put a charge counter on Ember Shrine, the Old."}
	if ev := a.cardEvents(shrine); !ev["beginning"] || !ev["cast"] || len(ev) != 2 {
		t.Errorf("shrine: %v, want beginning and cast", ev)
	}
	if r := a.cardRules(shrine, nil); r["601.2"] == 0 {
		t.Errorf("a cast trigger after \"or whenever\": no 601.2 in %v", r)
	}
	titan := &cards.Card{Name: "Vast Titan, the Endless", Text: "When Vast Titan, the Endless is put into a graveyard from anywhere, its owner shuffles their graveyard into their library."}
	if ev := a.cardEvents(titan); !ev["graveyard"] || ev["leaves"] {
		t.Errorf("titan: %v, want graveyard only", ev)
	}
	undying := &cards.Card{Name: "Returner", Text: "Undying", Keywords: []string{"Undying"}}
	if ev := a.cardEvents(undying); !ev["leaves"] {
		t.Errorf("undying (put into a graveyard from the battlefield): %v", ev)
	}
}

// A keyword one named card gives and another has is two instances on one
// object: the keyword's subrule on multiple instances, found by scanning
// its subrules (702.164b–c for toxic's total value, 702.9c for flying's
// redundancy). Two creatures that each have flying are two objects.
func TestMultipleInstancesOfAGivenKeyword(t *testing.T) {
	a := testAsker(t)
	toxic := a.keyword["toxic"]
	flying := a.keyword["flying"]
	if toxic == "" || flying == "" {
		t.Fatalf("toxic %q, flying %q", toxic, flying)
	}
	biter := &cards.Card{Name: "Biter", TypeLine: "Creature — Phyrexian", Types: []string{"Creature"}, Text: "Toxic 1", Keywords: []string{"Toxic"}}
	needle := &cards.Card{Name: "Needle Arm", TypeLine: "Artifact — Equipment", Types: []string{"Artifact"}, Subtypes: []string{"Equipment"},
		Text: "Equipped creature gets +1/+0 and has toxic 2.\nEquip {1}", Keywords: []string{"Equip", "Toxic"}}
	f := a.features([]*cards.Card{biter, needle}, "How many poison counters?")
	for _, id := range []string{toxic + "b", toxic + "c"} {
		if f[id] != pairWeight {
			t.Errorf("toxic given to a toxic creature: %s weighs %v", id, f[id])
		}
	}
	bird := &cards.Card{Name: "Bird", TypeLine: "Creature — Bird", Types: []string{"Creature"}, Text: "Flying", Keywords: []string{"Flying"}}
	wings := &cards.Card{Name: "Wings", TypeLine: "Enchantment — Aura", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"},
		Text: "Enchant creature\nEnchanted creature has flying."}
	if w := a.features([]*cards.Card{bird, wings}, "What happens?")[flying+"c"]; w != pairWeight {
		t.Errorf("flying given to a flyer: %sc weighs %v", flying, w)
	}
	bat := &cards.Card{Name: "Bat", TypeLine: "Creature — Bat", Types: []string{"Creature"}, Text: "Flying", Keywords: []string{"Flying"}}
	if w := a.features([]*cards.Card{bird, bat}, "What happens?")[flying+"c"]; w == pairWeight {
		t.Errorf("two flyers: %sc weighs %v", flying, w)
	}
}

// A card the question writes as a name is the card, not a tournament
// word ("Fred takes it with Bribery"), and so is a name cast or played
// ("Fred plays Bribery") even when no card is linked; the word itself, or
// shuffling that is not a deck's, still tells a call or a game action as
// before.
func TestCardNamesAreNotTournamentWords(t *testing.T) {
	if played := "In a multiplayer game Fred plays Bribery and takes my creature. What happens when he loses?"; isTournamentCall(played) {
		t.Errorf("a name played reads as a call: %q", played)
	}
	q := "In a multiplayer game Fred takes my creature with Bribery. What happens when he loses?"
	s := strings.Index(q, "Bribery")
	links := []Link{{Card: &cards.Card{Name: "Bribery"}, Start: s, End: s + len("Bribery")}}
	if !isTournamentCall(q) {
		t.Fatalf("the word alone should read as a call: %q", q)
	}
	if isTournamentCall(withoutNames(q, writtenNames(q, links))) {
		t.Errorf("Bribery written as a name reads as a call")
	}
	lower := "My opponent offered me a bribery to concede. What happens?"
	ls := strings.Index(lower, "bribery")
	if got := writtenNames(lower, []Link{{Card: &cards.Card{Name: "Bribery"}, Start: ls, End: ls + 7}}); len(got) != 0 {
		t.Errorf("the lower-case word is not written as a name: %v", got)
	}
	for q, want := range map[string]bool{
		"Wouldn't the creature be shuffled back into my library?": false,
		"He mash shuffled his cards and bent a sleeve.":           true,
		"She kept shuffling her deck after drawing.":              true,
	} {
		if got := isTournamentCall(q); got != want {
			t.Errorf("isTournamentCall(%q) = %v, want %v", q, got, want)
		}
	}
}

// A question that tells the event a named card's replacement effect
// replaces (discarding a card that would be put into a graveyard, read
// after "would" and before "instead") turns on the event never happening
// (614.6), as does another named card that does that event; two named
// cards replacing it are ordered by 616.1 instead.
func TestReplacedEventTold(t *testing.T) {
	a := testAsker(t)
	fate := &cards.Card{Name: "Loop of Fate", TypeLine: "Instant", Types: []string{"Instant"},
		Text: "Take an extra turn after this one.\nIf Loop of Fate would be put into a graveyard from anywhere, shuffle it into its owner's library instead."}
	void := &cards.Card{Name: "Void Field", TypeLine: "Enchantment", Types: []string{"Enchantment"},
		Text: "If a card would be put into an opponent's graveyard from anywhere, exile it instead."}
	if w := a.features([]*cards.Card{fate}, "I discard it to a trigger. Can I cast it later?")["614.6"]; w != pairWeight {
		t.Errorf("discarded: 614.6 weighs %v", w)
	}
	if w := a.features([]*cards.Card{fate}, "Can I copy it when I cast it?")["614.6"]; w == pairWeight {
		t.Errorf("no replaced event told: 614.6 weighs %v", w)
	}
	if w := a.features([]*cards.Card{fate, void}, "My opponent makes me discard it. Where does it go?")["614.6"]; w == pairWeight {
		t.Errorf("two replacement effects: 614.6 weighs %v, 616.1 decides", w)
	}
	// Another named card does the event: it puts a creature onto the
	// battlefield that would enter.
	priest := &cards.Card{Name: "Warden Priest", TypeLine: "Creature — Human Cleric", Types: []string{"Creature"},
		Text: "If a nontoken creature would enter the battlefield and it wasn't cast, exile it instead."}
	raise := &cards.Card{Name: "Raise Again", TypeLine: "Sorcery", Types: []string{"Sorcery"},
		Text: "Put target creature card from a graveyard onto the battlefield under your control."}
	if w := a.features([]*cards.Card{raise, priest}, "Can I respond with its ability?")["614.6"]; w != pairWeight {
		t.Errorf("event done by another named card: 614.6 weighs %v", w)
	}
}

// A named card's feature and the question's own words about it: a card
// that copies activated abilities and a question about the mana an
// activation makes (605.3b); an "at the beginning of" trigger and casting
// during that step (603.2b); a static ability about permanents you
// control and a card in hand (109.2, 113.6); a card whose ability targets
// and a question that tells of protection (702.16b); a card that makes
// permanents copies and a face-down permanent (708.10).
func TestCardFeatureAndQuestionWords(t *testing.T) {
	a := testAsker(t)
	doubler := &cards.Card{Name: "Echo Engine", TypeLine: "Enchantment", Types: []string{"Enchantment"},
		Text: "Whenever you activate an ability that isn't a loyalty ability, you may pay {2}. If you do, copy that ability."}
	raptor := &cards.Card{Name: "Dawn Raptor", TypeLine: "Creature — Dinosaur", Types: []string{"Creature"},
		Text: "At the beginning of your precombat main phase, add {G}{G}."}
	mentor := &cards.Card{Name: "Guild Mentor", TypeLine: "Creature — Human", Types: []string{"Creature"},
		Text: "Activated abilities of creatures you control cost {1} less to activate."}
	mimic := &cards.Card{Name: "Mimic Pool", TypeLine: "Enchantment", Types: []string{"Enchantment"},
		Text: "At the beginning of combat on your turn, creatures you control become copies of target creature until end of turn."}
	shambler := &cards.Card{Name: "Shambler", TypeLine: "Creature — Horror", Types: []string{"Creature"},
		Text: "When Shambler dies, distribute three -1/-1 counters among one, two, or three target creatures."}
	cases := []struct {
		card  *cards.Card
		q     string
		rules []string
		want  bool
	}{
		{doubler, "If I activate my mana rock, do I get twice the mana?", []string{"605.3b"}, true},
		{doubler, "If I activate my creature's ability twice, is it copied twice?", []string{"605.3b"}, false},
		{raptor, "If I cast it during my precombat main phase, do I get the mana?", []string{"603.2b"}, true},
		{raptor, "Does it give mana if it is copied?", []string{"603.2b"}, false},
		{mentor, "Does it make cycling the creature in my hand cheaper?", []string{"109.2", "113.6"}, true},
		{mentor, "Does it make my creatures' abilities cheaper?", []string{"109.2"}, false},
		{shambler, "Can its counters go on my creature with protection from black?", []string{"702.16b"}, true},
		{shambler, "Can its counters go on my 3/3?", []string{"702.16b"}, false},
		{mimic, "What if my face-down creature becomes a copy?", []string{"708.10"}, true},
		{mimic, "What if my creature becomes a copy?", []string{"708.10"}, false},
	}
	for _, c := range cases {
		f := a.features([]*cards.Card{c.card}, c.q)
		for _, r := range c.rules {
			if got := f[r] == pairWeight; got != c.want {
				t.Errorf("%s / %q: %s weighs %v, want interaction %v", c.card.Name, c.q, r, f[r], c.want)
			}
		}
	}
}

// linkAt links a card where the question writes name (its first place).
func linkAt(q, name string, c *cards.Card) []Link {
	i := strings.Index(q, name)
	if i < 0 {
		return nil
	}
	end := i + len(name)
	if strings.HasSuffix(q[:i], "[[") {
		i -= 2
	}
	// A plural or a closing bracket belongs to the span.
	for end < len(q) && (q[end] == 's' || q[end] == ']') {
		end++
	}
	return []Link{{Card: c, Start: i, End: end}}
}

// The copies of one card a question tells of: a number, "another" or
// "second" before its name, a count after it, its name in the plural;
// "both" only before a plural, since "both A and B" are two cards.
func TestCopiesNamed(t *testing.T) {
	hymn := &cards.Card{Name: "Quiet Hymn"}
	cases := []struct {
		q    string
		want int
	}{
		{"I control two Quiet Hymns and cast a creature. What does it cost?", 2},
		{"My second Quiet Hymn enters. What happens?", 2},
		{"I play another copy of Quiet Hymn.", 2},
		{"With three of my Quiet Hymns out, what does it cost?", 3},
		{"I have Quiet Hymn x2 on the battlefield.", 2},
		{"I have 3 [[Quiet Hymn]] on the battlefield.", 3},
		{"Do both Quiet Hymns apply?", 2},
		{"My Quiet Hymns are on the battlefield.", 2},
		{"I control Quiet Hymn. What happens?", 0},
		{"Quiet Hymn's ability triggers. What happens?", 0},
		// The possessive written without its apostrophe.
		{"Does the quiet hymns ability trigger?", 0},
		{"My Quiet Hymns triggered ability resolves first.", 0},
		{"Do my Quiet Hymns trigger?", 2},
		{"My Quiet Hymns abilities both trigger.", 2},
		{"Do both Quiet Hymn and the Bear die?", 0},
		{"It deals 2 damage to Quiet Hymn.", 0},
	}
	for _, c := range cases {
		links := linkAt(c.q, "Quiet Hymn", hymn)
		if got := copiesNamed(c.q, links)[hymn]; got != c.want {
			t.Errorf("%q: %d copies, want %d", c.q, got, c.want)
		}
	}
}

// Two copies of one card are two objects with its abilities: two
// legendary permanents of one name meet the legend rule (704.5j: "two or
// more legendary permanents with the same name"), two cost reductions add
// up in the total cost (601.2f: "minus all cost reductions"), and an
// ability given twice is two instances of it on one object (702.9c).
func TestSeveralCopiesOfACard(t *testing.T) {
	a := testAsker(t)
	legend := &cards.Card{Name: "Queen of Dust", TypeLine: "Legendary Creature — Human", Types: []string{"Creature"}, Supertypes: []string{"Legendary"}}
	two := map[*cards.Card]int{legend: 2}
	if w := a.featuresOf([]*cards.Card{legend}, two, "What happens?")["704.5j"]; w != pairWeight {
		t.Errorf("two legends: 704.5j weighs %v", w)
	}
	if w := a.featuresOf([]*cards.Card{legend}, nil, "What happens?")["704.5j"]; w == pairWeight {
		t.Errorf("one legend: 704.5j weighs %v", w)
	}
	hymn := &cards.Card{Name: "Quiet Hymn", TypeLine: "Enchantment", Types: []string{"Enchantment"}, Text: "Creature spells you cast cost {1} less to cast."}
	if w := a.featuresOf([]*cards.Card{hymn}, map[*cards.Card]int{hymn: 2}, "What does my creature cost?")["601.2f"]; w != pairWeight {
		t.Errorf("two cost reductions: 601.2f weighs %v", w)
	}
	if w := a.featuresOf([]*cards.Card{hymn}, nil, "What does my creature cost?")["601.2f"]; w == pairWeight {
		t.Errorf("one cost reduction: 601.2f weighs %v", w)
	}
	flying := a.keyword["flying"]
	wings := &cards.Card{Name: "Wings", TypeLine: "Enchantment — Aura", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"},
		Text: "Enchant creature\nEnchanted creature has flying."}
	if w := a.featuresOf([]*cards.Card{wings}, map[*cards.Card]int{wings: 2}, "What happens?")[flying+"c"]; w != pairWeight {
		t.Errorf("flying given twice: %sc weighs %v", flying, w)
	}
	if w := a.featuresOf([]*cards.Card{wings}, nil, "What happens?")[flying+"c"]; w == pairWeight {
		t.Errorf("flying given once: %sc weighs %v", flying, w)
	}
}

// 603.3b orders abilities that "have triggered since the last time a
// player received priority": the named cards' abilities must trigger on
// one event, or on events that happen before anyone receives priority
// (lethal damage and the death it causes), or the question must ask the
// order. A cast trigger and an enters trigger never wait together: the
// spell is cast, its controller gets priority, and it enters only when it
// resolves.
func TestOrderingOnlyTriggersThatWaitTogether(t *testing.T) {
	a := testAsker(t)
	creature := func(name, text string) *cards.Card {
		return &cards.Card{Name: name, TypeLine: "Creature — Spirit", Types: []string{"Creature"}, Text: text}
	}
	caster := creature("Spell Watcher", "Whenever you cast a red spell, put a +1/+1 counter on Spell Watcher.")
	arrival := creature("Herald of Dusk", "When Herald of Dusk enters, create a 1/1 red Goblin creature token.")
	mourner := creature("Grave Mourner", "Whenever another creature dies, you gain 1 life.")
	mourner2 := creature("Pale Mourner", "Whenever a creature you control dies, each opponent loses 1 life.")
	burner := creature("Ember Biter", "Whenever Ember Biter deals damage to a creature, draw a card.")
	upkeep := creature("Dawn Keeper", "At the beginning of your upkeep or whenever you cast a blue spell, scry 1.")
	odd := creature("Odd Keeper", "Whenever you cycle a card, scry 1.")
	cases := []struct {
		named []*cards.Card
		q     string
		want  bool
	}{
		{[]*cards.Card{caster, arrival}, "Does the Watcher get a counter for the token?", false},
		{[]*cards.Card{mourner, mourner2}, "What happens when my creature dies?", true},
		{[]*cards.Card{burner, mourner}, "The Biter kills a creature. What happens?", true},
		{[]*cards.Card{upkeep, arrival}, "What happens?", false},
		{[]*cards.Card{caster, arrival}, "In what order do they go on the stack?", true},
		{[]*cards.Card{caster, arrival}, "Which one resolves first?", true},
		{[]*cards.Card{odd, arrival}, "What happens?", true},
	}
	for _, c := range cases {
		w := a.features(c.named, c.q)["603.3b"]
		if got := w >= interactionWeight; got != c.want {
			var names []string
			for _, n := range c.named {
				names = append(names, n.Name)
			}
			t.Errorf("%v %q: 603.3b weighs %v, ordering wanted %v", names, c.q, w, c.want)
		}
	}
	if !coEvents[[2]string{"damage", "leaves"}] || coEvents[[2]string{"cast", "enters"}] {
		t.Errorf("co-events: damage/leaves %v, cast/enters %v", coEvents[[2]string{"damage", "leaves"}], coEvents[[2]string{"cast", "enters"}])
	}
	for _, q := range []string{"What order do the triggers go on the stack?", "Do I order them?", "Which trigger resolves first?", "Both trigger at the same time, right?", "Is it APNAP?"} {
		if !orderAsked.match(q, strings.ToLower(q)) {
			t.Errorf("%q: order not asked", q)
		}
	}
	for _, q := range []string{"Does first strike matter?", "Can I sacrifice it in order to draw?", "What happens?"} {
		if orderAsked.match(q, strings.ToLower(q)) {
			t.Errorf("%q: order asked", q)
		}
	}
}

// A question that asks for a list or an order points at the rules whose
// sentence gives one and holds the question's other words (with the
// rule's subject); its own words then choose among them.
func TestListRules(t *testing.T) {
	a := testAsker(t)
	for q, want := range map[string]string{
		"What are the steps of the beginning phase?":    "501.1",
		"How many steps does the ending phase have?":    "512.1",
		"In what order are continuous effects applied?": "613.1",
		"What are the permanent types?":                 "110.4",
	} {
		if got := a.listRules(q); !slices.Contains(got, want) {
			t.Errorf("%q: list rules %v, want %s among them", q, got, want)
		}
		if top := a.Ask(q).Top(); len(top) == 0 || top[0].ID != want {
			t.Errorf("%q: answered %v, want %s first", q, top, want)
		}
	}
	for _, q := range []string{"What is a sorcery?", "The combat phase has steps; can I attack twice?"} {
		if got := a.listRules(q); len(got) > 0 {
			t.Errorf("%q asks for no list: %v", q, got)
		}
	}
}

// A near tie at the top of a plain question goes to the rule one of whose
// own sentences holds more of the question; a header never takes its
// subrule's place that way, nor a glossary entry a rule's, nor a rule
// outside the tie.
func TestNearTie(t *testing.T) {
	a := testAsker(t)
	hits := func(pairs ...any) []Hit {
		var out []Hit
		for i := 0; i < len(pairs); i += 3 {
			out = append(out, Hit{Kind: pairs[i].(string), ID: pairs[i+1].(string), Score: pairs[i+2].(float64)})
		}
		return out
	}
	for _, c := range []struct {
		q    string
		out  []Hit
		want string
	}{
		{"In which layer are a creature's power and toughness switched?", hits("rule", "613.4b", 1.04, "rule", "613.4", 1.03, "rule", "613.4d", 1.0), "613.4d"},
		{"In which layer are a creature's power and toughness switched?", hits("rule", "613.4b", 1.2, "rule", "613.4d", 1.0), "613.4b"},
		{"In which layer does a creature lose all abilities?", hits("rule", "613.1f", 1.0, "rule", "613.1", 1.0), "613.1f"},
		{"What happens in the cleanup step?", hits("rule", "514.1", 1.0, "glossary", "Cleanup Step", 1.0), "514.1"},
	} {
		a.nearTie(c.out, c.q)
		if c.out[0].ID != c.want {
			t.Errorf("%q: %v first, want %s", c.q, c.out[0].ID, c.want)
		}
	}
}

// A rule of a multiplayer or casual variant gives way in a plain question
// that doesn't name the variant, and keeps its place when it does.
func TestVariantsBack(t *testing.T) {
	a := testAsker(t)
	for _, c := range []struct {
		q, id string
		back  bool
	}{
		{"Does a player lose the game with ten poison counters?", "810.10b", true},
		{"In Two-Headed Giant, how many poison counters does a team need to lose?", "810.10b", false},
		{"How does commander damage work?", "903.10a", false},
		{"Does a player lose the game with ten poison counters?", "704.5c", false},
	} {
		scores := map[string]float64{"rule:" + c.id: 1}
		a.variantsBack(scores, c.q)
		if back := scores["rule:"+c.id] < 1; back != c.back {
			t.Errorf("%q: %s lowered %v, want %v", c.q, c.id, back, c.back)
		}
	}
}

// An asking sentence that only asks for a verdict on the story ("Who's
// right?") is not searched on its own; one that names something is.
func TestVerdictOnly(t *testing.T) {
	for q, want := range map[string]bool{
		"Who's right?":                  true,
		"Who is correct?":               true,
		"Why is that?":                  true,
		"Is that correct?":              true,
		"Is that legal?":                false,
		"Can I do that?":                false,
		"Does the token die?":           false,
		"Who is right about the stack?": false,
	} {
		if got := verdictOnly(q); got != want {
			t.Errorf("verdictOnly(%q) = %v, want %v", q, got, want)
		}
	}
}

// A plain question asking what a player can do is answered where the CR
// permits it ("A player may cast an instant spell any time they have
// priority"); what a creature can do is left to the CR's "can".
func TestPlayerCanIsMay(t *testing.T) {
	a := testAsker(t)
	top := a.Ask("When can you cast an instant?").Top()
	found := false
	for _, h := range top {
		found = found || h.ID == "117.1a"
	}
	if !found {
		t.Errorf("117.1a not among %v", top)
	}
	for q, want := range map[string]string{
		"when can I cast a spell":  "when may can I cast a spell",
		"Can a player concede?":    "may Can a player concede?",
		"Can a creature block two": "Can a creature block two",
	} {
		if got := playerMay(q); got != want {
			t.Errorf("%q read as %q, want %q", q, got, want)
		}
	}
}

// A plain question that only names a section is answered by the
// section's rules in the CR's order, after the best of them and before
// the rules of other sections; a question asking more than the title
// leaves the ranking alone.
func TestSectionAsked(t *testing.T) {
	a := testAsker(t)
	in := func() []Hit {
		return []Hit{{Kind: "glossary", ID: "Cleanup Step", Score: 1}, {Kind: "rule", ID: "514.1", Score: 0.93},
			{Kind: "rule", ID: "514", Score: 0.92}, {Kind: "rule", ID: "702.26a", Score: 0.73}}
	}
	var got []string
	for _, h := range a.sectionAsked(in(), questionTerms("what happens in the cleanup step"))[:5] {
		got = append(got, h.ID)
	}
	if want := []string{"Cleanup Step", "514.1", "514.2", "514.3", "514"}; !slices.Equal(got, want) {
		t.Errorf("cleanup step: %v, want %v", got, want)
	}
	if out := a.sectionAsked(in(), questionTerms("is damage removed in the cleanup step")); len(out) != 4 || out[3].ID != "702.26a" {
		t.Errorf("a question asking more than the title moved the ranking: %v", out)
	}
}

// A question asking two things gets a rule for each among the first three
// sources: "how big" is layer 7 (613.4 and its sublayers), "can it attack"
// is summoning sickness (302.6, 508.1a). The first source stays first.
func TestEachThingAskedHasARule(t *testing.T) {
	a := testAsker(t)
	q := "Ensoul Artifact on an Ornithopter with a +1/+1 counter, then Titanic Growth: how big is it, and can it attack?"
	top := a.Ask(q).Top()
	if len(top) < 3 {
		t.Fatalf("%d sources", len(top))
	}
	var ids []string
	for _, h := range top[:3] {
		ids = append(ids, h.ID)
	}
	if !slices.ContainsFunc(ids, func(id string) bool { return strings.HasPrefix(id, "613.4") }) {
		t.Errorf("how big: no layer 7 rule among %v", ids)
	}
	if !slices.Contains(ids, "302.6") && !slices.Contains(ids, "508.1a") {
		t.Errorf("can it attack: no summoning-sickness rule among %v", ids)
	}
	// One thing asked is one principle; a statement asks none, whatever
	// its phrases (the CR's examples are statements).
	if _, asked := readCues("Ensoul Artifact on an Ornithopter, then Titanic Growth: how big is it?"); len(asked) != 1 {
		t.Errorf("how big: %d principles asked, want 1", len(asked))
	}
	if _, asked := readCues("Ensoul Artifact on an Ornithopter, then Titanic Growth: it is 10/10 and can attack."); len(asked) != 0 {
		t.Errorf("a statement: %d principles asked, want 0", len(asked))
	}
}
