package commands

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// maxAskSources is how many deciding rules or sections an answer quotes;
// maxSeeAlso how many more it names in a line each, of seeAlsoMax
// characters at most.
const (
	maxAskSources = 3
	maxSeeAlso    = 2
	seeAlsoMax    = 160
)

// seeAlso names the field of an answer that lists the next sources ranked,
// a line each.
const seeAlso = "See also"

// firstLine is a text's first line.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// ask answers /ask: a question told as a situation. It quotes the deciding
// rules (or, for a tournament call, the IPG/MTR sections with their
// penalty), lists the cards it understood, and adds their rulings that
// bear on the question.
func (r *Router) ask(ctx context.Context, req Request) (Reply, error) {
	q := req.Option("question")
	if q == "" {
		return Reply{}, &UserError{Title: "Ask what?", Msg: "Tell the situation and the question, naming the cards.", Hint: examples["ask"]}
	}
	if names := onlyCards(q); names != nil {
		return r.cardsReply(ctx, names)
	}
	// A question that is one reference and nothing else ("IPG 2.1",
	// "CR 302.6", "302.6", "MTR 4.2") asks for that source: it is looked
	// up as its own command shows it, as the console and the judge
	// channel's watcher look such a line up.
	if reqs := onlyReferences(q); len(reqs) == 1 {
		ref := reqs[0]
		ref.UserID, ref.ChannelID, ref.GuildID = req.UserID, req.ChannelID, req.GuildID
		h, err := r.handler(ref)
		if err != nil {
			return Reply{}, err
		}
		return h(ctx, ref)
	}
	if r.d.Ask == nil {
		return r.searchReply(q, nil, maxSearchResults)
	}
	ans := r.d.Ask.Ask(q)
	// Card names written without brackets and nothing else ("Tarmogoyf",
	// "tarmogoyf and lightning bolt") ask for the cards too.
	if ans.NamesOnly && !r.namesTerms(ans.Cards) {
		return r.cardsReply(ctx, ans.Cards)
	}
	rep, err := r.answerReply(ctx, q, ans, r.d.Judge.REL, true)
	if err != nil {
		return rep, err
	}
	rep.Title = "Ask: " + quoteTitle.Replace(clip(q, 200))
	return rep, nil
}

// namesTerms says whether one of the names is also a term of the rules'
// glossary ("What is Flash?", "Regenerate"): the question may ask for the
// term, and the rules answer it, the card among them.
func (r *Router) namesTerms(names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool {
		_, ok := r.d.CR.Define(n)
		return ok
	})
}

// maxAskCards is how many cards a question of card names alone shows; the
// rest are named.
const maxAskCards = 5

// onlyCards returns the names of a question that holds nothing but card
// references ("[[Ensoul Artifact]] [[Titanic Growth]]"), nil for any other.
// Such a message asks for the cards, not for rules about a situation it
// does not tell.
func onlyCards(q string) []string {
	reqs := onlyReferences(q)
	var names []string
	for _, req := range reqs {
		if req.Command != "card" {
			return nil
		}
		names = append(names, req.Option("name"))
	}
	return names
}

