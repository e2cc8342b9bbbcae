package engine

import (
	"regexp"
	"strconv"
	"strings"
)

// Subjects, filters and the pieces of predicates the sentence rules share.

// splitClauses splits "gets +1/+1 and has flying" into predicates at an
// "and" followed by a verb.
func splitClauses(words []string) []string {
	var out []string
	start := 0
	cut := func(end, next int) {
		out = append(out, strings.TrimSuffix(strings.Join(words[start:end], " "), ","))
		start = next
	}
	for i := 1; i < len(words); i++ {
		switch {
		case words[i] == "and" && i+1 < len(words) && (sentenceVerbs[words[i+1]] || words[i+1] == "attack" || words[i+1] == "block"):
			cut(i, i+1)
		case words[i] == "and" && i+2 < len(words) && (words[i+1] == "its" || words[i+1] == "their") && words[i+2] == "activated":
			// "can't attack or block, and its activated abilities can't be
			// activated"
			cut(i, i+2)
		case words[i] == "and" && i+2 < len(words) && pronouns[words[i+1]] && sentenceVerbs[words[i+2]]:
			// "..., and they gain ...": the same subject.
			cut(i, i+2)
		case strings.HasSuffix(words[i-1], ",") && sentenceVerbs[words[i]]:
			// "has base power and toughness 0/4, has defender, loses ..."
			cut(i, i)
		}
	}
	return append(out, strings.TrimSuffix(strings.Join(words[start:], " "), ","))
}

var pronouns = map[string]bool{"it": true, "they": true}

// subject parses what a sentence applies to.
func (c *compiler) subject(words []string, ctx *sctx) (Selector, bool) {
	if len(words) == 0 {
		return Selector{}, false
	}
	noun := strings.Join(words, " ")
	ws := words
	count := 1
	if ws[0] == "up" && len(ws) > 3 && ws[1] == "to" {
		n, ok := numberWords[ws[2]]
		if !ok {
			return Selector{}, false
		}
		count, ws = n, ws[3:]
	} else if n, ok := numberWords[ws[0]]; ok && n > 1 && len(ws) > 1 && ws[1] == "target" {
		count, ws = n, ws[1:]
	}
	if len(ws) > 0 && ws[len(ws)-1] == "also" {
		// "Colorless creatures you control also gain first strike": the
		// same subject, "also" adds nothing to it.
		ws = ws[:len(ws)-1]
		words = words[:len(words)-1]
		noun = strings.Join(words, " ")
	}
	if len(ws) > 0 && ws[len(ws)-1] == "each" {
		ws = ws[:len(ws)-1]
	}
	if len(ws) > 0 && ws[0] == "another" {
		ws = ws[1:]
	}
	if len(ws) > 1 && ws[0] == "target" {
		f, ok := parseFilter(ws[1:])
		if !ok {
			return Selector{}, false
		}
		sel := Selector{Kind: selTarget, Target: ctx.targets, Noun: noun, F: f}
		if count > 1 {
			sel.Count = count
		}
		ctx.targets += count
		return sel, true
	}
	switch {
	case len(words) == 2 && words[0] == "enchanted" && !pluralNoun(words[1]):
		return Selector{Kind: selEnchanted, Noun: noun}, true
	case len(words) == 2 && words[0] == "equipped" && words[1] == "creature":
		return Selector{Kind: selEquipped, Noun: noun}, true
	case len(words) == 2 && words[0] == "fortified" && words[1] == "land":
		// 301.6: a Fortification is attached to a land, as an Equipment
		// to a creature: the object it is attached to.
		return Selector{Kind: selEquipped, Noun: noun}, true
	case noun == "~":
		return Selector{Kind: selSelf, Noun: noun}, true
	case ctx.paired && pairNouns[noun]:
		return Selector{Kind: selPaired, Noun: noun}, true
	case ctx.condSel != nil && (noun == "that creature" || noun == "that permanent"):
		return *ctx.condSel, true
	case ctx.condSel != nil && noun == "it" && (ctx.condSel.Kind == selEnchanted || ctx.condSel.Kind == selEquipped || ctx.condSel.Kind == selSelf):
		return *ctx.condSel, true
	case noun == "it" || noun == "that creature" || noun == "that permanent" || noun == "that land" ||
		noun == "they" || noun == "those creatures" || noun == "that artifact":
		if ctx.last == nil {
			return Selector{}, false
		}
		sel := *ctx.last
		return sel, true
	}
	f, ok := parseFilter(words)
	if !ok {
		return Selector{}, false
	}
	if f.ThatPlayer && (ctx.self || ctx.targets == 0) {
		return Selector{}, false // "that player" names the controller of a spell's target
	}
	return Selector{Kind: selFilter, F: f, Noun: noun}, true
}

