package search

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestTokenizeKeepsMagicSymbols(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"{T}: Add {G}.", []string{"{t}", "add", "{g}"}},
		{"Put a +1/+1 counter and a -1/-1 counter", []string{"put", "+1/+1", "counter", "-1/-1", "counter"}},
		{"See rule 302.6.", []string{"see", "302.6"}},
		{"Layer 7b effects", []string{"layer", "7b", "effect"}},
		{"can’t attack", []string{"cant", "attack"}},
		{"Urza’s creatures", []string{"urza", "creatur"}},
	}
	for _, c := range cases {
		var got []string
		for _, tok := range tokenize(c.in) {
			got = append(got, tok.term)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("tokenize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

var testDocs = []Doc{
	{Kind: "rule", ID: "1.1", Text: "A creature with haste can attack the turn it comes under your control."},
	{Kind: "rule", ID: "1.2", Text: "Summoning sickness keeps a creature from attacking."},
	{Kind: "rule", ID: "1.3", Text: "Tap symbol {T} means tap this permanent; untap symbol {Q} means untap it."},
	{Kind: "rule", ID: "1.4", Text: "Put a +1/+1 counter on target creature. Counters modify power and toughness in layer 7c."},
	{Kind: "glossary", ID: "Haste", Title: "Haste", Text: "A keyword ability. See rule 1.1.", Refs: []string{"1.1"}, BoostRefs: true},
	{Kind: "card", ID: "Raging Goblin", Title: "Raging Goblin", Text: "Haste"},
}

func TestSearchRanksAndFilters(t *testing.T) {
	ix := Build(testDocs)
	top := func(q string, opt Options) string {
		rs := ix.Search(q, opt)
		if len(rs) == 0 {
			return ""
		}
		return rs[0].Kind + ":" + rs[0].ID
	}
	if got := top("{Q}", Options{}); got != "rule:1.3" {
		t.Errorf("{Q} -> %s", got)
	}
	if got := top("+1/+1 counter layer", Options{}); got != "rule:1.4" {
		t.Errorf("+1/+1 -> %s", got)
	}
	if got := top("summoning sickness", Options{}); got != "rule:1.2" {
		t.Errorf("phrase -> %s", got)
	}
	if got := top("haste", Options{Kinds: []string{"card"}}); got != "card:Raging Goblin" {
		t.Errorf("kind filter -> %s", got)
	}
	if got := top("hsate", Options{Kinds: []string{"rule"}}); got != "rule:1.1" {
		t.Errorf("typo -> %s", got)
	}
	// The glossary entry lends weight to the rule it cites: 1.1 outranks 1.2
	// although both mention attacking creatures.
	rs := ix.Search("haste creature attack", Options{Kinds: []string{"rule"}})
	if len(rs) < 2 || rs[0].ID != "1.1" {
		t.Errorf("ref boost: %+v", rs)
	}
	if rs := ix.Search("zebra", Options{}); len(rs) != 0 {
		t.Errorf("unknown word found %+v", rs)
	}
	if rs := ix.Search("creature", Options{Limit: 1}); len(rs) != 1 {
		t.Errorf("limit ignored: %d results", len(rs))
	}
}

func TestQuoteFindsTheParagraph(t *testing.T) {
	var docs []Doc
	for i := 0; i < 50; i++ {
		docs = append(docs, Doc{Kind: "rule", ID: fmt.Sprint(i), Text: fmt.Sprintf("Filler rule %d about creatures, attacking, blocking and the stack, with damage.", i)})
	}
	para := "If a creature would deal damage to a planeswalker, that damage is dealt to the planeswalker instead and removes that many loyalty counters from it."
	docs = append(docs, Doc{Kind: "rule", ID: "target", Text: para})
	ix := Build(docs)
	for _, q := range []string{para, para[:90], "If a creature would deal damage to a planeswalkr, that damage is dealt to the planeswalker"} {
		rs := ix.Search(q, Options{Limit: 1})
		if len(rs) == 0 || rs[0].ID != "target" {
			t.Errorf("quote %q found %+v", q, rs)
		}
	}
}

func TestSearchIsSafeConcurrently(t *testing.T) {
	ix := Build(testDocs)
	want := ix.Search("haste creature attack", Options{})
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				got := ix.Search("haste creature attack", Options{})
				if len(got) != len(want) || got[0].ID != want[0].ID || got[0].Score != want[0].Score {
					t.Errorf("concurrent search differs: %+v", got)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func FuzzSearch(f *testing.F) {
	ix := Build(testDocs)
	for _, s := range []string{"haste", "{T}", "+1/+1", "summoning sickness", "ÆTHER", "302.6", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		rs := ix.Search(q, Options{Limit: 3})
		if len(rs) > 3 {
			t.Fatalf("limit broken: %d", len(rs))
		}
		for i := 1; i < len(rs); i++ {
			if rs[i].Score > rs[i-1].Score {
				t.Fatalf("results not sorted: %+v", rs)
			}
		}
	})
}

// Many glossary entries citing one rule lend it their best score, not the
// sum: otherwise the rule that lists every predefined token would answer
// every question about tokens.
func TestRefBoostTakesTheLargestLoan(t *testing.T) {
	docs := []Doc{
		{Kind: "rule", ID: "list", Text: "Some effects create a token of a kind the list below defines."},
		{Kind: "rule", ID: "owner", Text: "The player who creates a token is its owner. The token is under that player's control."},
		{Kind: "rule", ID: "other", Text: "Damage is dealt by sources."},
	}
	for _, name := range []string{"Treasure", "Food", "Clue", "Blood", "Gold", "Map", "Powerstone", "Shard", "Incubator", "Junk"} {
		docs = append(docs, Doc{Kind: "glossary", ID: name + " Token", Title: name + " Token", Text: "A predefined artifact. See rule list.", Refs: []string{"list"}, BoostRefs: true})
	}
	ix := Build(docs)
	rs := ix.Search("who owns a predefined token", Options{Kinds: []string{"rule"}})
	if len(rs) == 0 || rs[0].ID != "owner" {
		t.Errorf("who owns a predefined token -> %+v", rs)
	}
}

// Shared stock phrasing is not a quote: a paste that shares one sentence
// shape with an item but is mostly about something else ranks by its words.
func TestPartialOverlapIsNotAQuote(t *testing.T) {
	docs := []Doc{
		{Kind: "ruling", ID: "Other Card", Text: "Abilities that trigger when a creature enters the battlefield see a 2/2 creature entering, then it gets counters."},
		{Kind: "rule", ID: "job", Text: "Job select means when this Equipment enters, create a 1/1 colorless Hero creature token, then attach this Equipment to it."},
	}
	ix := Build(docs)
	q := "The Hero token enters as a 1/1 creature, then the Equipment becomes attached to it. Abilities that trigger when a creature enters the battlefield see that a 1/1 creature entered the battlefield."
	if rs := ix.Search(q, Options{}); len(rs) == 0 || rs[0].ID != "job" {
		t.Errorf("paste answered %+v", rs)
	}
}

// Number words and digits meet: the CR writes "toughness 0" and "ten or
// more poison counters".
func TestNumberWordsMatchDigits(t *testing.T) {
	ix := Build([]Doc{
		{Kind: "rule", ID: "sba", Text: "If a creature has toughness 0 or less, it is put into its owner's graveyard."},
		{Kind: "rule", ID: "poison", Text: "If a player has ten or more poison counters, that player loses the game."},
		{Kind: "rule", ID: "other", Text: "A creature's toughness is its second number."},
		{Kind: "rule", ID: "markers", Text: "Counters are markers."},
	})
	if rs := ix.Search("toughness zero", Options{}); len(rs) == 0 || rs[0].ID != "sba" {
		t.Errorf("toughness zero -> %+v", rs)
	}
	if rs := ix.Search("10 counters", Options{}); len(rs) == 0 || rs[0].ID != "poison" {
		t.Errorf("10 counters -> %+v", rs)
	}
}

// A long item's snippet is the sentence with most of the question's words;
// a short item is its own snippet.
func TestSnippetPicksTheSentenceAsked(t *testing.T) {
	ix := Build(testDocs)
	long := "Players may not look at their opponent's library at any time during the match unless an effect allows it. " +
		"A player who draws extra cards must reveal them and the opponent chooses which cards go back into the library. " +
		"Decklists are checked at the start of each round by the judges on the floor and any problem is reported to the head judge."
	if got := ix.Snippet("my opponent drew extra cards, what happens?", long); got != "A player who draws extra cards must reveal them and the opponent chooses which cards go back into the library." {
		t.Errorf("snippet %q", got)
	}
	if got := ix.Snippet("anything", "Short text."); got != "Short text." {
		t.Errorf("short snippet %q", got)
	}
	// Results asked without snippets have none; with, they do.
	if r := ix.Search("haste", Options{NoSnippet: true}); len(r) == 0 || r[0].Snippet != "" {
		t.Errorf("NoSnippet results %+v", r)
	}
	if r := ix.Search("haste", Options{}); len(r) == 0 || r[0].Snippet == "" {
		t.Errorf("results %+v have no snippet", r)
	}
}

// A search narrowed to some kinds returns the same items, in the same
// order and with the same scores, as the unnarrowed search filtered
// afterwards: the items it leaves unscored could change nothing.
func TestKindsNarrowWithoutChangingScores(t *testing.T) {
	ix := Build(testDocs)
	for _, q := range []string{"haste attack", "creature counter power", "summoning sickness haste"} {
		var want []Result
		for _, r := range ix.Search(q, Options{Limit: 50}) {
			if r.Kind == "rule" {
				want = append(want, r)
			}
		}
		got := ix.Search(q, Options{Kinds: []string{"rule"}, Limit: 50})
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: narrowed %v, want %v", q, got, want)
		}
	}
}

// A glossary entry that a query names and that cites a heading lends to
// the rule opening the heading's section, which says what the heading
// names; without the opening link another rule ranks first.
func TestNamedGlossaryHeadingLendsToItsOpeningRule(t *testing.T) {
	docs := func(opening string) []Doc {
		return []Doc{
			{Kind: "rule", ID: "514", Title: "Cleanup Step", Weight: 0.4, NoTitleBonus: true, Opening: opening},
			{Kind: "rule", ID: "514.1", Text: "First, if the active player's hand contains more cards than their maximum hand size, they discard enough cards.", Context: "Cleanup Step"},
			{Kind: "rule", ID: "514.3", Text: "Normally, no player receives priority during the cleanup step, so no spells can be cast in the cleanup step.", Context: "Cleanup Step"},
			{Kind: "rule", ID: "103.1", Text: "Each player shuffles their deck and draws a hand of seven cards."},
			{Kind: "glossary", ID: "Cleanup Step", Title: "Cleanup Step", Text: "Part of the turn. This step is the final step of the ending phase. See rule 514.", Refs: []string{"514"}, BoostRefs: true},
		}
	}
	first := func(ix *Index, q string) string {
		rs := ix.Search(q, Options{Kinds: []string{"rule"}})
		if len(rs) == 0 {
			return ""
		}
		return rs[0].ID
	}
	q := "what happens in the cleanup step"
	if got := first(Build(docs("514.1")), q); got != "514.1" {
		t.Errorf("%q with the opening rule linked -> %s, want 514.1", q, got)
	}
	if got := first(Build(docs("")), q); got == "514.1" {
		t.Errorf("%q with no opening rule -> 514.1: the test shows nothing", q)
	}
	// A long question that names the step in passing is about something
	// else: the opening rule gets a small share only.
	ix := Build(docs("514.1"))
	long := "my opponent passed priority during the cleanup step with seven cards in hand and a spell cast"
	if got := first(ix, long); got != "514.3" {
		t.Errorf("%q -> %s, want 514.3", long, got)
	}
}

// A section that opens with a heading ("5. Turn Structure", "500.
// General") passes the loan on to the rule under both.
func TestOpeningFollowsHeadings(t *testing.T) {
	docs := func(opening string) []Doc {
		return []Doc{
			{Kind: "rule", ID: "5", Title: "Turn Structure", Weight: 0.4, NoTitleBonus: true, Opening: "500"},
			{Kind: "rule", ID: "500", Title: "General", Weight: 0.4, NoTitleBonus: true, Opening: opening},
			{Kind: "rule", ID: "500.1", Text: "A turn consists of five phases, in this order: beginning, precombat main, combat, postcombat main, and ending."},
			{Kind: "rule", ID: "505.1", Text: "There are two main phases in a turn. The first main phase of the turn is the precombat main phase."},
			{Kind: "glossary", ID: "Phase", Title: "Phase", Text: "A subsection of a turn. See section 5.", Refs: []string{"5"}, BoostRefs: true},
		}
	}
	ix := Build(docs("500.1"))
	if got := ix.opening(0); got != 2 {
		t.Errorf("opening of section 5 = %d, want item 2 (500.1)", got)
	}
	if got := ix.opening(2); got != -1 {
		t.Errorf("a rule with no opening gave %d", got)
	}
	rank := func(ix *Index) []string {
		var out []string
		for _, r := range ix.Search("what are the phases of a turn", Options{Kinds: []string{"rule"}}) {
			if r.ID == "500.1" || r.ID == "505.1" {
				out = append(out, r.ID)
			}
		}
		return out
	}
	if got := rank(ix); !slices.Equal(got, []string{"500.1", "505.1"}) {
		t.Errorf("phases of a turn, opening followed -> %v, want 500.1 before 505.1", got)
	}
	if got := rank(Build(docs(""))); !slices.Equal(got, []string{"505.1", "500.1"}) {
		t.Errorf("phases of a turn, opening not followed -> %v: the test shows nothing", got)
	}
}

// Known phrasings add the CR's words for them: a token that dies or is
// bounced "ceases to exist" (111.7), losing or gaining abilities is
// layer 6's "ability-removing" or "ability-adding" effect (613.1f).
func TestConceptsAddTheRulesWords(t *testing.T) {
	cases := []struct {
		q    string
		want []string // texts whose words the query must gain
		not  []string
	}{
		{"what happens to a token that leaves the battlefield", []string{"ceases to exist"}, nil},
		{"my Soldier token was bounced", []string{"ceases to exist"}, nil},
		{"loses all abilities which layer", []string{"ability-removing effects"}, []string{"ability-adding"}},
		{"a creature gains flying until end of turn, which layer applies the ability", []string{"ability-adding effects"}, []string{"ability-removing"}},
		{"a creature leaves the battlefield", nil, []string{"ceases to exist"}},
		{"how much life do I lose", nil, []string{"ability-removing"}},
	}
	for _, c := range cases {
		got := expandConcepts(c.q)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%q adds %q, want %q among it", c.q, got, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(got, w) {
				t.Errorf("%q adds %q, which must not hold %q", c.q, got, w)
			}
		}
	}
}

// Punctuation weakens a phrase: the list "declare blockers step, combat
// damage step" says little about "step combat", while words joined by a
// stopword make a whole phrase.
func TestPhrasesWeakenAtPunctuation(t *testing.T) {
	ix := Build([]Doc{
		{Kind: "rule", ID: "1", Text: "The steps are declare blockers step, combat damage step; end step. Afterwards all ends: damage is removed."},
		{Kind: "rule", ID: "2", Text: "The combat phase has five steps of combat."},
	})
	tf := func(p string, doc int32) float32 {
		for _, ps := range ix.terms.lookup(p) {
			if ps.doc == doc {
				return ps.tf
			}
		}
		return 0
	}
	whole := DefaultParams.Text
	broken := DefaultParams.Text * DefaultParams.Broken
	cases := []struct {
		phrase string
		doc    int32
		want   float32
	}{
		{phrase("declar", "blocker"), 0, whole},
		{phrase("step", "combat"), 0, broken},
		{phrase("step", "combat"), 1, whole},
		{phrase("step", "afterward"), 0, broken},
		{phrase("end", "damag"), 0, broken},
	}
	for _, c := range cases {
		if got := tf(c.phrase, c.doc); got != c.want {
			t.Errorf("phrase %q in item %d weighs %v, want %v", c.phrase, c.doc, got, c.want)
		}
	}
	// A dot or comma inside a number is no break: MTR "section 5.2".
	for _, q := range []string{"section 5.2", "1,000 cards"} {
		if toks := tokenize(q); len(toks) != 3 || toks[1].broken || toks[2].broken {
			t.Errorf("%q: a number broke its phrase: %+v", q, toks)
		}
	}
	if toks := tokenize("first strike, double strike"); len(toks) != 4 || !toks[2].broken || toks[1].broken {
		t.Errorf("the comma in a list is no break: %+v", toks)
	}
}

// The literal check before each concept's expression never changes which
// concepts a query adds.
func TestConceptLiteralsKeepMatches(t *testing.T) {
	queries := []string{
		"can I attack with it the turn I cast it", "Is my creature summoning sick?", "do they die at the same time",
		"what if I have no cards left in my library", "does it change zones and become a new object",
		"+1/+1 counters and the layer system", "does can't beat can", "when does the damage wear off",
		"my spell fizzled", "my Aura's creature died", "the token was bounced", "it loses all abilities",
		"it gains flying", "hero tokens", "he drew 8 cards for his opening hand", "nothing relevant here at all",
	}
	for _, q := range queries {
		want := ""
		for _, c := range concepts {
			if c.re.MatchString(q) {
				want += " " + c.text
			}
		}
		if got := expandConcepts(q); got != want {
			t.Errorf("%q: concepts %q, want %q", q, got, want)
		}
	}
	for i, c := range concepts {
		if len(conceptNeeds[i]) == 0 {
			t.Logf("concept %s needs no literal", c.re)
		}
	}
}

// Words the stemmer would merge are kept apart where the CR means
// different things by them: "owns" and "owned" are ownership, as "owner"
// is, and so is the verb "own", while "their own deck" is not.
func TestSensesKeptApart(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"who owns a token", []string{"owner", "token"}},
		{"a card owned by Alex", []string{"card", "owner", "alex"}},
		{"cards you own", []string{"card", "owner"}},
		{"their own deck", []string{"own", "deck"}},
		{"its own zone", []string{"own", "zone"}},
	}
	for _, c := range cases {
		if got := Terms(c.in); !slices.Equal(got, c.want) {
			t.Errorf("Terms(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A mana cost a question writes with hybrid or Phyrexian symbols finds the
// rule that names the symbols' kind, not only those that print a symbol.
func TestHybridSymbolsFindTheirKind(t *testing.T) {
	ix := Build([]Doc{
		{Kind: "rule", ID: "202.3f", Text: "When calculating the mana value of an object with a hybrid mana symbol in its mana cost, use the largest component of each hybrid symbol."},
		{Kind: "rule", ID: "202.3g", Text: "Each Phyrexian mana symbol in a card's mana cost contributes 1 to its mana value."},
		{Kind: "rule", ID: "202.3", Text: "The mana value of an object is a number equal to the total amount of mana in its mana cost, regardless of color."},
	})
	for q, want := range map[string]string{
		"The mana value of {1}{W/U}{W/U} is 3.": "202.3f",
		"The mana value of {2/B}{2/B} is 4.":    "202.3f",
		"The mana value of {1}{G/P} is 2.":      "202.3g",
	} {
		if res := ix.Search(q, Options{}); len(res) == 0 || res[0].ID != want {
			t.Errorf("%q: got %v, want %s first", q, res, want)
		}
	}
	for term, want := range map[string][]string{
		"{w/u}": {"hybrid"}, "{2/b}": {"hybrid"}, "{w/p}": {"phyrexian"}, "{w/u/p}": {"phyrexian", "hybrid"}, "{g}": nil, "+1/+1": nil,
	} {
		if got := symbolKinds(term); !slices.Equal(got, want) {
			t.Errorf("symbolKinds(%q) = %v, want %v", term, got, want)
		}
	}
}

// A text that mayAbbreviate passes over holds nothing the abbreviations'
// expression matches.
func TestMayAbbreviate(t *testing.T) {
	for _, q := range []string{
		"", "ETB", "etbs", "the etb trigger", "p/t", "set its P/T to 0/1", "an eot effect.",
		"energy", "except", "gym", "opportunity", "x-etb-y", "(ltb)", "2HG", "cmc3", "mv/", "GY,",
		"Kelvin \u212a", "\u017fba", "sba\u00e9", "my opp's turn",
	} {
		if !mayAbbreviate(q) && abbrevRe.MatchString(q) {
			t.Errorf("%q: mayAbbreviate is false, but %v matches", q, abbrevRe.FindString(q))
		}
	}
	for q, want := range map[string]bool{"energy except gym": false, "the ETB trigger": true, "set P/T": true, "opp's": true} {
		if got := mayAbbreviate(q); got != want {
			t.Errorf("mayAbbreviate(%q) = %v, want %v", q, got, want)
		}
	}
}

// A query searched again is not read again: its terms are kept among the
// last few queries, and the results are those of a fresh index. Searches
// of many queries at once keep at most maxRecent of them.
func TestRecentQueriesKeepTheirTerms(t *testing.T) {
	fresh := func(q string, opt Options) []Result { return Build(testDocs).Search(q, opt) }
	ix := Build(testDocs)
	qs := []string{"haste creature attack", "summoning sickness", "302.6", "{T}: Add {G}", "first strike damage"}
	for round := 0; round < 3; round++ {
		for _, q := range qs {
			for _, opt := range []Options{{}, {Limit: 2}, {Kinds: []string{"rule"}}} {
				if got, want := ix.Search(q, opt), fresh(q, opt); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%q %+v searched again: %+v, want %+v", q, opt, got, want)
				}
			}
		}
	}
	first := ix.recentTerms(qs[len(qs)-1])
	if again := ix.recentTerms(qs[len(qs)-1]); len(first) == 0 || &again[0] != &first[0] {
		t.Error("the last query's terms are read again")
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				ix.Search(fmt.Sprintf("creature %d attack", (g*50+i)%20), Options{})
			}
		}()
	}
	wg.Wait()
	if n := len(*ix.recent.Load()); n > maxRecent {
		t.Errorf("%d queries kept, at most %d", n, maxRecent)
	}
}