// cardsReply answers a question of card names alone with the cards as
// /card shows them (Oracle text, a button for the rulings), and a line on
// how to ask about them. One card is /card's reply; several are a field
// each, as the judge channel's watcher shows references.
func (r *Router) cardsReply(ctx context.Context, names []string) (Reply, error) {
	var cards []Reply
	var missing []string
	var notFound *UserError
	shown := map[string]bool{}
	for _, name := range names {
		c, err := r.card(ctx, NewRequest("card", "name", name))
		if err == nil {
			// Two names for one card ("[[Thassa]] [[Thassa, God of the
			// Sea]]") show it once.
			if shown[c.Citations[0].ID] {
				continue
			}
			shown[c.Citations[0].ID] = true
		}
		if err != nil {
			var ue *UserError
			if !errors.As(err, &ue) || ue.Code != CodeNotFound {
				return Reply{}, err // no card catalogue: said once
			}
			if notFound == nil {
				notFound = ue
			}
			missing = append(missing, ue.Msg)
			continue
		}
		cards = append(cards, c)
	}
	if len(cards) == 0 {
		// What /card says, of every name.
		return Reply{}, &UserError{Code: CodeNotFound, Title: notFound.Title, Msg: strings.Join(missing, " "), Hint: notFound.Hint}
	}
	askAbout := Field{Name: "Ask about it", Value: "Tell the situation and the question with the card's name, and the answer quotes the rules that decide it."}
	if len(cards) == 1 && len(missing) == 0 {
		rep := cards[0]
		rep.Fields = append(rep.Fields, askAbout)
		return rep, nil
	}
	var rep Reply
	var titles, more []string
	for i, c := range cards {
		rep.Citations = append(rep.Citations, c.Citations...)
		name := c.Citations[0].ID
		titles = append(titles, name)
		if i >= maxAskCards {
			more = append(more, "["+name+"]("+c.URL+")")
			continue
		}
		value := c.Body
		for _, f := range c.Fields {
			value += "\n**" + f.Name + ":** " + f.Value
		}
		rep.Fields = append(rep.Fields, Field{Name: clip(c.Title, fieldNameMax), Value: clip(clip(value, fieldValueMax-runeLen(c.URL)-1)+"\n"+c.URL, fieldValueMax)})
		for _, b := range c.Buttons {
			// Each card's rulings button says whose rulings it shows.
			b.Label = strings.Replace(b.Label, "Rulings", "Rulings: "+name, 1)
			rep.Buttons = append(rep.Buttons, b)
		}
	}
	rep.Title = clip("Cards: "+strings.Join(titles, ", "), 200)
	if len(more) > 0 {
		rep.Fields = append(rep.Fields, Field{Name: "Also named", Value: clip(strings.Join(more, " · "), fieldValueMax)})
	}
	if len(missing) > 0 {
		rep.Fields = append(rep.Fields, Field{Name: "Not found", Value: clip(strings.Join(missing, "\n"), fieldValueMax)})
	}
	askAbout.Name, askAbout.Value = "Ask about them", "Tell the situation and the question with the cards' names, and the answer quotes the rules that decide it."
	rep.Fields = append(rep.Fields, askAbout)
	return rep, nil
}

// askReply is the answer to a question, for /ask and the "Find rules"
// message command, at the server's REL.
func (r *Router) askReply(ctx context.Context, q string) (Reply, error) {
	return r.askReplyREL(ctx, q, r.d.Judge.REL)
}

// askReplyREL answers a question; for a tournament call the REL decides
// which document answers first: the JAR at Regular, the IPG (and MTR) at
// Competitive and Professional.
func (r *Router) askReplyREL(ctx context.Context, q, rel string) (Reply, error) {
	if r.d.Ask == nil {
		return r.searchReply(q, nil, maxSearchResults)
	}
	return r.answerReply(ctx, q, r.d.Ask.Ask(q), rel, true)
}

