package ask

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// What a question says is in a graveyard or a hand goes into the scenario
// it sets up, so the engine counts it (a Tarmogoyf's card types, a
// threshold, hellbent, Maro): only what is plainly stated, never guessed.
//
//   - "with seven cards in my graveyard", "my graveyard has 7 cards": the
//     graveyard's size ("you have 7 cards in graveyard"), its cards
//     unnamed. "Seven or more", "at least seven" say no size and are left
//     out.
//   - "my graveyard has a land and an instant", "with two creatures and a
//     sorcery in my opponent's graveyard": cards of those card types
//     (205.2a), each a card with nothing but its types ("define Land card
//     = Land"), or a card the question names ("with Lightning Bolt in my
//     graveyard"), which is then put there rather than cast. A list with
//     any word it can't read is left out whole.
//   - "I have no cards in hand", "my hand is empty", "I have 3 cards in
//     hand", "my opponent has two cards in hand": the hand's size.
//
// "My" and "I" are you, "my opponent('s)" and "the opponent('s)" the
// opponent; "his", "her" and "their" are left out (whose they are is not
// plain).

// zoneSetup is what a question says of graveyards and hands, as scenario
// lines: front goes before the permanents (the cards in graveyards and
// the graveyards' sizes), hand after them (a hand's size counts the
// cards the set-up puts in it to be cast). inGrave holds the links put in
// a graveyard.
type zoneSetup struct {
	front, hand []string
	inGrave     map[int]bool
}

const (
	zoneNum   = `(?:no|a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)`
	zoneOwner = `(my|your|my opponent's|the opponent's|opponent's|an opponent's)`
	zoneType  = `(?:artifact creature|artifact land|enchantment creature|enchantment artifact|land|instant|sorcery|sorceries|creature|artifact|enchantment|planeswalker|battle)s?(?: cards?)?`
	// zoneItem: one item of a list of graveyard cards: "a land", "two
	// creature cards", "Lightning Bolt" (a linked card, «N»).
	zoneItem = `(?:` + zoneNum + ` ` + zoneType + `|(?:(?:a|an|one) )?«\d+»)`
	zoneList = zoneItem + `(?:(?:,? and |, )` + zoneItem + `)*`
)

var (
	// reGraveSize: "with seven cards in my graveyard", "I have 7 cards in
	// my graveyard", "my opponent has 3 cards in their graveyard".
	reGraveSize = regexp.MustCompile(`(?i)\b(?:(i|you|my opponent|the opponent) (?:have|has) |(?:with|there (?:are|is)|there's) )(` + zoneNum + `) cards? in ` + `(my|your|their|my opponent's|the opponent's|opponent's|an opponent's) graveyard\b`)
	// reGraveHasSize: "my graveyard has seven cards".
	reGraveHasSize = regexp.MustCompile(`(?i)\b` + zoneOwner + ` graveyard (?:has|contains|holds) (` + zoneNum + `) cards\b`)
	// reGraveHas: "my graveyard has a land and an instant".
	reGraveHas = regexp.MustCompile(`(?i)\b` + zoneOwner + ` graveyard (?:has|contains|holds) (` + zoneList + `)` + zoneClauseEnd)
	// reInGrave: "a land and an instant in my graveyard", "Lightning Bolt
	// is in my graveyard".
	reInGrave = regexp.MustCompile(`(?i)(?:^|[\s,;:(])(` + zoneList + `) (?:is |are )?in ` + zoneOwner + ` graveyard\b`)
	// reHandSize: "I have no cards in hand", "with three cards in my
	// hand", "my opponent has 2 cards in their hand".
	reHandSize = regexp.MustCompile(`(?i)\b(?:(i|you|my opponent|the opponent) (?:have|has) |with )(` + zoneNum + `) cards? in (?:(my|your|their|my opponent's|the opponent's) )?hand\b`)
	// reHandEmpty: "my hand is empty", "I have an empty hand".
	reHandEmpty = regexp.MustCompile(`(?i)\b(?:(my|your|my opponent's|the opponent's) hand is empty|(i|you|my opponent|the opponent) (?:have|has) an empty hand)\b`)
	// zoneClauseEnd: a list of cards ends its clause ("my graveyard has
	// a land named …" is no list of card types).
	zoneClauseEnd = `(?:$|[.?!;:,)]|\s+(?:and|but|then|so|when|while|if|does|do|is|are|can|will|how|what|which|who|should|would|could)\b)`
	reZoneItem    = regexp.MustCompile(`(?i)^(?:(` + zoneNum + `) (` + zoneType + `)|(?:(?:a|an|one) )?«(\d+)»)$`)
	reListSep     = regexp.MustCompile(`(?i),? and |, `)
	// reNotExact: what makes a number no size: "seven or more cards",
	// "at least seven cards", "more than seven".
	reNotExact = regexp.MustCompile(`(?i)(?:at least|at most|more than|fewer than|less than|over|under|up to) $`)
)

