package commands

import (
	"cmp"
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// errNoCards says who can load cards: in Discord that is the bot's
// operator, not the user asking; at a terminal the two are one.
var errNoCards = &UserError{Code: CodeUnavailable, Title: "No card data", Msg: "No card catalogue is loaded, so card look-ups are unavailable (rules look-ups still work). Whoever runs Arbiter adds one with `arbiter data update`, which downloads Scryfall's card catalogue, or with --data and a directory holding MTGJSON or Scryfall files.", Hint: "/rule 302.6"}

// searchPageSize is how many results one page of /search shows.
const searchPageSize = 5

// searchKinds are the kinds of source /search can be limited to.
var searchKinds = []Choice{{"Rules", "rule"}, {"Glossary", "glossary"}, {"Cards", "card"}, {"Card rulings", "ruling"}, {"MTR", "mtr"}, {"IPG", "ipg"}, {"JAR", "jar"}}

// maxSearchResults is how many results /search shows at most (five pages).
const maxSearchResults = 25

// search answers /search with ranked results, five per page. kind may list
// several kinds, comma-separated (the console and CLI send that); limit
// caps the number of results.
func (r *Router) search(_ context.Context, req Request) (Reply, error) {
	q := req.Option("query")
	if q == "" {
		return Reply{}, &UserError{Title: "Search for what?", Msg: "Give some words, a question or a pasted paragraph.", Hint: examples["search"]}
	}
	var kinds, meant []string
	var unknown string
	for _, k := range strings.Split(req.Option("kind"), ",") {
		if k = strings.ToLower(strings.TrimSpace(k)); k == "" {
			continue
		}
		if !slices.ContainsFunc(searchKinds, func(c Choice) bool { return c.Value == k }) {
			unknown = cmp.Or(unknown, k)
			// The kind meant, for the hint: "rules" is rule.
			if i := slices.IndexFunc(searchKinds, func(c Choice) bool { return strings.HasPrefix(k, c.Value) }); i >= 0 {
				meant = append(meant, searchKinds[i].Value)
			}
			continue
		}
		kinds = append(kinds, k)
		meant = append(meant, k)
	}
	if unknown != "" {
		var known []string
		for _, c := range searchKinds {
			known = append(known, c.Value)
		}
		if len(meant) == 0 {
			meant = []string{"rule"}
		}
		return Reply{}, &UserError{Title: "Unknown kind", Msg: fmt.Sprintf("unknown kind %q: the kinds are %s.", clip(unknown, 40), strings.Join(known, ", ")), Hint: searchHint(q, meant)}
	}
	limit := maxSearchResults
	if v := req.Option("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxSearchResults {
			// The same search, with as many results as it shows by default.
			return Reply{}, &UserError{Title: "Bad limit", Msg: fmt.Sprintf("%s must be a number from 1 to %d.", req.optionName("limit"), maxSearchResults), Hint: searchHint(q, kinds)}
		}
		limit = n
	}
	rep, err := r.searchReply(q, kinds, limit)
	if err != nil {
		return rep, err
	}
	rep.Title = "Search: " + quoteTitle.Replace(clip(q, 200))
	return rep, nil
}

// searchHint is /search for q, of the kinds given. The limit, which only
// the command line gives, is left to its default.
func searchHint(q string, kinds []string) string {
	hint := "/search query:" + hintWords(q, maxOptionDefault)
	if len(kinds) > 0 {
		hint += " kind:" + strings.Join(kinds, ",")
	}
	return hint
}

// findRules answers the "Find rules" message command: the chosen message's
// text is the query, rules and glossary only.
func (r *Router) findRules(ctx context.Context, req Request) (Reply, error) {
	q := strings.TrimSpace(req.TargetText)
	if q == "" {
		return Reply{}, &UserError{Title: "Nothing to search", Msg: "That message has no text to search (images and embeds are not read).", Hint: examples["search"]}
	}
	rep, err := r.askReply(ctx, clip(q, 1000))
	if err != nil {
		return rep, err
	}
	rep.Title = "Rules for that message"
	return rep, nil
}

