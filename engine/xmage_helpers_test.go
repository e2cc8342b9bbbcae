package engine

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Peer tests translated into scenarios. A file under testdata/xmage (or
// testdata/xmage-heldout) holds one or more cases:
//
//	=== Class.method
//	# peer: magefree/mage Mage.Tests/src/test/java/.../Class.java, Class.method
//	define ...
//	Card as X
//	? X
//	#> pt 3/3; colors W; has Flying; controller you
//	? can X attack
//	#> no
//
// Everything from one "===" line to the next is one scenario (the "#>"
// lines are comments to the scenario language, so a case can be pasted
// into "arbiter scenario" as it is). A "#>" line holds the expectations of
// the "?" line above it, separated by ";". Each clause is one expectation:
//
//	pt P/T | pt -          power/toughness, or none (208.3)
//	colors WU | colors -   exact colors, or colorless
//	types A B              exact card types, in order
//	subtypes A B           exact subtypes, in order
//	supertypes A B         exact supertypes (supertypes - for none)
//	type A | nottype A     has / lacks a card type
//	subtype A | notsubtype A
//	supertype A | notsupertype A
//	has TEXT | lacks TEXT  an ability whose text (reminder text removed) is TEXT
//	abilities N            exactly N distinct abilities
//	controller you|opponent
//	name NAME
//	tapped | untapped      its tapped status
//	gone                   the object has left the battlefield by then
//	yes | no               the answer of a "? can" check
//	damage N               damage marked on the object (or the answer of "? damage REF")
//	life P N | poison P N  a player's life total or poison counters (P: you|opponent), on "? life"
//	hand P N               cards in a player's hand, on "? life" or a zone question
//	graveyard P NAME       NAME is in P's graveyard (notgraveyard: it is not), on "? graveyard"
//	exile P NAME           NAME is in exile under P (notexile: it is not), on "? exile"
//	lost P | playing P     whether P has lost the game, on "? life"
//	stack N                N objects on the stack, on "? stack"
//	counter KIND N         N counters of KIND on the object
//	zone WHERE             the object is outside the battlefield there ("your graveyard", "exile", "the stack")
//
// A statement other than a query that the engine rejects with a run error
// is a failed "runs" expectation of that statement.
//
// known-gaps.txt beside the cases lists the expectations that do not hold
// today, one per line: CASE | QUERY | CLAUSE | CAUSE: DETAIL. The test
// fails if an expectation fails that is not listed, and if a listed one now
// holds or no longer exists, so the list stays exact. To list the failures
// of a change, run with XMAGE_GAPS_OUT=FILE: each line ends in "TODO: what
// was seen", and a line goes into known-gaps.txt only with a real cause in
// place of TODO (a TODO cause is rejected).

// xmExp is one expectation.
type xmExp struct {
	query  string // "? X" or "? X #2" (the second query with the same text)
	line   int    // line of the query within the case
	clause string // normalized clause: "pt 3/3"
}

// xmCase is one translated peer test.
type xmCase struct {
	name  string
	file  string
	line  int // line of "===" in the file
	src   string
	peer  bool // has a "# peer:" comment
	exps  []xmExp
	stmts map[int]string // line -> statement text (for "runs")
}

var reClauseSplit = regexp.MustCompile(`\s*;\s*`)

func (e xmExp) key(c string) string { return c + " | " + e.query + " | " + e.clause }

func loadXMageCases(t *testing.T, dir string) []xmCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.scn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files in %s", dir)
	}
	sort.Strings(files)
	var out []xmCase
	seen := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var cur *xmCase
		var body []string
		var lastQuery string
		var lastLine int
		counts := map[string]int{}
		flush := func() {
			if cur != nil {
				cur.src = strings.Join(body, "\n")
				out = append(out, *cur)
			}
		}
		for i, raw := range strings.Split(string(b), "\n") {
			line := strings.TrimSpace(raw)
			if strings.HasPrefix(line, "===") {
				flush()
				name := strings.TrimSpace(strings.TrimPrefix(line, "==="))
				if name == "" || seen[name] {
					t.Fatalf("%s:%d: missing or duplicate case name %q", f, i+1, name)
				}
				seen[name] = true
				cur = &xmCase{name: name, file: filepath.Base(f), line: i + 1, stmts: map[int]string{}}
				body, lastQuery, lastLine, counts = nil, "", 0, map[string]int{}
				continue
			}
			if cur == nil {
				continue // file header
			}
			body = append(body, raw)
			n := len(body)
			switch {
			case strings.HasPrefix(line, "# peer:"):
				cur.peer = true
			case strings.HasPrefix(line, "#>"):
				if lastQuery == "" {
					t.Fatalf("%s:%d: expectations without a query above them", f, i+1)
				}
				for _, cl := range reClauseSplit.Split(strings.TrimSpace(line[2:]), -1) {
					cl = strings.Join(strings.Fields(cl), " ")
					if cl == "" {
						continue
					}
					if msg := validClause(cl, strings.HasPrefix(lastQuery, "? can ")); msg != "" {
						t.Fatalf("%s:%d: %s", f, i+1, msg)
					}
					cur.exps = append(cur.exps, xmExp{query: lastQuery, line: lastLine, clause: cl})
				}
			case strings.HasPrefix(line, "?"):
				q := strings.Join(strings.Fields(strings.TrimSpace(stripComment(line))), " ")
				counts[q]++
				if counts[q] > 1 {
					q = fmt.Sprintf("%s #%d", q, counts[q])
				}
				lastQuery, lastLine = q, n
			default:
				if s := strings.TrimSpace(stripComment(line)); s != "" {
					cur.stmts[n] = s
				}
			}
		}
		flush()
	}
	return out
}