var reWithCounter = regexp.MustCompile(` with (?:a|one or more) (\S+) counters? on (?:it|them)((?: you control| your opponents control)?)$`)

var reWithKeyword = regexp.MustCompile(` (with|without) ([a-z ,]+)$`)

// knownSubtype reports a creature, land, artifact or enchantment type
// (205.3g–205.3i, 205.3m), lower case.
func knownSubtype(w string) bool {
	return creatureTypes[w] || landTypes[w] || artifactTypes[w] || enchantmentTypes[w] || planeswalkerTypes[w]
}

// creatureTypeNoun reads a creature type used as a noun, singular or
// plural ("Merfolk", "Goblins", "Elves", "Allies").
func creatureTypeNoun(w string) (string, bool) {
	if creatureTypes[w] {
		return w, true
	}
	for _, c := range []struct{ suf, rep string }{{"ves", "f"}, {"ies", "y"}, {"es", ""}, {"s", ""}, {"i", "us"}} {
		if s := strings.TrimSuffix(w, c.suf); s != w && creatureTypes[s+c.rep] {
			return s + c.rep, true
		}
	}
	return "", false
}

// nonCreatureSubtypeNoun reads a land, artifact or enchantment type used
// as a noun ("Gate", "Vehicles", "Auras") and returns it with its card type.
func nonCreatureSubtypeNoun(w string) (string, string) {
	for _, s := range []string{w, strings.TrimSuffix(w, "s"), strings.TrimSuffix(w, "es")} {
		switch {
		case landTypes[s]:
			return capitalize(s), "Land"
		case artifactTypes[s]:
			return capitalize(s), "Artifact"
		case enchantmentTypes[s]:
			return capitalize(s), "Enchantment"
		}
	}
	return "", ""
}

var reOrList = regexp.MustCompile(`,? or |, `)

var controlSuffixes = []struct {
	s string
	c int
}{{" you control", 1}, {" your opponents control", 2}, {" an opponent controls", 2}, {" you don't control", 2}, {" on the battlefield", 0}}

// parseOrList reads "A or B", "A, B, or C" where each of A, B, C is a
// filter of its own.
func parseOrList(join string) ([]Filter, bool) {
	if !strings.Contains(join, " or ") {
		return nil, false
	}
	control, hasControl := 0, false
	for _, suf := range controlSuffixes {
		if strings.HasSuffix(join, suf.s) {
			join = strings.TrimSuffix(join, suf.s)
			control, hasControl = suf.c, true
		}
	}
	segs := reOrList.Split(join, -1)
	if len(segs) < 2 {
		return nil, false
	}
	var alts []Filter
	for _, sg := range segs {
		ws := strings.Fields(sg)
		// "a Swamp or a Mountain": the article of each item.
		if len(ws) > 1 && (ws[0] == "a" || ws[0] == "an") {
			ws = ws[1:]
		}
		if len(ws) == 0 {
			return nil, false
		}
		a, ok := parseFilter(ws)
		if !ok || len(a.Or) > 0 {
			return nil, false
		}
		alts = append(alts, a)
	}
	for i := range alts {
		if hasControl {
			alts[i].Control = control
		}
		alts[i].Other = alts[i].Other || alts[0].Other
	}
	return alts, true
}

