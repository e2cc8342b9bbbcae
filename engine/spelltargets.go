package engine

import (
	"regexp"
	"strings"
)

// What a spell's text asks its caster to choose as it is cast (601.2c):
// each instance of the word "target" is a target (115.1d), read in order;
// an Aura spell's target is what it can enchant (303.4a). A question's
// setup reads them to write a cast line the engine accepts; the kinds of
// spell a counterspell names are read as the engine checks them when it
// resolves (counterFilter, 701.6a).

// TargetKind is what a target is: a permanent, a player, a spell, or
// something else (a card in another zone, an ability).
type TargetKind int

const (
	TargetOther TargetKind = iota
	TargetPermanent
	TargetPlayer
	TargetSpell
)

// Target is one target a spell's text asks for: "target creature you
// control", "any target", "target spell", "target player".
type Target struct {
	Kind     TargetKind
	Types    []string // the card types it may have (any when empty)
	NotTypes []string
	Colors   []string // the colors it may have (any when empty)
	Control  int      // 1: the caster's; 2: not the caster's
	Gains    bool     // a player who draws or gains
	// Spell is the kind of spell a target spell must be (nil for any),
	// as "counter target ... spell" reads it.
	Spell *Filter
}

// FitsSpell reports whether a spell on the stack is of the kind a target
// spell names (115.1).
func (t Target) FitsSpell(d CardDef) bool { return cardMatches(t.Spell, d, false) }

var (
	// reTargetWord is each instance of the word "target" (115.1d): "any
	// target", "target creature", but not "that target" or "its target".
	reTargetWord  = regexp.MustCompile(`(?i)\b(?:any target|target)\b`)
	reNotATarget  = regexp.MustCompile(`(?i)\b(?:that|the|its|new|a|same|single|their|his|her|this)\s+$`)
	reDrawsOrGain = regexp.MustCompile(`^\s*(?:player|opponent)\s+(?:draws|gains)\b`)
	reEnchantLine = regexp.MustCompile(`(?im)^enchant ([^\n.(]+)`)
)

// SpellTargets reads the targets of a spell's text (without reminder
// text) in order; aura: the spell is an Aura, whose target is what it can
// enchant (303.4a).
func SpellTargets(text string, aura bool) []Target {
	low := strings.ToLower(text)
	if aura {
		if m := reEnchantLine.FindStringSubmatch(low); m != nil {
			return []Target{readTarget(strings.Fields(m[1]))}
		}
		return []Target{{Kind: TargetPermanent}}
	}
	var out []Target
	for _, m := range reTargetWord.FindAllStringIndex(low, -1) {
		if strings.HasPrefix(low[m[0]:], "any target") {
			// 115.4: "any target" is a creature, a player, a planeswalker
			// or a battle; a setup casts it at a permanent.
			out = append(out, Target{Kind: TargetPermanent, Types: []string{"Creature", "Planeswalker", "Battle"}})
			continue
		}
		if reNotATarget.MatchString(low[:m[0]]) {
			continue
		}
		rest := low[m[1]:]
		if i := strings.IndexAny(rest, ".;:"); i >= 0 {
			rest = rest[:i]
		}
		t := readTarget(strings.Fields(rest))
		if t.Kind == TargetPlayer {
			t.Gains = reDrawsOrGain.MatchString(rest)
		}
		out = append(out, t)
	}
	return out
}

// CardType is the card type a word names ("creature", "lands",
// "instant"), "" for none.
func CardType(w string) string {
	if t := knownTypes[w]; t != "" {
		return t
	}
	return knownTypes[strings.TrimSuffix(w, "s")]
}

// readTarget reads the words after "target" (or "enchant"): card types
// and "non" types joined by "or", colors, and whose it must be; for a
// spell, the kind counterFilter reads of the words before "spell".
func readTarget(ws []string) Target {
	var t Target
	for i, w := range ws {
		w = strings.Trim(w, ",")
		base, non := strings.CutPrefix(strings.TrimPrefix(w, "non-"), "non")
		if strings.HasPrefix(w, "non-") {
			non = true
		}
		switch {
		case CardType(base) != "" && non:
			t.NotTypes = append(t.NotTypes, CardType(base))
		case CardType(w) != "":
			t.Types = append(t.Types, CardType(w))
			if t.Kind == TargetOther {
				t.Kind = TargetPermanent
			}
		case colorWords[w] != "":
			t.Colors = append(t.Colors, colorWords[w])
		case w == "permanent" || w == "permanents":
			t.Kind = TargetPermanent
		case w == "player" || w == "players" || w == "opponent" || w == "opponents":
			if t.Kind == TargetOther {
				t.Kind = TargetPlayer
				if strings.HasPrefix(w, "opponent") {
					t.Control = 2
				}
			}
		case w == "spell" || w == "spells":
			t.Kind = TargetSpell
			if f, ok := counterFilter(strings.Join(ws[:i], " ")); ok {
				t.Spell = f
			}
			return t
		case w == "card" || w == "cards" || w == "ability" || w == "abilities":
			t.Kind = TargetOther
			return t
		case w == "or" || w == "and" || w == "up" || w == "to" || w == "one" || w == "two" || w == "tapped" || w == "untapped" || w == "attacking" || w == "blocking" || w == "other" || w == "another":
		default:
			if t.Kind != TargetOther {
				if c := targetControl(ws[i:]); c != 0 {
					t.Control = c
				}
				return t
			}
		}
	}
	return t
}

// targetControl reads whose a target must be from the words after its
// noun: "you control" (or "you own"), "you don't control", "an opponent
// controls", "that player controls" (the target player is the caster's
// opponent).
func targetControl(ws []string) int {
	rest := " " + strings.Join(ws, " ") + " "
	for _, suf := range controlSuffixes {
		if strings.HasPrefix(rest, suf.s+" ") {
			return suf.c
		}
	}
	switch {
	case strings.HasPrefix(rest, " you own "):
		return 1
	case strings.HasPrefix(rest, " that player controls "):
		return 2
	}
	return 0
}

// CantBeCountered reports whether a spell's own text says it can't be
// countered ("This spell can't be countered.", 101.2): a counterspell
// then does nothing to it.
func CantBeCountered(name, text string) bool {
	return cantBeCountered(&CardDef{Name: name, Text: text})
}

// CountersUnlessPaid reports whether a spell's text counters its target
// unless that spell's controller pays (118.12a: "Counter target spell
// unless its controller pays {3}"): whether they pay is theirs to choose.
func CountersUnlessPaid(text string) bool {
	low := strings.ToLower(WithoutReminder(text))
	for _, s := range reEffSentences.Split(low, -1) {
		if m := reEffCounter.FindStringSubmatch(strings.TrimSuffix(strings.TrimSpace(s), ".")); m != nil && m[2] != "" {
			return true
		}
	}
	return false
}