var clauseWords = map[string]bool{"pt": true, "colors": true, "types": true, "subtypes": true, "supertypes": true,
	"type": true, "nottype": true, "subtype": true, "notsubtype": true, "supertype": true, "notsupertype": true,
	"has": true, "lacks": true, "abilities": true, "controller": true, "name": true, "damage": true, "counter": true, "zone": true}

// infoClauseWords are the clauses on a question about the game.
var infoClauseWords = map[string]bool{"life": true, "poison": true, "hand": true, "graveyard": true, "notgraveyard": true,
	"exile": true, "notexile": true, "lost": true, "playing": true, "stack": true, "damage": true}

func validClause(cl string, check bool) string {
	if check {
		if cl == "yes" || cl == "no" {
			return ""
		}
		return fmt.Sprintf("a check takes \"yes\" or \"no\", not %q", cl)
	}
	if cl == "gone" || cl == "tapped" || cl == "untapped" {
		return ""
	}
	w, rest, _ := strings.Cut(cl, " ")
	if infoClauseWords[w] && rest != "" {
		return ""
	}
	if !clauseWords[w] || rest == "" {
		return fmt.Sprintf("unknown expectation %q", cl)
	}
	return ""
}

// xmOutcome evaluates one expectation: whether it holds and what was seen.
func xmOutcome(r *Report, e xmExp) (bool, string) {
	var res *QueryResult
	for i := range r.Results {
		if r.Results[i].Line == e.line {
			res = &r.Results[i]
		}
	}
	if e.clause == "gone" {
		if res != nil && res.Object != nil && res.Object.Zone != "" {
			return true, "" // answered about the card it became in another zone (400.7)
		}
		if res != nil && res.Info != nil && res.Info.Kind == "left" {
			return true, "" // answered that it left, and where it went (400.7)
		}
		if res != nil {
			return false, "it is still on the battlefield"
		}
		for _, er := range r.Errors {
			if er.Line == e.line && strings.Contains(er.Message, "left the battlefield") {
				return true, ""
			}
		}
		return false, "no result and no \"left the battlefield\" answer"
	}
	if res == nil {
		var msgs []string
		for _, er := range r.Errors {
			if er.Line == e.line {
				msgs = append(msgs, er.Message)
			}
		}
		return false, "no answer: " + strings.Join(msgs, "; ")
	}
	if res.Info != nil {
		return xmInfoOutcome(res.Info, e.clause)
	}
	if res.IsCheck {
		got := "no"
		if res.Answer {
			got = "yes"
		}
		return got == e.clause, "answer " + got
	}
	v := res.Object
	if v == nil {
		return false, "no object in the answer"
	}
	if e.clause == "tapped" || e.clause == "untapped" {
		got := "untapped"
		if v.Tapped {
			got = "tapped"
		}
		return got == e.clause, got
	}
	w, arg, _ := strings.Cut(e.clause, " ")
	list := func(l []string) string {
		if len(l) == 0 {
			return "-"
		}
		return strings.Join(l, " ")
	}
	switch w {
	case "pt":
		got := ptOf(v)
		return got == arg, "pt " + got
	case "colors":
		got := strings.Join(v.Colors, "")
		if got == "" {
			got = "-"
		}
		return strings.EqualFold(got, arg), "colors " + got
	case "types":
		return strings.EqualFold(list(v.Types), arg), "types " + list(v.Types)
	case "subtypes":
		return strings.EqualFold(list(v.Subtypes), arg), "subtypes " + list(v.Subtypes)
	case "supertypes":
		return strings.EqualFold(list(v.Supertypes), arg), "supertypes " + list(v.Supertypes)
	case "type", "nottype":
		return containsFold(v.Types, arg) == (w == "type"), "types " + list(v.Types)
	case "subtype", "notsubtype":
		return v.HasSubtype(arg) == (w == "subtype"), "subtypes " + list(v.Subtypes)
	case "supertype", "notsupertype":
		return containsFold(v.Supertypes, arg) == (w == "supertype"), "supertypes " + list(v.Supertypes)
	case "has", "lacks":
		return xmHasAbility(v.Abilities, arg) == (w == "has"), fmt.Sprintf("abilities %q", v.Abilities)
	case "abilities":
		return fmt.Sprint(len(v.Abilities)) == arg, fmt.Sprintf("abilities %q", v.Abilities)
	case "controller":
		return v.Controller == arg, "controller " + v.Controller
	case "name":
		return strings.EqualFold(v.Name, arg), "name " + v.Name
	case "zone":
		return v.Zone == arg, "zone " + v.Zone
	case "damage":
		return fmt.Sprint(v.Damage) == arg, fmt.Sprintf("damage %d", v.Damage)
	case "counter":
		kind, n, _ := strings.Cut(arg, " ")
		return fmt.Sprint(v.Counters[kind]) == n, fmt.Sprintf("counters %v", v.Counters)
	}
	return false, "unknown expectation"
}

