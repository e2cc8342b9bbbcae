package engine

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SyntaxError is a scenario line that does not parse: the line number and
// what was expected there.
type SyntaxError struct {
	Line int
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// StmtKind is the kind of a scenario statement.
type StmtKind int

// The statements of the scenario language.
const (
	StmtDefine StmtKind = iota
	StmtEnter
	StmtCast
	StmtEffect
	StmtPutCounters
	StmtRemoveCounters
	StmtCopy
	StmtControl
	StmtAttach
	StmtTap
	StmtUntap
	StmtEnd
	StmtLeaves
	StmtQuery
	StmtCheck
	StmtTurnFace // "turn REF face up|down" (613.7f)
	StmtAttack   // "attack with REF [and REF ...] [at PLAYER|REF]" (508.1)
	StmtBlock    // "block REF with REF [and REF ...]" (509.1)
	StmtCombatDamage
	StmtStep      // "next step", "next turn", "end of turn" (Check says which)
	StmtResolve   // "resolve [targeting ...]", "resolve all" (608.2, 117.4)
	StmtDamage    // "REF deals N damage to REF", "REF takes N damage" (120)
	StmtLife      // "you gain N life", "opponent has N life" (119, 122.1f)
	StmtMove      // "destroy REF", "sacrifice REF", "exile REF", "return REF to its owner's hand" (400.7)
	StmtInfo      // "? life", "? stack", "? turn", "? graveyard", "? exile", "? hand", "? damage REF"
	StmtAssign    // "REF assigns N to REF [and N to REF ...]" (510.1c)
	StmtBlocked   // "REF becomes blocked" (509.1h)
	StmtText      // "change the text of REF: ...", "change the name of REF to ..." (612, 613.1c)
	StmtTransform // "transform REF" (701.27a, faces.go)
	StmtEmblem    // "you get an emblem with \"TEXT\"" (114, emblem.go)
)

// Mods are the modifiers of an entering object: "(token, tapped, new, face
// down, attached to REF, 2 +1/+1 counters)".
type Mods struct {
	Token, Tapped, New, FaceDown bool
	AttachedTo                   string
	PairedWith                   string // "paired with REF": soulbond pairing (702.95b)
	CopyOf                       string // "copy of REF": enters as a copy (707.5)
	CopyExcept, CopyKeepColor    bool   // "... except it doesn't copy that creature's color and it has this ability"
	Counters                     []CounterMod
	Chosen                       []string // "chosen red": a choice made as it entered (614.12a)
	CondHolds                    bool     // "condition holds": its conditions on hidden information hold
	// Zone: "in hand", "in graveyard", "in exile", "in library": the card
	// is put in its owner's zone instead of onto the battlefield
	// (offfield.go).
	Zone string
	// Transformed: a double-faced card enters with its back face up
	// (712.14a, faces.go).
	Transformed bool
	// Manifested: put onto the battlefield face down by manifest
	// (701.40a); any card can be, an instant or sorcery included.
	Manifested bool
	// SpellX, when HasSpellX: the value of X chosen for the permanent spell
	// it resolved from, which its "enters with X counters" reads
	// (107.3m). Set as the spell resolves, never written in a statement.
	SpellX    int
	HasSpellX bool
	// Cast: it enters as a resolving spell (608.3), not put onto the
	// battlefield by an effect. Owner, when HasOwner: its owner, when not
	// the player it enters under. Both set by the engine, never written.
	Cast     bool
	Owner    Player
	HasOwner bool
}

// CounterMod is "N KIND counters".
type CounterMod struct {
	N    int
	Kind string
}

// Stmt is one parsed statement.
type Stmt struct {
	Line    int
	Kind    StmtKind
	Src     string // the statement as written (comment removed)
	Player  Player
	Card    string
	Alias   string
	Def     *CardDef
	Mods    Mods
	Text    string
	Targets []string
	N       int
	Counter string
	Ref     string
	Ref2    string
	Check   string // attack, block, tap, untap
	Except  bool   // "becomes a copy of X, except it has this ability"
	// AtLeast: "you have at least N cards in graveyard|cards in hand|life":
	// N is a lower bound (zonecond.go).
	AtLeast bool
	// KeepColor: "except it doesn't copy that creature's color" (707.9b).
	KeepColor bool
	// UntilEOT: "gains control of REF until end of turn".
	UntilEOT bool
	// Amounts: "assigns 2 to B and 3 to opponent": the damage to each of
	// Targets.
	Amounts []int
	// Modes: "cast CARD (modes 1 and 3)": a modal spell's modes (700.2a).
	Modes []int
	// Paid: "cast Mana Leak targeting X (not paid)": whether the player
	// offered "unless [they pay]" pays (118.12a): "paid", "not paid" or "".
	Paid string
	// X: "cast Fireball (X=3) targeting opponent": the value of X chosen
	// as the spell is cast (107.3a); HasX says it was given.
	X    int
	HasX bool
	// Sacrificing: "cast Village Rites (sacrificing B)": the permanents
	// sacrificed to pay an additional cost (601.2h).
	Sacrificing []string
}

// Script is a parsed scenario.
type Script struct {
	Stmts []Stmt
}

var (
	rePut        = regexp.MustCompile(`(?i)^put (\S+) (.+?) counters? on (.+)$`)
	reRemove     = regexp.MustCompile(`(?i)^remove (\S+) (.+?) counters? from (.+)$`)
	reCopy       = regexp.MustCompile(`(?i)^(.+?) becomes a copy of (.+?)(?:,? except (it doesn't copy that creature's color)?(?:,? and )?(it has this ability)?)?$`)
	reControl    = regexp.MustCompile(`(?i)^(you|opponent) gains? control of (.+?)( until end of turn)?(?: as (.+))?$`)
	reCopyExcept = regexp.MustCompile(`(?i) except (it doesn't copy that creature's color)?(?: and )?(it has this ability)?$`)
	reTurnFace   = regexp.MustCompile(`(?i)^turn (.+?) face[ -](up|down)$`)
	reAttach     = regexp.MustCompile(`(?i)^attach (.+?) to (.+)$`)
	reLeaves     = regexp.MustCompile(`(?i)^(.+?) leaves the battlefield$`)
	reCheck      = regexp.MustCompile(`(?i)^can (.+?) (attack|block|tap|untap)\s*\??$`)
	reCounterM   = regexp.MustCompile(`(?i)^(\S+) (.+?) counters?$`)
	reMana       = regexp.MustCompile(`^(\{[^{}]+\})+$`)
	rePT         = regexp.MustCompile(`^([0-9*Xx+\-]+)/([0-9*Xx+\-]+)$`)
)

// knownTypes are the card types (205.2a) by their words; "tribal" is the
// former name of kindred.
var knownTypes = map[string]string{
	"artifact": "Artifact", "battle": "Battle", "creature": "Creature", "enchantment": "Enchantment",
	"instant": "Instant", "kindred": "Kindred", "tribal": "Kindred", "land": "Land",
	"planeswalker": "Planeswalker", "sorcery": "Sorcery",
}

var knownSupertypes = map[string]string{
	"basic": "Basic", "legendary": "Legendary", "snow": "Snow", "world": "World", "ongoing": "Ongoing",
}

// Parse parses a scenario. The first line that does not parse is returned
// as a *SyntaxError.
func Parse(src string) (*Script, error) {
	s := &Script{}
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	for i, raw := range lines {
		n := i + 1
		if !utf8.ValidString(raw) {
			return nil, &SyntaxError{Line: n, Msg: "the line is not valid UTF-8 text"}
		}
		line := strings.TrimSpace(stripComment(raw))
		if line == "" {
			continue
		}
		st, err := parseStmt(line)
		if err != nil {
			return nil, &SyntaxError{Line: n, Msg: err.Error()}
		}
		st.Line = n
		st.Src = line
		s.Stmts = append(s.Stmts, st)
	}
	return s, nil
}

// stripComment removes a # comment that is not inside quotes.
func stripComment(s string) string {
	in := false
	for i, r := range s {
		switch r {
		case '“':
			in = true
		case '”':
			in = false
		case '"':
			if i == 0 || s[i-1] != '\\' {
				in = !in
			}
		case '#':
			if !in {
				return s[:i]
			}
		}
	}
	return s
}

func hasPrefixFold(s, p string) bool {
	return len(s) >= len(p) && strings.EqualFold(s[:len(p)], p)
}

// indexFold finds an ASCII keyword case-insensitively. Only ASCII letters
// are folded, so byte offsets stay valid for any input (strings.ToLower can
// change the length of invalid UTF-8).
func indexFold(s, sub string) int { return strings.Index(asciiLower(s), asciiLower(sub)) }

func lastIndexFold(s, sub string) int {
	return strings.LastIndex(asciiLower(s), asciiLower(sub))
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func splitTargets(rest string) (string, []string, string) {
	i := indexFold(rest, " targeting ")
	if i < 0 {
		if strings.EqualFold(strings.TrimSpace(rest), "targeting") || hasPrefixFold(rest, "targeting ") {
			return "", nil, "expected a card name before \"targeting\""
		}
		return strings.TrimSpace(rest), nil, ""
	}
	refs := splitRefs(rest[i+len(" targeting "):])
	if len(refs) == 0 {
		return "", nil, "expected a reference after \"targeting\""
	}
	return strings.TrimSpace(rest[:i]), refs, ""
}

func splitRefs(s string) []string {
	var out []string
	for _, p := range regexp.MustCompile(`(?i)\s+and\s+|,`).Split(s, -1) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func number(s string) (int, bool) {
	if n, ok := numberWords[strings.ToLower(s)]; ok {
		return n, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0 && n <= 1_000_000
}

// stringLiteral reads a "double-quoted" string at the start of s with the
// escapes \n, \" and \\; it returns the text and what follows.
func stringLiteral(s string) (string, string, bool) {
	if strings.HasPrefix(s, "“") {
		// Phones type curly quotes: “TEXT” (no escapes inside).
		end := strings.Index(s, "”")
		if end < 0 {
			return "", s, false
		}
		return strings.ReplaceAll(s[len("“"):end], `\n`, "\n"), s[end+len("”"):], true
	}
	if !strings.HasPrefix(s, "\"") {
		return "", s, false
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
				switch s[i] {
				case 'n':
					b.WriteByte('\n')
				default:
					b.WriteByte(s[i])
				}
			}
		case '"':
			return b.String(), s[i+1:], true
		default:
			b.WriteByte(s[i])
		}
	}
	return "", s, false
}

func parseEnter(st Stmt, line string) (Stmt, string) {
	st.Kind = StmtEnter
	body := line
	if strings.HasSuffix(body, ")") {
		i := strings.LastIndexByte(body, '(')
		if i < 0 {
			return st, "unbalanced \")\": expected modifiers in parentheses, e.g. (new, tapped, 2 +1/+1 counters)"
		}
		mods, msg := parseMods(body[i+1 : len(body)-1])
		if msg != "" {
			return st, msg
		}
		st.Mods = mods
		body = strings.TrimSpace(body[:i])
	} else if strings.Contains(body, "(") {
		return st, "expected \")\" to close the modifiers"
	}
	if i := lastIndexFold(body, " as "); i >= 0 {
		st.Alias = strings.TrimSpace(body[i+4:])
		body = strings.TrimSpace(body[:i])
		if st.Alias == "" {
			return st, "expected an alias after \"as\""
		}
	}
	if body == "" {
		return st, "expected a card name"
	}
	if strings.ContainsAny(body, "\"{}") {
		return st, fmt.Sprintf("%q is not %s", body, grammarHelp)
	}
	st.Card = body
	return st, ""
}

func parseMods(s string) (Mods, string) {
	var m Mods
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		low := strings.ToLower(p)
		switch {
		case low == "token":
			m.Token = true
		case low == "tapped":
			m.Tapped = true
		case low == "new":
			m.New = true
		case low == "face down" || low == "face-down":
			m.FaceDown = true
		case low == "transformed":
			m.Transformed = true
		case low == "manifested":
			// 701.40a: a face-down 2/2 creature, whatever card it is.
			m.FaceDown, m.Manifested = true, true
		case strings.HasPrefix(low, "copy of "):
			m.CopyOf = strings.TrimSpace(p[len("copy of "):])
			if em := reCopyExcept.FindStringSubmatch(m.CopyOf); em != nil {
				m.CopyOf = strings.TrimSpace(m.CopyOf[:len(m.CopyOf)-len(em[0])])
				m.CopyKeepColor, m.CopyExcept = em[1] != "", em[2] != ""
			}
			if m.CopyOf == "" {
				return m, "expected a reference after \"copy of\""
			}
		case low == "condition holds":
			m.CondHolds = true
		case strings.HasPrefix(low, "in "):
			z, ok := zoneModifier(low)
			if !ok {
				return m, fmt.Sprintf("unknown zone %q: expected in hand, in graveyard, in exile or in library", p)
			}
			m.Zone = z
		case strings.HasPrefix(low, "named "):
			// "named Lightning Bolt": the card name chosen as it entered.
			if strings.TrimSpace(p[len("named "):]) == "" {
				return m, "expected a card name after \"named\", e.g. (named Lightning Bolt)"
			}
			m.Chosen = append(m.Chosen, strings.TrimSpace(p))
		case strings.HasPrefix(low, "chosen "), strings.HasPrefix(low, "choose "):
			// "chosen red", or "choose red" as the choice is made.
			c := strings.TrimSpace(p[len("chosen "):])
			if strings.HasPrefix(low, "choose ") {
				c = strings.TrimSpace(p[len("choose "):])
			}
			if c == "" {
				return m, "expected what was chosen, e.g. (chosen blue)"
			}
			m.Chosen = append(m.Chosen, c)
		case strings.HasPrefix(low, "paired with "):
			m.PairedWith = strings.TrimSpace(p[len("paired with "):])
			if m.PairedWith == "" {
				return m, "expected a reference after \"paired with\""
			}
		case strings.HasPrefix(low, "attached to "):
			m.AttachedTo = strings.TrimSpace(p[len("attached to "):])
			if m.AttachedTo == "" {
				return m, "expected a reference after \"attached to\""
			}
		default:
			cm := reCounterM.FindStringSubmatch(p)
			if cm == nil {
				return m, fmt.Sprintf("unknown modifier %q: expected token, tapped, new, face down, manifested, transformed, attached to REF, paired with REF, copy of REF, chosen CHOICE, named CARD, condition holds, in hand|graveyard|exile|library or N KIND counters", p)
			}
			n, ok := number(cm[1])
			if !ok {
				return m, fmt.Sprintf("expected a number of counters in %q", p)
			}
			m.Counters = append(m.Counters, CounterMod{N: n, Kind: strings.ToLower(cm[2])})
		}
	}
	return m, ""
}

// parseDefine parses "NAME = [MANA COST] [COLOR WORDS] TYPE LINE [P/T]
// ["RULES TEXT"]".
func parseDefine(s string) (Stmt, string) {
	st := Stmt{Kind: StmtDefine}
	eq := strings.IndexByte(s, '=')
	if front, back, ok := strings.Cut(s, "//"); ok && eq < 0 {
		// "define FRONT // BACK": the faces of a double-faced card (712.2).
		st.Card, st.Ref2 = strings.TrimSpace(front), strings.TrimSpace(back)
		if st.Card == "" || st.Ref2 == "" {
			return st, "expected two card names: define FRONT // BACK"
		}
		return st, ""
	}
	if eq < 0 {
		return st, "expected \"=\" after the card name: define NAME = [MANA COST] [COLORS] TYPE LINE [P/T] [\"RULES TEXT\"], or define FRONT // BACK"
	}
	name := strings.TrimSpace(s[:eq])
	if name == "" {
		return st, "expected a card name before \"=\""
	}
	rhs := strings.TrimSpace(s[eq+1:])
	def := &CardDef{Name: name}
	if q := strings.IndexAny(rhs, "\"“"); q >= 0 {
		text, after, ok := stringLiteral(rhs[q:])
		if !ok {
			return st, "expected a closing \" after the rules text"
		}
		if strings.TrimSpace(after) != "" {
			return st, fmt.Sprintf("unexpected %q after the rules text", strings.TrimSpace(after))
		}
		def.Text = text
		rhs = strings.TrimSpace(rhs[:q])
	}
	rhs = strings.ReplaceAll(rhs, "—", " — ")
	toks := strings.Fields(rhs)
	var colors []string
	for len(toks) > 0 && strings.HasPrefix(toks[0], "{") {
		if !reMana.MatchString(toks[0]) {
			return st, fmt.Sprintf("malformed mana cost %q: expected symbols like {2}{R}", toks[0])
		}
		def.ManaCost += toks[0]
		toks = toks[1:]
	}
	indicator := false
	for len(toks) > 0 {
		w := strings.ToLower(toks[0])
		if c, ok := colorWords[w]; ok {
			colors = append(colors, c)
			indicator = true
		} else if w == "colorless" {
			indicator = true
		} else if w != "and" || !indicator {
			break
		}
		toks = toks[1:]
	}
	if len(toks) > 0 {
		if m := rePT.FindStringSubmatch(toks[len(toks)-1]); m != nil {
			def.Power, def.Toughness = m[1], m[2]
			toks = toks[:len(toks)-1]
		}
	}
	dash := false
	for _, t := range toks {
		if t == "—" || t == "-" || t == "--" {
			if dash {
				return st, "expected only one dash in the type line"
			}
			dash = true
			continue
		}
		if dash {
			def.Subtypes = append(def.Subtypes, t)
			continue
		}
		low := strings.ToLower(t)
		if v, ok := knownSupertypes[low]; ok {
			def.Supertypes = append(def.Supertypes, v)
		} else if v, ok := knownTypes[low]; ok {
			def.Types = append(def.Types, v)
		} else {
			return st, fmt.Sprintf("unknown card type %q: expected [MANA COST] [COLOR WORDS] then a type line such as \"Legendary Artifact Creature — Golem\"", t)
		}
	}
	if len(def.Types) == 0 {
		return st, "expected a type line with a card type (e.g. Creature — Ogre) after the mana cost and colors"
	}
	if indicator {
		def.Colors = sortColors(colors)
	} else {
		def.Colors = ColorsOfCost(def.ManaCost)
	}
	if containsFold(def.Types, "Creature") && def.Power == "" {
		return st, "expected power/toughness (e.g. 2/2) for a creature"
	}
	st.Card, st.Def = name, def
	return st, ""
}