var colorCounts = map[string]int{"colorless": 1, "monocolored": 2, "multicolored": 3}

// parseFilter parses "[all|each] [other] [COLOR] [nonX] [SUBTYPE] TYPE(s)
// [you control|your opponents control|an opponent controls]".
func parseFilter(words []string) (Filter, bool) {
	if f, ok, done := parseFilterClause(words); done {
		return f, ok
	}
	var f Filter
	ws := append([]string(nil), words...)
	// "Artifacts and/or enchantments you control": an object that is
	// either or both (counted once).
	join := strings.ReplaceAll(strings.Join(ws, " "), " and/or ", " or ")
	// "All Forests and all Saprolings": either kind.
	if parts := strings.Split(join, " and all "); len(parts) == 2 {
		a, ok1 := parseFilter(strings.Fields(parts[0]))
		b, ok2 := parseFilter(strings.Fields(parts[1]))
		if !ok1 || !ok2 {
			return f, false
		}
		return Filter{Or: []Filter{a, b}}, true
	}
	// "Saproling creatures and other Treefolk creatures", "Skeletons you
	// control and other Zombies you control": either group, "other" only
	// in the second.
	if parts := strings.Split(join, " and other "); len(parts) == 2 {
		a, ok1 := parseFilter(strings.Fields(parts[0]))
		b, ok2 := parseFilter(strings.Fields(parts[1]))
		if !ok1 || !ok2 {
			return f, false
		}
		b.Other = true
		return Filter{Or: []Filter{a, b}}, true
	}
	// "artifact or enchantment", "artifact, enchantment, or creature with
	// flying", "creature or enchantment you control": any of these. A
	// quality after the last noun ("with flying") qualifies that noun
	// only; who controls them qualifies all. "red or white creature" is one
	// noun with two colors: its first part is no filter, so it is read below.
	if alts, ok := parseOrList(join); ok {
		return Filter{Or: alts}, true
	}
	// "named NAME" (a name written into the text, 201.2).
	if i := strings.Index(join, " named "); i > 0 {
		f.Name = strings.TrimSpace(join[i+len(" named "):])
		join = join[:i]
	}
	// "with a +1/+1 counter on it"
	if m := reWithCounter.FindStringSubmatch(join); m != nil {
		f.HasCounter = m[1]
		join = join[:len(join)-len(m[0])] + m[2]
	}
	// "Creatures with no abilities" (Muraganda Petroglyphs).
	if strings.HasSuffix(join, " with no abilities") {
		f.NoAbilities = true
		join = strings.TrimSuffix(join, " with no abilities")
	}
	// "with flying", "without flying": a keyword the object has or lacks.
	if m := reWithKeyword.FindStringSubmatch(join); m != nil {
		kws, ok := keywordList(m[2])
		if !ok {
			return f, false
		}
		if m[1] == "with" {
			f.With = kws
		} else {
			f.Without = kws
		}
		join = join[:len(join)-len(m[0])]
	}
	for _, suf := range controlSuffixes {
		if strings.HasSuffix(join, suf.s) {
			join = strings.TrimSuffix(join, suf.s)
			f.Control = suf.c
		}
	}
	if strings.HasSuffix(join, " that player controls") {
		join = strings.TrimSuffix(join, " that player controls")
		f.ThatPlayer = true
	}
	ws = strings.Fields(join)
	if len(ws) > 0 && (ws[0] == "all" || ws[0] == "each") {
		ws = ws[1:]
	}
	if len(ws) > 0 && ws[0] == "other" {
		f.Other = true
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return f, false
	}
	nounWord := ws[len(ws)-1]
	if nounWord == "tokens" || nounWord == "token" {
		// "creature tokens": the noun is the type before "tokens" (111.1).
		f.Token = 1
		ws = ws[:len(ws)-1]
		if len(ws) == 0 {
			return f, false
		}
		nounWord = ws[len(ws)-1]
	}
	t, ok := typeNouns[nounWord]
	if !ok {
		// "Forests you control", "a Swamp": a basic land type names lands;
		// "Other Merfolk", "Goblins you control": a creature type names the
		// permanents of that type (205.3m).
		if bt, isBasic := basicLandTypes[nounWord]; isBasic {
			t = "Land"
			f.Subtypes = append(f.Subtypes, bt)
		} else if st, kind := nonCreatureSubtypeNoun(nounWord); kind != "" {
			// "a Gate", "target Vehicle", "Auras you control".
			t = kind
			f.Subtypes = append(f.Subtypes, st)
		} else if ct, isCT := creatureTypeNoun(nounWord); isCT {
			f.Subtypes = append(f.Subtypes, capitalize(ct))
		} else {
			return f, false
		}
	}
	if t != "" {
		f.Types = append(f.Types, t)
	}
	for _, w := range ws[:len(ws)-1] {
		w = strings.TrimSuffix(w, ",")
		if w == "and" || w == "or" {
			continue
		}
		if col, ok := colorWords[w]; ok {
			f.Colors = append(f.Colors, col)
			continue
		}
		if n, ok := colorCounts[w]; ok {
			f.ColorCount = n
			continue
		}
		if strings.HasPrefix(w, "non") {
			x := strings.TrimPrefix(strings.TrimPrefix(w, "non"), "-")
			switch {
			case colorWords[x] != "":
				f.NotColors = append(f.NotColors, colorWords[x])
			case typeNouns[x] != "":
				f.NotTypes = append(f.NotTypes, typeNouns[x])
			case x == "basic" || x == "legendary" || x == "snow":
				f.NotSupertypes = append(f.NotSupertypes, capitalize(x))
			case x == "token":
				f.Token = 2
			case knownSubtype(x):
				f.NotSubtypes = append(f.NotSubtypes, capitalize(x))
			default:
				return f, false
			}
			continue
		}
		if tn, ok := typeNouns[w]; ok && tn != "" {
			f.Types = append(f.Types, tn)
			continue
		}
		if w == "basic" || w == "legendary" || w == "snow" {
			f.Supertypes = append(f.Supertypes, capitalize(w))
			continue
		}
		if w == "tapped" || w == "untapped" {
			f.Tapped = 1
			if w == "untapped" {
				f.Tapped = 2
			}
			continue
		}
		if w == "target" {
			return f, false
		}
		// "enchanted artifacts" are any enchanted artifacts; "enchanted
		// artifact" is the one the Aura is attached to (303.4m), not a filter.
		if (w != "enchanted" && w != "equipped" || pluralNoun(nounWord)) && stateAdjective(&f, w) {
			continue // "attacking", "modified", "enchanted" (morefilters.go)
		}
		// "Skeletons, Vampires, and Zombies": a list of creature types.
		if ct, ok := creatureTypeNoun(w); ok && ct != w && !knownSubtype(w) {
			f.Subtypes = append(f.Subtypes, capitalize(ct))
			continue
		}
		// Anything else must be a subtype (205.3); an unknown word is not
		// read as one, or the filter would match nothing.
		if !knownSubtype(w) {
			return f, false
		}
		f.Subtypes = append(f.Subtypes, capitalize(w))
	}
	return f, true
}

