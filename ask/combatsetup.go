package ask

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// A combat the question tells — a named creature attacking and another
// blocking it ("I attack with Grizzly Bears and he blocks with Typhoid
// Rats", "my opponent attacks me with Kraul Stinger and I block with my
// Conjurant") — is set up as one: the attacker's controller is the
// active player (the opponent's turn comes first when they attack, 102.1),
// the blocker is the defending player's (509.1a), and combat damage is
// dealt (510) after what the question casts meanwhile.

// combat is a told attack and block.
type combat struct {
	attacker, blocker *permanent
	theirs            bool // the opponent attacks
}

var (
	// blockBefore ends the words before a blocker's name: "blocks with
	// (his) NAME", "blocked it with NAME", "block the Rhino with NAME".
	blockBefore = regexp.MustCompile(`(?i)\bblock(?:s|ed|ing)?\b(?:\s+(?:it|him|her|them|that|this|me)|(?:\s+[^\s.,;!?]+){0,4}?)\s+with\s+(?:my\s+|his\s+|her\s+|their\s+|the\s+|an?\s+)?$`)
	// blockAfter follows a blocker's name: "NAME blocks", "NAME blocked".
	blockAfter = regexp.MustCompile(`(?i)^\s+(?:blocks|blocked|is blocking|will block|would block)\b`)
	// blockedBy ends the words before a blocker's name: "is blocked by
	// (a) NAME".
	blockedBy = regexp.MustCompile(`(?i)\bblocked\s+by\s+(?:my\s+|his\s+|her\s+|their\s+|the\s+|an?\s+)?$`)
	// attackerBlocked follows an attacker's name: "NAME is blocked by".
	attackerBlocked = regexp.MustCompile(`(?i)^\s+(?:is|gets|was|got|becomes)\s+blocked\b`)
	// attackWith ends the words before an attacker's name when a player
	// is attacked: "attack my opponent with NAME", "attack him with".
	attackWith = regexp.MustCompile(`(?i)\battack(?:s|ed|ing)?\s+(?:my\s+opponent|the\s+opponent|him|her|them)\s+with\s+(?:my\s+|the\s+|an?\s+)?$`)
	// attacksMe: "(my) opponent attacks (me) with NAME".
	attacksMe = regexp.MustCompile(`(?i)\b(?:opponent|he|she|they)\s+(?:attacks?|attacked|swings?)\s+(?:me\s+|us\s+)?with\s+(?:his\s+|her\s+|their\s+|the\s+|an?\s+)?$`)
	// attackedBy: "(I'm) attacked by NAME", "NAME attacks me".
	attacksMeAfter = regexp.MustCompile(`(?i)^\s+(?:attacks|attacked)\s+(?:me|us)\b`)
	// canAttack asks whether an attack is possible, which the set-up asks
	// the engine instead of declaring it.
	canAttack = regexp.MustCompile(`(?i)\b(?:can|could|may)\s+(?:i|you|he|she|they|it)\s+(?:still\s+)?(?:attack|block)\b`)
)

// combatTold finds the attack and block a question tells, if it tells
// both, between two named creatures on the battlefield.
func combatTold(q string, links []Link, perms []*permanent) (c combat, ok bool) {
	creature := func(l Link) *permanent {
		i := slices.IndexFunc(perms, func(p *permanent) bool {
			return p.card == l.Card && !p.cast && !p.off && slices.Contains(p.card.Types, "Creature")
		})
		if i < 0 {
			return nil
		}
		return perms[i]
	}
	for _, l := range links {
		p := creature(l)
		if p == nil {
			continue
		}
		before, after := tail(q[:l.Start]), q[l.End:]
		switch {
		case c.attacker == nil && (attacksMe.MatchString(before) || attacksMeAfter.MatchString(after)):
			c.attacker, c.theirs = p, true
		case c.attacker == nil && (attackBefore.MatchString(before) || attackWith.MatchString(before) || attackAfter.MatchString(after) || attackerBlocked.MatchString(after)):
			c.attacker, c.theirs = p, p.opponent
		case c.blocker == nil && (blockBefore.MatchString(before) || blockAfter.MatchString(after) || blockedBy.MatchString(before)):
			c.blocker = p
		}
	}
	if c.attacker == nil && c.blocker != nil {
		// "I block his Hill Giant with my Grizzly Bears": the creature
		// blocked is the attacker, the other player's.
		c.attacker, c.theirs = blockedNamed(q, links, c.blocker, creature), !c.blocker.opponent
	}
	if c.attacker == nil || c.blocker == nil || c.attacker == c.blocker || canAttack.MatchString(q) {
		return combat{}, false
	}
	return c, true
}

// blockWord is a word of blocking.
var blockWord = regexp.MustCompile(`(?i)\bblock(?:s|ed|ing)?\b`)

// blockedNamed is the creature named between a word of blocking and the
// blocker ("block his Hill Giant with"), or nil.
func blockedNamed(q string, links []Link, blocker *permanent, creature func(Link) *permanent) *permanent {
	for _, lb := range links {
		if lb.Card != blocker.card {
			continue
		}
		ws := blockWord.FindAllStringIndex(q[:lb.Start], -1)
		if len(ws) == 0 {
			continue
		}
		from := ws[len(ws)-1][1]
		for _, l := range links {
			if l.Start >= from && l.End <= lb.Start {
				if p := creature(l); p != nil && p != blocker {
					return p
				}
			}
		}
	}
	return nil
}

// sides puts the attacker under the attacking player and the blocker
// under the defending one (509.1a), rewriting their lines ("opponent: ").
func (c combat) sides(lines []string) []string {
	lines = setController(lines, c.attacker, c.theirs)
	return setController(lines, c.blocker, !c.theirs)
}

// declare is the turn, the attack and the block.
func (c combat) declare(triggers bool) []string {
	var lines []string
	if c.theirs {
		lines = append(lines, "next turn") // the opponent's turn (102.1)
	}
	lines = append(lines, "attack with "+c.attacker.alias)
	if triggers {
		lines = append(lines, "resolve all")
	}
	return append(lines, "block "+c.attacker.alias+" with "+c.blocker.alias)
}

// setController puts p under the opponent's control (theirs) or the
// player's, rewriting its line ("opponent: ").
func setController(lines []string, p *permanent, theirs bool) []string {
	if p.opponent == theirs {
		return lines
	}
	p.opponent = theirs
	if i := permLine(lines, p); i >= 0 {
		bare := strings.TrimPrefix(lines[i], "opponent: ")
		if theirs {
			bare = "opponent: " + bare
		}
		lines[i] = bare
	}
	return lines
}

// tail is the last words of what precedes a name, as far as the words
// that tell what happens to it reach ("my opponent attacks me with his"):
// the patterns anchored at its end read no more.
func tail(before string) string {
	const reach = 80
	if len(before) <= reach {
		return before
	}
	i := len(before) - reach
	for i < len(before) && !utf8.RuneStart(before[i]) {
		i++
	}
	return before[i:]
}
