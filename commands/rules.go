package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// YawgatogRuleURL links a rule to its anchor on Yawgatog's hyperlinked CR:
// 302.6 -> #R3026, 704.5k -> #R7045k.
func YawgatogRuleURL(id string) string {
	return "https://yawgatog.com/resources/magic-rules/#R" + strings.ReplaceAll(id, ".", "")
}

// SiteLink is a short Markdown link to a page, named by its site
// ("[Scryfall](…)", "[Yawgatog](…)"): Discord shows the name instead of
// the whole address, and the console writes both.
func SiteLink(url string) string {
	name := url
	if _, rest, ok := strings.Cut(url, "://"); ok {
		host, _, _ := strings.Cut(rest, "/")
		name = strings.TrimPrefix(host, "www.")
	}
	switch name {
	case "scryfall.com":
		name = "Scryfall"
	case "yawgatog.com":
		name = "Yawgatog"
	}
	return "[" + defuse.Replace(name) + "](" + url + ")"
}

func crCite(id string) Citation {
	return Citation{Kind: CiteCR, ID: id, URL: YawgatogRuleURL(id)}
}

// ruleHeading is how a rule is named in a title or field: "302. Creatures",
// "702.10. Haste", "Rule 302.6".
func ruleHeading(r *cr.Rule) string {
	if r.Title != "" {
		return r.ID + ". " + r.Title
	}
	return "Rule " + r.ID
}

// ruleText is the rule's own text with its examples.
func ruleText(r *cr.Rule, withExamples bool) string {
	var b strings.Builder
	if r.Title == "" || r.Text != r.Title {
		b.WriteString(r.Text)
	}
	if withExamples {
		for _, ex := range r.Examples {
			if b.Len() > 0 {
				b.WriteString("\n")
			}
			b.WriteString("*Example:* ")
			b.WriteString(strings.TrimSpace(strings.TrimPrefix(ex, "Example:")))
		}
	}
	if b.Len() == 0 && r.Title != "" {
		return r.Title
	}
	return b.String()
}

func (r *Router) buildLabels() {
	for _, id := range r.d.CR.IDs() {
		rule, ok := r.d.CR.Rule(id)
		if !ok {
			continue
		}
		summary := rule.Title
		if summary == "" {
			summary = rule.Text
		}
		name := clip(id+" — "+summary, 100)
		// Match against the title or the opening words only: what the
		// user sees in the choice, and short enough to scan per keystroke.
		r.ruleLabels = append(r.ruleLabels, label{value: id, name: name, key: fold.Key(clip(summary, 160))})
	}
	for _, g := range r.d.CR.Terms() {
		r.termLabels = append(r.termLabels, label{value: g.Term, name: clip(g.Term, 100), key: fold.Key(g.Term)})
	}
}

// completeRule suggests rule ids: by number prefix when the user types
// digits ("302." lists 302.1 ...), else by words of the rule's title or
// first sentence.
func (r *Router) completeRule(_ context.Context, req Request) []Choice {
	q := strings.TrimSpace(req.Option(req.Focused))
	q = strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(q), "rule "), "cr ")
	if q == "" {
		// The sections, as a table of contents.
		var out []Choice
		for _, l := range r.ruleLabels {
			if len(l.value) == 1 {
				out = append(out, Choice{Name: l.name, Value: l.value})
			}
		}
		return out
	}
	var out []Choice
	if q[0] >= '0' && q[0] <= '9' {
		for _, l := range r.ruleLabels {
			if strings.HasPrefix(l.value, q) {
				out = append(out, Choice{Name: l.name, Value: l.value})
				if len(out) == MaxChoices {
					break
				}
			}
		}
		return out
	}
	return matchLabels(r.ruleLabels, q)
}

