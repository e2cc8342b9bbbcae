package commands

import (
	"context"
	"time"

	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/crdiff"
)

// The knowledge sources beyond the CR are reached through these small
// interfaces so the command set does not care how cards, documents and
// scenarios are loaded; the wire package binds them to the loaded knowledge base and the engine.

// RuleBook is the Comprehensive Rules the answers quote and cite;
// *cr.Rules implements it.
type RuleBook interface {
	Rule(id string) (*cr.Rule, bool)
	Exists(id string) bool
	// Suggest names the rules nearest an id the book lacks.
	Suggest(id string) []string
	Define(term string) (*cr.GlossaryEntry, bool)
	Effective() time.Time
	IDs() []string
	Terms() []*cr.GlossaryEntry
}

// CRVersions is every Comprehensive Rules version held, for older look-ups
// and for what changed between two versions; the newest is the one Deps.CR
// serves.
type CRVersions interface {
	// Dates lists the effective dates held, newest first, without repeats.
	Dates() []time.Time
	// Version is the held version effective on date.
	Version(date time.Time) (RuleBook, error)
	// Diff compares two held versions (old, then new).
	Diff(old, new time.Time) (*crdiff.Diff, error)
}

// SearchHit is one ranked search result.
type SearchHit struct {
	Kind    string // "rule", "glossary", "card", "ruling", "mtr", "ipg", "jar"
	ID      string
	Title   string
	Snippet string
	Score   float64
	Refs    []string
}

// Searcher is the ranked full-text search over every source.
type Searcher interface {
	Search(query string, kinds []string, limit int) []SearchHit
}

// Card is a card as the commands show it.
type Card struct {
	Name     string
	ManaCost string
	TypeLine string
	Oracle   string
	// Stats is "2/2", "Loyalty 3" or "Defense 4", empty for other cards.
	Stats   string
	URL     string // the card's Scryfall page
	Rulings []CardRuling
	// Others are the other cards the name could mean ("thassa": Thassa's
	// Bounty, Thassa, God of the Sea, …), best first; empty for an exact
	// name.
	Others []string
}

// CardRuling is one published ruling with the rules it cites.
type CardRuling struct {
	Date string
	Text string
	Refs []string
}

// CardSource finds cards by name.
type CardSource interface {
	// Card finds a card by name (exact, prefix, fuzzy, foreign names);
	// on a miss it returns the closest names.
	Card(name string) (card *Card, suggestions []string, ok bool)
	// Complete suggests card names for what has been typed.
	Complete(prefix string, limit int) []string
}

// DocSection is a section of a tournament document.
type DocSection struct {
	Doc       string // "MTR", "IPG", "JAR"
	ID        string // "4.2"
	Title     string
	Text      string
	Penalty   string // IPG infractions
	Effective string // the document's effective date
	URL       string
}

// DocSource serves the MTR, the IPG and the JAR by section number or alias
// ("hce" -> IPG Hidden Card Error).
type DocSource interface {
	Section(doc, id string) (sec *DocSection, suggestions []string, ok bool)
	Complete(doc, prefix string, limit int) []Choice
}

// ScenarioRunner checks and runs scenario scripts (the engine's language).
type ScenarioRunner interface {
	// Check parses a script and reports the first syntax error with its
	// line number and what was expected.
	Check(src string) error
	// Run runs a whole script: the readable report and the statements
	// that could not be carried out.
	Run(ctx context.Context, src string) (ScenarioResult, error)
}

// ScenarioResult is the outcome of one run.
type ScenarioResult struct {
	// Text is the report, in Markdown (rule numbers in bold).
	Text string
	// Brief is the report in a few plain lines: each query's answer with
	// the rules it rests on, then the engine's notes.
	Brief []string
	// Errors are statements that could not be carried out (an unknown
	// card, an ambiguous reference), by line.
	Errors []ScenarioError
}

// ScenarioError is one statement the engine could not carry out.
type ScenarioError struct {
	Line int
	Msg  string
}

// GlossarySource finds glossary entries more leniently than the CR's exact
// look-up (prefix, plural, fuzzy); *rulings.KB implements it.
type GlossarySource interface {
	Define(term string) (*cr.GlossaryEntry, []string)
	GlossaryComplete(prefix string, n int) []string
}

// Asked is the answer to a free-form question: the cards it names, the
// rules or tournament sections that decide it (best first) and the named
// cards' rulings that bear on it.
type Asked struct {
	Cards      []string
	Tournament bool
	// Sources are the deciding rules and sections, best first ("rule",
	// "glossary", "ipg", "mtr", "jar" hits).
	Sources []SearchHit
	Rulings []AskedRuling
	// Setup is the named cards as scenario lines the user can run.
	Setup []string
	// REL is the Rules Enforcement Level the question names, as the
	// pipeline reads it ("" when it names none).
	REL string
	// WritesNames says whether the question writes something as a card
	// name, linked or not.
	WritesNames bool
	// NamesOnly says the question is card names and nothing else, or
	// asks only what those cards are or do: the cards are the answer.
	NamesOnly bool
	// NotEnglish says the question is told in another language: the
	// pipeline reads the documents' English, so what it ranked is not an
	// answer.
	NotEnglish bool
}

// AskedRuling is a ruling of a card the question names.
type AskedRuling struct {
	Card string
	CardRuling
}

// Asker answers free-form questions told as situations with cards in them.
type Asker interface {
	Ask(question string) Asked
}