// answerReply turns the question pipeline's answer into a reply; setup
// runs the named cards' scenario lines through the engine and adds what it
// says, with the lines to run it again.
func (r *Router) answerReply(ctx context.Context, q string, ans Asked, rel string, setup bool) (Reply, error) {
	if ans.NotEnglish {
		// What a question in another language ranked rests on its card
		// names alone: no answer is better than rules that look like one.
		hint := examples["ask"]
		if len(ans.Cards) > 0 {
			hint = "/card name:" + ans.Cards[0]
		}
		return Reply{}, &UserError{Code: CodeInvalid, Title: "Ask in English",
			Msg:  "This question doesn't read as English, and Arbiter reads questions in the language of the rules and tournament documents it quotes. Card names may be written in any language inside [[ ]].",
			Hint: hint}
	}
	rel = askedREL(ans, rel)
	// A question the tournament documents answer best is a tournament
	// call too, even told without their words ("he drew two cards by
	// accident").
	// At Regular REL, an infraction among the sources quoted makes it one
	// as well: the JAR's fix for it comes first (a forgotten trigger told
	// by the card that the pipeline answers with its rules first).
	tournament := ans.Tournament || len(ans.Sources) > 0 && isTournamentDoc(ans.Sources[0].Kind) ||
		rel == "regular" && slices.ContainsFunc(ans.Sources[:min(len(ans.Sources), maxAskSources)], r.isInfraction)
	if tournament {
		ans.Sources = r.orderByREL(q, ans.Sources, rel)
	}
	var rep Reply
	switch {
	case len(ans.Cards) > 0:
		rep.Body = "Cards: " + strings.Join(ans.Cards, ", ")
	case r.d.Cards == nil && !tournament && ans.WritesNames:
		// The answer rests on the question's words alone: say why the
		// cards it names are not read.
		rep.Body = noCardsNote
	}
	quoted := 0
	var also []string
	var alsoCites []Citation
	for _, h := range ans.Sources {
		if quoted == maxAskSources && len(also) == maxSeeAlso {
			break
		}
		if r.headingOfAnother(h, ans.Sources) {
			continue
		}
		f, cite, ok := r.sourceField(h, rel)
		if !ok {
			continue
		}
		if quoted == maxAskSources {
			// The next sources the pipeline ranked, named in a line each.
			also = append(also, clip("**"+f.Name+"**: "+firstLine(f.Value), seeAlsoMax))
			alsoCites = append(alsoCites, cite)
			continue
		}
		rep.Fields = append(rep.Fields, f)
		rep.Citations = append(rep.Citations, cite)
		quoted++
	}
	// A ruling published on several of the cards (Humility's and
	// Opalescence's on their timestamps) is quoted once, under each name.
	type ruling struct {
		cards      []string
		date, text string
	}
	var rulings []*ruling
	for _, ru := range ans.Rulings {
		i := slices.IndexFunc(rulings, func(x *ruling) bool { return x.text == ru.Text })
		switch {
		case i >= 0:
			if !slices.Contains(rulings[i].cards, ru.Card) {
				rulings[i].cards = append(rulings[i].cards, ru.Card)
			}
			continue
		case len(rulings) == maxAskSources:
			continue
		}
		rulings = append(rulings, &ruling{cards: []string{ru.Card}, date: ru.Date, text: ru.Text})
	}
	for _, ru := range rulings {
		name := fmt.Sprintf("Ruling on %s (%s)", strings.Join(ru.cards, " and "), ru.date)
		rep.Fields = append(rep.Fields, pointingField(name, ru.text, "/rulings name:"+ru.cards[0]))
		for _, c := range ru.cards {
			rep.Citations = append(rep.Citations, Citation{Kind: CiteRuling, ID: c, URL: r.cardPage(c)})
		}
	}
	if len(also) > 0 {
		rep.Fields = append(rep.Fields, Field{Name: seeAlso, Value: clip(strings.Join(also, "\n"), fieldValueMax)})
		rep.Citations = append(rep.Citations, alsoCites...)
	}
	// The pipeline sets up no board for a tournament call.
	if setup && len(ans.Setup) > 0 && r.d.Scenarios != nil {
		// What the engine says of the board the question sets up; a run
		// that fails leaves only the lines.
		// A statement it could not carry out is part of the answer ("can't
		// enchant …: the spell doesn't resolve").
		if res, err := r.runScenario(ctx, strings.Join(ans.Setup, "\n")); err == nil && len(res.Brief)+len(res.Errors) > 0 {
			// What could not be carried out comes right after the answers,
			// before the notes, so that a long list of notes cut to the
			// field's size never hides it.
			answers := 0
			for answers < len(res.Brief) && strings.HasPrefix(res.Brief[answers], "? ") {
				answers++
			}
			says := slices.Clone(res.Brief[:answers])
			for _, e := range res.Errors {
				says = append(says, "Not carried out: "+e.Msg)
			}
			says = append(says, res.Brief[answers:]...)
			rep.Fields = append(rep.Fields, Field{Name: "What the engine says", Value: clip(strings.Join(says, "\n"), fieldValueMax)})
		}
		rep.Fields = append(rep.Fields, Field{Name: "Check it with the engine", Value: setupBlock(ans.Setup, fieldValueMax)})
	}
	if quoted == 0 {
		return Reply{}, &UserError{Code: CodeNotFound, Title: "Nothing found", Msg: fmt.Sprintf("Nothing in the rules matches %q.", clip(q, 100)), Hint: "/search query:" + hintWords(q, 60)}
	}
	var refs []string
	for _, c := range rep.Citations {
		if c.Kind == CiteCR {
			refs = append(refs, c.ID)
		}
	}
	rep.Buttons = citeButtons(existingRefs(r.d.CR, refs))
	return rep, nil
}

