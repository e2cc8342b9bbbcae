package ask

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// setup writes the named cards as scenario lines the user can run
// (/scenario add, or arbiter scenario): each permanent enters with an
// alias and with what the question says of it ("face down", "tapped",
// "with two +1/+1 counters"), each Aura is cast on the first of them, each
// instant or sorcery is cast (targeting the first when its text targets),
// after a regeneration shield on the first when the question speaks of
// regenerating; when the question asks whether something dies or
// survives, the stack and graveyards are shown (what triggers, 603.10a),
// the first being destroyed when no spell is named; otherwise the first is
// asked about. It is empty when no named card is a permanent that could be
// put on the battlefield.
func setup(q string, links []Link) []string {
	var lines, aliases []string
	var spells []*cards.Card
	var creature bool
	for _, c := range Cards(links) {
		switch {
		case slices.Contains(c.Types, "Instant") || slices.Contains(c.Types, "Sorcery") || slices.Contains(c.Subtypes, "Aura"):
			spells = append(spells, c)
		case isPermanent(c) && len(c.Faces) == 0:
			alias := fmt.Sprintf("P%d", len(aliases)+1)
			aliases = append(aliases, alias)
			line := c.Name + " as " + alias
			if mods := modifiers(q, links, c); len(mods) > 0 {
				line += " (" + strings.Join(mods, ", ") + ")"
			}
			lines = append(lines, line)
			creature = creature || slices.Contains(c.Types, "Creature")
		}
	}
	if len(aliases) == 0 {
		return nil
	}
	// "a regeneration shield", "he regenerates it": the first permanent
	// has one before anything happens to it (701.19a).
	if creature && regenerates.MatchString(q) {
		lines = append(lines, "regenerate "+aliases[0])
	}
	for _, s := range spells {
		if strings.Contains(strings.ToLower(s.Text), "target") || slices.Contains(s.Subtypes, "Aura") {
			lines = append(lines, "cast "+s.Name+" targeting "+aliases[0])
		} else {
			lines = append(lines, "cast "+s.Name)
		}
	}
	if creature && asksAboutDying.MatchString(q) {
		// The spells named may be what kills it (Wrath of God); with none,
		// it is destroyed.
		if len(spells) == 0 {
			lines = append(lines, "destroy "+aliases[0])
		}
		return append(lines, "? stack", "? graveyard")
	}
	lines = append(lines, "? "+aliases[0])
	if creature || len(spells) > 0 {
		lines = append(lines, "? can "+aliases[0]+" attack")
	}
	return lines
}

var (
	// asksAboutDying: "dies", "die", "is destroyed", "goes to the graveyard".
	asksAboutDying = regexp.MustCompile(`(?i)\b(dies|die|died|dying|destroyed|surviv\w*|goes to (?:the|my|your|its owner's) graveyard)\b`)
	regenerates    = regexp.MustCompile(`(?i)\bregenerat\w*`)
	faceDown       = regexp.MustCompile(`(?i)\bface[- ]down\b`)
	tapped         = regexp.MustCompile(`(?i)\btapped\b`)
	counters       = regexp.MustCompile(`(?i)\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) ([+-]\d+/[+-]\d+) counters?\b`)
	clauseEnd      = regexp.MustCompile(`[.?!;:]|,\s*(?:and|but|then|so)\b|\b(?:and|then|but|while|when|whenever|if)\b`)
)

var numberWords = map[string]int{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
	"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

// modifiers reads what the question says of a named permanent, in the
// scenario language's modifiers: the words just before its first mention
// ("a face-down Solemn Simulacrum") and the rest of that clause ("Ornithopter
// with a +1/+1 counter", "my Solemn Simulacrum is face down").
func modifiers(q string, links []Link, c *cards.Card) []string {
	i := slices.IndexFunc(links, func(l Link) bool { return l.Card == c })
	if i < 0 {
		return nil
	}
	l := links[i]
	start := max(0, l.Start-len("a tapped face-down "))
	if i > 0 && links[i-1].End > start {
		start = links[i-1].End
	}
	before := q[start:l.Start]
	after := q[l.End:]
	if i+1 < len(links) && links[i+1].Start >= l.End {
		after = q[l.End:links[i+1].Start]
	}
	// "with a +1/+1 counter and Titanic Growth": the clause ends at the
	// next conjunction or sentence mark, past any counter it names.
	if loc := clauseEnd.FindStringIndex(after); loc != nil {
		after = after[:loc[0]]
	}
	var mods []string
	if faceDown.MatchString(before) || faceDown.MatchString(after) {
		mods = append(mods, "face down")
	}
	if tapped.MatchString(before) || tapped.MatchString(after) {
		mods = append(mods, "tapped")
	}
	for _, m := range counters.FindAllStringSubmatch(after, -1) {
		n, ok := numberWords[strings.ToLower(m[1])]
		if !ok {
			n, _ = strconv.Atoi(m[1])
		}
		if n > 0 {
			mods = append(mods, fmt.Sprintf("%d %s counters", n, m[2]))
		}
	}
	return mods
}

func isPermanent(c *cards.Card) bool {
	for _, t := range c.Types {
		switch t {
		case "Creature", "Artifact", "Enchantment", "Land", "Planeswalker", "Battle":
			return true
		}
	}
	return false
}
