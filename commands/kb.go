package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
	"github.com/arbiter-mtg/arbiter/rulings/search"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// GlossarySource finds glossary entries more leniently than the CR's exact
// look-up (prefix, plural, fuzzy); *rulings.KB implements it.
type GlossarySource interface {
	Define(term string) (*cr.GlossaryEntry, []string)
	GlossaryComplete(prefix string, n int) []string
}

// FromKB builds the command set's sources from the loaded knowledge base:
// the CR and its glossary, the search index, cards, tournament documents
// and the scenario engine (with the loaded cards). Sources the data
// directory lacks stay nil, and their commands say so.
func FromKB(kb *rulings.KB) Deps {
	d := Deps{CR: kb.CR, Glossary: kb, Search: kbSearch{kb}}
	if kb.Cards != nil && kb.Cards.Len() > 0 {
		d.Cards = catalog{kb.Cards}
	}
	if kb.Tourney != nil {
		for _, doc := range tourney.Docs {
			if kb.Tourney.Loaded(doc) {
				d.Docs = library{kb.Tourney}
				break
			}
		}
	}
	// Scenarios name cards exactly (or by one face); the engine's adapter
	// answers near misses with suggestions instead of guessing.
	d.Scenarios = EngineRunner{Cards: engine.CatalogSource(kb.Cards)}
	return d
}

type kbSearch struct{ kb *rulings.KB }

func (s kbSearch) Search(q string, kinds []string, limit int) []SearchHit {
	var out []SearchHit
	for _, r := range s.kb.Search(q, search.Options{Kinds: kinds, Limit: limit}) {
		out = append(out, SearchHit{Kind: r.Kind, ID: r.ID, Title: r.Title, Snippet: r.Snippet, Score: r.Score, Refs: r.Refs})
	}
	return out
}

type catalog struct{ c *cards.Catalog }

func (c catalog) Card(name string) (*Card, []string, bool) {
	k, ok := c.c.Lookup(name)
	if !ok {
		return nil, c.c.Suggest(name, 5), false
	}
	out := &Card{Name: k.Name, ManaCost: k.ManaCost, TypeLine: k.TypeLine, Oracle: k.Text, URL: k.ScryfallURL}
	switch {
	case k.HasFaces():
		// Each face shows its own lines; the card-level fields join them.
		var b strings.Builder
		for i, f := range k.Faces {
			if i > 0 {
				b.WriteString("\n\n")
			}
			fmt.Fprintf(&b, "**%s** %s\n*%s*", f.Name, f.ManaCost, f.TypeLine)
			if f.Text != "" {
				b.WriteString("\n" + f.Text)
			}
			if s := stats(f.Power, f.Toughness, f.Loyalty, f.Defense); s != "" {
				b.WriteString("\n" + s)
			}
		}
		out.Oracle, out.TypeLine = b.String(), k.TypeLine
	default:
		out.Stats = stats(k.Power, k.Toughness, k.Loyalty, k.Defense)
	}
	for _, r := range k.Rulings {
		out.Rulings = append(out.Rulings, CardRuling{Date: r.Date, Text: r.Text, Refs: r.Refs})
	}
	return out, nil, true
}

func stats(p, t, loyalty, defense string) string {
	switch {
	case p != "" || t != "":
		return p + "/" + t
	case loyalty != "":
		return "Loyalty " + loyalty
	case defense != "":
		return "Defense " + defense
	}
	return ""
}

func (c catalog) Complete(prefix string, n int) []string {
	if strings.TrimSpace(prefix) == "" {
		return nil
	}
	return c.c.Autocomplete(prefix, n)
}

type library struct{ l *tourney.Library }

