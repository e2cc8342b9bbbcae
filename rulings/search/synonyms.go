package search

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arbiter-mtg/arbiter/internal/litre"
)

// abbreviations are the short forms players and judges type, expanded before
// tokenising. Keys are matched as whole words, case-insensitively.
var abbreviations = map[string]string{
	"etb":   "enters the battlefield",
	"etbs":  "enters the battlefield",
	"ltb":   "leaves the battlefield",
	"sba":   "state-based actions",
	"sbas":  "state-based actions",
	"cmc":   "mana value",
	"mv":    "mana value",
	"p/t":   "power toughness",
	"pt":    "power toughness",
	"pw":    "planeswalker",
	"edh":   "commander",
	"gy":    "graveyard",
	"yard":  "graveyard",
	"opp":   "opponent",
	"cda":   "characteristic-defining ability",
	"cdas":  "characteristic-defining abilities",
	"apnap": "active player nonactive player order",
	"2hg":   "two-headed giant",
	"dfc":   "double-faced card",
	"mdfc":  "modal double-faced card",
	"tdfc":  "transforming double-faced card",
	"eot":   "end of turn",
	"ueot":  "until end of turn",
	"dmg":   "damage",
}

var abbrevRe = regexp.MustCompile(`(?i)(^|[^a-z0-9/])(` + abbrevAlternation() + `)($|[^a-z0-9/])`)

func abbrevAlternation() string {
	keys := make([]string, 0, len(abbreviations))
	for k := range abbreviations {
		keys = append(keys, regexp.QuoteMeta(k))
	}
	return strings.Join(keys, "|")
}

func expandAbbreviations(q string) string {
	if !mayAbbreviate(q) {
		return q
	}
	return abbrevRe.ReplaceAllStringFunc(q, func(m string) string {
		sub := abbrevRe.FindStringSubmatch(m)
		return sub[1] + abbreviations[strings.ToLower(sub[2])] + sub[3]
	})
}

// mayAbbreviate says whether q may hold an abbreviation abbrevRe matches:
// one is a whole run of letters, digits and slashes. A text with other than
// ASCII letters is left to the expression, whose case folding knows more.
func mayAbbreviate(q string) bool {
	start := -1
	for i := 0; i <= len(q); i++ {
		c := byte(' ')
		if i < len(q) {
			c = q[i]
		}
		if c >= utf8.RuneSelf {
			return true
		}
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '/' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start <= maxAbbrevLen {
			if _, ok := abbreviations[strings.ToLower(q[start:i])]; ok {
				return true
			}
		}
		start = -1
	}
	return false
}

// maxAbbrevLen is the length of the longest abbreviation.
var maxAbbrevLen = func() int {
	n := 0
	for k := range abbreviations {
		n = max(n, len(k))
	}
	return n
}()

// synonyms map a stemmed query word to the stems the CR uses for the same
// idea; they are added to the query at half weight.
var synonyms = map[string][]string{}

func init() {
	raw := map[string][]string{
		"play":      {"cast"},
		"played":    {"cast"},
		"die":       {"dies", "graveyard"},
		"died":      {"dies", "graveyard"},
		"kill":      {"destroy"},
		"killed":    {"destroy"},
		"sick":      {"sickness"},
		"bigger":    {"power", "toughness"},
		"size":      {"power", "toughness"},
		"stats":     {"power", "toughness"},
		"pump":      {"power", "toughness"},
		"steal":     {"control"},
		"stolen":    {"control"},
		"swing":     {"attack"},
		"bounce":    {"return", "hand"},
		"tapped":    {"tap"},
		"untapped":  {"untap"},
		"copy":      {"copi"},
		"copies":    {"copi"},
		"clone":     {"copi"},
		"legendary": {"legend"},
		// The stemmer keeps agent nouns apart from their verbs; the CR says
		// "its controller" where players ask "who controls". (Owning is
		// read as "owner" already when words are tokenised: see senses.)
		"controls":     {"controller"},
		"controlled":   {"controller"},
		"attacker":     {"attack"},
		"attackers":    {"attack"},
		"blocker":      {"block"},
		"blockers":     {"block"},
		"caster":       {"cast"},
		"empty":        {"no"},
		"beats":        {"precedence"},
		"wins":         {"precedence"},
		"wear":         {"removed"},
		"respond":      {"responded", "stack"},
		"response":     {"responded", "stack"},
		"simultaneous": {"simultaneously"},
		// Players forget a trigger; the IPG calls it missed (2.1).
		"forget":    {"missed"},
		"forgets":   {"missed"},
		"forgot":    {"missed"},
		"forgotten": {"missed"},
	}
	// Numbers: the CR writes "toughness 0" but "ten or more poison
	// counters"; players write either.
	for i, w := range []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"} {
		d := strconv.Itoa(i)
		raw[w] = append(raw[w], d)
		raw[d] = append(raw[d], w)
	}
	raw["twenty"] = append(raw["twenty"], "20")
	raw["20"] = append(raw["20"], "twenty")
	for k, vs := range raw {
		key := stem(k)
		for _, v := range vs {
			s := stem(v)
			if s != key {
				synonyms[key] = append(synonyms[key], s)
			}
		}
	}
}

