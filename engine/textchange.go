package engine

// Text-changing effects (612) applied in layer 3 (613.1c): a word of one
// kind replaced by another of the same kind (a color word, a basic land
// type or a creature type, used in its correct sense, 612.2), and an
// effect that sets an object's name (612.8). The changed rules text is
// compiled again, so layers 4 through 7 see the new abilities.

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// textChange is one text-changing effect on one object.
type textChange struct {
	target   *Object
	from, to string // the word replaced and its replacement, lower case
	kind     string // "color word", "basic land type", "creature type"
	name     string // 612.8: the name it sets ("" for a word change)
	ts, line int
	alias    string
	ended    bool
}

func (tc *textChange) source() string {
	return fmt.Sprintf("text-changing effect (line %d)", tc.line)
}

// wordKind says which kind of word a text-changing effect may change w
// into another of (612.2): a color word, a basic land type or a creature
// type; "" for any other word.
func wordKind(w string) string {
	w = strings.ToLower(w)
	switch {
	case colorWords[w] != "":
		return "color word"
	case basicMana[capitalize(w)] != "":
		return "basic land type"
	case creatureTypes[w]:
		return "creature type"
	}
	return ""
}

var reTextWord = regexp.MustCompile(`[A-Za-z][A-Za-z'-]*`)

// changeWords replaces every use of tc.from as a word of its kind in text
// with tc.to, keeping the name self (612.2: a card name is not changed even
// where it contains the word). It reports whether anything changed.
func (tc *textChange) changeWords(text, self string) (string, bool) {
	const hold = "\x00"
	if self != "" {
		text = strings.ReplaceAll(text, self, hold)
	}
	changed := false
	text = reTextWord.ReplaceAllStringFunc(text, func(tok string) string {
		if r := tc.changeWord(tok); r != tok {
			changed = true
			return r
		}
		return tok
	})
	if self != "" {
		text = strings.ReplaceAll(text, hold, self)
	}
	return text, changed
}

// changeWord changes one word: the word itself, its "non" form
// ("nonwhite"), and for a basic land type its plural and the landwalk
// and landcycling keywords built on it (702.14a, 702.29a); for a creature
// type its plural.
func (tc *textChange) changeWord(tok string) string {
	low := strings.ToLower(tok)
	pre := ""
	for _, p := range []string{"non-", "non"} {
		if strings.HasPrefix(low, p) && len(low) > len(p) {
			pre, low = tok[:len(p)], low[len(p):]
			break
		}
	}
	word := tok[len(pre):]
	out := ""
	switch tc.kind {
	case "color word":
		if low == tc.from {
			out = tc.to
		}
	case "basic land type":
		for _, suf := range []string{"", "s", "walk", "cycling"} {
			if low == tc.from+suf && !(suf == "s" && tc.from == "plains") {
				out = tc.to + suf
				if suf == "s" && tc.to == "plains" {
					out = tc.to
				}
				break
			}
		}
	case "creature type":
		if low == tc.from {
			out = tc.to
		} else if t, ok := creatureTypeNoun(low); ok && t == tc.from {
			out = pluralType(tc.to)
		}
	}
	if out == "" {
		return tok
	}
	if word != "" && word[0] >= 'A' && word[0] <= 'Z' {
		out = capitalize(out)
	}
	return pre + out
}

// pluralType is a creature type's plural as rules text writes it.
func pluralType(t string) string {
	switch {
	case strings.HasSuffix(t, "folk"):
		return t
	case strings.HasSuffix(t, "f"):
		return t[:len(t)-1] + "ves"
	case len(t) > 1 && strings.HasSuffix(t, "y") && !strings.ContainsAny(t[len(t)-2:len(t)-1], "aeiou"):
		return t[:len(t)-1] + "ies"
	case strings.HasSuffix(t, "s"), strings.HasSuffix(t, "x"), strings.HasSuffix(t, "ch"), strings.HasSuffix(t, "sh"):
		return t + "es"
	}
	return t + "s"
}