func (r *Router) searchReply(q string, kinds []string, limit int) (Reply, error) {
	if r.d.Search == nil {
		return Reply{}, &UserError{Code: CodeUnavailable, Title: "Search is unavailable", Msg: "The search index is not loaded. Look a rule up by number instead.", Hint: "/rule 302.6"}
	}
	hits := headingsAfterSubrules(r.d.Search.Search(q, kinds, limit+headingSlack), r.d.CR)
	if len(hits) > limit {
		hits = hits[:limit]
	}
	if len(hits) == 0 {
		return Reply{}, &UserError{Code: CodeNotFound, Title: "Nothing found", Msg: fmt.Sprintf("Nothing matches %q.", clip(q, 100)), Hint: "/define term:" + hintWords(q, 60)}
	}
	rep := Reply{}
	var page Page
	var refs []string
	seenRef := map[string]bool{}
	changed, date := r.changedRules()
	firstChanged := ""
	for i, h := range hits {
		name, url, cite, ok := r.hitSource(h)
		if !ok {
			continue // a rule the loaded CR lacks is never cited
		}
		if what, ok := changed[cite.ID]; ok && cite.Kind == CiteCR {
			name += " (" + what + " " + date + ")"
			if firstChanged == "" {
				firstChanged = cite.ID
			}
		}
		rep.Citations = append(rep.Citations, cite)
		value := strings.TrimSpace(h.Snippet)
		if value == "" {
			value = "\u200b"
		}
		if url != "" {
			value = clip(value, 900) + "\n" + SiteLink(url)
		}
		page.Fields = append(page.Fields, Field{Name: clip(fmt.Sprintf("%d. %s", i+1, name), fieldNameMax), Value: clip(value, fieldValueMax)})
		if len(page.Fields) == searchPageSize {
			rep.Pages = append(rep.Pages, page)
			page = Page{}
		}
		for _, id := range h.Refs {
			if !seenRef[id] && r.d.CR.Exists(id) {
				seenRef[id] = true
				refs = append(refs, id)
			}
		}
	}
	if len(page.Fields) > 0 {
		rep.Pages = append(rep.Pages, page)
	}
	if len(rep.Pages) == 0 {
		return Reply{}, &UserError{Code: CodeNotFound, Title: "Nothing found", Msg: fmt.Sprintf("Nothing matches %q.", clip(q, 100)), Hint: "/define term:" + hintWords(q, 60)}
	}
	rep.Buttons = citeButtons(refs)
	if firstChanged != "" {
		// The first result that changed in the newest CR: its diff, as
		// /rule's "What changed" shows it.
		rep.Buttons = append(rep.Buttons, Button{Label: "What changed in " + firstChanged, CustomID: "crd:" + firstChanged, Style: ButtonSecondary})
	}
	return rep, nil
}

// hitSource names a search hit and cites it; ok is false for a rule the
// loaded CR does not have.
func (r *Router) hitSource(h SearchHit) (name, url string, c Citation, ok bool) {
	switch h.Kind {
	case "rule", CiteCR:
		rule, found := r.d.CR.Rule(h.ID)
		if !found {
			return "", "", c, false
		}
		name = ruleHeading(rule)
		if rule.Title == "" && h.Title != "" && h.Title != h.ID {
			name += " — " + h.Title
		}
		return name, YawgatogRuleURL(rule.ID), crCite(rule.ID), true
	case CiteGlossary:
		return "Glossary: " + h.ID, "", Citation{Kind: CiteGlossary, ID: h.ID}, true
	case CiteCard, CiteRuling:
		url := r.cardPage(h.ID)
		label := "Card: "
		if h.Kind == CiteRuling {
			label = "Ruling: "
		}
		return label + h.ID, url, Citation{Kind: h.Kind, ID: h.ID, URL: url}, true
	default:
		doc := strings.ToUpper(h.Kind)
		name = doc + " " + h.ID
		switch {
		case strings.HasPrefix(h.Title, name):
			name = h.Title // the index titles sections "MTR 4.2 Tournament Shortcuts"
		case h.Title != "" && h.Title != h.ID:
			name += " " + h.Title
		}
		return name, "", Citation{Kind: h.Kind, ID: h.ID}, true
	}
}

