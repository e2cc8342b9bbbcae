package engine

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// statement is one form of the scenario language: its syntax as users see
// it (error messages, help, the README and the package documentation all
// show these strings), which lines it takes, and how it reads them. The
// parser tries the forms in order; the last one takes any other line.
type statement struct {
	syntax string
	// player is set for the forms a player may prefix ("you:",
	// "opponent:").
	player bool
	// match reports whether the line (after any player prefix) is in
	// this form; a line it matches that parse rejects is a syntax error
	// of this form, not another form's line.
	match func(line string) bool
	parse func(line string, st *Stmt) error
}

// statements is the scenario language, in the order the parser tries it.
var statements = []statement{
	{
		syntax: `define NAME = [MANA COST] [COLOR WORDS] TYPE LINE [P/T] ["RULES TEXT"] | define FRONT // BACK`,
		match:  prefix("define "),
		parse: func(l string, st *Stmt) error {
			return from(parseDefine(strings.TrimSpace(l[len("define "):])))(st)
		},
	},
	{
		syntax: "[you: | opponent:] cast CARD [(mode N) | (modes N and N)] [targeting REF [and REF ...]] [(X=N)] [(sacrificing REF [and REF ...])] [(paid) | (not paid)] [(on the stack)] [(face down)]",
		player: true,
		match:  prefix("cast "),
		parse: func(l string, st *Stmt) error {
			rest := strings.TrimSpace(l[len("cast "):])
			// "(on the stack)" and "(face down)" end the line, in either
			// order (offfield.go).
			rest = castFaceDown(rest, st)
			if i := lastIndexFold(rest, "(on the stack)"); i >= 0 && strings.TrimSpace(rest[i+len("(on the stack)"):]) == "" {
				rest, st.Check = strings.TrimSpace(rest[:i]), "stack"
			}
			rest = castFaceDown(rest, st)
			// "(paid)", "(not paid)": whether "unless [a player pays]" is
			// paid (118.12a, counter.go).
			for _, p := range []string{"(not paid)", "(paid)"} {
				if i := lastIndexFold(rest, p); i >= 0 && strings.TrimSpace(rest[i+len(p):]) == "" {
					rest, st.Paid = strings.TrimSpace(rest[:i]), strings.Trim(p, "()")
					break
				}
			}
			// "(sacrificing REF)": what pays an additional cost of
			// sacrificing (601.2h, addcost.go).
			if i := lastIndexFold(rest, "(sacrificing "); i >= 0 && strings.HasSuffix(rest, ")") {
				refs := splitRefs(rest[i+len("(sacrificing ") : len(rest)-1])
				if len(refs) == 0 {
					return errors.New("expected a reference after \"(sacrificing\"")
				}
				rest, st.Sacrificing = strings.TrimSpace(rest[:i]), refs
			}
			// "(X=N)" after the card's name or at the end (xvalue.go).
			if r, x, ok, err := cutX(rest); err != nil {
				return err
			} else if ok {
				rest, st.X, st.HasX = r, x, true
			}
			// "(mode N)" after the card's name or at the end (modal.go).
			if i := indexFold(rest, " targeting "); i >= 0 {
				card, modes, err := cutModes(rest[:i])
				if err != nil {
					return err
				}
				if modes != nil {
					rest, st.Modes = card+rest[i:], modes
				}
			}
			if st.Modes == nil {
				r, modes, err := cutModes(rest)
				if err != nil {
					return err
				}
				rest, st.Modes = r, modes
			}
			card, targets, msg := splitTargets(rest)
			if msg != "" {
				return errors.New(msg)
			}
			if card == "" {
				return errors.New("expected a card name after \"cast\"")
			}
			st.Kind, st.Card, st.Targets = StmtCast, card, targets
			return nil
		},
	},
	{
		syntax: `[you: | opponent:] effect "TEXT" [as ALIAS] [targeting REF [and REF ...]]`,
		player: true,
		match: func(l string) bool {
			return hasPrefixFold(l, "effect") && (len(l) == 6 || l[6] == ' ' || l[6] == '"' || strings.HasPrefix(l[6:], "“"))
		},
		parse: parseEffect,
	},
	{
		syntax: "put N KIND counter(s) on REF",
		match:  prefix("put "),
		parse: func(l string, st *Stmt) error {
			m := rePut.FindStringSubmatch(l)
			if m == nil {
				return errors.New("expected: put N KIND counter(s) on REF")
			}
			n, ok := number(m[1])
			if !ok {
				return fmt.Errorf("expected a number of counters, got %q", m[1])
			}
			st.Kind, st.N, st.Counter, st.Ref = StmtPutCounters, n, strings.ToLower(m[2]), strings.TrimSpace(m[3])
			return nil
		},
	},
	{
		syntax: "remove N KIND counter(s) from REF",
		match:  prefix("remove "),
		parse: func(l string, st *Stmt) error {
			m := reRemove.FindStringSubmatch(l)
			if m == nil {
				return errors.New("expected: remove N KIND counter(s) from REF")
			}
			n, ok := number(m[1])
			if !ok {
				return fmt.Errorf("expected a number of counters, got %q", m[1])
			}
			st.Kind, st.N, st.Counter, st.Ref = StmtRemoveCounters, n, strings.ToLower(m[2]), strings.TrimSpace(m[3])
			return nil
		},
	},
	{
		syntax: "attach REF to REF",
		match:  prefix("attach "),
		parse: func(l string, st *Stmt) error {
			m := reAttach.FindStringSubmatch(l)
			if m == nil {
				return errors.New("expected: attach REF to REF")
			}
			st.Kind, st.Ref, st.Ref2 = StmtAttach, strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
			return nil
		},
	},
	{
		syntax: "tap REF | untap REF",
		match:  func(l string) bool { return hasPrefixFold(l, "tap ") || hasPrefixFold(l, "untap ") },
		parse: func(l string, st *Stmt) error {
			i := strings.IndexByte(l, ' ')
			st.Kind, st.Ref = StmtTap, strings.TrimSpace(l[i+1:])
			if strings.EqualFold(l[:i], "untap") {
				st.Kind = StmtUntap
			}
			return nil
		},
	},
	{
		// A regeneration shield from an activated ability or a spell the
		// scenario doesn't name ("{B}: Regenerate ~"): an effect (701.19a).
		syntax: "[you: | opponent:] regenerate REF",
		player: true,
		match:  prefix("regenerate "),
		parse: func(l string, st *Stmt) error {
			ref := strings.TrimSpace(l[len("regenerate "):])
			if ref == "" {
				return errors.New("expected: regenerate REF")
			}
			st.Kind, st.Text, st.Targets = StmtEffect, "Regenerate target permanent.", []string{ref}
			return nil
		},
	},
	{
		syntax: "turn REF face up | turn REF face down",
		match: func(l string) bool {
			return hasPrefixFold(l, "turn ") && strings.Contains(strings.ToLower(l), " face")
		},
		parse: func(l string, st *Stmt) error {
			m := reTurnFace.FindStringSubmatch(l)
			if m == nil {
				return errors.New("expected: turn REF face up, or turn REF face down")
			}
			st.Kind, st.Ref, st.Check = StmtTurnFace, strings.TrimSpace(m[1]), strings.ToLower(m[2])
			return nil
		},
	},
	{
		syntax: "transform REF",
		match:  prefix("transform "),
		parse: func(l string, st *Stmt) error {
			st.Kind, st.Ref = StmtTransform, strings.TrimSpace(l[len("transform "):])
			if st.Ref == "" {
				return errors.New("expected a reference after \"transform\": transform REF")
			}
			return nil
		},
	},
	{
		syntax: "next step | next turn | end of turn",
		match: func(l string) bool {
			k := strings.ToLower(strings.TrimSpace(l))
			return k == "next step" || k == "next turn" || k == "end of turn"
		},
		parse: func(l string, st *Stmt) error {
			st.Kind, st.Check = StmtStep, strings.ToLower(strings.TrimSpace(l))
			return nil
		},
	},
	{
		syntax: "end ALIAS",
		match:  prefix("end "),
		parse: func(l string, st *Stmt) error {
			st.Kind, st.Ref = StmtEnd, strings.TrimSpace(l[len("end "):])
			return nil
		},
	},
	{
		syntax: "? can REF attack|block|tap|untap",
		match: func(l string) bool {
			return strings.HasPrefix(l, "?") && hasPrefixFold(strings.TrimSpace(l[1:]), "can ")
		},
		parse: func(l string, st *Stmt) error {
			m := reCheck.FindStringSubmatch(strings.TrimSpace(l[1:]))
			if m == nil {
				return errors.New("expected attack, block, tap or untap at the end of \"? can REF ...\"")
			}
			st.Kind, st.Ref, st.Check = StmtCheck, strings.TrimSpace(m[1]), strings.ToLower(m[2])
			return nil
		},
	},
	{
		syntax: "? life | ? stack | ? turn | ? graveyard | ? exile | ? hand | ? damage REF",
		match: func(l string) bool {
			if !strings.HasPrefix(l, "?") {
				return false
			}
			q := strings.ToLower(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(l[1:]), "?")))
			return infoWords[q] || strings.HasPrefix(q, "damage ") || q == "damage"
		},
		parse: func(l string, st *Stmt) error {
			q := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(l[1:]), "?"))
			st.Kind = StmtInfo
			if hasPrefixFold(q, "damage") {
				st.Check, st.Ref = "damage", strings.TrimSpace(q[len("damage"):])
				st.Ref = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(st.Ref, "on "), "marked on "))
				if st.Ref == "" {
					return errors.New("expected a reference after \"? damage\": ? damage REF")
				}
				return nil
			}
			st.Check = strings.ToLower(q)
			return nil
		},
	},
	{
		syntax: "? REF",
		match:  func(l string) bool { return strings.HasPrefix(l, "?") },
		parse: func(l string, st *Stmt) error {
			q := strings.TrimSpace(l[1:])
			if q == "" {
				return errors.New("expected a reference after \"?\": ? REF or ? can REF attack|block|tap|untap")
			}
			st.Kind, st.Ref = StmtQuery, strings.TrimSpace(strings.TrimSuffix(q, "?"))
			if st.Ref == "" {
				return errors.New("expected a reference after \"?\"")
			}
			return nil
		},
	},
	{
		syntax: "you|opponent gain(s) control of REF [until end of turn] [as ALIAS]",
		match:  func(l string) bool { return reControl.MatchString(l) },
		parse: func(l string, st *Stmt) error {
			m := reControl.FindStringSubmatch(l)
			st.Kind, st.Ref, st.Alias = StmtControl, strings.TrimSpace(m[2]), strings.TrimSpace(m[4])
			st.UntilEOT = m[3] != ""
			st.Player = You
			if strings.EqualFold(m[1], "opponent") {
				st.Player = Opponent
			}
			return nil
		},
	},
	{
		syntax: "REF becomes blocked",
		match:  func(l string) bool { return reBecomesBlocked.MatchString(l) },
		parse: func(l string, st *Stmt) error {
			st.Kind, st.Ref = StmtBlocked, strings.TrimSpace(reBecomesBlocked.FindStringSubmatch(l)[1])
			return nil
		},
	},
	{
		syntax: "REF becomes a copy of REF [, except [it doesn't copy that creature's color] [and] [it has this ability]]",
		match:  func(l string) bool { return reCopy.MatchString(l) },
		parse: func(l string, st *Stmt) error {
			m := reCopy.FindStringSubmatch(l)
			st.Kind, st.Ref, st.Ref2 = StmtCopy, strings.TrimSpace(m[1]), strings.TrimSpace(m[2])
			st.KeepColor, st.Except = m[3] != "", m[4] != ""
			if strings.HasSuffix(strings.ToLower(st.Ref2), " except") || strings.HasSuffix(st.Ref2, ",") {
				return errors.New("expected \"except it has this ability\" or \"except it doesn't copy that creature's color\"")
			}
			return nil
		},
	},
	{
		syntax: `change the text of REF: replace [every] "WORD" with "WORD" [as ALIAS] | change the name of REF to "NAME" [as ALIAS]`,
		match: func(l string) bool {
			return hasPrefixFold(l, "change the text of ") || hasPrefixFold(l, "change the name of ")
		},
		parse: func(l string, st *Stmt) error {
			st.Kind = StmtText
			if m := reChangeName.FindStringSubmatch(l); m != nil {
				st.Check, st.Ref, st.Text, st.Alias = "name", strings.TrimSpace(m[1]), strings.TrimSpace(m[2]), strings.TrimSpace(m[3])
				return nil
			}
			m := reChangeText.FindStringSubmatch(l)
			if m == nil {
				if hasPrefixFold(l, "change the name of ") {
					return errors.New(`expected: change the name of REF to "NAME" [as ALIAS]`)
				}
				return errors.New(`expected: change the text of REF: replace [every] "WORD" with "WORD" [as ALIAS]`)
			}
			st.Check, st.Ref, st.Ref2, st.Text, st.Alias = "text", strings.TrimSpace(m[1]), m[2], m[3], strings.TrimSpace(m[4])
			return nil
		},
	},
	{
		syntax: "REF leaves the battlefield",
		match:  func(l string) bool { return reLeaves.MatchString(l) },
		parse: func(l string, st *Stmt) error {
			st.Kind, st.Ref = StmtLeaves, strings.TrimSpace(reLeaves.FindStringSubmatch(l)[1])
			return nil
		},
	},
	{
		syntax: "attack with REF [and REF ...] [at opponent | at REF]",
		match:  prefix("attack with "),
		parse: func(l string, st *Stmt) error {
			rest := strings.TrimSpace(l[len("attack with "):])
			if i := lastIndexFold(rest, " at "); i >= 0 {
				rest, st.Ref2 = rest[:i], strings.TrimSpace(rest[i+len(" at "):])
				if st.Ref2 == "" {
					return errors.New("expected what it attacks after \"at\": opponent or a planeswalker or battle")
				}
			}
			st.Kind, st.Targets = StmtAttack, splitRefs(rest)
			if len(st.Targets) == 0 {
				return errors.New("expected: attack with REF [and REF ...] [at opponent | at REF]")
			}
			return nil
		},
	},
	{
		syntax: "block REF with REF [and REF ...]",
		match:  prefix("block "),
		parse: func(l string, st *Stmt) error {
			m := reBlock.FindStringSubmatch(l)
			if m == nil {
				return errors.New("expected: block ATTACKER with BLOCKER [and BLOCKER ...]")
			}
			st.Kind, st.Ref, st.Targets = StmtBlock, strings.TrimSpace(m[1]), splitRefs(m[2])
			if len(st.Targets) == 0 {
				return errors.New("expected a blocking creature after \"with\"")
			}
			return nil
		},
	},
	{
		syntax: "combat damage",
		match:  func(l string) bool { return strings.EqualFold(strings.TrimSpace(l), "combat damage") },
		parse: func(l string, st *Stmt) error {
			st.Kind = StmtCombatDamage
			return nil
		},
	},
	{
		syntax: "resolve [targeting REF | you | opponent] | resolve all",
		match: func(l string) bool {
			return strings.EqualFold(strings.TrimSpace(l), "resolve") || hasPrefixFold(l, "resolve ")
		},
		parse: func(l string, st *Stmt) error {
			rest := strings.TrimSpace(l[len("resolve"):])
			st.Kind = StmtResolve
			if rest == "" {
				return nil
			}
			if strings.EqualFold(rest, "all") {
				st.Check = "all"
				return nil
			}
			if !hasPrefixFold(rest, "targeting ") {
				return fmt.Errorf("unexpected %q after \"resolve\": expected \"targeting REF\" or \"all\"", rest)
			}
			st.Targets = splitRefs(rest[len("targeting "):])
			if len(st.Targets) == 0 {
				return errors.New("expected a reference after \"targeting\"")
			}
			return nil
		},
	},
	{
		syntax: "destroy REF [and REF ...] | sacrifice REF [and REF ...] | exile REF [and REF ...] | return REF to its owner's hand",
		match: func(l string) bool {
			return hasPrefixFold(l, "destroy ") || hasPrefixFold(l, "sacrifice ") || hasPrefixFold(l, "exile ") || hasPrefixFold(l, "return ")
		},
		parse: func(l string, st *Stmt) error {
			verb, rest, _ := strings.Cut(l, " ")
			st.Kind, st.Check, st.Ref = StmtMove, strings.ToLower(verb), strings.TrimSpace(rest)
			if st.Check == "return" {
				m := reReturn.FindStringSubmatch(l)
				if m == nil {
					return errors.New("expected: return REF to its owner's hand")
				}
				st.Ref = strings.TrimSpace(m[1])
			}
			if st.Ref == "" {
				return fmt.Errorf("expected a reference after %q", verb)
			}
			st.Targets = splitRefs(st.Ref)
			return nil
		},
	},
	{
		syntax: "REF assigns N to REF | you | opponent [and N to ...]",
		match:  func(l string) bool { return reAssigns.MatchString(l) },
		parse: func(l string, st *Stmt) error {
			m := reAssigns.FindStringSubmatch(l)
			st.Kind, st.Ref = StmtAssign, strings.TrimSpace(m[1])
			for _, part := range reAssignSplit.Split(m[2], -1) {
				pm := reAssignPart.FindStringSubmatch(strings.TrimSpace(part))
				if pm == nil {
					return fmt.Errorf("expected \"N to REF\" in %q: REF assigns N to REF [and N to REF ...]", part)
				}
				n, ok := number(pm[1])
				if !ok {
					return fmt.Errorf("expected a number of damage, got %q", pm[1])
				}
				st.Targets = append(st.Targets, strings.TrimSpace(pm[2]))
				st.Amounts = append(st.Amounts, n)
			}
			return nil
		},
	},
	{
		syntax: "REF deals N damage to REF | you | opponent",
		match:  func(l string) bool { return reDeals.MatchString(l) },
		parse: func(l string, st *Stmt) error {
			m := reDeals.FindStringSubmatch(l)
			n, ok := number(m[2])
			if !ok {
				return fmt.Errorf("expected a number of damage, got %q", m[2])
			}
			st.Kind, st.Ref, st.N, st.Ref2 = StmtDamage, strings.TrimSpace(m[1]), n, strings.TrimSpace(m[3])
			return nil
		},
	},
	{
		syntax: "REF | you | opponent takes N damage",
		match:  func(l string) bool { return reTakes.MatchString(l) },
		parse: func(l string, st *Stmt) error {
			m := reTakes.FindStringSubmatch(l)
			n, ok := number(m[2])
			if !ok {
				return fmt.Errorf("expected a number of damage, got %q", m[2])
			}
			st.Kind, st.Ref2, st.N = StmtDamage, strings.TrimSpace(m[1]), n
			return nil
		},
	},
	{
		syntax: "you|opponent gain(s)|lose(s) N life | you|opponent has|have [at least] N life|poison counters|cards in hand|cards in graveyard|cards in library",
		match:  func(l string) bool { return reLife.MatchString(l) || reHas.MatchString(l) },
		parse: func(l string, st *Stmt) error {
			if m := reLife.FindStringSubmatch(l); m != nil {
				st.Player, _ = parsePlayer(m[1])
				n, ok := number(m[3])
				if !ok {
					return fmt.Errorf("expected a number of life, got %q", m[3])
				}
				st.Kind, st.N, st.Check = StmtLife, n, strings.TrimSuffix(strings.ToLower(m[2]), "s")
				return nil
			}
			m := reHas.FindStringSubmatch(l)
			st.Player, _ = parsePlayer(m[1])
			n, ok := number(m[4])
			if !ok {
				return fmt.Errorf("expected a number, got %q", m[4])
			}
			st.Kind, st.N, st.AtLeast = StmtLife, n, m[3] != ""
			w := strings.ToLower(m[5])
			if st.AtLeast && (strings.HasPrefix(w, "poison") || strings.HasSuffix(w, "library")) {
				return fmt.Errorf("\"at least\" is for life, cards in hand and cards in graveyard, not %q", w)
			}
			switch {
			case w == "life":
				st.Check = "life"
			case strings.HasPrefix(w, "poison"):
				st.Check = "poison"
			case strings.HasSuffix(w, "hand"):
				st.Check = "hand"
			case strings.HasSuffix(w, "graveyard"):
				st.Check = "graveyard"
			default:
				st.Check = "library"
			}
			return nil
		},
	},
	{
		syntax: `you|opponent get(s) an emblem with "TEXT" [as ALIAS]`,
		match:  func(l string) bool { return reEmblem.MatchString(l) },
		parse: func(l string, st *Stmt) error {
			m := reEmblem.FindStringSubmatch(l)
			st.Player, _ = parsePlayer(m[1])
			text, after, ok := stringLiteral(strings.TrimSpace(m[2]))
			if !ok {
				return errors.New(`expected the emblem's abilities in double quotes: you get an emblem with "TEXT" [as ALIAS]`)
			}
			st.Kind, st.Text = StmtEmblem, text
			after = strings.TrimSpace(after)
			if after == "" {
				return nil
			}
			alias, ok := strings.CutPrefix(after, "as ")
			if !ok || strings.TrimSpace(alias) == "" {
				return fmt.Errorf("unexpected %q after the emblem's text: expected \"as ALIAS\"", after)
			}
			st.Alias = strings.TrimSpace(alias)
			return nil
		},
	},
	{
		syntax: "[you: | opponent:] CARD [as ALIAS] [(MODIFIERS)]",
		player: true,
		match:  func(string) bool { return true },
		parse: func(l string, st *Stmt) error {
			return from(parseEnter(*st, l))(st)
		},
	},
}