// xmInfoOutcome evaluates a clause on the answer to a question about the
// game ("? life", "? graveyard", "? stack", "? damage REF").
func xmInfoOutcome(iv *InfoView, clause string) (bool, string) {
	w, arg, _ := strings.Cut(clause, " ")
	switch w {
	case "stack":
		return fmt.Sprint(len(iv.Stack)) == arg, fmt.Sprintf("stack %d", len(iv.Stack))
	case "damage":
		if iv.Damage == nil {
			return false, "no damage in the answer"
		}
		return fmt.Sprint(*iv.Damage) == arg, fmt.Sprintf("damage %d", *iv.Damage)
	}
	who, rest, _ := strings.Cut(arg, " ")
	var pv *PlayerView
	for i := range iv.Players {
		if iv.Players[i].Player == who {
			pv = &iv.Players[i]
		}
	}
	if pv == nil {
		return false, fmt.Sprintf("no player %q in the answer (kind %s)", who, iv.Kind)
	}
	in := func(list []string) bool {
		for _, n := range list {
			if strings.EqualFold(strings.TrimSuffix(n, " (token)"), rest) {
				return true
			}
		}
		return false
	}
	switch w {
	case "life":
		return fmt.Sprint(pv.Life) == rest, fmt.Sprintf("life %s %d", who, pv.Life)
	case "poison":
		return fmt.Sprint(pv.Poison) == rest, fmt.Sprintf("poison %s %d", who, pv.Poison)
	case "hand":
		return fmt.Sprint(pv.Hand) == rest, fmt.Sprintf("hand %s %d", who, pv.Hand)
	case "graveyard", "notgraveyard":
		return in(pv.Graveyard) == (w == "graveyard"), fmt.Sprintf("graveyard %s %q", who, pv.Graveyard)
	case "exile", "notexile":
		return in(pv.Exile) == (w == "exile"), fmt.Sprintf("exile %s %q", who, pv.Exile)
	case "lost", "playing":
		return pv.Lost == (w == "lost"), fmt.Sprintf("lost %v", pv.Lost)
	}
	return false, "unknown expectation"
}

// xmHasAbility: an ability whose text, with reminder text removed, is want
// (case-insensitive); a keyword line "Flying, vigilance" holds each keyword.
func xmHasAbility(abs []string, want string) bool {
	for _, a := range abs {
		a = strings.TrimSpace(WithoutReminder(a))
		if strings.EqualFold(a, want) {
			return true
		}
		for _, k := range strings.Split(a, ",") {
			if strings.EqualFold(strings.TrimSpace(k), want) {
				return true
			}
		}
	}
	return false
}

// xmGap is one listed known gap.
type xmGap struct {
	reason string
	line   int
	used   bool
}