// TestDerivedWordsMeet: a noun of action and the verb it is made from,
// which the stemmer keeps apart, find each other's texts, whichever of
// the two the index holds; a word with no such verb is left alone.
func TestDerivedWordsMeet(t *testing.T) {
	docs := []Doc{
		{Kind: "mtr", ID: "5.2", Text: "The decision to drop or concede cannot be made in exchange for a reward."},
		{Kind: "mtr", ID: "2.6", Text: "Players receive a time extension when a judge pauses the match."},
		{Kind: "mtr", ID: "1.1", Text: "Players drop from the tournament by telling the scorekeeper."},
		{Kind: "mtr", ID: "1.2", Text: "A judge decides what time the round ends."},
	}
	ix := Build(docs)
	none := DefaultParams
	none.Derived = 0
	plain := BuildWith(docs, none)
	for _, c := range []struct{ q, want string }{
		{"what about a concession", "5.2"},
		{"may the judge extend the time", "2.6"},
		{"the judge extended the time", "2.6"},
	} {
		res := ix.Search(c.q, Options{Limit: 1})
		if len(res) == 0 || res[0].ID != c.want {
			t.Errorf("%q: got %v, want %s first", c.q, res, c.want)
		}
		// The derivation is what finds it.
		if res := plain.Search(c.q, Options{Limit: 1}); len(res) > 0 && res[0].ID == c.want {
			t.Errorf("%q: %s first without derivations too", c.q, c.want)
		}
	}
	if got := verbsOf("concessions"); !slices.Contains(got, "concede") {
		t.Errorf("verbsOf(concessions) = %q, want concede among them", got)
	}
	if got := verbsOf("version"); len(got) != 0 {
		t.Errorf("verbsOf(version) = %q, want none (the stem is too short)", got)
	}
	// "decision" is held and "decides" stems as "decide" does.
	if ds := ix.derived[stem("decides")]; !slices.Contains(ds, stem("decision")) {
		t.Errorf("decides is linked to %q, want decision's stem", ds)
	}
}