// askedREL is the REL a question is answered at: the level or event the
// question names (as the pipeline reads it: every program of MTR
// Appendix F) decides over the server's default rel.
func askedREL(ans Asked, rel string) string {
	return cmp.Or(ans.REL, rel)
}

// headingOfAnother reports whether a source is a rule that is only a
// heading ("702.19. Trample") with one of its subrules among the sources:
// the subrule says what the heading would.
func (r *Router) headingOfAnother(h SearchHit, srcs []SearchHit) bool {
	if h.Kind != "rule" && h.Kind != CiteCR {
		return false
	}
	rule, ok := r.d.CR.Rule(h.ID)
	if !ok || !rule.IsHeading() {
		return false
	}
	return slices.ContainsFunc(srcs, func(o SearchHit) bool {
		return (o.Kind == "rule" || o.Kind == CiteCR) && slices.Contains(rule.Children, o.ID)
	})
}

// noCardsNote heads an answer given with no card catalogue loaded; like
// errNoCards it says who can load one, whatever the transport.
const noCardsNote = "*No card catalogue is loaded, so the cards a question names are not recognised and this answer rests on its other words. Whoever runs Arbiter adds one with `arbiter data update`, or with --data and a directory holding MTGJSON or Scryfall files.*"

// sourceField quotes one deciding source in full: a rule's text, a
// glossary entry, or a tournament section with its penalty.
func (r *Router) sourceField(h SearchHit, rel string) (Field, Citation, bool) {
	switch h.Kind {
	case "rule", CiteCR:
		rule, ok := r.d.CR.Rule(h.ID)
		if !ok {
			return Field{}, Citation{}, false
		}
		text := ruleText(rule, false)
		// A heading ("702.19. Trample") is quoted by its first subrule.
		if rule.IsHeading() && len(rule.Children) > 0 {
			if first, ok := r.d.CR.Rule(rule.Children[0]); ok {
				text = "**" + first.ID + "** " + ruleText(first, false)
				if more := len(rule.Children) - 1; more > 0 {
					text += fmt.Sprintf("\n(%d more subrules: `/rule %s`)", more, rule.ID)
				}
			}
		}
		return pointingField(ruleHeading(rule), text, "/rule "+rule.ID), crCite(rule.ID), true
	case CiteGlossary:
		g, ok := r.d.CR.Define(h.ID)
		if !ok {
			return Field{}, Citation{}, false
		}
		return pointingField("Glossary: "+g.Term, g.Text, "/define term:"+g.Term), Citation{Kind: CiteGlossary, ID: g.Term}, true
	case CiteMTR, CiteIPG, CiteJAR:
		if r.d.Docs == nil {
			return Field{}, Citation{}, false
		}
		sec, _, ok := r.d.Docs.Section(h.Kind, h.ID)
		if !ok {
			return Field{}, Citation{}, false
		}
		name := strings.TrimSpace(fmt.Sprintf("%s %s %s", sec.Doc, sec.ID, sec.Title))
		value := sec.Text
		if sec.Penalty != "" {
			if rel == "regular" {
				value = regularIPGNote + "\n" + value
			}
			value = penaltyLine(sec.Penalty) + "\n" + value
		}
		return pointingField(name, value, "/"+h.Kind+" "+sec.ID), Citation{Kind: h.Kind, ID: sec.ID, URL: sec.URL}, true
	}
	return Field{}, Citation{}, false
}

// orderByREL puts the document the REL is run by first among a
// tournament call's sources, keeping each document's own order: the JAR
// at Regular REL (found by search when the pipeline named no JAR part);
// at Competitive and Professional REL, where the JAR does not apply
// (MTR 1.12), the JAR goes last and the pipeline's order of the IPG and
// MTR stands: it already puts the infraction a call tells before the
// policies around it, and a call that asks about a policy (an
// intentional draw, what a spectator may do) is answered by the MTR.
func (r *Router) orderByREL(q string, srcs []SearchHit, rel string) []SearchHit {
	isJAR := func(h SearchHit) bool { return h.Kind == CiteJAR }
	var jar, rest []SearchHit
	for _, h := range srcs {
		if isJAR(h) {
			jar = append(jar, h)
		} else {
			rest = append(rest, h)
		}
	}
	switch rel {
	case "regular":
		if len(jar) == 0 {
			jar = r.regularFix(q, rest)
		}
		return append(jar, rest...)
	case "competitive", "professional":
		return append(rest, jar...)
	}
	return srcs
}

