package engine

import (
	"fmt"
	"regexp"
	"strings"
)

// Choices made as a permanent enters ("As ~ enters, choose a color"): a
// replacement effect whose choice is made before it enters (614.12a). The
// statement states the choice — "Story Circle (chosen red)", "Adaptive
// Automaton (chosen Elf)" — and the text that refers to it ("the chosen
// color", "creatures of the chosen type") is read with the choice written
// in, as the ability means it. With no choice stated, those sentences are
// reported as not modelled, with how to state it.

// choiceKind is what a choice as it enters picks.
type choiceKind string

const (
	choiceColor     choiceKind = "color"
	choiceCreature  choiceKind = "creature type"
	choiceBasicLand choiceKind = "basic land type"
	choicePlayer    choiceKind = "player"
	choiceName      choiceKind = "card name" // stated "(named NAME)" (201.4)
	choiceOther     choiceKind = "other"     // a name, a word, a card type...: stated choices don't fill it
)

// reChoose is "As ~ enters, choose ..." (and "an opponent chooses").
var reChoose = regexp.MustCompile(`^as ~ enters(?: the battlefield)?(?: or is turned face up)?, (?:you )?(?:secretly )?(?:choose|an opponent chooses) (.+)$`)

// choiceKinds reads what is chosen ("a color and a creature type", "a
// color other than black", "an opponent"); ok is false for wording that
// is not a choice of these kinds.
func choiceKinds(what string) ([]choiceKind, bool) {
	var out []choiceKind
	for _, part := range strings.Split(what, " and ") {
		part = strings.TrimSpace(part)
		switch {
		case part == "a color" || strings.HasPrefix(part, "a color other than ") || part == "two colors":
			out = append(out, choiceColor)
		case part == "a creature type" || strings.HasPrefix(part, "a creature type other than "):
			out = append(out, choiceCreature)
		case part == "a basic land type" || part == "two basic land types" || part == "a land type":
			out = append(out, choiceBasicLand)
		case part == "an opponent" || part == "a player" || part == "two players":
			out = append(out, choicePlayer)
		case part == "a card name" || part == "a nonland card name" || part == "a nonbasic land card name" ||
			strings.HasPrefix(part, "a creature card name") || part == "a nonartifact, nonland card name":
			out = append(out, choiceName)
		case part == "a card type" || part == "a word" ||
			part == "odd or even" || part == "a number" || part == "an artist" ||
			part == "khans or dragons" || part == "left or right" ||
			part == "a card type other than creature":
			out = append(out, choiceOther)
		case reChooseAmong.MatchString(part) && !strings.HasPrefix(part, "a ") && !strings.HasPrefix(part, "an "):
			// "choose black or red", "choose Island or Swamp", "choose
			// artifact, creature, or enchantment": one of the words named.
			out = append(out, amongKind(part))
		case part == "a color word" || part == "a creature" || part == "another creature you control" ||
			strings.HasPrefix(part, "a number") || strings.HasPrefix(part, "a noncreature, nonland card name") ||
			strings.HasPrefix(part, "an opponent and a card name"):
			out = append(out, choiceOther)
		default:
			return nil, false
		}
	}
	return out, len(out) > 0
}

var reChooseAmong = regexp.MustCompile(`^(?:[a-z]+, )*[a-z]+,? or [a-z]+$`)

// amongKind: a choice among colors is a color choice, among basic land
// types a basic land type choice.
func amongKind(part string) choiceKind {
	words := strings.FieldsFunc(part, func(r rune) bool { return r == ' ' || r == ',' })
	colors, lands := true, true
	for _, w := range words {
		if w == "or" {
			continue
		}
		colors = colors && colorWords[w] != ""
		lands = lands && basicLandTypes[w] != ""
	}
	switch {
	case colors:
		return choiceColor
	case lands:
		return choiceBasicLand
	}
	return choiceOther
}