// matchLabels ranks labels whose folded text starts with the query before
// those that contain it as a word, keeping document order inside each.
func matchLabels(labels []label, q string) []Choice {
	k := fold.Key(q)
	if k == "" {
		return nil
	}
	sp := " " + k
	var prefix, word, inner []Choice
	for _, l := range labels {
		switch {
		case strings.HasPrefix(l.key, k):
			prefix = append(prefix, Choice{Name: l.name, Value: l.value})
		case strings.Contains(l.key, sp):
			word = append(word, Choice{Name: l.name, Value: l.value})
		case len(prefix)+len(word)+len(inner) < MaxChoices && strings.Contains(l.key, k):
			inner = append(inner, Choice{Name: l.name, Value: l.value})
		}
		if len(prefix)+len(word) >= MaxChoices {
			break // later matches would rank below these and be cut
		}
	}
	out := append(append(prefix, word...), inner...)
	if len(out) > MaxChoices {
		out = out[:MaxChoices]
	}
	return out
}

// rule answers /rule: the rule's text and examples, then its subrules (or,
// for a section or a rule with keyword headings, the list of headings).
// "614.1." with a trailing dot shows the rule alone. With cr:<date> it
// reads an older version held; otherwise it says which of the rules shown
// changed in the newest version.
func (r *Router) rule(_ context.Context, req Request) (Reply, error) {
	q := req.Option("number")
	if q == "" {
		return Reply{}, &UserError{Title: "Which rule?", Msg: "Give a rule number.", Hint: "/rule number:302.6"}
	}
	id, err := cr.ParseID(q)
	if err != nil {
		return Reply{}, &UserError{
			Title: "Not a rule number",
			Msg:   fmt.Sprintf("%q is not a rule number. Rule numbers look like 302.6, 704.5k, 302 or 3.", clip(q, 80)),
			Hint:  "/search query:" + hintWords(q, 80),
		}
	}
	book, older, err := r.bookFor(req)
	if err != nil {
		return Reply{}, err
	}
	rule, ok := book.Rule(q)
	if !ok {
		msg := fmt.Sprintf("Rule %s is not in the Comprehensive Rules effective %s.", id.String(), book.Effective().Format("2006-01-02"))
		// The rule suggested is the book's: a version asked for stays.
		date := ""
		if req.Option("cr") != "" {
			date = book.Effective().Format(time.DateOnly)
		}
		hint := ruleHint(enclosingRule(id), date)
		if sug := book.Suggest(q); len(sug) > 0 {
			msg += " Did you mean " + strings.Join(sug, ", ") + "?"
			hint = ruleHint(sug[0], date)
		}
		return Reply{}, &UserError{Code: CodeNotFound, Title: "No such rule", Msg: msg, Hint: hint}
	}
	// Links and "show cited rules" go to the served CR: an older
	// version's rules are cited without them.
	cite := crCite
	if older {
		cite = func(id string) Citation { return Citation{Kind: CiteCR, ID: id} }
	}
	rep := Reply{Title: ruleHeading(rule), URL: YawgatogRuleURL(rule.ID), Citations: []Citation{cite(rule.ID)}}
	shown := []string{rule.ID}
	var body strings.Builder
	if t := ruleText(rule, true); rule.Title == "" || t != rule.Title {
		body.WriteString(t)
	}
	if !id.Alone {
		for _, cid := range rule.Children {
			child, ok := book.Rule(cid)
			if !ok {
				continue
			}
			if body.Len() > 0 {
				body.WriteString("\n\n")
			}
			shown = append(shown, child.ID)
			if rule.Level == cr.LevelSection || child.Title != "" {
				// A heading list: sections list their rules, rule 702
				// lists its keywords.
				fmt.Fprintf(&body, "**%s** %s", child.ID, child.Title)
				continue
			}
			fmt.Fprintf(&body, "**%s** %s", child.ID, ruleText(child, true))
			rep.Citations = append(rep.Citations, cite(child.ID))
			if rule.Level == cr.LevelRule {
				for _, gid := range child.Children {
					if g, ok := book.Rule(gid); ok {
						fmt.Fprintf(&body, "\n**%s** %s", g.ID, ruleText(g, true))
						rep.Citations = append(rep.Citations, cite(g.ID))
						shown = append(shown, g.ID)
					}
				}
			}
		}
	}
	if body.Len() == 0 && len(rule.Children) > 0 {
		// A heading alone ("702.19.") has no text of its own: say what it
		// holds rather than show an empty answer.
		first, last := rule.Children[0], rule.Children[len(rule.Children)-1]
		span := first
		if last != first {
			span += "–" + last
		}
		fmt.Fprintf(&body, "%s is a heading with %d subrules (%s): /rule %s shows them.", rule.ID, len(rule.Children), span, rule.ID)
	}
	rep.Body = body.String()
	refs := existingRefs(book, rule.Refs)
	if len(refs) > 0 {
		var links []string
		for _, id := range refs {
			if older {
				links = append(links, id)
			} else {
				links = append(links, fmt.Sprintf("[%s](%s)", id, YawgatogRuleURL(id)))
			}
			rep.Citations = append(rep.Citations, cite(id))
		}
		rep.Fields = append(rep.Fields, Field{Name: "See also", Value: strings.Join(links, ", ")})
		if !older {
			rep.Buttons = citeButtons(refs)
		}
	}
	if older {
		rep.URL = ""
		rep.Footer = fmt.Sprintf("Comprehensive Rules effective %s (an older version; the newest held is effective %s)", book.Effective().Format("2006-01-02"), r.d.CR.Effective().Format("2006-01-02"))
	} else {
		r.changedNote(&rep, rule.ID, shown)
	}
	return rep, nil
}

