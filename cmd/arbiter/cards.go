package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arbiter-mtg/arbiter/rulings"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

func init() {
	register(newCardCmd)
	register(newRulingsCmd)
	for _, doc := range tourney.Docs {
		register(newDocCmd(doc))
		askHandlers[doc] = func(a *app, kb *rulings.KB, arg string) error { return a.showDoc(kb, doc, arg) }
	}
	askHandlers["card"] = func(a *app, kb *rulings.KB, arg string) error { return a.showCard(kb, arg) }
}

func newCardCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "card NAME",
		Short: "Show a card's Oracle text: card \"Ensoul Artifact\" (also prefixes, typos and foreign names)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			kb, err := a.KB()
			if err != nil {
				return err
			}
			return a.showCard(kb, strings.Join(args, " "))
		},
	}
}

func newRulingsCmd(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "rulings NAME",
		Short: "Show a card's official rulings with the rules they cite",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			kb, err := a.KB()
			if err != nil {
				return err
			}
			return a.showRulings(kb, strings.Join(args, " "))
		},
	}
}

// cardView is a card as printed by `card --json`: the field names are part
// of the CLI's contract, and power/toughness are always present (empty for
// cards without them) so scripts need not test for the key.
type cardView struct {
	Name          string              `json:"name"`
	ManaCost      string              `json:"mana_cost"`
	ManaValue     float64             `json:"mana_value"`
	TypeLine      string              `json:"type_line"`
	OracleText    string              `json:"oracle_text"`
	Power         string              `json:"power"`
	Toughness     string              `json:"toughness"`
	Loyalty       string              `json:"loyalty,omitempty"`
	Defense       string              `json:"defense,omitempty"`
	Colors        []string            `json:"colors"`
	ColorIdentity []string            `json:"color_identity"`
	Supertypes    []string            `json:"supertypes"`
	Types         []string            `json:"types"`
	Subtypes      []string            `json:"subtypes"`
	Keywords      []string            `json:"keywords"`
	Layout        string              `json:"layout,omitempty"`
	Faces         []cards.Face        `json:"faces,omitempty"`
	ForeignNames  []cards.ForeignName `json:"foreign_names"`
	Rulings       []cards.Ruling      `json:"rulings"`
	ScryfallURL   string              `json:"scryfall_url"`
}

func newCardView(c *cards.Card) cardView {
	ns := func(s []string) []string {
		if s == nil {
			return []string{}
		}
		return s
	}
	v := cardView{
		Name: c.Name, ManaCost: c.ManaCost, ManaValue: c.ManaValue, TypeLine: c.TypeLine, OracleText: c.Text,
		Power: c.Power, Toughness: c.Toughness, Loyalty: c.Loyalty, Defense: c.Defense,
		Colors: ns(c.Colors), ColorIdentity: ns(c.ColorIdentity), Supertypes: ns(c.Supertypes), Types: ns(c.Types),
		Subtypes: ns(c.Subtypes), Keywords: ns(c.Keywords), Layout: c.Layout, Faces: c.Faces,
		ForeignNames: c.ForeignNames, Rulings: c.Rulings, ScryfallURL: c.ScryfallURL,
	}
	if v.ForeignNames == nil {
		v.ForeignNames = []cards.ForeignName{}
	}
	if v.Rulings == nil {
		v.Rulings = []cards.Ruling{}
	}
	return v
}

// findCard looks a name up and turns a miss into exit status 1 with the
// closest names, which main prints on standard error.
func findCard(kb *rulings.KB, name string) (*cards.Card, error) {
	if kb.Cards == nil || kb.Cards.Len() == 0 {
		return nil, exitCode(2, fmt.Errorf("no card data loaded: put MTGJSON or Scryfall bulk files in the data directory"))
	}
	if c, ok := kb.Cards.Lookup(name); ok {
		return c, nil
	}
	msg := fmt.Sprintf("no card named %q", name)
	if s := kb.Cards.Suggest(name, 5); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, ", ") + "?"
	}
	return nil, exitCode(1, fmt.Errorf("%s", msg))
}