// cardPage links a card by name: its Scryfall page when the catalogue
// knows it, else a search for the exact name.
func (r *Router) cardPage(name string) string {
	if r.d.Cards != nil {
		if c, _, ok := r.d.Cards.Card(name); ok {
			return cardURL(c)
		}
	}
	return ScryfallSearchURL(name)
}

// ScryfallSearchURL links a card by exact name when its Scryfall page URL
// is not known.
func ScryfallSearchURL(name string) string {
	return "https://scryfall.com/search?q=" + urlQuery("!\""+name+"\"")
}

// findCard finds a card for a command (card, rulings): a hint to a name
// it suggests runs the same command.
func (r *Router) findCard(command, name string) (*Card, error) {
	if r.d.Cards == nil {
		return nil, errNoCards
	}
	if name == "" {
		return nil, &UserError{Title: "Which card?", Msg: "Give a card name.", Hint: examples[command]}
	}
	c, sug, ok := r.d.Cards.Card(name)
	if ok {
		return c, nil
	}
	msg := fmt.Sprintf("No card is named %q.", clip(name, 100))
	hint := examples[command]
	if len(sug) > 0 {
		if len(sug) > 5 {
			sug = sug[:5]
		}
		msg += " Did you mean " + strings.Join(sug, ", ") + "?"
		hint = "/" + command + " name:" + sug[0]
	}
	return nil, &UserError{Code: CodeNotFound, Title: "Card not found", Msg: msg, Hint: hint}
}

func cardURL(c *Card) string {
	if c.URL != "" {
		return c.URL
	}
	return ScryfallSearchURL(c.Name)
}

// card answers /card with the Oracle text and a button for the rulings.
func (r *Router) card(_ context.Context, req Request) (Reply, error) {
	c, err := r.findCard("card", req.Option("name"))
	if err != nil {
		return Reply{}, err
	}
	title := c.Name
	if c.ManaCost != "" {
		title += "  " + c.ManaCost
	}
	var body strings.Builder
	body.WriteString("**" + c.TypeLine + "**")
	if c.Oracle != "" {
		body.WriteString("\n" + c.Oracle)
	}
	if c.Stats != "" {
		body.WriteString("\n" + c.Stats)
	}
	rep := Reply{Title: title, URL: cardURL(c), Body: body.String(), Citations: []Citation{{Kind: CiteCard, ID: c.Name, URL: cardURL(c)}}}
	if len(c.Others) > 0 {
		// The name fits more than one card: say so, never silently.
		others := c.Others[:min(len(c.Others), 8)]
		rep.Fields = append(rep.Fields, Field{Name: "Did you mean", Value: clip(strings.Join(others, " · ")+"\n`/card name:"+others[0]+"`", fieldValueMax)})
	}
	if n := len(c.Rulings); n > 0 {
		id := "rulings:" + c.Name
		if len(id) <= 100 {
			rep.Buttons = append(rep.Buttons, Button{Label: fmt.Sprintf("Rulings (%d)", n), CustomID: id, Style: ButtonSecondary})
		}
	}
	return rep, nil
}

// rulings answers /rulings: each ruling as a field, with the rules they
// cite (only those in the loaded CR).
func (r *Router) rulings(_ context.Context, req Request) (Reply, error) {
	c, err := r.findCard("rulings", req.Option("name"))
	if err != nil {
		return Reply{}, err
	}
	rep, err := r.rulingsReply(c)
	if err == nil && len(c.Others) > 0 {
		// The name fits more than one card: say so first, as /card does,
		// with the look-up of the next one.
		others := c.Others[:min(len(c.Others), 8)]
		note := "The name also fits " + strings.Join(others, " · ") + ": `/rulings name:" + others[0] + "`"
		rep.Body = strings.TrimSpace(note + "\n\n" + rep.Body)
	}
	return rep, err
}