// enclosingRule is the rule (or section) an unknown number belongs to,
// for the hint when there is nothing closer to suggest.
func enclosingRule(id cr.ID) string {
	if id.Rule != 0 {
		return fmt.Sprint(id.Rule)
	}
	return fmt.Sprint(id.Section)
}

// existingRefs keeps the references that name rules of the book: a
// citation to a rule that does not exist is a bug, never shown.
func existingRefs(book RuleBook, ids []string) []string {
	var out []string
	for _, id := range ids {
		if book.Exists(id) {
			out = append(out, id)
		}
	}
	return out
}

// define answers /define from the glossary: exact term or alias, then the
// closest terms by prefix or containment.
func (r *Router) define(_ context.Context, req Request) (Reply, error) {
	q := req.Option("term")
	if q == "" {
		return Reply{}, &UserError{Title: "Which term?", Msg: "Give a glossary term.", Hint: "/define term:summoning sickness"}
	}
	g, ok := r.d.CR.Define(q)
	if !ok && r.d.Glossary != nil {
		var sug []string
		g, sug = r.d.Glossary.Define(q)
		ok = g != nil
		if !ok && len(sug) > 0 {
			return Reply{}, &UserError{Title: "Which term?", Msg: fmt.Sprintf("The glossary has no entry %q. Close entries: %s.", clip(q, 80), strings.Join(sug, ", ")), Hint: "/define term:" + sug[0]}
		}
	}
	if !ok {
		if m := matchLabels(r.termLabels, q); len(m) == 1 {
			g, ok = r.d.CR.Define(m[0].Value)
		} else if len(m) > 1 {
			var names []string
			for i, c := range m {
				if i == 5 {
					break
				}
				names = append(names, c.Value)
			}
			return Reply{}, &UserError{Title: "Which term?", Msg: fmt.Sprintf("The glossary has no entry %q. Close entries: %s.", clip(q, 80), strings.Join(names, ", ")), Hint: "/define term:" + names[0]}
		}
	}
	if !ok {
		return Reply{}, &UserError{Code: CodeNotFound, Title: "Not in the glossary", Msg: fmt.Sprintf("The glossary has no entry %q.", clip(q, 80)), Hint: "/search query:" + hintWords(q, 80)}
	}
	rep := Reply{Title: g.Term, Citations: []Citation{{Kind: CiteGlossary, ID: g.Term}}}
	body := g.Text
	if len(g.Senses) > 0 && !strings.Contains(body, g.Senses[0]) {
		var b strings.Builder
		for i, s := range g.Senses {
			fmt.Fprintf(&b, "%d. %s\n", i+1, s)
		}
		body = strings.TrimSpace(body + "\n" + b.String())
	}
	if g.Obsolete {
		body = "*(Obsolete term.)* " + body
	}
	rep.Body = body
	r.addRefs(&rep, "Rules", g.Refs)
	if len(g.SeeAlso) > 0 {
		rep.Fields = append(rep.Fields, Field{Name: "See also", Value: strings.Join(g.SeeAlso, ", ")})
	}
	return rep, nil
}