func loadXMageGaps(t *testing.T, path string) map[string]*xmGap {
	t.Helper()
	gaps := map[string]*xmGap{}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("known gaps: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p := strings.Split(line, " | ")
		if len(p) != 4 {
			t.Fatalf("%s:%d: expected CASE | QUERY | CLAUSE | CAUSE: DETAIL", path, n)
		}
		cause, detail, ok := strings.Cut(p[3], ":")
		if !ok || strings.TrimSpace(cause) == "" || strings.TrimSpace(detail) == "" || strings.Contains(cause, " ") || cause == "TODO" {
			t.Fatalf("%s:%d: the reason must be CAUSE: DETAIL (a one-word cause), got %q", path, n, p[3])
		}
		k := strings.Join(p[:3], " | ")
		if gaps[k] != nil {
			t.Fatalf("%s:%d: duplicate gap %q", path, n, k)
		}
		gaps[k] = &xmGap{reason: p[3], line: n}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return gaps
}

// xmStats are the counts a run of the cases reports.
type xmStats struct {
	cases, exps, hold, runFails int
	byCause                     map[string]int
}

// runXMage runs every case of dir against the product's card catalog (M15,
// THS) plus the cards each case defines, and checks the outcome of every
// expectation against the known gaps.
func runXMage(t *testing.T, dir string) {
	cases := loadXMageCases(t, dir)
	gapsPath := filepath.Join(dir, "known-gaps.txt")
	gaps := loadXMageGaps(t, gapsPath)
	cards := testCards(t)
	xmCheckCitations(t, dir)
	st := xmStats{byCause: map[string]int{}}
	var newGaps []string // XMAGE_GAPS_OUT: failures, for writing the list (reasons must be added by hand)
	for _, c := range cases {
		st.cases++
		if !c.peer {
			t.Errorf("%s (%s:%d): no \"# peer:\" comment naming the peer test", c.name, c.file, c.line)
		}
		if len(c.exps) == 0 {
			t.Errorf("%s (%s:%d): no expectations", c.name, c.file, c.line)
		}
		t.Run(c.name, func(t *testing.T) {
			s, err := Parse(c.src)
			if err != nil {
				t.Fatalf("%s:%d: parse: %v", c.file, c.line, err)
			}
			r := run(s, cards)
			ctx := func() string {
				var b strings.Builder
				for _, u := range r.Unmodeled {
					fmt.Fprintf(&b, "\n  unmodelled (line %d, %s): %s", u.Line, u.Source, u.Sentence)
				}
				return b.String()
			}
			outcome := func(key string, ok bool, got string) {
				g := gaps[key]
				switch {
				case g != nil:
					g.used = true
					if ok {
						t.Errorf("%s now holds: remove it from %s (line %d)", key, gapsPath, g.line)
					} else {
						cause, _, _ := strings.Cut(g.reason, ":")
						st.byCause[cause]++
					}
				case !ok:
					t.Errorf("%s does not hold (%s)%s", key, got, ctx())
					newGaps = append(newGaps, key+" | TODO: "+got)
				}
			}
			for _, e := range c.exps {
				st.exps++
				ok, got := xmOutcome(r, e)
				if ok {
					st.hold++
				}
				outcome(e.key(c.name), ok, got)
			}
			// A statement the engine rejects is a failed expectation.
			var lines []int
			for l := range c.stmts {
				lines = append(lines, l)
			}
			sort.Ints(lines)
			for _, l := range lines {
				var msgs []string
				for _, er := range r.Errors {
					if er.Line == l {
						msgs = append(msgs, er.Message)
					}
				}
				key := c.name + " | " + c.stmts[l] + " | runs"
				if len(msgs) > 0 {
					st.runFails++
					outcome(key, false, strings.Join(msgs, "; "))
				} else if gaps[key] != nil {
					outcome(key, true, "")
				}
			}
		})
	}
	for k, g := range gaps {
		if !g.used {
			t.Errorf("%s:%d: gap %q matches no expectation", gapsPath, g.line, k)
		}
	}
	if out := os.Getenv("XMAGE_GAPS_OUT"); out != "" && len(newGaps) > 0 {
		if err := os.WriteFile(out, []byte(strings.Join(newGaps, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var causes []string
	total := 0
	for k, n := range st.byCause {
		causes = append(causes, k)
		total += n
	}
	sort.Slice(causes, func(i, j int) bool {
		if st.byCause[causes[i]] != st.byCause[causes[j]] {
			return st.byCause[causes[i]] > st.byCause[causes[j]]
		}
		return causes[i] < causes[j]
	})
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d cases, %d expectations, %d hold; %d statements rejected; %d known gaps by cause:",
		dir, st.cases, st.exps, st.hold, st.runFails, total)
	for _, k := range causes {
		fmt.Fprintf(&b, "\n  %4d %s", st.byCause[k], k)
	}
	t.Log(b.String())
}

// xmCheckCitations: every rule number in the comments of the cases and in
// the gap reasons exists in the loaded CR.
func xmCheckCitations(t *testing.T, dir string) {
	t.Helper()
	rules := loadCR(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			line = strings.TrimSpace(line)
			if !strings.HasPrefix(line, "#") && !strings.HasSuffix(f, ".txt") {
				continue
			}
			for _, id := range ruleID.FindAllString(line, -1) {
				n++
				if !rules.Exists(id) {
					t.Errorf("%s:%d cites rule %s, which is not in the CR", f, i+1, id)
				}
			}
		}
	}
	if n == 0 {
		t.Errorf("%s: no rule cited in any comment; the scan is broken", dir)
	}
}