var (
	reBlock          = regexp.MustCompile(`(?i)^block (.+?) with (.+)$`)
	reReturn         = regexp.MustCompile(`(?i)^return (.+?) to (?:its owner's|their owner's|owner's) hand$`)
	reDeals          = regexp.MustCompile(`(?i)^(.+?) deals (\S+) damage to (.+)$`)
	reTakes          = regexp.MustCompile(`(?i)^(.+?) takes (\S+) damage$`)
	reAssigns        = regexp.MustCompile(`(?i)^(.+?) assigns (\S+ to .+)$`)
	reAssignPart     = regexp.MustCompile(`(?i)^(\S+) to (.+)$`)
	reAssignSplit    = regexp.MustCompile(`(?i)\s+and\s+|,\s*`)
	reChangeText     = regexp.MustCompile(`(?i)^change the text of (.+?):\s*replace (?:every |all )?"([^"]+)" with "([^"]+)"(?:\s+as (.+))?$`)
	reChangeName     = regexp.MustCompile(`(?i)^change the name of (.+?) to "([^"]+)"(?:\s+as (.+))?$`)
	reBecomesBlocked = regexp.MustCompile(`(?i)^(.+?) becomes blocked$`)
	reLife           = regexp.MustCompile(`(?i)^(you|opponent) (gains?|loses?) (\S+) life$`)
	reEmblem         = regexp.MustCompile(`(?i)^(you|opponent) gets? an emblem with (.*)$`)
	reHas            = regexp.MustCompile(`(?i)^(you|opponent) (has|have) (at least )?(\S+) (life|poison counters?|cards? in hand|cards? in graveyard|cards? in library)$`)
	infoWords        = map[string]bool{"life": true, "stack": true, "turn": true, "graveyard": true, "exile": true, "hand": true}
)