func (r *Router) rulingsReply(c *Card) (Reply, error) {
	rep := Reply{Title: "Rulings: " + c.Name, URL: cardURL(c), Citations: []Citation{{Kind: CiteCard, ID: c.Name, URL: cardURL(c)}}}
	if len(c.Rulings) == 0 {
		rep.Body = "This card has no published rulings."
		return rep, nil
	}
	var refs []string
	seen := map[string]bool{}
	for _, ru := range c.Rulings {
		rep.Fields = append(rep.Fields, Field{Name: ru.Date, Value: ru.Text})
		for _, id := range ru.Refs {
			if !seen[id] && r.d.CR.Exists(id) {
				seen[id] = true
				refs = append(refs, id)
				rep.Citations = append(rep.Citations, crCite(id))
			}
		}
	}
	rep.Citations = append(rep.Citations, Citation{Kind: CiteRuling, ID: c.Name, URL: cardURL(c)})
	rep.Buttons = citeButtons(refs)
	return rep, nil
}

func (r *Router) completeCard(_ context.Context, req Request) []Choice {
	if r.d.Cards == nil {
		return nil
	}
	var out []Choice
	for _, n := range r.d.Cards.Complete(req.Option(req.Focused), MaxChoices) {
		out = append(out, Choice{Name: n, Value: n})
	}
	return out
}

// docOption is the option a document's command takes its section in:
// /ipg names infractions.
func docOption(doc string) string {
	if doc == "ipg" {
		return "infraction"
	}
	return "section"
}

var docNames = map[string]string{"mtr": "Magic Tournament Rules", "ipg": "Infraction Procedure Guide", "jar": "Judging at Regular REL"}

// doc answers /mtr, /ipg and /jar.
func (r *Router) doc(doc string) HandlerFunc {
	return func(_ context.Context, req Request) (Reply, error) {
		if r.d.Docs == nil {
			return Reply{}, &UserError{Code: CodeUnavailable, Title: "No tournament documents", Msg: "The " + docNames[doc] + " is not loaded. Rules look-ups still work.", Hint: "/rule 302.6"}
		}
		q := req.Option("section")
		if doc == "ipg" && req.Option("infraction") != "" {
			q = req.Option("infraction")
		}
		if q == "" && doc != "jar" {
			// The table of contents (Discord requires a section; the
			// console and the CLI may leave it out).
			var b strings.Builder
			for _, c := range r.d.Docs.Complete(doc, "", 1000) {
				b.WriteString(c.Name + "\n")
			}
			if b.Len() == 0 {
				return Reply{}, &UserError{Code: CodeUnavailable, Title: "No tournament documents", Msg: "The " + docNames[doc] + " is not loaded. Rules look-ups still work.", Hint: "/rule 302.6"}
			}
			return Reply{Title: strings.ToUpper(doc) + " " + docNames[doc], Body: b.String()}, nil
		}
		sec, sug, ok := r.d.Docs.Section(doc, q)
		if !ok {
			msg := fmt.Sprintf("The %s has no section %q.", docNames[doc], clip(q, 80))
			hint := examples[doc]
			if len(sug) > 0 {
				if len(sug) > 5 {
					sug = sug[:5]
				}
				msg += " Did you mean " + strings.Join(sug, ", ") + "?"
				hint = "/" + doc + " " + docOption(doc) + ":" + sug[0]
			}
			return Reply{}, &UserError{Code: CodeNotFound, Title: "Section not found", Msg: msg, Hint: hint}
		}
		title := sec.Doc
		if sec.ID != "" {
			title += " " + sec.ID
		}
		if sec.Title != "" {
			title += " " + sec.Title
		}
		rep := Reply{Title: title, URL: sec.URL, Body: sec.Text, Citations: []Citation{{Kind: doc, ID: sec.ID, URL: sec.URL}}}
		// An infraction's text states its penalty after the definition;
		// another section with a penalty shows it beside the text.
		switch {
		case doc == "ipg" && sec.Penalty != "":
			rep.Body = r.infractionText(sec)
		case sec.Penalty != "":
			rep.Fields = append(rep.Fields, Field{Name: "Penalty", Value: sec.Penalty, Inline: true})
		}
		if sec.Effective != "" {
			rep.Footer = sec.Doc + " effective " + sec.Effective + " · " + r.footer
		}
		return rep, nil
	}
}

