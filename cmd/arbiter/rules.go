package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/search"
)

func init() {
	register(newRuleCmd)
	register(newDefineCmd)
	register(newSearchCmd)
	register(newAskCmd)
}

func newRuleCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "rule NUMBER",
		Short: "Show a rule by number: 302.6, 704.5 (with its subrules), \"614.1.\" (alone), 302, 6",
		Args:  cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			kb, err := a.KB()
			if err != nil {
				return err
			}
			return a.showRule(kb, args[0])
		},
	}
}

func (a *app) showRule(kb *rulings.KB, arg string) error {
	id, err := cr.ParseID(arg)
	if err != nil {
		return exitCode(2, err)
	}
	r, ok := kb.Rule(id.String())
	if !ok {
		msg := fmt.Sprintf("rule %s is not in the Comprehensive Rules effective %s", id, kb.EffectiveDate().Format("January 2, 2006"))
		if s := kb.CR.Suggest(id.String()); len(s) > 0 {
			msg += "; did you mean " + strings.Join(s, ", ") + "?"
		}
		return exitCode(1, fmt.Errorf("%s", msg))
	}
	v := newRuleView(kb, r, id.Alone)
	if a.JSON {
		return writeJSON(a.Out, v)
	}
	_, err = io.WriteString(a.Out, v.text(kb))
	return err
}

// ruleView is a rule as printed: JSON field names are part of the CLI's
// contract.
type ruleView struct {
	ID            string     `json:"id"`
	Title         string     `json:"title,omitempty"`
	Text          string     `json:"text"`
	Examples      []string   `json:"examples"`
	Children      []string   `json:"children"`
	Refs          []string   `json:"refs"`
	EffectiveDate string     `json:"effective_date"`
	Subrules      []ruleView `json:"subrules,omitempty"`
	level         cr.Level
}

func newRuleView(kb *rulings.KB, r *cr.Rule, alone bool) ruleView {
	v := ruleView{
		ID: r.ID, Title: r.Title, Text: r.Text, Examples: r.Examples, Children: r.Children,
		Refs: r.Refs, EffectiveDate: kb.EffectiveDate().Format("2006-01-02"), level: r.Level,
	}
	if v.Title == "" {
		v.Title = kb.DisplayTitle(r)
	}
	if alone {
		return v
	}
	// A numbered rule shows its subrules in full; a three-digit rule shows
	// its numbered rules (their own subrules are one more look-up away); a
	// section lists its rules' titles.
	if r.Level == cr.LevelNumbered || r.Level == cr.LevelRule {
		for _, c := range r.Children {
			cr, _ := kb.Rule(c)
			sub := ruleView{ID: cr.ID, Title: cr.Title, Text: cr.Text, Examples: cr.Examples, Children: cr.Children, Refs: cr.Refs, level: cr.Level}
			v.Subrules = append(v.Subrules, sub)
		}
	}
	return v
}

func (v ruleView) text(kb *rulings.KB) string {
	var b strings.Builder
	switch v.level {
	case cr.LevelSection:
		fmt.Fprintf(&b, "**%s. %s**\n", v.ID, v.Title)
		for _, c := range v.Children {
			r, _ := kb.Rule(c)
			fmt.Fprintf(&b, "**%s.** %s\n", r.ID, r.Title)
		}
	case cr.LevelRule:
		fmt.Fprintf(&b, "**%s. %s**\n", v.ID, v.Title)
	default:
		fmt.Fprintf(&b, "**%s** (%s)\n%s\n", v.ID, v.Title, v.Text)
		for _, e := range v.Examples {
			fmt.Fprintf(&b, "  Example: %s\n", e)
		}
	}
	for _, s := range v.Subrules {
		if s.level == cr.LevelNumbered && s.Title == s.Text && s.Title != "" {
			fmt.Fprintf(&b, "**%s.** %s (%d subrules)\n", s.ID, s.Title, len(s.Children))
			continue
		}
		fmt.Fprintf(&b, "**%s** %s\n", s.ID, s.Text)
		for _, e := range s.Examples {
			fmt.Fprintf(&b, "  Example: %s\n", e)
		}
	}
	refs := append([]string{}, v.Refs...)
	for _, s := range v.Subrules {
		refs = append(refs, s.Refs...)
	}
	if line := citedLine(kb, refs, v.ID); line != "" {
		b.WriteString(line)
	}
	fmt.Fprintf(&b, "Comprehensive Rules effective %s\n", kb.EffectiveDate().Format("January 2, 2006"))
	return b.String()
}

// citedLine lists the rules cited, with their titles, once each, leaving
// out the rule itself and its own subrules.
func citedLine(kb *rulings.KB, refs []string, self string) string {
	seen := map[string]bool{}
	var parts []string
	for _, ref := range refs {
		if seen[ref] || ref == self || strings.HasPrefix(ref, self) && self != "" && len(ref) > len(self) && (ref[len(self)] == '.' || ref[len(self)] >= 'a') {
			continue
		}
		seen[ref] = true
		r, ok := kb.Rule(ref)
		if !ok {
			continue
		}
		if t := kb.DisplayTitle(r); t != "" {
			parts = append(parts, fmt.Sprintf("%s (%s)", ref, t))
		} else {
			parts = append(parts, ref)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Cited rules: " + strings.Join(parts, ", ") + "\n"
}

func newDefineCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "define TERM",
		Short: "Show a glossary entry: define \"summoning sickness\"",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			kb, err := a.KB()
			if err != nil {
				return err
			}
			return a.showDefinition(kb, strings.Join(args, " "))
		},
	}
}

