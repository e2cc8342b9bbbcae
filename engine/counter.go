package engine

// Countering spells (701.6): "Counter target spell", "Counter target
// creature spell", "Counter target noncreature spell": the spell on the
// stack a scenario names by its card name ("cast Cancel targeting
// Murder") is removed from the stack and put into its owner's graveyard
// without resolving (701.6a). A spell cast with "(on the stack)" is what
// a counterspell can target: one that is cast and resolves at once has
// already left the stack.

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

var reEffCounter = regexp.MustCompile(`^counter target ((?:[a-z]+,? )*?)spell(?: unless its controller pays (\{[0-9]+\}|\{[0-9]+\}\{[0-9]+\}))?$`)

// counterFilter reads the kind of spell "counter target ... spell" names
// (nil for any spell): card types, "non" types and colors, alternatives
// joined by "or" or listed with commas ("instant or sorcery",
// "noncreature", "red or green", "enchantment, instant, or sorcery");
// false for a kind it doesn't read.
func counterFilter(kind string) (*Filter, bool) {
	kind = strings.TrimSpace(kind)
	if kind == "" {
		return nil, true
	}
	var alts []Filter
	for _, alt := range reKindAlts.Split(kind, -1) {
		var f Filter
		ws := strings.Fields(alt)
		if len(ws) == 0 {
			return nil, false
		}
		for _, w := range ws {
			base, non := strings.CutPrefix(w, "non")
			switch {
			case spellType(base) != "" && non:
				f.NotTypes = append(f.NotTypes, spellType(base))
			case spellType(w) != "":
				f.Types = append(f.Types, spellType(w))
			case colorWords[base] != "" && non:
				f.NotColors = append(f.NotColors, colorWords[base])
			case colorWords[w] != "":
				f.Colors = append(f.Colors, colorWords[w])
			case w == "permanent":
				// 110.1: a permanent spell is one that isn't an instant or
				// a sorcery.
				f.NotTypes = append(f.NotTypes, "Instant", "Sorcery")
			default:
				return nil, false
			}
		}
		alts = append(alts, f)
	}
	if len(alts) == 1 {
		return &alts[0], true
	}
	return &Filter{Or: alts}, true
}

// reKindAlts separates the alternatives of a list of kinds ("instant or
// sorcery", "enchantment, instant, or sorcery").
var reKindAlts = regexp.MustCompile(`,? or |, `)

// spellType is the card type a word names that a spell may have (a land
// is never a spell, 305.1), "" for none.
func spellType(w string) string {
	if t := knownTypes[w]; t != "Land" {
		return t
	}
	return ""
}

// stackSpell finds the spell on the stack a reference names: the alias
// of the card it was cast as ("cast P1" of a card put in the hand "as
// P1"), else its card name, the topmost one when several share it; -1
// when none does.
func (g *game) stackSpell(r string) int {
	k := fold.Key(r)
	for i := len(g.stack) - 1; i >= 0; i-- {
		if it := g.stack[i]; it.spell != nil && it.cast.Alias != "" && fold.Key(it.cast.Alias) == k {
			return i
		}
	}
	for i := len(g.stack) - 1; i >= 0; i-- {
		if it := g.stack[i]; it.spell != nil && fold.Key(it.spell.Name) == k {
			return i
		}
	}
	return -1
}

// asSpell is a spell's card as a counterspell sees it: a spell cast face
// down is a 2/2 creature spell with no name, color or subtypes (708.4,
// 708.2a).
func asSpell(it *stackItem) CardDef {
	if it.cast.Mods.FaceDown {
		return CardDef{Types: []string{"Creature"}, Power: "2", Toughness: "2"}
	}
	return *it.spell
}