func (r *Router) completeTerm(_ context.Context, req Request) []Choice {
	q := req.Option(req.Focused)
	if r.d.Glossary != nil && strings.TrimSpace(q) != "" {
		var out []Choice
		for _, t := range r.d.Glossary.GlossaryComplete(q, MaxChoices) {
			out = append(out, Choice{Name: t, Value: t})
		}
		return out
	}
	if strings.TrimSpace(q) == "" {
		var out []Choice
		for _, l := range r.termLabels[:min(MaxChoices, len(r.termLabels))] {
			out = append(out, Choice{Name: l.name, Value: l.value})
		}
		return out
	}
	return matchLabels(r.termLabels, q)
}

// help lists every command with an example.
func (r *Router) help(_ context.Context, _ Request) (Reply, error) {
	var fields []Field
	for _, n := range r.order {
		c := r.commands[n]
		ex := examples[n]
		name := "/" + n
		if c.def.Type == MessageCommand {
			name = n + " (message menu: Apps → " + n + ")"
		}
		v := c.def.Description
		if c.def.Type == MessageCommand {
			v = "Searches the rules and glossary for the text of the chosen message."
		}
		if ex != "" {
			v += "\n`" + ex + "`"
		}
		fields = append(fields, Field{Name: name, Value: v})
	}
	return Reply{
		Title:     "Arbiter",
		Body:      "Magic: The Gathering rules, cards and tournament documents, with citations. Rule numbers link to the Comprehensive Rules; every answer shows the rules' effective date.",
		Fields:    fields,
		Ephemeral: true,
	}, nil
}

// examples shows one way to use each command, in /help and error hints.
var examples = map[string]string{
	"rule":       "/rule number:302.6",
	"define":     "/define term:summoning sickness",
	"search":     "/search query:can my creature attack the turn I played it",
	"ask":        "/ask question:My Ornithopter with Ensoul Artifact came in this turn. Can it attack?",
	"card":       "/card name:Ornithopter",
	"rulings":    "/rulings name:Ensoul Artifact",
	"mtr":        "/mtr section:4.2",
	"ipg":        "/ipg infraction:hce",
	"jar":        "/jar",
	"scenario":   "/scenario add line:Ornithopter as O (new)",
	"cr":         "/cr diff rule:702",
	"judge":      "/judge call question:My opponent forgot their Dark Confidant trigger and noticed after drawing",
	"admin":      "/admin reload",
	"help":       "/help",
	"Find rules": "",
}

// addRefs cites the rules an answer refers to (those the loaded CR has):
// a field of links under name, the citations, and the "show cited rules"
// button.
func (r *Router) addRefs(rep *Reply, name string, ids []string) {
	refs := existingRefs(r.d.CR, ids)
	if len(refs) == 0 {
		return
	}
	var links []string
	for _, id := range refs {
		links = append(links, fmt.Sprintf("[%s](%s)", id, YawgatogRuleURL(id)))
		rep.Citations = append(rep.Citations, crCite(id))
	}
	rep.Fields = append(rep.Fields, Field{Name: name, Value: strings.Join(links, ", ")})
	rep.Buttons = citeButtons(refs)
}