func init() {
	addSentenceRules(sentenceRule{
		class: "choice as it enters (614.12a)",
		re:    reChoose,
		need:  []string{"choose"},
		when:  func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			kinds, ok := choiceKinds(m[1])
			if !ok {
				return Selector{}, false
			}
			var ks []string
			for _, k := range kinds {
				ks = append(ks, string(k))
			}
			// A choice changes nothing by itself: the sentences that refer
			// to it are read with the stated choice.
			t.EntersWith, t.EntersNote = true, "choose:"+strings.Join(ks, ",")
			return Selector{Kind: selSelf, Noun: "~"}, true
		},
		noTemplate: true,
	})
}

// reChosen finds a reference to a choice in a sentence.
var reChosen = regexp.MustCompile(`(?i)\bthe chosen (color|creature type|basic land type|land type|type|player|name)\b`)

// cardChoices is what a card's text says it chooses as it enters.
func cardChoices(text, name string) []choiceKind {
	var out []choiceKind
	for _, line := range strings.Split(text, "\n") {
		low := strings.ToLower(selfRef(normQuotes(strings.TrimSpace(reminder.ReplaceAllString(line, ""))), name))
		for _, s := range splitSentences(low) {
			if m := reChoose.FindStringSubmatch(s); m != nil {
				if ks, ok := choiceKinds(m[1]); ok {
					out = append(out, ks...)
				}
			}
		}
	}
	return out
}

// stated choices: what "(chosen X)" names, by kind.
func statedChoices(vals []string) (map[choiceKind]string, string) {
	out := map[choiceKind]string{}
	for _, v := range vals {
		low := strings.ToLower(strings.TrimSpace(v))
		switch {
		case strings.HasPrefix(low, "named "):
			out[choiceName] = strings.TrimSpace(strings.TrimSpace(v)[len("named "):])
		case colorWords[low] != "":
			out[choiceColor] = low
		case basicLandTypes[low] != "":
			out[choiceBasicLand] = basicLandTypes[low]
		case low == "opponent" || low == "you":
			out[choicePlayer] = low
		default:
			ct, ok := creatureTypeNoun(low)
			if !ok {
				return nil, fmt.Sprintf("%q is not a color, a creature type, a basic land type, \"you\" or \"opponent\" (a card name is stated as \"named NAME\")", v)
			}
			out[choiceCreature] = canonicalCreatureType(ct)
		}
	}
	return out, ""
}

// canonicalCreatureType spells a creature type as the CR does ("Elf").
func canonicalCreatureType(ct string) string {
	ws := strings.Fields(ct)
	for i, w := range ws {
		ws[i] = capitalize(w)
	}
	return strings.Join(ws, " ")
}

var (
	reOfChosenColor = regexp.MustCompile(`(?i)\b(other )?(creatures?|permanents?|spells?|sources?|cards?)((?: you control| your opponents control| an opponent controls)?) of the chosen colou?r\b`)
	reOfChosenType  = regexp.MustCompile(`(?i)\b(other )?(creatures?|permanents?|spells?|cards?)((?: you control| your opponents control| an opponent controls)?) of the chosen (?:creature )?type\b`)
	reIsChosenType  = regexp.MustCompile(`(?i)\b(is|are) the chosen (?:creature |basic land |land )?type\b`)
)

