package engine

import (
	"strings"
)

// SpellCoverageReport says how much of the rules text of instants and
// sorceries a resolving spell carries out (608.2). Each sentence of a
// spell is modelled when the spell compiler makes templates of it (one-shot
// actions and continuous effects) or when the engine's effects carry it
// out as the spell resolves (damage, life, drawing); otherwise it is
// reported as not modelled when the spell resolves.
type SpellCoverageReport struct {
	Cards     int // instant and sorcery cards (or faces)
	Sentences int
	Modelled  int
	Templates []TemplateCount // templates of the sentences not modelled, most common first
}

// Percent is the share of spell sentences modelled.
func (r SpellCoverageReport) Percent() float64 {
	if r.Sentences == 0 {
		return 100
	}
	return 100 * float64(r.Modelled) / float64(r.Sentences)
}

// isSpellDef reports an instant or a sorcery (304, 307).
func isSpellDef(d CardDef) bool {
	for _, t := range d.Types {
		switch strings.ToLower(t) {
		case "instant", "sorcery":
			return true
		}
	}
	return false
}

// SpellCoverage compiles the text of every instant and sorcery among cards
// as the engine does when one is cast, and counts its sentences (a modal
// spell's modes each as an instruction, X as a value stated as it is
// cast).
func SpellCoverage(cards []CardDef) SpellCoverageReport {
	var r SpellCoverageReport
	templates := templateTally{}
	for _, d := range cards {
		if !isSpellDef(d) {
			continue
		}
		r.Cards++
		text := d.Text
		if hasX(d) {
			// The scenario states X as the spell is cast (107.3a).
			text = reXWord.ReplaceAllString(text, "1")
		}
		if md, ok := parseModal(text); ok {
			// A modal spell resolves with the modes chosen as it was cast
			// (700.2a): its "Choose one —" line is modelled, and each mode
			// is counted as an instruction.
			all := make([]int, len(md.modes))
			for i := range all {
				all[i] = i + 1
			}
			text = md.text(all)
			r.Sentences++
			r.Modelled++
		}
		c := newCompiler()
		n := spellSentenceCount(text, d.Name)
		_, bad := c.compileSpell(text, d.Name)
		g := &game{}
		_, rest := g.spellEffects(d.Name, bad)
		r.Sentences += n
		r.Modelled += n - len(rest)
		for _, s := range rest {
			templates.add(NormaliseTemplate(selfRef(normQuotes(s), d.Name)), d.Name)
		}
	}
	r.Templates = templates.sorted()
	return r
}

// spellSentenceCount counts the sentences compileSpell reads in a text
// (the lines that are not keyword lines, split into sentences).
func spellSentenceCount(text, name string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		orig := strings.TrimSpace(reminder.ReplaceAllString(line, ""))
		if orig == "" {
			continue
		}
		norm := selfRef(normQuotes(orig), name)
		if _, ok := keywordLine(strings.ToLower(norm)); ok {
			continue
		}
		n += len(sentencePairs(normQuotes(orig), norm))
	}
	return n
}