// counterSpell carries out "counter target ... spell" of a resolving
// spell or ability.
func (g *game) counterSpell(st *Stmt, it *stackItem, kind, cost string) bool {
	f, ok := counterFilter(kind)
	if !ok {
		return false
	}
	var ref string
	for _, r := range it.targets {
		if g.stackSpell(r) >= 0 {
			ref = r
			break
		}
	}
	if ref == "" {
		if len(it.targets) > 0 {
			g.errorf(st.Line, "%s targets a spell: %q is not a spell on the stack (cast it with \"(on the stack)\" first) (115.1)", it.srcName, it.targets[0])
		} else {
			g.errorf(st.Line, "%s targets a spell: write \"targeting CARD\" with the name of a spell cast \"(on the stack)\"", it.srcName)
		}
		return true
	}
	i := g.stackSpell(ref)
	sp := g.stack[i]
	if !cardMatches(f, asSpell(sp), false) {
		g.errorf(st.Line, "%s is not a legal target for %s: it targets a %s spell (115.1)", sp.spell.Name, it.srcName, strings.TrimSpace(kind))
		return true
	}
	if cost != "" {
		// 118.12a: "Counter target spell unless its controller pays {3}":
		// that player chooses whether to pay; the statement says.
		switch st.Paid {
		case "paid":
			g.note(st.Line, fmt.Sprintf("%s's controller pays %s: %s isn't countered", sp.spell.Name, cost, sp.spell.Name), "118.12a")
			return true
		case "not paid":
			g.note(st.Line, fmt.Sprintf("%s's controller doesn't pay %s", sp.spell.Name, cost), "118.12a")
		default:
			g.errorf(st.Line, "%s counters %s unless its controller pays %s, which is that player's choice (118.12a): add \"(paid)\" or \"(not paid)\" to the cast line", it.srcName, sp.spell.Name, cost)
			return true
		}
	}
	if cantBeCountered(sp.spell) {
		g.note(st.Line, fmt.Sprintf("%s can't be countered: %s does nothing to it, and it stays on the stack (\"can't\" overrides \"can\")", sp.spell.Name, it.srcName), "101.2")
		return true
	}
	g.stack = append(g.stack[:i:i], g.stack[i+1:]...)
	if it.src == nil && g.casting != nil && reCounteredExiled.MatchString(normQuotes(selfRef(g.casting.Text, g.casting.Name))) {
		// Dissipate: its next instruction replaces where the countered
		// card goes (614.1a).
		g.note(st.Line, fmt.Sprintf("%s counters %s: it is removed from the stack without resolving and exiled instead of being put into its owner's graveyard (%d on the stack)", it.srcName, sp.text, len(g.stack)), "614.1a")
		g.nextID++
		c := &card{id: g.nextID, name: sp.spell.Name, alias: sp.cast.Alias, def: *sp.spell, owner: sp.ctrl, line: st.Line, how: "countered, exiled instead"}
		ps := g.pl(c.owner)
		ps.zones[ZoneExile] = append(ps.zones[ZoneExile], c)
		return true
	}
	g.note(st.Line, fmt.Sprintf("%s counters %s: it is removed from the stack without resolving and put into its owner's graveyard (%d on the stack)", it.srcName, sp.text, len(g.stack)), "701.6a")
	g.spellToGraveyard(st.Line, sp, "countered")
	return true
}

// reCounteredExiled is the instruction that follows "Counter target
// spell" in Dissipate and Horribly Awry: where the countered card goes
// instead of its owner's graveyard. counterSpell reads it from the
// resolving spell's text; as an instruction of its own it does nothing
// more.
var reCounteredExiled = regexp.MustCompile(`(?im)(?:^|\.\s+)if that spell is countered this way, exile it instead of putting it into its owner's graveyard\.?$`)

// reCantBeCountered is "This spell can't be countered." (a rule of the
// spell that functions on the stack, 113.6).
var reCantBeCountered = regexp.MustCompile(`(?im)^(?:this spell|~) can't be countered\.?$`)

func cantBeCountered(d *CardDef) bool {
	return reCantBeCountered.MatchString(normQuotes(selfRef(d.Text, d.Name)))
}