func (r *Router) completeDoc(doc string) CompleteFunc {
	return func(_ context.Context, req Request) []Choice {
		if r.d.Docs == nil {
			return nil
		}
		return r.d.Docs.Complete(doc, req.Option(req.Focused), MaxChoices)
	}
}

func urlQuery(s string) string { return url.QueryEscape(s) }

// infractionText is an IPG infraction as a judge reads it at the table:
// the definition, the penalty at Competitive REL and the upgrade and
// downgrade notes first, then the examples, philosophy and additional
// remedy. At a server running Regular REL it says the IPG does not apply.
func (r *Router) infractionText(sec *DocSection) string {
	def, rest := splitDefinition(sec.Text)
	notes, rest := takeNotes(rest, "Upgrade:", "Downgrade:")
	// A long definition (Missed Trigger's runs past a page) has the
	// penalty after its first paragraph, so that the first page, and a
	// reference expanded inline, show it.
	def, defMore := def, ""
	if first, more, ok := strings.Cut(def, "\n"); ok && runeLen(def) > longDefinition {
		def, defMore = first, strings.TrimSpace(more)
	}
	var b strings.Builder
	b.WriteString(def)
	b.WriteString("\n\n**Penalty at Competitive REL:** " + sec.Penalty)
	if r.d.Judge.REL == "regular" {
		b.WriteString("\n*This server runs at Regular REL, where the IPG's penalties do not apply: see /jar.*")
	}
	for _, n := range notes {
		b.WriteString("\n**" + n[0] + "** " + n[1])
	}
	if defMore != "" {
		b.WriteString("\n\n" + defMore)
	}
	if rest = strings.TrimSpace(rest); rest != "" {
		b.WriteString("\n\n" + rest)
	}
	return b.String()
}

// longDefinition is the length, in runes, past which an infraction's
// definition has its penalty after the first paragraph.
const longDefinition = 800

// infractionHeadings are the parts of an IPG infraction after its
// definition.
var infractionHeadings = []string{"Examples", "Philosophy", "Additional Remedy", "Penalty"}

// splitDefinition cuts an infraction's text before its first heading line.
func splitDefinition(text string) (def, rest string) {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if i > 0 && slices.Contains(infractionHeadings, strings.TrimSpace(l)) {
			return strings.TrimSpace(strings.Join(lines[:i], "\n")), strings.Join(lines[i:], "\n")
		}
	}
	return strings.TrimSpace(text), ""
}

// takeNotes removes the notes that start with one of the labels ("Upgrade:
// If …") from text, each running to the next label or the end of its
// line, and returns them as label, note pairs in order.
func takeNotes(text string, labels ...string) ([][2]string, string) {
	var notes [][2]string
	var out strings.Builder
	for _, line := range strings.Split(text, "\n") {
		for {
			at, label := -1, ""
			for _, l := range labels {
				if i := strings.Index(line, l); i >= 0 && (at < 0 || i < at) {
					at, label = i, l
				}
			}
			if at < 0 {
				break
			}
			body := line[at+len(label):]
			end := len(body)
			for _, l := range labels {
				if i := strings.Index(body, l); i >= 0 && i < end {
					end = i
				}
			}
			notes = append(notes, [2]string{label, strings.TrimSpace(body[:end])})
			line = strings.TrimRight(line[:at], " ") + body[end:]
		}
		out.WriteString(line + "\n")
	}
	return notes, strings.TrimSpace(out.String())
}