// withChoices writes the stated choices into the card's text where it
// refers to them, so the sentences read as the ability means them.
func withChoices(d CardDef, chosen map[choiceKind]string) CardDef {
	text := d.Text
	if col := chosen[choiceColor]; col != "" {
		text = reOfChosenColor.ReplaceAllStringFunc(text, func(s string) string {
			m := reOfChosenColor.FindStringSubmatch(s)
			out := m[1] + col + " " + strings.ToLower(m[2]) + m[3]
			if s[0] >= 'A' && s[0] <= 'Z' {
				out = capitalize(out)
			}
			return out
		})
		text = regexp.MustCompile(`(?i)\bthe chosen colou?r\b`).ReplaceAllString(text, col)
	}
	if ct := chosen[choiceCreature]; ct != "" {
		text = reOfChosenType.ReplaceAllStringFunc(text, func(s string) string {
			m := reOfChosenType.FindStringSubmatch(s)
			out := m[1] + ct + " " + strings.ToLower(m[2]) + m[3]
			if s[0] >= 'A' && s[0] <= 'Z' && m[1] != "" {
				out = capitalize(out)
			}
			return out
		})
	}
	// "is the chosen type": the creature type, or the basic land type
	// where that is what the card chooses.
	typ := chosen[choiceCreature]
	if bt := chosen[choiceBasicLand]; bt != "" {
		typ = bt
	}
	if typ != "" {
		text = reIsChosenType.ReplaceAllStringFunc(text, func(s string) string {
			m := reIsChosenType.FindStringSubmatch(s)
			return m[1] + " " + article(typ) + typ
		})
		text = regexp.MustCompile(`(?i)\bthe chosen (?:creature |basic land |land )?type\b`).ReplaceAllString(text, typ)
	}
	if n := chosen[choiceName]; n != "" {
		// "sources with the chosen name" are the ones named so (201.2).
		text = reWithChosenName.ReplaceAllString(text, "named "+strings.ReplaceAll(n, "$", "$$"))
		text = reChosenName.ReplaceAllString(text, strings.ReplaceAll(n, "$", "$$"))
	}
	d.Text = text
	return d
}

var (
	reWithChosenName = regexp.MustCompile(`(?i)\bwith the chosen name\b`)
	reChosenName     = regexp.MustCompile(`(?i)\bthe chosen name\b`)
)

func article(w string) string {
	if w != "" && strings.ContainsRune("AEIOUaeiou", rune(w[0])) {
		return "an "
	}
	return "a "
}

// applyChoices returns the card as it enters with the statement's choices
// (614.12a), and a message when a stated choice is not one the card makes.
func applyChoices(d CardDef, stated []string) (CardDef, string) {
	if len(stated) == 0 {
		return d, ""
	}
	kinds := cardChoices(d.Text, d.Name)
	if len(kinds) == 0 {
		return d, fmt.Sprintf("%s makes no choice as it enters: \"(chosen ...)\" has nothing to fill", d.Name)
	}
	chosen, msg := statedChoices(stated)
	if msg != "" {
		return d, msg
	}
	for k := range chosen {
		found := false
		for _, ck := range kinds {
			found = found || ck == k
		}
		if !found {
			return d, fmt.Sprintf("%s chooses %s as it enters, not a %s", d.Name, kindList(kinds), k)
		}
	}
	return withChoices(d, chosen), ""
}

func kindList(ks []choiceKind) string {
	var out []string
	for _, k := range ks {
		out = append(out, "a "+string(k))
	}
	return strings.Join(out, " and ")
}

// chosenPlaceholder is a value of each kind used to check that a sentence
// referring to a choice compiles once the choice is written in.
var chosenPlaceholder = map[choiceKind]string{choiceColor: "red", choiceCreature: "Elf", choiceBasicLand: "Island", choiceName: "Lightning Bolt"}

// chosenClass is the sentence class of text that refers to a choice made
// as the permanent entered.
const chosenClass = "the chosen color or type, stated as it enters (614.12a)"

// compilesWithChoice reports whether a sentence that refers to the card's
// choice compiles once a choice of that kind is written in.
func compilesWithChoice(d CardDef, sentence string) bool {
	kinds := cardChoices(d.Text, d.Name)
	chosen := map[choiceKind]string{}
	for _, k := range kinds {
		if v := chosenPlaceholder[k]; v != "" {
			chosen[k] = v
		}
	}
	if len(chosen) == 0 {
		return false
	}
	s := withChoices(CardDef{Text: sentence}, chosen).Text
	if reChosen.MatchString(s) {
		return false
	}
	_, ok := newCompiler().sentence(s, &sctx{self: true})
	return ok
}

// exampleChoice is the modifier stating a choice of the card's first
// kind, for messages ("chosen red", "named Lightning Bolt").
func exampleChoice(d CardDef) string {
	for _, k := range cardChoices(d.Text, d.Name) {
		if v := chosenPlaceholder[k]; v != "" {
			if k == choiceName {
				return "named " + v
			}
			return "chosen " + v
		}
	}
	return "chosen red"
}