// opponentWord: a word of a question naming the opponent or their zone.
func opponentWord(w string) bool {
	w = strings.ToLower(w)
	return strings.Contains(w, "opponent")
}

// zoneStatements reads what q says of graveyards and hands (links are the
// cards it names).
func zoneStatements(q string, links []Link) zoneSetup {
	zs := zoneSetup{inGrave: map[int]bool{}}
	// The cards the question names become «N», so a list can hold them.
	var b strings.Builder
	at := 0
	for i, l := range links {
		if l.Start < at || l.End > len(q) {
			continue
		}
		b.WriteString(q[at:l.Start])
		b.WriteString("«" + strconv.Itoa(i) + "»")
		at = l.End
	}
	b.WriteString(q[at:])
	qq := b.String()

	sizes := map[string]int{} // "you", "opponent": a graveyard's size
	setSize := func(m map[string]int, who string, n int) bool {
		if old, ok := m[who]; ok && old != n {
			m[who] = -1 // two sizes: none is plain
			return false
		}
		m[who] = n
		return true
	}
	exact := func(s string, start int) bool { return !reNotExact.MatchString(s[:start]) }
	for _, m := range reGraveSize.FindAllStringSubmatchIndex(qq, -1) {
		subj, owner := sub(qq, m, 1), sub(qq, m, 3)
		n, ok := zoneCount(sub(qq, m, 2))
		if !ok || !exact(qq, m[4]) {
			continue
		}
		who, ok := whose(subj, owner)
		if !ok {
			continue
		}
		setSize(sizes, who, n)
	}
	for _, m := range reGraveHasSize.FindAllStringSubmatchIndex(qq, -1) {
		n, ok := zoneCount(sub(qq, m, 2))
		if !ok || !exact(qq, m[4]) {
			continue
		}
		who, _ := whose("", sub(qq, m, 1))
		setSize(sizes, who, n)
	}

	// Cards in graveyards, by type or by name.
	type graveCard struct {
		who, def, name string
		link           int
	}
	var cards []graveCard
	readList := func(list, owner string, before bool) {
		who, ok := whose("", owner)
		if !ok {
			return
		}
		var got []graveCard
		for _, item := range reListSep.Split(list, -1) {
			im := reZoneItem.FindStringSubmatch(strings.TrimSpace(item))
			if im == nil {
				return // a word it can't read: the whole list is left out
			}
			if im[3] != "" {
				i, _ := strconv.Atoi(im[3])
				if i >= len(links) {
					return
				}
				if before && isPermanent(links[i].Card) && len(reListSep.Split(list, -1)) > 1 {
					// "I have Tarmogoyf and a land in my graveyard": the
					// permanent may be on the battlefield; not plain.
					return
				}
				got = append(got, graveCard{who: who, name: links[i].Card.Name, link: i})
				continue
			}
			n, ok := zoneCount(im[1])
			if !ok || n == 0 || n > 20 {
				return
			}
			types := cardTypesOf(im[2])
			if types == "" {
				return
			}
			name := types + " card"
			name = strings.ToUpper(name[:1]) + strings.ToLower(name[1:])
			def := "define " + name + " = " + types
			if strings.Contains(types, "Creature") {
				def += " 0/0" // a creature card's printed P/T, which nothing here reads
			}
			for range n {
				got = append(got, graveCard{who: who, def: def, name: name, link: -1})
			}
		}
		cards = append(cards, got...)
	}
	for _, m := range reGraveHas.FindAllStringSubmatch(qq, -1) {
		readList(m[2], m[1], false)
	}
	for _, m := range reInGrave.FindAllStringSubmatch(qq, -1) {
		readList(m[1], m[2], true)
	}
	defined := map[string]bool{}
	named := map[string]int{}
	for _, c := range cards {
		if c.def != "" && !defined[c.def] {
			defined[c.def] = true
			zs.front = append(zs.front, c.def)
		}
	}
	for _, c := range cards {
		line := c.name + " (in graveyard)"
		if c.who == "opponent" {
			line = "opponent: " + line
		}
		if c.link >= 0 {
			if zs.inGrave[c.link] {
				continue
			}
			zs.inGrave[c.link] = true
		}
		zs.front = append(zs.front, line)
		named[c.who]++
	}
	for _, who := range []string{"you", "opponent"} {
		n, ok := sizes[who]
		if !ok || n < 0 || n < named[who] {
			continue // no size, two sizes, or fewer cards than it names
		}
		zs.front = append(zs.front, sizeLine(who, n, "graveyard"))
	}

	hands := map[string]int{}
	for _, m := range reHandSize.FindAllStringSubmatchIndex(qq, -1) {
		n, ok := zoneCount(sub(qq, m, 2))
		if !ok || !exact(qq, m[4]) {
			continue
		}
		who, ok := whose(sub(qq, m, 1), sub(qq, m, 3))
		if !ok {
			continue
		}
		setSize(hands, who, n)
	}
	for _, m := range reHandEmpty.FindAllStringSubmatch(qq, -1) {
		who, ok := whose(m[2], m[1])
		if ok {
			setSize(hands, who, 0)
		}
	}
	for _, who := range []string{"you", "opponent"} {
		if n, ok := hands[who]; ok && n >= 0 {
			zs.hand = append(zs.hand, sizeLine(who, n, "hand"))
		}
	}
	return zs
}