func (l library) Section(doc, id string) (*DocSection, []string, bool) {
	if !l.l.Loaded(doc) {
		return nil, nil, false
	}
	eff := ""
	if d := l.l.EffectiveDate(doc); !d.IsZero() {
		eff = d.Format("2006-01-02")
	}
	name := strings.ToUpper(doc)
	if strings.TrimSpace(id) == "" {
		// The whole document: its sections in order (the router pages it).
		var b strings.Builder
		for _, s := range l.l.Sections(doc) {
			fmt.Fprintf(&b, "**%s %s**\n%s\n\n", s.Number, s.Title, strings.TrimSpace(s.Text))
		}
		return &DocSection{Doc: name, Title: tourney.DocTitle[doc], Text: strings.TrimSpace(b.String()), Effective: eff}, nil, true
	}
	s, ok := l.l.Section(doc, id)
	if !ok && doc == tourney.IPG {
		if n, found := l.l.ResolveAbbrev(id); found {
			s, ok = l.l.Section(doc, n)
		}
	}
	if !ok {
		if found := l.l.Find(doc, id); len(found) > 0 {
			s, ok = found[0], true
		}
	}
	if !ok {
		var sug []string
		for _, c := range l.Complete(doc, id, 5) {
			sug = append(sug, c.Value)
		}
		return nil, sug, false
	}
	text := strings.TrimSpace(s.Text)
	if len(s.Children) > 0 {
		var b strings.Builder
		b.WriteString(text)
		for _, cid := range s.Children {
			if c, ok := l.l.Section(doc, cid); ok {
				fmt.Fprintf(&b, "\n\n**%s %s**", c.Number, c.Title)
			}
		}
		text = strings.TrimSpace(b.String())
	}
	return &DocSection{Doc: name, ID: s.Number, Title: s.Title, Text: text, Penalty: s.Penalty, Effective: eff}, nil, true
}

// Complete suggests sections by number prefix, then by title words; for
// the IPG the judges' abbreviations come first.
func (l library) Complete(doc, prefix string, n int) []Choice {
	if !l.l.Loaded(doc) {
		return nil
	}
	q := strings.TrimSpace(strings.ToLower(prefix))
	var out []Choice
	seen := map[string]bool{}
	add := func(value, name string) {
		if !seen[value] && len(out) < n {
			seen[value] = true
			out = append(out, Choice{Name: clip(name, 100), Value: value})
		}
	}
	if doc == tourney.IPG && q != "" {
		for _, a := range tourney.Abbreviations {
			if strings.HasPrefix(strings.ToLower(a.Abbrev), q) {
				if s, ok := l.l.Section(doc, a.Number); ok {
					add(s.Number, fmt.Sprintf("%s — %s %s", a.Abbrev, s.Number, s.Title))
				}
			}
		}
	}
	k := fold.Key(q)
	for _, s := range l.l.Sections(doc) {
		if q == "" || strings.HasPrefix(strings.ToLower(s.Number), q) {
			add(s.Number, s.Number+" "+s.Title)
		}
	}
	for _, s := range l.l.Sections(doc) {
		if k != "" && strings.Contains(fold.Key(s.Title), k) {
			add(s.Number, s.Number+" "+s.Title)
		}
	}
	return out
}

// EngineRunner runs scenarios with the layer engine.
type EngineRunner struct {
	Cards engine.CardSource
}

// Check parses a script; a syntax error names its line.
func (r EngineRunner) Check(src string) error {
	_, err := engine.Parse(src)
	var se *engine.SyntaxError
	if errors.As(err, &se) {
		return se
	}
	return err
}

// Run parses and runs the script and returns the engine's readable report.
func (r EngineRunner) Run(ctx context.Context, src string) (ScenarioResult, error) {
	s, err := engine.Parse(src)
	if err != nil {
		return ScenarioResult{}, err
	}
	cards := r.Cards
	if cards == nil {
		cards = engine.NewMapSource()
	}
	rep, err := engine.Run(ctx, s, cards)
	if err != nil {
		return ScenarioResult{}, fmt.Errorf("the scenario took too long to run: %w", err)
	}
	out := ScenarioResult{Text: rep.Text()}
	for _, e := range rep.Errors {
		out.Errors = append(out.Errors, ScenarioError{Line: e.Line, Msg: e.Error()})
	}
	return out, nil
}