// grammarHelp lists the forms for an error message (set from the table in
// init: the table's parsers use it).
var grammarHelp string

func init() { grammarHelp = "a statement: " + strings.Join(Grammar(), "; ") }

// Grammar lists the statement forms of the scenario language, in the order
// the parser tries them.
func Grammar() []string {
	out := make([]string, len(statements))
	for i, f := range statements {
		out[i] = f.syntax
	}
	return out
}

// parseStmt reads one statement: an optional player prefix, then the first
// form that matches the line.
func parseStmt(line string) (Stmt, error) {
	st := Stmt{Player: You}
	rest, prefixed := line, false
	switch {
	case hasPrefixFold(line, "you:"):
		rest, prefixed = strings.TrimSpace(line[len("you:"):]), true
	case hasPrefixFold(line, "opponent:"):
		rest, prefixed, st.Player = strings.TrimSpace(line[len("opponent:"):]), true, Opponent
	}
	if prefixed && rest == "" {
		return st, errors.New("expected a card name after the player")
	}
	for _, f := range statements {
		if !f.match(rest) {
			continue
		}
		if prefixed && !f.player && st.Player == Opponent {
			return st, errors.New("expected a card (or cast/effect) after \"opponent:\"")
		}
		err := f.parse(rest, &st)
		return st, err
	}
	panic("engine: the last statement form matches every line")
}