// layer3 applies the text-changing effects in timestamp order (613.1c,
// 613.7) and compiles the changed rules text again.
func (s *state) layer3() {
	if len(s.g.texts) == 0 {
		return
	}
	tcs := append([]*textChange(nil), s.g.texts...)
	sort.SliceStable(tcs, func(i, j int) bool { return tcs[i].ts < tcs[j].ts })
	names := map[int]string{} // the name each object had before layer 3
	for _, tc := range tcs {
		i, ok := s.slot[tc.target]
		if !ok || tc.ended || s.objs[i].faceDown {
			continue
		}
		if _, ok := names[i]; !ok {
			names[i] = s.ch[i].Name
		}
		c := s.mut(i)
		if tc.name != "" {
			c.Name = tc.name
			s.step(i, L3, "612.8", tc.source(), fmt.Sprintf("its name is %s: it loses any names it had and has only this one (612.8)", tc.name))
			continue
		}
		s.changeText(i, c, tc, names[i])
	}
}

// changeText applies one word change to the type line (612.1) and the
// rules text of slot i's characteristics. Abilities an effect granted are
// not its text and are not changed (612.3).
func (s *state) changeText(i int, c *Chars, tc *textChange, self string) {
	var did []string
	if tc.kind != "color word" {
		for k, st := range c.Subtypes {
			if strings.EqualFold(st, tc.from) {
				c.Subtypes[k] = capitalize(tc.to)
				did = append(did, "its type line")
			}
		}
	}
	var lines []string
	var rest []abInst
	textChanged := false
	for _, ai := range c.Abilities {
		if !ai.fromText || ai.a.Kind == abIntrinsic {
			if ai.a.Kind != abIntrinsic {
				rest = append(rest, ai)
			}
			continue
		}
		t, ch := tc.changeWords(ai.a.Text, self)
		textChanged = textChanged || ch
		lines = append(lines, t)
	}
	if textChanged {
		cc := s.g.comp.compileCard(CardDef{Name: self, Text: strings.Join(lines, "\n"), Types: c.Types, Subtypes: c.Subtypes})
		var abs []abInst
		for _, a := range cc.abilities {
			abs = append(abs, abInst{a: a, fromText: true})
		}
		c.Abilities = append(abs, rest...)
		did = append(did, "its rules text: "+strings.Join(lines, " / "))
	} else {
		var abs []abInst
		for _, ai := range c.Abilities {
			if ai.a.Kind != abIntrinsic {
				abs = append(abs, ai)
			}
		}
		c.Abilities = abs
	}
	s.g.addIntrinsic(c) // 305.6: a land has the mana ability of each basic land type it has now
	what := "nothing: no " + tc.kind + " " + tc.from + " is used in its text as a " + tc.kind
	if len(did) > 0 {
		what = strings.Join(did, "; ")
	}
	s.step(i, L3, "613.1c", tc.source(), fmt.Sprintf("every %s %q becomes %q (612.2: only words used as a %s change, never a card name; abilities granted by effects are not its text, 612.3): %s",
		tc.kind, tc.from, tc.to, tc.kind, what))
}

// textStmt starts a text-changing or name-setting effect.
func (g *game) textStmt(st *Stmt) {
	o, ok := g.ref(st.Line, st.Ref)
	if !ok {
		return
	}
	tc := &textChange{target: o, ts: g.ts, line: st.Line, alias: st.Alias}
	if st.Check == "name" {
		tc.name = st.Text
	} else {
		tc.from, tc.to = strings.ToLower(st.Ref2), strings.ToLower(st.Text)
		k, k2 := wordKind(tc.from), wordKind(tc.to)
		switch {
		case k == "":
			g.errorf(st.Line, "%q is not a color word, basic land type or creature type: a text-changing effect changes only those, used in their correct sense (612.2)", st.Ref2)
			return
		case k != k2:
			g.errorf(st.Line, "%q is a %s but %q is not: a text-changing effect replaces a word with another of the same kind (612.2)", st.Ref2, k, st.Text)
			return
		}
		tc.kind = k
	}
	g.texts = append(g.texts, tc)
}