func (a *app) showCard(kb *rulings.KB, name string) error {
	c, err := findCard(kb, name)
	if err != nil {
		return err
	}
	if a.JSON {
		return writeJSON(a.Out, newCardView(c))
	}
	var b strings.Builder
	if c.HasFaces() {
		fmt.Fprintf(&b, "**%s**\n", c.Name)
		for i, f := range c.Faces {
			if i > 0 {
				b.WriteString("//\n")
			}
			writeFace(&b, f.Name, f.ManaCost, f.TypeLine, f.Text, f.Power, f.Toughness, f.Loyalty, f.Defense)
		}
	} else {
		writeFace(&b, c.Name, c.ManaCost, c.TypeLine, c.Text, c.Power, c.Toughness, c.Loyalty, c.Defense)
	}
	switch n := len(c.Rulings); n {
	case 0:
		b.WriteString("No rulings.\n")
	case 1:
		fmt.Fprintf(&b, "1 ruling: arbiter rulings %q\n", c.Name)
	default:
		fmt.Fprintf(&b, "%d rulings: arbiter rulings %q\n", n, c.Name)
	}
	fmt.Fprintf(&b, "%s\n", c.ScryfallURL)
	_, err = io.WriteString(a.Out, b.String())
	return err
}

func writeFace(b *strings.Builder, name, cost, typeLine, text, power, toughness, loyalty, defense string) {
	fmt.Fprintf(b, "**%s**", name)
	if cost != "" {
		fmt.Fprintf(b, " %s", cost)
	}
	fmt.Fprintf(b, "\n%s\n", typeLine)
	if text != "" {
		fmt.Fprintf(b, "%s\n", text)
	}
	switch {
	case power != "" || toughness != "":
		fmt.Fprintf(b, "%s/%s\n", power, toughness)
	case loyalty != "":
		fmt.Fprintf(b, "Loyalty: %s\n", loyalty)
	case defense != "":
		fmt.Fprintf(b, "Defense: %s\n", defense)
	}
}

type rulingsView struct {
	Name        string         `json:"name"`
	Rulings     []cards.Ruling `json:"rulings"`
	ScryfallURL string         `json:"scryfall_url"`
}

func (a *app) showRulings(kb *rulings.KB, name string) error {
	c, err := findCard(kb, name)
	if err != nil {
		return err
	}
	if a.JSON {
		v := rulingsView{Name: c.Name, Rulings: c.Rulings, ScryfallURL: c.ScryfallURL}
		if v.Rulings == nil {
			v.Rulings = []cards.Ruling{}
		}
		return writeJSON(a.Out, v)
	}
	var b strings.Builder
	if len(c.Rulings) == 0 {
		fmt.Fprintf(&b, "**%s** has no rulings.\n", c.Name)
	} else {
		fmt.Fprintf(&b, "**%s** — %d rulings\n", c.Name, len(c.Rulings))
	}
	var refs []string
	for _, r := range c.Rulings {
		fmt.Fprintf(&b, "• %s: %s\n", r.Date, r.Text)
		refs = append(refs, r.Refs...)
	}
	// citedLine shows only rules that exist in the loaded CR.
	b.WriteString(citedLine(kb, refs, ""))
	fmt.Fprintf(&b, "%s\n", c.ScryfallURL)
	_, err = io.WriteString(a.Out, b.String())
	return err
}

func newDocCmd(doc string) func(a *app) *cobra.Command {
	upper := strings.ToUpper(doc)
	use := map[string]string{
		tourney.MTR: "mtr [SECTION]",
		tourney.IPG: "ipg [SECTION|ABBREVIATION]",
		tourney.JAR: "jar [SECTION]",
	}[doc]
	short := map[string]string{
		tourney.MTR: "Show a section of the Magic Tournament Rules: mtr 4.2, mtr appendix b, mtr shortcuts",
		tourney.IPG: "Show a section or infraction of the Infraction Procedure Guide: ipg 2.1, ipg hce, ipg \"missed trigger\"",
		tourney.JAR: "Show Judging at Regular REL: jar, jar 2, jar common issues",
	}[doc]
	return func(a *app) *cobra.Command {
		return &cobra.Command{
			Use:   use,
			Short: short,
			Long:  short + "\n\nWith no argument, lists the sections of the " + upper + ".",
			RunE: func(c *cobra.Command, args []string) error {
				kb, err := a.KB()
				if err != nil {
					return err
				}
				return a.showDoc(kb, doc, strings.Join(args, " "))
			},
		}
	}
}

// sectionView is a tournament document section as printed by --json.
type sectionView struct {
	Doc           string   `json:"doc"`
	Number        string   `json:"number"`
	Title         string   `json:"title"`
	Penalty       string   `json:"penalty,omitempty"`
	Text          string   `json:"text"`
	Refs          []string `json:"refs"`
	Children      []string `json:"children,omitempty"`
	Abbreviations []string `json:"abbreviations,omitempty"`
	EffectiveDate string   `json:"effective_date,omitempty"`
	Source        string   `json:"source"`
}

type docListView struct {
	Doc           string        `json:"doc"`
	Title         string        `json:"title"`
	EffectiveDate string        `json:"effective_date,omitempty"`
	Source        string        `json:"source"`
	Sections      []sectionView `json:"sections"`
}