// glossaryView is a glossary entry as printed, with the CR's date.
type glossaryView struct {
	*cr.GlossaryEntry
	EffectiveDate string `json:"effective_date"`
}

func (a *app) showDefinition(kb *rulings.KB, term string) error {
	e, sugg := kb.Define(term)
	if e == nil {
		msg := fmt.Sprintf("%q is not in the glossary", term)
		if len(sugg) > 0 {
			msg += "; did you mean " + strings.Join(sugg, ", ") + "?"
		}
		return exitCode(1, fmt.Errorf("%s", msg))
	}
	v := glossaryView{GlossaryEntry: e, EffectiveDate: kb.EffectiveDate().Format("2006-01-02")}
	if a.JSON {
		return writeJSON(a.Out, v)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**", e.Term)
	if e.Obsolete {
		b.WriteString(" (obsolete)")
	}
	fmt.Fprintf(&b, "\n%s\n", e.Text)
	b.WriteString(citedLine(kb, e.Refs, ""))
	fmt.Fprintf(&b, "Comprehensive Rules glossary, effective %s\n", kb.EffectiveDate().Format("January 2, 2006"))
	_, err := io.WriteString(a.Out, b.String())
	return err
}

func newSearchCmd(a *app) *cobra.Command {
	var kinds []string
	var limit int
	c := &cobra.Command{
		Use:   "search [QUERY]",
		Short: "Ranked search over rules, glossary and everything loaded; with no QUERY, one query per line from standard input",
		RunE: func(c *cobra.Command, args []string) error {
			kb, err := a.KB()
			if err != nil {
				return err
			}
			if limit < 1 {
				return exitCode(2, fmt.Errorf("--limit must be at least 1"))
			}
			opt := search.Options{Kinds: kinds, Limit: limit}
			if len(args) > 0 {
				if !a.printSearch(kb, strings.Join(args, " "), opt) {
					return exitCode(1, fmt.Errorf("nothing found"))
				}
				return nil
			}
			sc := bufio.NewScanner(a.In)
			sc.Buffer(make([]byte, 64*1024), 1<<20)
			any := false
			for sc.Scan() {
				q := strings.TrimSpace(sc.Text())
				if q == "" {
					continue
				}
				if a.printSearch(kb, q, opt) {
					any = true
				}
			}
			if err := sc.Err(); err != nil {
				return exitCode(2, err)
			}
			if !any {
				return exitCode(1, nil)
			}
			return nil
		},
	}
	c.Flags().StringSliceVar(&kinds, "kind", nil, "kinds to search, comma-separated: rule, glossary, card, ruling, mtr, ipg, jar")
	c.Flags().IntVar(&limit, "limit", 5, "results per query")
	return c
}

type searchView struct {
	Query   string          `json:"query"`
	Results []search.Result `json:"results"`
}

// printSearch prints one query's results and reports whether any were found.
func (a *app) printSearch(kb *rulings.KB, q string, opt search.Options) bool {
	rs := kb.Search(q, opt)
	if rs == nil {
		rs = []search.Result{}
	}
	if a.JSON {
		_ = writeJSONLine(a.Out, searchView{Query: q, Results: rs})
		return len(rs) > 0
	}
	var b strings.Builder
	if len(rs) == 0 {
		fmt.Fprintf(&b, "No results for %q.\n", q)
	}
	for i, r := range rs {
		title := r.Title
		if r.Kind == "rule" && title == "" {
			if rule, ok := kb.Rule(r.ID); ok {
				title = kb.DisplayTitle(rule)
			}
		}
		fmt.Fprintf(&b, "%d. **%s** [%s] %s\n   %s\n", i+1, r.ID, r.Kind, title, r.Snippet)
	}
	fmt.Fprintf(&b, "Comprehensive Rules effective %s\n", kb.EffectiveDate().Format("January 2, 2006"))
	_, _ = io.WriteString(a.Out, b.String())
	return len(rs) > 0
}

func newAskCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "ask QUESTION",
		Short: "Ask anything: a rule number, a glossary term, [[Card Name]], \"IPG 2.1\", or a question",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			kb, err := a.KB()
			if err != nil {
				return err
			}
			q := strings.Join(args, " ")
			in := kb.Route(q)
			if h, ok := askHandlers[in.Kind]; ok {
				return h(a, kb, in.Arg)
			}
			if !a.printSearch(kb, q, search.Options{Limit: 5}) {
				return exitCode(1, fmt.Errorf("nothing found"))
			}
			return nil
		},
	}
}

// askHandlers answer the intents of `ask` other than search; files that add
// a kind of answer (cards, tournament documents) add theirs in init.
var askHandlers = map[string]func(a *app, kb *rulings.KB, arg string) error{
	"rule":   func(a *app, kb *rulings.KB, arg string) error { return a.showRule(kb, arg) },
	"define": func(a *app, kb *rulings.KB, arg string) error { return a.showDefinition(kb, arg) },
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