// prefix matches lines that start with p, ignoring case.
func prefix(p string) func(string) bool {
	return func(l string) bool { return hasPrefixFold(l, p) }
}

// from adapts the older (Stmt, message) parsers to the table.
func from(got Stmt, msg string) func(st *Stmt) error {
	return func(st *Stmt) error {
		*st = got
		if msg != "" {
			return errors.New(msg)
		}
		return nil
	}
}

// parseEffect reads effect "TEXT" [as ALIAS] [targeting REF ...].
func parseEffect(l string, st *Stmt) error {
	text, after, ok := stringLiteral(strings.TrimSpace(l[len("effect"):]))
	if !ok {
		return errors.New("expected the effect text in double quotes: effect \"TEXT\" [as ALIAS] [targeting REF]")
	}
	st.Kind, st.Text = StmtEffect, text
	after = strings.TrimSpace(after)
	if hasPrefixFold(after, "as ") {
		after = after[3:]
		alias := after
		if i := indexFold(after, " targeting "); i >= 0 {
			alias, after = after[:i], after[i:]
		} else {
			after = ""
		}
		st.Alias = strings.TrimSpace(alias)
		if st.Alias == "" {
			return errors.New("expected an alias after \"as\"")
		}
	}
	after = strings.TrimSpace(after)
	if after == "" {
		return nil
	}
	if !hasPrefixFold(after, "targeting ") {
		return fmt.Errorf("unexpected %q after the effect text: expected \"as ALIAS\" or \"targeting REF\"", after)
	}
	ts := splitRefs(after[len("targeting "):])
	if len(ts) == 0 {
		return errors.New("expected a reference after \"targeting\"")
	}
	st.Targets = ts
	return nil
}