// showDoc answers mtr/ipg/jar: a section number, an IPG abbreviation, or
// words of a section title; nothing lists the sections.
func (a *app) showDoc(kb *rulings.KB, doc, arg string) error {
	lib := kb.Tourney
	upper := strings.ToUpper(doc)
	if lib == nil || !lib.Loaded(doc) {
		return exitCode(2, fmt.Errorf("no %s loaded: put the %s JSON files in the data directory", upper, tourney.DocTitle[doc]))
	}
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return a.listDoc(lib, doc)
	}
	s, ok := lib.Section(doc, arg)
	if !ok && doc == tourney.IPG {
		if num, found := lib.ResolveAbbrev(arg); found {
			s, ok = lib.Section(doc, num)
		}
	}
	if !ok {
		switch hits := lib.Find(doc, arg); len(hits) {
		case 0:
		case 1:
			s, ok = hits[0], true
		default:
			var names []string
			for _, h := range hits {
				names = append(names, upper+" "+h.Number+" "+h.Title)
			}
			return exitCode(1, fmt.Errorf("%q matches several sections: %s", arg, strings.Join(names, "; ")))
		}
	}
	if !ok {
		return exitCode(1, fmt.Errorf("%s has no section %q; run `arbiter %s` for the list", upper, arg, doc))
	}
	v := newSectionView(lib, s)
	if a.JSON {
		return writeJSON(a.Out, v)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s %s %s**\n", upper, s.Number, s.Title)
	if s.Penalty != "" {
		fmt.Fprintf(&b, "Penalty: %s\n", s.Penalty)
	}
	if s.Text != "" {
		fmt.Fprintf(&b, "%s\n", s.Text)
	}
	for _, c := range s.Children {
		if cs, ok := lib.Section(doc, c); ok {
			fmt.Fprintf(&b, "**%s %s** %s\n", upper, cs.Number, cs.Title)
		}
	}
	if len(v.Abbreviations) > 0 {
		fmt.Fprintf(&b, "Also called: %s\n", strings.Join(v.Abbreviations, ", "))
	}
	b.WriteString(citedLine(kb, s.Refs, ""))
	b.WriteString(docFooter(lib, doc))
	_, err := io.WriteString(a.Out, b.String())
	return err
}

func newSectionView(lib *tourney.Library, s *tourney.Section) sectionView {
	v := sectionView{
		Doc: s.Doc, Number: s.Number, Title: s.Title, Penalty: s.Penalty, Text: s.Text, Refs: s.Refs,
		Children: s.Children, Source: lib.Source(s.Doc),
	}
	if v.Refs == nil {
		v.Refs = []string{}
	}
	if d := lib.EffectiveDate(s.Doc); !d.IsZero() {
		v.EffectiveDate = d.Format("2006-01-02")
	}
	if s.Doc == tourney.IPG {
		v.Abbreviations = tourney.AbbreviationsFor(s.Number)
	}
	return v
}

func (a *app) listDoc(lib *tourney.Library, doc string) error {
	upper := strings.ToUpper(doc)
	if a.JSON {
		v := docListView{Doc: doc, Title: tourney.DocTitle[doc], Source: lib.Source(doc), Sections: []sectionView{}}
		if d := lib.EffectiveDate(doc); !d.IsZero() {
			v.EffectiveDate = d.Format("2006-01-02")
		}
		for _, s := range lib.Sections(doc) {
			sv := newSectionView(lib, s)
			sv.Text = "" // the list holds titles; ask for a section for its text
			v.Sections = append(v.Sections, sv)
		}
		return writeJSON(a.Out, v)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**\n", tourney.DocTitle[doc])
	for _, s := range lib.Sections(doc) {
		indent := ""
		if s.Parent != "" {
			indent = "  "
		}
		fmt.Fprintf(&b, "%s%s %s %s", indent, upper, s.Number, s.Title)
		if s.Penalty != "" {
			fmt.Fprintf(&b, " (%s)", s.Penalty)
		}
		b.WriteString("\n")
	}
	b.WriteString(docFooter(lib, doc))
	_, err := io.WriteString(a.Out, b.String())
	return err
}

func docFooter(lib *tourney.Library, doc string) string {
	if d := lib.EffectiveDate(doc); !d.IsZero() {
		return fmt.Sprintf("%s, effective %s (%s)\n", tourney.DocTitle[doc], d.Format("January 2, 2006"), lib.Source(doc))
	}
	return fmt.Sprintf("%s, effective date not stated in the source (%s)\n", tourney.DocTitle[doc], lib.Source(doc))
}