// concepts are whole phrasings players use for an idea the CR words
// differently. When a query matches the pattern, the text is added to it at
// half weight.
var concepts = []struct {
	re   *regexp.Regexp
	text string
}{
	{regexp.MustCompile(`(?i)\b(attack|tap|block|use)\w*\b.*\b(turn|just)\b.*\b(play|cast|came|enter|summon)`), "summoning sickness continuously since most recent turn began"},
	{regexp.MustCompile(`(?i)summoning.?sick`), "summoning sickness continuously since most recent turn began"},
	{regexp.MustCompile(`(?i)same time|simultaneous`), "simultaneously"},
	{regexp.MustCompile(`(?i)empty library|no cards (left )?in (my |their |the )?library|deck(ed)? out`), "draw card library with no cards"},
	{regexp.MustCompile(`(?i)new object|changes? zones?`), "moves from one zone to another new object no memory"},
	{regexp.MustCompile(`(?i)\+1/\+1 counters?.*layer|layer.*\+1/\+1 counters?`), "layer 7c counters modify power toughness"},
	{regexp.MustCompile(`(?i)can'?t beats? can|can'?t (wins?|trumps?)`), "can't effect takes precedence"},
	{regexp.MustCompile(`(?i)damage (wear|go(es)? away|removed|heal)`), "damage marked removed cleanup step"},
	{regexp.MustCompile(`(?i)\bfizzle`), "targets illegal doesn't resolve"},
	// A player draws an opening hand and may take mulligans (103.5).
	{regexp.MustCompile(`(?i)\bopening hands?\b`), "mulligan"},
	// An Aura whose object leaves is put into the graveyard as a state-based
	// action (704.5m): players ask it in terms of the creature leaving.
	{regexp.MustCompile(`(?i)\baura\b.*\b(leaves?|dies|died|destroyed|exiled|bounced|gone)\b|\b(leaves?|dies|died|destroyed|exiled)\b.*\baura\b`), "aura not attached illegal object owner's graveyard state-based action"},
	// A token that leaves the battlefield ceases to exist (111.7, 704.5d):
	// players ask it in terms of the token dying or being bounced.
	{regexp.MustCompile(`(?i)\btokens?\b.*\b(leaves?|dies|died|destroyed|exiled|bounced|returned|sacrificed)\b|\b(leaves?|dies|died|destroyed|exiled|bounced|returned|sacrificed)\b.*\btokens?\b`), "token zone other than the battlefield ceases to exist"},
	// Layer 6 names effects by what they do to abilities (613.1f):
	// "ability-adding", "ability-removing".
	{regexp.MustCompile(`(?i)\blos(e|es|ing|t)\b.*\babilit`), "ability-removing effects layer 6"},
	{regexp.MustCompile(`(?i)\b(gain|gains|gained|gaining|grant|grants|granted)\b.*\babilit`), "ability-adding effects layer 6"},
	// Hero tokens come from job select (702.182), Final Fantasy's Equipment.
	{regexp.MustCompile(`(?i)\bhero tokens?\b`), "job select hero creature token"},
}

// conceptNeeds holds, for each concept, the literals one of which its
// expression needs, and conceptAlts the stricter condition of
// litre.Alternatives: most queries fail them and skip the expression.
var conceptNeeds, conceptAlts = func() ([][]string, [][][][]string) {
	needs := make([][]string, len(concepts))
	alts := make([][][][]string, len(concepts))
	for i, c := range concepts {
		needs[i] = litre.Needs(c.re.String())
		alts[i] = litre.Alternatives(c.re.String())
	}
	return needs, alts
}()

func expandConcepts(q string) string {
	extra := ""
	lower := strings.ToLower(q)
	for i, c := range concepts {
		if n := conceptNeeds[i]; len(n) > 0 && !litre.ContainsAny(lower, n) {
			continue
		}
		// The long s (ſ) matches s in a case-insensitive expression, but
		// strings.ToLower keeps it: such a query goes to the expression.
		if !litre.Holds(lower, conceptAlts[i]) && !strings.ContainsRune(lower, 'ſ') {
			continue
		}
		if c.re.MatchString(q) {
			extra += " " + c.text
		}
	}
	return extra
}

// symbolKinds names the kind of a mana symbol split in two, as the CR
// names it (107.4e, 107.4f): "{W/U}" and "{2/B}" are hybrid symbols,
// "{W/P}" a Phyrexian one and "{W/U/P}" both. A question writes the
// symbol; the rule that governs it says the kind.
func symbolKinds(term string) []string {
	if len(term) < 5 || term[0] != '{' || term[len(term)-1] != '}' || !strings.Contains(term, "/") {
		return nil
	}
	parts := strings.Split(term[1:len(term)-1], "/")
	var out []string
	halves := 0
	for _, p := range parts {
		if p == "p" {
			out = append(out, stem("phyrexian"))
		} else if p != "" {
			halves++
		}
	}
	if halves >= 2 {
		out = append(out, stem("hybrid"))
	}
	return out
}