func sub(s string, m []int, i int) string {
	if m[2*i] < 0 {
		return ""
	}
	return s[m[2*i]:m[2*i+1]]
}

// whose is the player a subject ("I", "my opponent") or an owner ("my",
// "my opponent's", "their" after a subject) names; ok is false when it
// is not plain.
func whose(subj, owner string) (string, bool) {
	subj, owner = strings.ToLower(subj), strings.ToLower(owner)
	switch {
	case subj == "i" && (owner == "" || owner == "my"), subj == "you" && (owner == "" || owner == "your"):
		return "you", true
	case subj != "" && opponentWord(subj) && (owner == "" || owner == "their" || opponentWord(owner)):
		return "opponent", true
	case subj == "" && (owner == "my" || owner == "your"):
		// "with no cards in hand" says no whose: left out.
		return "you", true
	case subj == "" && opponentWord(owner):
		return "opponent", true
	}
	return "", false
}

// zoneCount reads a number of cards: "no" is 0.
func zoneCount(w string) (int, bool) {
	w = strings.ToLower(w)
	if w == "no" {
		return 0, true
	}
	if n, ok := numberWords[w]; ok {
		return n, true
	}
	n, err := strconv.Atoi(w)
	return n, err == nil && n <= 200
}

// cardTypesOf is the card types (205.2a) of "artifact creature cards",
// "sorceries", "a land", as a type line; "" when none.
func cardTypesOf(w string) string {
	w = strings.ToLower(w)
	w = strings.TrimSuffix(strings.TrimSuffix(w, " cards"), " card")
	var ts []string
	for _, x := range strings.Fields(w) {
		switch x {
		case "sorceries":
			x = "sorcery"
		default:
			x = strings.TrimSuffix(x, "s")
		}
		switch x {
		case "artifact", "battle", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery":
			ts = append(ts, strings.ToUpper(x[:1])+x[1:])
		default:
			return ""
		}
	}
	return strings.Join(ts, " ")
}

// sizeLine states a graveyard's or hand's size.
func sizeLine(who string, n int, zone string) string {
	if who == "opponent" {
		return fmt.Sprintf("opponent has %d cards in %s", n, zone)
	}
	return fmt.Sprintf("you have %d cards in %s", n, zone)
}
