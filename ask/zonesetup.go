package ask

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// What a question says is in a graveyard or a hand, and the life totals it
// says, go into the scenario it sets up, so the engine counts them (a
// Tarmogoyf's card types, a threshold, hellbent, Maro, Serra Avatar): only
// what is plainly stated, never guessed.
//
//   - "with seven cards in my graveyard", "my graveyard has 7 cards": the
//     graveyard's size ("you have 7 cards in graveyard"), its cards
//     unnamed; "seven or more", "at least seven" and "I have threshold"
//     (the ability word's condition: seven or more cards in your
//     graveyard) a lower bound ("you have at least 7 cards in
//     graveyard"), which decides a threshold but no count.
//   - "my graveyard has a land and an instant", "with two creatures and a
//     sorcery in my opponent's graveyard": cards of those card types
//     (205.2a), each a card with nothing but its types ("define Land card
//     = Land"), or a card the question names ("with Lightning Bolt in my
//     graveyard"), which is then put there rather than cast. A list with
//     any word it can't read is left out whole.
//   - "I have no cards in hand", "my hand is empty", "I'm hellbent", "I
//     have 3 cards in hand", "my opponent has two cards in hand": the
//     hand's size.
//   - "I have 30 life", "I'm at 5 life", "my life total is 12", "30 or
//     more life": a life total, or a lower bound of it.
//
// A question that says two different sizes of one zone or two life totals
// of one player (a story told over time) states none.
//
// "My" and "I" are you, "my opponent('s)" and "the opponent('s)" the
// opponent; "his", "her" and "their" are left out (whose they are is not
// plain).