// isInfraction reports whether a source is an IPG infraction, a section
// with a penalty.
func (r *Router) isInfraction(h SearchHit) bool {
	if h.Kind != CiteIPG || r.d.Docs == nil {
		return false
	}
	sec, _, ok := r.d.Docs.Section(h.Kind, h.ID)
	return ok && sec.Penalty != ""
}

// regularFix is the JAR part for a call at Regular REL whose sources name
// no JAR part: the one that handles the first infraction among them
// (Missed Trigger: JAR 2.1, a player forgets a triggered ability), else
// the part the search finds for the question.
func (r *Router) regularFix(q string, srcs []SearchHit) []SearchHit {
	if i := slices.IndexFunc(srcs, r.isInfraction); i >= 0 {
		if jar, ok := tourney.JARFor(srcs[i].ID); ok {
			if _, _, ok := r.d.Docs.Section(CiteJAR, jar); ok {
				return []SearchHit{{Kind: CiteJAR, ID: jar}}
			}
		}
	}
	if r.d.Search == nil {
		return nil
	}
	return r.d.Search.Search(q, []string{CiteJAR}, 1)
}

// regularIPGNote follows an IPG infraction's penalty in an answer at
// Regular REL.
const regularIPGNote = "*At Regular REL the IPG's penalties do not apply; the JAR's fix does.*"

// penaltyLine states an IPG infraction's penalty with the level it is
// given for, as /ipg does: at Regular REL the JAR's fixes apply instead.
func penaltyLine(p string) string { return "Penalty at Competitive REL: " + p }

// isTournamentDoc reports whether a source is a section of the MTR, the
// IPG or the JAR.
func isTournamentDoc(kind string) bool {
	return kind == CiteMTR || kind == CiteIPG || kind == CiteJAR
}

// setupHint says how to run the set-up lines: a slash command's option
// holds one line, so several are pasted into the form /scenario add opens
// when its line is left empty.
const setupHint = "Paste them into the form `/scenario add` opens when its line is left empty, or into `arbiter scenario -`."

// setupBlock is the scenario lines a user can copy, in a code block that
// is always closed, within max runes: whole lines only, and a note of how
// many were left out rather than a block cut in the middle.
func setupBlock(lines []string, max int) string {
	const open, close = "```\n", "```\n"
	var b strings.Builder
	b.WriteString(open)
	n := runeLen(open) + runeLen(close) + runeLen(setupHint)
	for i, l := range lines {
		l = strings.ReplaceAll(l, "`", "'") + "\n"
		left := fmt.Sprintf("(%d more lines left out)\n", len(lines)-i)
		if n+runeLen(l)+runeLen(left) > max && (i < len(lines)-1 || n+runeLen(l) > max) {
			b.WriteString(close + left + setupHint)
			return b.String()
		}
		b.WriteString(l)
		n += runeLen(l)
	}
	b.WriteString(close + setupHint)
	return b.String()
}

// pointingField quotes a rule, section or ruling in a field: whole when
// it fits, else cut at a line break or a space with the command that
// shows the rest ("… the rest: /ipg 2.1"), so that a cut is never silent;
// the field keeps that command for a later, shorter cut (More).
func pointingField(name, text, command string) Field {
	return Field{Name: clip(name, fieldNameMax), Value: clipPointing(text, fieldValueMax, command), More: command}
}

// clipPointing fits text in max runes: whole when it fits, else cut at a
// break with the command that shows the rest.
func clipPointing(text string, max int, command string) string {
	if runeLen(text) <= max {
		return text
	}
	// A text cut already says where its rest is: that is said once.
	text, _, _ = strings.Cut(text, "\n(the rest: ")
	tail := "\n(the rest: " + command + ")"
	return clipAtBreak(text, max-runeLen(tail)) + tail
}