// becomeCreature compiles "[N/N] [COLORS] [SUBTYPES] TYPE(S) [and
// [SUBTYPES] TYPE(S)] [with base power and toughness N/N|with power and
// toughness each equal to its mana value] [with KEYWORDS or «quoted»]
// [in addition to its other [colors and] types|that's still a land]", and
// the subtype-only "[COLORS] CREATURE TYPE [with ...]" ("a blue and red
// Dragon with base power and toughness 4/4", "a Treefolk").
func (c *compiler) becomeCreature(ws []string, quoted []string) ([]Part, bool) {
	var parts []Part
	retain, retainColors := false, false
	rest := strings.Join(ws, " ")
	for _, suf := range []string{" in addition to its other colors and types", " in addition to their other colors and types"} {
		if strings.HasSuffix(rest, suf) {
			rest = strings.TrimSuffix(rest, suf)
			retain, retainColors = true, true
		}
	}
	for _, suf := range []string{" in addition to its other types", " in addition to their other types"} {
		if strings.HasSuffix(rest, suf) {
			rest = strings.TrimSuffix(rest, suf)
			retain = true
		}
	}
	// "that's still a land", "that's still a planeswalker" (205.1b).
	if m := reStillA.FindStringSubmatch(rest); m != nil {
		rest = strings.TrimSuffix(rest, m[0])
		retain = true
	}
	var pt *Part
	if m := reBecomePTWith.FindStringSubmatch(rest); m != nil {
		bp, _ := strconv.Atoi(m[1])
		bt, _ := strconv.Atoi(m[2])
		pt = &Part{Layer: L7b, Op: opSetPT, P: bp, T: bt}
		rest = strings.TrimSuffix(rest, m[0])
	} else if m := reBecomeMVWith.FindStringSubmatch(rest); m != nil {
		pt = &Part{Layer: L7b, Op: opSetPTMV}
		rest = strings.TrimSuffix(rest, m[0])
	}
	var grant *Part
	allTypes := false
	if strings.HasSuffix(rest, " with all creature types") {
		rest = strings.TrimSuffix(rest, " with all creature types")
		allTypes = true
	}
	if i := strings.Index(rest, " with "); i >= 0 {
		abs, ok := c.grantList(rest[i+6:], quoted)
		if !ok {
			return nil, false
		}
		grant = &Part{Layer: L6, Op: opAddAbilities, Abilities: abs}
		rest = rest[:i]
	}
	words := strings.Fields(rest)
	if len(words) == 0 {
		return nil, false
	}
	// "a legendary 4/4 red Dragon creature": supertypes come first.
	var supers []string
	for len(words) > 1 && (words[0] == "legendary" || words[0] == "snow") {
		supers = append(supers, capitalize(words[0])) // 205.4b: gained, the others kept
		words = words[1:]
	}
	if m := reSlashPT.FindStringSubmatch(words[0]); m != nil {
		bp, _ := strconv.Atoi(m[1])
		bt, _ := strconv.Atoi(m[2])
		if pt != nil {
			return nil, false
		}
		pt = &Part{Layer: L7b, Op: opSetPT, P: bp, T: bt}
		words = words[1:]
	}
	if len(words) == 0 {
		return nil, false
	}
	var types, subs, cols []string
	colorless := false
	for _, w := range words {
		w = strings.TrimSuffix(w, ",")
		if ct, ok := creatureTypeNoun(w); ok && typeNouns[w] == "" {
			subs = append(subs, capitalize(ct))
			continue
		}
		switch {
		case w == "legendary" || w == "snow":
			// 205.4b: a supertype it gains; it keeps its others.
			supers = append(supers, capitalize(w))
		case w == "and":
		case colorWords[w] != "":
			cols = append(cols, colorWords[w])
		case w == "colorless":
			colorless = true
		case typeNouns[w] != "":
			types = append(types, typeNouns[w])
		case basicLandTypes[w] != "":
			subs = append(subs, basicLandTypes[w])
		case knownSubtype(w):
			subs = append(subs, capitalize(w))
		default:
			return nil, false
		}
	}
	if len(types) == 0 && len(subs) == 0 {
		return nil, false
	}
	if allTypes {
		subs = append(subs, allCreatureTypes)
	}
	// 205.1a: new card types replace the old ones, new subtypes those of
	// the same kind. 205.1b: "in addition to its other types", "still a
	// land" and "artifact creature" keep the prior card types and
	// subtypes; a "[creature types] artifact creature" replaces only the
	// creature types. A subtype alone ("is a Treefolk") sets that kind of
	// subtype and keeps the card types.
	var op opKind
	replace := false
	switch {
	case retain:
		op = opAddTypes
	case len(types) == 0 || containsFold(types, "Artifact") && containsFold(types, "Creature"):
		op = opAddTypes
		replace = len(subs) > 0
	default:
		op = opSetTypes
	}
	// 305.7: an effect that sets a land's subtype to a basic land type ("is
	// a colorless Forest land") also takes away the abilities from its
	// rules text and gives the basic land type's mana ability.
	var basics []string
	if op == opSetTypes && containsFold(types, "Land") {
		var rest []string
		for _, st := range subs {
			if _, ok := basicMana[st]; ok {
				basics = append(basics, st)
			} else {
				rest = append(rest, st)
			}
		}
		subs = rest
	}
	parts = append(parts, Part{Layer: L4, Op: op, Types: types, Subtypes: subs, Supertypes: supers, ReplaceSubtypes: replace})
	if len(basics) > 0 {
		parts = append(parts, Part{Layer: L4, Op: opSetLandTypes, Subtypes: basics})
	}
	switch {
	case colorless:
		parts = append(parts, Part{Layer: L5, Op: opSetColors})
	case len(cols) > 0 && retainColors:
		parts = append(parts, Part{Layer: L5, Op: opAddColors, Colors: sortColors(cols)})
	case len(cols) > 0:
		parts = append(parts, Part{Layer: L5, Op: opSetColors, Colors: sortColors(cols)})
	}
	if grant != nil {
		parts = append(parts, *grant)
	}
	if pt != nil {
		parts = append(parts, *pt)
	}
	return parts, true
}

