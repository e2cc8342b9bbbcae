package ask

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// The linker finds every card a question names, in its own words, and no
// card for a word that is only a word.
func TestLinkCards(t *testing.T) {
	a := testAsker(t)
	cases := []struct {
		q    string
		want []string
	}{
		// Several [[ ]] references in one message, each its own card.
		{"[[Ensoul Artifact]] [[Titanic Growth]] on an Ornithopter: how big is it?", []string{"Ensoul Artifact", "Titanic Growth", "Ornithopter"}},
		// Plain text, any case, with a possessive and a curly apostrophe.
		{"my ornithopter’s ensoul artifact got destroyed", []string{"Ornithopter", "Ensoul Artifact"}},
		{"Does Ornithopter's flying matter?", []string{"Ornithopter"}},
		// A legendary card by the name before its comma.
		{"Is Thassa a creature with devotion 4?", []string{"Thassa, God of the Sea"}},
		// A name made of the game's own words is a card only when written
		// as a name mid-sentence.
		{"I tapped an island for mana and cast a spell.", nil},
		{"Island is a land.", nil},
		{"Can I tap my Island for two mana?", []string{"Island"}},
	}
	for _, c := range cases {
		var got []string
		for _, c := range Cards(a.names.link(c.q)) {
			got = append(got, c.Name)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: linked %q, want %q", c.q, got, c.want)
		}
	}
}

// The card names leave the words that are searched: a card named with a
// rules word does not pull in that word's rule.
func TestNamesLeaveTheQuery(t *testing.T) {
	a := testAsker(t)
	q := "Ensoul Artifact on my Ornithopter: can it attack this turn?"
	text := withoutNames(q, a.names.link(q))
	for _, w := range []string{"Ensoul", "Artifact", "Ornithopter"} {
		if slices.Contains(wordRe.FindAllString(text, -1), w) {
			t.Errorf("%q kept %q", text, w)
		}
	}
	ans := a.Ask(q)
	if len(ans.Rules) == 0 || !slices.ContainsFunc(ans.Rules, func(h Hit) bool { return h.ID == "302.6" }) {
		t.Errorf("can it attack this turn: rules %+v, want 302.6 among them", ans.Rules)
	}
	if len(ans.Rulings) == 0 || ans.Rulings[0].Card != "Ensoul Artifact" {
		t.Errorf("rulings %+v, want Ensoul Artifact's", ans.Rulings)
	}
}