// zoneSetup is what a question says of graveyards and hands, as scenario
// lines: front goes before the permanents (the cards in graveyards, the
// graveyards' sizes, life totals), hand after them (a hand's size counts the
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
	reGraveSize = regexp.MustCompile(`(?i)\b(?:(i|you|my opponent|the opponent) (?:have|has|had) |(?:with|there (?:are|is|were|was)|there's) )(at least )?(` + zoneNum + `)( or more)? cards? in ` + `(my|your|their|my opponent's|the opponent's|opponent's|an opponent's) graveyard\b`)
	// reGraveHasSize: "my graveyard has seven cards".
	reGraveHasSize = regexp.MustCompile(`(?i)\b` + zoneOwner + ` graveyard (?:has|had|contains|holds) (at least )?(` + zoneNum + `)( or more)? cards\b`)
	// reGraveHas: "my graveyard has a land and an instant".
	reGraveHas = regexp.MustCompile(`(?i)\b` + zoneOwner + ` graveyard (?:has|contains|holds) (` + zoneList + `)` + zoneClauseEnd)
	// reInGrave: "a land and an instant in my graveyard", "Lightning Bolt
	// is in my graveyard".
	reInGrave = regexp.MustCompile(`(?i)(?:^|[\s,;:(])(` + zoneList + `) (?:is |are )?in ` + zoneOwner + ` graveyard\b`)
	// reHandSize: "I have no cards in hand", "with three cards in my
	// hand", "my opponent has 2 cards in their hand".
	reHandSize = regexp.MustCompile(`(?i)\b(?:(i|you|my opponent|the opponent) (?:have|has|had) |with )(at least )?(` + zoneNum + `)( or more)? cards? in (?:(my|your|their|my opponent's|the opponent's) )?hand\b`)
	// reThreshold, reHellbent: "I have threshold" (the ability word's
	// condition, the same on every card: seven or more cards are in your
	// graveyard), "I'm hellbent" (you have no cards in hand).
	reThreshold = regexp.MustCompile(`(?i)\b(i|you|my opponent|the opponent) (?:have|has|had) threshold\b`)
	reHellbent  = regexp.MustCompile(`(?i)\b(i|you|my opponent|the opponent)(?: (?:am|is|are|was|were|have|has|had)|'m|'re) hellbent\b`)
	// reLifeIs: "I have 30 life", "I'm at 5 life", "my opponent is at 10
	// life", "my life total is 12".
	reLifeIs    = regexp.MustCompile(`(?i)\b(i|you|my opponent|the opponent)(?: (?:have|has|had|am at|is at|are at|was at|were at)|'m at|'re at) (at least )?(\d+)( or more)? life\b`)
	reLifeTotal = regexp.MustCompile(`(?i)\b(my|your|my opponent's|the opponent's) life total is (at least )?(\d+)( or more)?\b`)
	// reHandEmpty: "my hand is empty", "I have an empty hand".
	reHandEmpty = regexp.MustCompile(`(?i)\b(?:(my|your|my opponent's|the opponent's) hand is empty|(i|you|my opponent|the opponent) (?:have|has) an empty hand)\b`)
	// zoneClauseEnd: a list of cards ends its clause ("my graveyard has
	// a land named …" is no list of card types).
	zoneClauseEnd = `(?:$|[.?!;:,)]|\s+(?:and|but|then|so|when|while|if|does|do|is|are|can|will|how|what|which|who|should|would|could)\b)`
	reZoneItem    = regexp.MustCompile(`(?i)^(?:(` + zoneNum + `) (` + zoneType + `)|(?:(?:a|an|one) )?«(\d+)»)$`)
	reListSep     = regexp.MustCompile(`(?i),? and |, `)
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

	// A graveyard's or hand's size or a life total, by player ("you",
	// "opponent"): "7" or "at least 7"; "!" when the question says two.
	set := func(m map[string]string, who string, n int, atLeast bool) {
		v := strconv.Itoa(n)
		if atLeast {
			v = "at least " + v
		}
		if old, ok := m[who]; ok && old != v {
			v = "!"
		}
		m[who] = v
	}
	// read takes the subject, "at least", number, "or more" and owner of
	// a match (-1: no such group).
	read := func(m map[string]string, re *regexp.Regexp, subj, al, num, om, owner int) {
		for _, x := range re.FindAllStringSubmatchIndex(qq, -1) {
			g := func(i int) string {
				if i < 0 {
					return ""
				}
				return sub(qq, x, i)
			}
			n, ok := zoneCount(g(num))
			who, ok2 := whose(g(subj), g(owner))
			if ok && ok2 {
				set(m, who, n, g(al) != "" || g(om) != "")
			}
		}
	}
	sizes := map[string]string{}
	read(sizes, reGraveSize, 1, 2, 3, 4, 5)
	read(sizes, reGraveHasSize, -1, 2, 3, 4, 1)
	for _, m := range reThreshold.FindAllStringSubmatch(qq, -1) {
		if who, ok := whose(m[1], ""); ok {
			set(sizes, who, 7, true)
		}
	}
	lives := map[string]string{}
	read(lives, reLifeIs, 1, 2, 3, 4, -1)
	read(lives, reLifeTotal, -1, 2, 3, 4, 1)
	for _, who := range []string{"you", "opponent"} {
		if v, ok := lives[who]; ok && v != "!" {
			zs.front = append(zs.front, sizeLine(who, v, "life"))
		}
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
		v, ok := sizes[who]
		n, _ := strconv.Atoi(strings.TrimPrefix(v, "at least "))
		if !ok || v == "!" || n < named[who] {
			continue // no size, two sizes, or fewer cards than it names
		}
		zs.front = append(zs.front, sizeLine(who, v, "cards in graveyard"))
	}

	hands := map[string]string{}
	read(hands, reHandSize, 1, 2, 3, 4, 5)
	for _, m := range reHandEmpty.FindAllStringSubmatch(qq, -1) {
		if who, ok := whose(m[2], m[1]); ok {
			set(hands, who, 0, false)
		}
	}
	for _, m := range reHellbent.FindAllStringSubmatch(qq, -1) {
		if who, ok := whose(m[1], ""); ok {
			set(hands, who, 0, false)
		}
	}
	for _, who := range []string{"you", "opponent"} {
		if v, ok := hands[who]; ok && v != "!" {
			zs.hand = append(zs.hand, sizeLine(who, v, "cards in hand"))
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

// sizeLine states a graveyard's or hand's size or a life total: "you
// have at least 7 cards in graveyard".
func sizeLine(who, n, what string) string {
	if who == "opponent" {
		return fmt.Sprintf("opponent has %s %s", n, what)
	}
	return fmt.Sprintf("you have %s %s", n, what)
}