var reStillA = regexp.MustCompile(` (?:that's|that is|that are) still (?:a |an )?(?:lands?|artifacts?|enchantments?|planeswalkers?|creatures?)$`)

// grantList parses "flying", "flying and vigilance", "«0»" (a quoted
// ability) into abilities.
func (c *compiler) grantList(s string, quoted []string) ([]*Ability, bool) {
	s = strings.ReplaceAll(s, ", and ", ", ")
	s = strings.ReplaceAll(s, " and ", ", ")
	var abs []*Ability
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if m := reQuotedRef.FindStringSubmatch(item); m != nil {
			i, _ := strconv.Atoi(m[1])
			if i >= len(quoted) {
				return nil, false
			}
			c.granting++
			ab, bad := c.compileAbilityText(quoted[i])
			c.granting--
			// A granted triggered or activated ability is listed on the
			// object like a printed one; a static one must compile.
			if len(bad) > 0 && ab.Kind == abStatic {
				return nil, false
			}
			abs = append(abs, ab)
			continue
		}
		if strings.HasPrefix(item, "from ") && len(abs) > 0 && strings.HasPrefix(abs[len(abs)-1].Keyword, "protection from ") {
			// "protection from green and from blue": two protections (702.16)
			item = "protection " + item
		}
		if !keywords[item] && !strings.HasPrefix(item, "protection from ") && !isKeywordItem(item) {
			return nil, false
		}
		abs = append(abs, c.keyword(item))
	}
	return abs, len(abs) > 0
}

// keywordList parses "flying, first strike, and lifelink".
func keywordList(s string) ([]string, bool) {
	s = strings.ReplaceAll(s, ", and ", ", ")
	s = strings.ReplaceAll(s, " and ", ", ")
	var out []string
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if strings.HasPrefix(p, "from ") && len(out) > 0 && strings.HasPrefix(out[len(out)-1], "protection from ") {
			p = "protection " + p
		}
		if !keywords[p] && !strings.HasPrefix(p, "protection from ") && !isKeywordItem(p) {
			return nil, false
		}
		out = append(out, p)
	}
	return out, len(out) > 0
}