// The named cards come back as scenario lines the engine runs as they
// are: permanents enter with aliases, spells are cast at the first.
func TestSetupRunsInTheEngine(t *testing.T) {
	a := testAsker(t)
	ans := a.Ask("Ensoul Artifact and Titanic Growth on my Ornithopter: how big is it and can it attack?")
	want := []string{"Ornithopter as P1", "cast Ensoul Artifact targeting P1", "cast Titanic Growth targeting P1", "? P1", "? can P1 attack"}
	if !slices.Equal(ans.Setup, want) {
		t.Errorf("setup %q, want %q", ans.Setup, want)
	}
	// The lines parse and run, and the engine answers (Ensoul Artifact's
	// ruling: 5/5 in layer 7b, then Titanic Growth's +4/+4 in 7c: 9/9).
	var defs []engine.CardDef
	for _, c := range ans.Cards {
		defs = append(defs, engine.CardDef{Name: c.Name, ManaCost: c.ManaCost, Colors: c.Colors, Types: c.Types, Subtypes: c.Subtypes, Power: c.Power, Toughness: c.Toughness, Loyalty: c.Loyalty, Text: c.Text})
	}
	script, err := engine.Parse(strings.Join(ans.Setup, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := engine.Run(context.Background(), script, engine.NewMapSource(defs...))
	if err != nil || len(rep.Errors) > 0 || len(rep.Results) != 2 {
		t.Fatalf("run: %v %+v", err, rep)
	}
	if v := rep.Results[0].Object; v == nil || v.Power == nil || *v.Power != 9 || *v.Toughness != 9 {
		t.Errorf("P1 = %+v, want 9/9", rep.Results[0].Object)
	}
	if got := a.Ask("What does the stack do?").Setup; got != nil {
		t.Errorf("a question without cards got a setup: %q", got)
	}
}

// syntheticNames is a linker over a few cards written as Scryfall objects
// (split cards with their faces), with the given words of the game.
func syntheticNames(t *testing.T, vocabulary []string, objects string) *names {
	t.Helper()
	return newNames(syntheticCatalog(t, objects), vocabulary, nil, nil)
}

// syntheticCatalog is a catalogue of a few cards written as Scryfall
// objects.
func syntheticCatalog(t *testing.T, objects string) *cards.Catalog {
	t.Helper()
	cat := cards.NewCatalog()
	if ok, err := cat.AddFile([]byte(objects)); !ok || err != nil {
		t.Fatalf("AddFile = %v, %v", ok, err)
	}
	cat.Finish()
	return cat
}

// A name of common words is linked when written as a name, small words
// inside it in lower case included; a face of a split card made of one
// common word, or a name of one letter, only in brackets; a word of a
// card already named is that card again.
func TestLinkWrittenNames(t *testing.T) {
	n := syntheticNames(t, []string{"go", "for", "blood", "death", "life", "and", "x", "touch", "trample", "the", "of", "void", "with"}, `[
	 {"object":"card","name":"Go for Blood","lang":"en","type_line":"Sorcery"},
	 {"object":"card","name":"Leyline of the Void","lang":"en","type_line":"Enchantment"},
	 {"object":"card","name":"Life // Death","layout":"split","lang":"en","type_line":"Sorcery // Sorcery","card_faces":[{"object":"card_face","name":"Life","type_line":"Sorcery"},{"object":"card_face","name":"Death","type_line":"Sorcery"}]},
	 {"object":"card","name":"Flesh // Blood","layout":"split","lang":"en","type_line":"Sorcery // Instant","card_faces":[{"object":"card_face","name":"Flesh","type_line":"Sorcery"},{"object":"card_face","name":"Blood","type_line":"Instant"}]},
	 {"object":"card","name":"X","lang":"en","type_line":"Instant"},
	 {"object":"card","name":"Stormwild Capridor","lang":"en","type_line":"Creature — Goat"},
	 {"object":"card","name":"Capridor","lang":"en","type_line":"Creature — Goat"}]`)
	cases := []linkCase{
		{"I cast Go for Blood on my creature.", []string{"Go for Blood"}},
		{"If I have a Leyline of the Void out, what happens?", []string{"Leyline of the Void"}},
		{"A creature with Trample and Death touch attacks.", nil},
		{"I cast [[Death]] on it.", []string{"Life // Death"}},
		{"I cast Banefire with X equal to 5.", nil},
		{"My Stormwild Capridor fights. Does the Capridor survive?", []string{"Stormwild Capridor"}},
		// A sentence capitalises its first word only: a name of several
		// capitalised words starting it is still written as a name.
		{"Go for Blood with a trampler: who deals damage?", []string{"Go for Blood"}},
		{"Go for blood, attack with everything.", nil},
	}
	checkLinks(t, n, cases)
	// Both mentions of the Capridor are blanked out of the searched words.
	q := "My Stormwild Capridor fights. Does the Capridor survive?"
	if text := withoutNames(q, n.link(q)); strings.Contains(text, "Capridor") {
		t.Errorf("%q kept a name", text)
	}
}

// A card named again after an article ("the Fallen Angel") is that card,
// not a shorter card whose name the article starts ("The Fallen").
func TestLinkDoesNotCutANamedCard(t *testing.T) {
	n := syntheticNames(t, []string{"the"}, `[
	 {"object":"card","name":"Fallen Angel","lang":"en","type_line":"Creature — Angel"},
	 {"object":"card","name":"The Fallen","lang":"en","type_line":"Enchantment"}]`)
	var got []string
	for _, l := range n.link("I have a Fallen Angel. If I sacrifice it to the Fallen Angel, what happens?") {
		got = append(got, l.Card.Name)
	}
	if !slices.Equal(got, []string{"Fallen Angel", "Fallen Angel"}) {
		t.Errorf("links = %v, want Fallen Angel twice", got)
	}
	got = nil
	for _, l := range n.link("I cast The Fallen and it stays.") {
		got = append(got, l.Card.Name)
	}
	if !slices.Equal(got, []string{"The Fallen"}) {
		t.Errorf("links = %v, want The Fallen", got)
	}
}

// A question that cites a rule by number is about that rule (it comes
// first); the CR's way of pointing on ("see rule 613.7e") is not a
// citation, nor is a number the CR does not hold.
func TestCitedRules(t *testing.T) {
	a := testAsker(t)
	for q, want := range map[string][]string{
		"what is 302.6 about?": {"302.6"},
		"Does 702.19b mean I can assign the rest to the player? And 702.19b again, with 510.1c": {"702.19b", "510.1c"},
		"both abilities receive new timestamps (see rule 613.7e)":                               nil,
		"is 999.9 a rule?": nil,
	} {
		if got := a.citedRules(q); !slices.Equal(got, want) {
			t.Errorf("citedRules(%q) = %q, want %q", q, got, want)
		}
	}
	for _, q := range []string{"what is 302.6 about?", "Does 702.19b mean I can assign lethal damage to the blocker and the rest to the player?"} {
		want := a.citedRules(q)[0]
		if top := a.Ask(q).Top(); len(top) == 0 || top[0].ID != want {
			t.Errorf("%q: first source %v, want rule %s", q, top, want)
		}
	}
}

// A question asks whether something survives when it says "survive" or
// asks whether something dies; one that tells that something died asks
// what its dying does.
func TestSurvivalAskedOrTold(t *testing.T) {
	for q, want := range map[string]bool{
		"Wrath of God with Kalonian Hydra and a regenerate shield: what survives?":      true,
		"Does my 2/2 die if it gets -2/-2 until end of turn?":                           true,
		"Will both creatures be destroyed?":                                             true,
		"Which creatures die?":                                                          true,
		"My Solemn Simulacrum is face down and dies: do I draw?":                        false,
		"When Loathsome Catoblepas dies, its ability triggers; who chooses the target?": false,
		"If my creature is destroyed, can I still activate its ability in response?":    false,
	} {
		if got := survivalAsked.match(q, strings.ToLower(q)); got != want {
			t.Errorf("survivalAsked(%q) = %v, want %v", q, got, want)
		}
	}
}

// wordSpans splits a text as wordRe does, on the CR's rules, examples and
// glossary, the test catalogue's card names and texts, and odd texts.
func TestWordSpansAsWordRe(t *testing.T) {
	texts := []string{"", "-", "'a", "a'", "a-", "a--b", "a-'b", "ID’d it", "x’", "don't-stop", "½ and ² and Ⅻ", "é\xffa", "a\xff-b", "a-\xff", "\uFFFDa", "Æther-vial's", "1/1 token", "Fire // Ice", "a-b-c'd’e f"}
	rules := testkb.CR(t)
	for _, id := range rules.Order {
		r, _ := rules.Rule(id)
		texts = append(texts, r.Title, r.Text)
		texts = append(texts, r.Examples...)
	}
	for _, g := range rules.Glossary {
		texts = append(texts, g.Term, g.Text)
	}
	for _, c := range testkb.KB(t).Cards.Cards() {
		texts = append(texts, c.Name, c.Text, c.TypeLine)
	}
	for _, s := range texts {
		if got, want := wordSpans(s), wordRe.FindAllStringIndex(s, -1); !slices.EqualFunc(got, want, slices.Equal[[]int]) {
			t.Fatalf("wordSpans(%q) = %v, want %v", s, got, want)
		}
		if got, want := wordsOf(s), wordRe.FindAllString(s, -1); !slices.Equal(got, want) || (got == nil) != (want == nil) {
			t.Fatalf("wordsOf(%q) = %q, want %q", s, got, want)
		}
	}
}

// Players drop a name's leading "The" ("Scarab God") and a possessive's
// "'s" ("Urza Saga"); a one-word name left
// that way is the card only when written as one. A one-word name after a
// capitalised word that names no card ends a longer name ("Grand Prix
// Trial"), unless that word is a card too ("Can I Frazzle Reality?").
func TestLinkShortFormsAndLongerNames(t *testing.T) {
	n := syntheticNames(t, []string{"god", "the", "error"}, `[
	 {"object":"card","name":"The Scarab God","lang":"en","type_line":"Legendary Creature — Zombie God"},
	 {"object":"card","name":"The Wanderer","lang":"en","type_line":"Legendary Planeswalker"},
	 {"object":"card","name":"Frazzle","lang":"en","type_line":"Instant"},
	 {"object":"card","name":"Inferno","lang":"en","type_line":"Instant"},
	 {"object":"card","name":"Urza's Saga","lang":"en","type_line":"Enchantment Land — Urza's Saga"},
	 {"object":"card","name":"Trial // Error","layout":"split","lang":"en","type_line":"Instant // Instant","card_faces":[{"object":"card_face","name":"Trial","type_line":"Instant"},{"object":"card_face","name":"Error","type_line":"Instant"}]},
	 {"object":"card","name":"Illusion // Reality","layout":"split","lang":"en","type_line":"Instant // Instant","card_faces":[{"object":"card_face","name":"Illusion","type_line":"Instant"},{"object":"card_face","name":"Reality","type_line":"Instant"}]}]`)
	cases := []linkCase{
		{"My opponent had an active Scarab God and a zombie.", []string{"The Scarab God"}},
		{"They missed their The Scarab God trigger.", []string{"The Scarab God"}},
		{"Does Wanderer prevent the damage?", []string{"The Wanderer"}},
		{"The lone wanderer attacks.", nil},
		{"At a Grand Prix Trial, a deck check finds 56 cards.", nil},
		// The word before may follow a quotation mark or a dash of
		// several bytes.
		{"At a “Qualifier Trial”, a deck check finds 56 cards.", nil},
		{"At the event—Qualifier Trial—a deck check finds 56 cards.", nil},
		{"Can I cast Trial on it?", []string{"Trial // Error"}},
		{"Can I Frazzle Reality?", []string{"Frazzle", "Illusion // Reality"}},
		// A possessive written without its "'s", or without the apostrophe.
		{"Does Urza Saga keep its abilities under Blood Moon?", []string{"Urza's Saga"}},
		{"Does Urzas Saga keep its abilities?", []string{"Urza's Saga"}},
		// A bracketed name the index lacks is the card /card finds for it;
		// one or two letters are none.
		{"Can I [[Frazle]] it?", []string{"Frazzle"}},
		{"What is [[Fr]]?", nil},
		// One name's last word after a word written as a name that names
		// nothing is the end of a card the index lacks.
		{"I control Calamity, Galloping Inferno and attack.", nil},
		{"I cast Inferno and Frazzle.", []string{"Inferno", "Frazzle"}},
	}
	checkLinks(t, n, cases)
}

// A judge's scenario names its players, and a player's name may be what a
// card is called in short ("Nin" for Nin, the Pain Artist; "Nice" of
// Naughty // Nice): a name that casts, draws, calls a judge or takes a
// turn is a player's wherever the question writes it. A card's full name,
// and a short name that only does what cards do, stay the card.
func TestLinkPlayersNamedLikeCards(t *testing.T) {
	n := syntheticNames(t, nil, `[
	 {"object":"card","name":"Nin, the Pain Artist","lang":"en","type_line":"Legendary Creature — Vedalken Wizard"},
	 {"object":"card","name":"Thassa, God of the Sea","lang":"en","type_line":"Legendary Enchantment Creature — God"},
	 {"object":"card","name":"Naughty // Nice","layout":"split","lang":"en","type_line":"Sorcery // Sorcery","card_faces":[{"object":"card_face","name":"Naughty","type_line":"Sorcery"},{"object":"card_face","name":"Nice","type_line":"Sorcery"}]}]`)
	cases := []linkCase{
		{"Art attacks Nin with a dashed creature. Nin takes her turn, then passes back the turn.", nil},
		{"Arielle is playing against Nice. Nice reads the card and calls a judge.", nil},
		{"My opponent controls Nin, the Pain Artist. Nin casts nothing.", []string{"Nin, the Pain Artist"}},
		{"Does Nin deal damage to my creature?", []string{"Nin, the Pain Artist"}},
		{"Can Thassa attack if my opponent controls a creature?", []string{"Thassa, God of the Sea"}},
		// A card takes damage; a player takes a turn.
		{"I bolt Nin. Nin takes lethal damage, does it die?", []string{"Nin, the Pain Artist"}},
		{"I cast Nice on my turn.", []string{"Naughty // Nice"}},
	}
	checkLinks(t, n, cases)
}

// The game's words are those its documents use as words: a card the CR's
// examples or the tournament documents name in their situations
// ("Tarmogoyf", "Brainstorm", "Phyrexian Revoker") is not one of them, so a
// question may write it in lower case; the land types and keywords the
// rules write capitalised stay the game's ("Island", "Flying").
func TestVocabularyLeavesOutTheDocumentsCards(t *testing.T) {
	words, written, _, _ := vocabulary(testkb.KB(t))
	game := map[string]bool{}
	for _, w := range words {
		game[w] = true
	}
	for _, w := range []string{"tarmogoyf", "brainstorm", "revoker"} {
		if game[w] {
			t.Errorf("%q is a word of the game", w)
		}
		if !slices.Contains(written, w) {
			t.Errorf("%q is not among the words the documents write only as names", w)
		}
	}
	for _, w := range []string{"island", "flying", "warning", "creature", "graveyard"} {
		if !game[w] {
			t.Errorf("%q is not a word of the game", w)
		}
	}
	for _, w := range written {
		if game[w] {
			t.Errorf("%q is both", w)
		}
	}
}

// linkCase is a question and the cards it names, in order.
type linkCase struct {
	q    string
	want []string
}

// checkLinks checks the cards n links in each case's question.
func checkLinks(t *testing.T, n *names, cases []linkCase) {
	t.Helper()
	for _, c := range cases {
		var got []string
		for _, card := range Cards(n.link(c.q)) {
			got = append(got, card.Name)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: linked %q, want %q", c.q, got, c.want)
		}
	}
}

// A name of the game's words that the CR's examples write as a card
// ("Lightning Bolt", though 107.10 speaks of "a lightning bolt for
// instant") names the card in lower case too; one the rules write as
// words ("first strike") does not.
func TestLinkNamesTheDocumentsWriteAsCards(t *testing.T) {
	words, written, phrases, _ := vocabulary(testkb.KB(t))
	if !slices.Contains(phrases, "lightning bolt") || slices.Contains(phrases, "first strike") {
		t.Fatalf("phrases written as names: lightning bolt %v, first strike %v",
			slices.Contains(phrases, "lightning bolt"), slices.Contains(phrases, "first strike"))
	}
	cat := syntheticCatalog(t, `[
	 {"object":"card","name":"Lightning Bolt","lang":"en","type_line":"Instant"},
	 {"object":"card","name":"Mind Control","lang":"en","type_line":"Enchantment — Aura"},
	 {"object":"card","name":"First Strike","lang":"en","type_line":"Instant"}]`)
	n := newNames(cat, words, written, phrases)
	checkLinks(t, n, []linkCase{
		{"does lightning bolt kill a 3/3 with a +1/+1 counter?", []string{"Lightning Bolt"}},
		{"if i mind control his creature, who controls its trigger?", []string{"Mind Control"}},
		{"does first strike damage happen before regular damage?", nil},
	})
}

// A long word written as a name that is no word of the game's and one or
// two letters from one card's name is that card ("my Tarmagoyf"); a word
// of the game's, a short word, a word at the start of a sentence or one
// that begins a longer capitalised run is not.
func TestLinkMisspelledNames(t *testing.T) {
	n := syntheticNames(t, []string{"does", "my", "count", "if", "casts", "on", "turn", "one", "attacks", "i", "block", "with", "flying"}, `[
	 {"object":"card","name":"Tarmogoyf","lang":"en","type_line":"Creature — Lhurgoyf"},
	 {"object":"card","name":"Ornithopter","lang":"en","type_line":"Artifact Creature — Thopter"},
	 {"object":"card","name":"Flyingo","lang":"en","type_line":"Creature — Bird"},
	 {"object":"card","name":"Shock","lang":"en","type_line":"Instant"}]`)
	checkLinks(t, n, []linkCase{
		{"Does my Tarmagoyf count?", []string{"Tarmogoyf"}},
		{"If he casts Ornithoper on turn one", []string{"Ornithopter"}},
		{"Tarmagoyf attacks, I block with Shok.", nil}, // opens the sentence; short
		{"I block with Flying.", nil},                  // a word of the game
		{"I block with Tarmagoyf Deluxe.", nil},        // the start of a longer name
		{"I block with Ornithopterrrr.", nil},          // too far from any name
	})
}

// A name of several of the game's words that the documents never write
// together ("blood moon", "time stop") is the card when the question tells
// it as one: a player's ("my blood moon"), the one ("the blood moon"),
// cast ("cast time stop"), had or
// controlled ("I have blood moon out", "controls a blood moon"), or asked
// what it is or does ("what is blood moon"). One
// the rules write as words ("first strike") is not, and neither is a name
// told without such a word.
func TestLinkLowerCaseNamesToldAsCards(t *testing.T) {
	cat := syntheticCatalog(t, `[
	 {"object":"card","name":"Blood Moon","lang":"en","type_line":"Enchantment"},
	 {"object":"card","name":"Time Stop","lang":"en","type_line":"Instant"},
	 {"object":"card","name":"First Strike","lang":"en","type_line":"Instant"}]`)
	kb := testkb.KB(t)
	words, written, phrases, gamePhrases := vocabulary(&rulings.KB{CR: kb.CR, Tourney: kb.Tourney, Cards: cat})
	if !slices.Contains(gamePhrases, "first strike") || slices.Contains(gamePhrases, "blood moon") {
		t.Fatalf("phrases of the game: %v", gamePhrases)
	}
	n := newNames(cat, words, written, phrases)
	for _, p := range gamePhrases {
		n.gamePhrase[p] = true
	}
	checkLinks(t, n, []linkCase{
		{"does my blood moon turn his lands into mountains?", []string{"Blood Moon"}},
		{"can i cast time stop during combat?", []string{"Time Stop"}},
		{"does my first strike creature deal damage first?", nil},
		{"what time stop does the bus make?", nil},
		// Had or controlled, with or without an article.
		{"i have blood moon out, are my lands mountains?", []string{"Blood Moon"}},
		{"my opponent controls a blood moon", []string{"Blood Moon"}},
		{"does the creature that has first strike deal damage first?", nil},
		{"when does a time stop happen?", nil},
		{"does it end before the blood moon leaves?", []string{"Blood Moon"}},
		{"does the first strike damage step happen?", nil},
		// Asked what it is or does.
		{"what is blood moon", []string{"Blood Moon"}},
		{"how does time stop work?", []string{"Time Stop"}},
		{"what is first strike?", nil},
	})
}

// A long word of no game text that names a card only with its ending
// dropped is, in lower case, as often an English word inflected
// ("overrules", "counterspells"): the card when written as a name or after
// a player's possessive. The name itself in lower case is the card.
func TestLinkInflectedLowerCaseWords(t *testing.T) {
	n := syntheticNames(t, []string{"the", "later", "effect", "earlier", "one", "he", "has", "in", "play", "my", "die", "to", "sweeper", "i", "cast", "two", "does", "have", "flying"}, `[
	 {"object":"card","name":"Overrule","lang":"en","type_line":"Instant"},
	 {"object":"card","name":"Ornithopter","lang":"en","type_line":"Artifact Creature — Thopter"}]`)
	checkLinks(t, n, []linkCase{
		{"does the later effect overrules the earlier one?", nil},
		{"he has ornithopters in play", nil},
		{"my ornithopters die to the sweeper", []string{"Ornithopter"}},
		{"I cast two Overrules", []string{"Overrule"}},
		{"does ornithopter have flying?", []string{"Ornithopter"}},
	})
}
