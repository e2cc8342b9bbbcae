package commands

// registerAll defines every command. Descriptions are at most 100
// characters (Discord's limit); option names are lower case.
func (r *Router) registerAll() {
	str := func(name, desc string, required, auto bool) Option {
		return Option{Name: name, Description: desc, Type: OptionString, Required: required, Autocomplete: auto, MaxLength: 200}
	}
	private := Option{Name: "private", Description: "Use your own scenario in this channel instead of the shared one", Type: OptionBoolean}

	r.add(&command{
		def:      Definition{Name: "rule", Description: "Show a Comprehensive Rules rule with its subrules", Type: SlashCommand, Options: []Option{str("number", "Rule number such as 302.6, 704.5k, 302 or 3 (a trailing dot shows the rule alone)", true, true)}},
		handle:   r.rule,
		complete: r.completeRule,
	})
	r.add(&command{
		def:      Definition{Name: "define", Description: "Look a term up in the Comprehensive Rules glossary", Type: SlashCommand, Options: []Option{str("term", "Glossary term such as summoning sickness", true, true)}},
		handle:   r.define,
		complete: r.completeTerm,
	})
	kinds := []Choice{{"Rules", "rule"}, {"Glossary", "glossary"}, {"Cards", "card"}, {"Card rulings", "ruling"}, {"MTR", "mtr"}, {"IPG", "ipg"}, {"JAR", "jar"}}
	searchKind := Option{Name: "kind", Description: "Only this kind of source", Type: OptionString, Choices: kinds}
	r.add(&command{
		def:    Definition{Name: "search", Description: "Search the rules, glossary, cards and tournament documents", Type: SlashCommand, Options: []Option{str("query", "Words, a question, or a pasted paragraph", true, false), searchKind}},
		handle: r.search,
	})
	r.add(&command{
		def:      Definition{Name: "card", Description: "Show a card's Oracle text", Type: SlashCommand, Options: []Option{str("name", "Card name (English or a printed foreign name)", true, true)}},
		handle:   r.card,
		complete: r.completeCard,
	})
	r.add(&command{
		def:      Definition{Name: "rulings", Description: "Show a card's published rulings", Type: SlashCommand, Options: []Option{str("name", "Card name", true, true)}},
		handle:   r.rulings,
		complete: r.completeCard,
	})
	r.add(&command{
		def:      Definition{Name: "mtr", Description: "Show a section of the Magic Tournament Rules", Type: SlashCommand, Options: []Option{str("section", "Section such as 4.2, or words of its title", true, true)}},
		handle:   r.doc("mtr"),
		complete: r.completeDoc("mtr"),
	})
	r.add(&command{
		def:      Definition{Name: "ipg", Description: "Show a section of the Infraction Procedure Guide", Type: SlashCommand, Options: []Option{str("section", "Section such as 2.1, or a judge abbreviation such as hce, gpe, mt", true, true)}},
		handle:   r.doc("ipg"),
		complete: r.completeDoc("ipg"),
	})
	r.add(&command{
		def:      Definition{Name: "jar", Description: "Show the Judging at Regular guide", Type: SlashCommand, Options: []Option{str("section", "Part of the document (optional)", false, true)}},
		handle:   r.doc("jar"),
		complete: r.completeDoc("jar"),
	})
	line := str("line", "One scenario line; leave empty to paste several in a form", false, false)
	line.MaxLength = 500
	r.add(&command{
		def: Definition{Name: "scenario", Description: "Build a board state and ask the layer engine about it", Type: SlashCommand, Options: []Option{
			{Name: "new", Description: "Start a new scenario in this channel", Type: OptionSubcommand, Options: []Option{private}},
			{Name: "add", Description: "Add a line (or paste several) and show the result", Type: OptionSubcommand, Options: []Option{line, private}},
			{Name: "show", Description: "Show the scenario and the engine's answers", Type: OptionSubcommand, Options: []Option{private}},
			{Name: "undo", Description: "Remove the last line", Type: OptionSubcommand, Options: []Option{private}},
			{Name: "reset", Description: "Throw the scenario away", Type: OptionSubcommand, Options: []Option{private}},
		}},
		handle: r.scenario,
	})
	r.add(&command{
		def:    Definition{Name: "help", Description: "What Arbiter can do", Type: SlashCommand},
		handle: r.help,
	})
	r.add(&command{
		def:    Definition{Name: FindRules, Type: MessageCommand},
		handle: r.findRules,
	})
}

// FindRules is the message context-menu command's name.
const FindRules = "Find rules"
