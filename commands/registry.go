package commands

// maxQuestion is the longest question /ask and /judge call take, in
// characters.
const maxQuestion = 1000

// maxRuling is the longest ruling /judge resolve records, in characters.
const maxRuling = 1500

// registerAll defines every command. Descriptions are at most 100
// characters (Discord's limit); option names are lower case.
func (r *Router) registerAll() {
	str := func(name, desc string, required, auto bool) Option {
		return Option{Name: name, Description: desc, Type: OptionString, Required: required, Autocomplete: auto, MaxLength: 200}
	}
	private := Option{Name: "private", Description: "Use your own scenario in this channel instead of the shared one", Type: OptionBoolean}

	crDate := func(name, desc string) Option { o := str(name, desc, false, true); o.MaxLength = 20; return o }
	r.Command(Definition{Name: "rule", Description: "Show a Comprehensive Rules rule with its subrules", Type: SlashCommand, Options: []Option{
		str("number", "Rule number such as 302.6, 704.5k, 302 or 3 (a trailing dot shows the rule alone)", true, true),
		crDate("cr", "Effective date of an older CR version held, such as 2025-11-14 (default: the newest)"),
	}}, r.rule, r.completeRuleOrDate)
	r.Command(Definition{Name: "define", Description: "Look a term up in the Comprehensive Rules glossary", Type: SlashCommand, Options: []Option{str("term", "Glossary term such as summoning sickness", true, true)}}, r.define, r.completeTerm)
	searchKind := Option{Name: "kind", Description: "Only this kind of source", Type: OptionString, Choices: searchKinds}
	r.Command(Definition{Name: "search", Description: "Search the rules, glossary, cards and tournament documents", Type: SlashCommand, Options: []Option{str("query", "Words, a question, or a pasted paragraph", true, false), searchKind}}, r.search, nil)
	question := str("question", "The situation and the question, naming the cards", true, false)
	question.MaxLength = maxQuestion
	r.Command(Definition{Name: "ask", Description: "Ask a rules question or a judge call in your own words; names the deciding rules", Type: SlashCommand, Options: []Option{question}}, r.ask, nil)
	r.Command(Definition{Name: "card", Description: "Show a card's Oracle text", Type: SlashCommand, Options: []Option{str("name", "Card name (English or a printed foreign name)", true, true)}}, r.card, r.completeCard)
	r.Command(Definition{Name: "rulings", Description: "Show a card's published rulings", Type: SlashCommand, Options: []Option{str("name", "Card name", true, true)}}, r.rulings, r.completeCard)
	r.Command(Definition{Name: "mtr", Description: "Show a section of the Magic Tournament Rules", Type: SlashCommand, Options: []Option{str("section", "Section such as 4.2, or words of its title", true, true)}}, r.doc("mtr"), r.completeDoc("mtr"))
	r.Command(Definition{Name: "ipg", Description: "Show a section of the Infraction Procedure Guide", Type: SlashCommand, Options: []Option{str("infraction", "Infraction name or judges' abbreviation (hce, gpe, mt), or a section such as 2.1", true, true)}}, r.doc("ipg"), r.completeDoc("ipg"))
	r.Command(Definition{Name: "jar", Description: "Show the Judging at Regular guide", Type: SlashCommand, Options: []Option{str("section", "Part of the document (optional)", false, true)}}, r.doc("jar"), r.completeDoc("jar"))
	line := str("line", "One scenario line; leave empty to paste several in a form", false, false)
	line.MaxLength = 500
	r.Command(Definition{Name: "scenario", Description: "Build a board state and ask the layer engine about it", Type: SlashCommand, Options: []Option{
		{Name: "new", Description: "Start a new scenario in this channel", Type: OptionSubcommand, Options: []Option{private}},
		{Name: "add", Description: "Add a line (or paste several) and show the result", Type: OptionSubcommand, Options: []Option{line, private}},
		{Name: "show", Description: "Show the scenario and the engine's answers", Type: OptionSubcommand, Options: []Option{private}},
		{Name: "undo", Description: "Remove the last line", Type: OptionSubcommand, Options: []Option{private}},
		{Name: "reset", Description: "Throw the scenario away", Type: OptionSubcommand, Options: []Option{private}},
	}}, nil, nil)
	r.Subcommand("scenario", "new", r.scenarioCmd(r.scenarioNew))
	r.Subcommand("scenario", "add", r.scenarioCmd(r.scenarioAdd))
	r.Subcommand("scenario", "show", r.scenarioCmd(r.scenarioShow))
	r.Subcommand("scenario", "undo", r.scenarioCmd(r.scenarioUndo))
	r.Subcommand("scenario", "reset", r.scenarioCmd(r.scenarioReset))
	r.Command(Definition{Name: "cr", Description: "The Comprehensive Rules versions held and what changed between them", Type: SlashCommand, Options: []Option{
		{Name: "diff", Description: "Rules added, removed, renumbered and changed between two CR versions", Type: OptionSubcommand, Options: []Option{
			str("rule", "Only this rule or section, such as 702 or 702.19 (default: everything)", false, true),
			crDate("from", "Effective date of the older version (default: the one before to)"),
			crDate("to", "Effective date of the newer version (default: the newest held)"),
		}},
	}}, nil, r.completeCR)
	r.Subcommand("cr", "diff", r.crDiff)
	ruling := str("ruling", "What you ruled, and why", true, false)
	ruling.MaxLength = maxRuling
	callOpt := str("call", "The call (default: the call of this thread, or the one you claimed)", false, true)
	callOpt.MaxLength = 20
	r.Command(Definition{Name: "judge", Description: "Call a judge; judges claim, resolve and record rulings", Type: SlashCommand, Options: []Option{
		{Name: "call", Description: "Call a judge: your question goes to the judge channel", Type: OptionSubcommand, Options: []Option{question}},
		{Name: "resolve", Description: "Judges: record the ruling on a call, with its citations", Type: OptionSubcommand, Options: []Option{
			ruling, str("cite", "The rules and sections it rests on: CR 302.6, IPG 2.1, MTR 4.2", true, false), callOpt}},
		{Name: "rulings", Description: "Rulings recorded on this server, by card or rule", Type: OptionSubcommand, Options: []Option{
			str("card", "A card the ruling is about", false, true), str("rule", "A rule or section it cites: 302.6, IPG 2.1", false, false)}},
		{Name: "queue", Description: "Judges: the open calls, their age and who has them", Type: OptionSubcommand},
		{Name: "forget", Description: "Judges: delete a recorded ruling", Type: OptionSubcommand, Options: []Option{
			{Name: "ruling", Description: "The ruling's id, as /judge rulings shows it", Type: OptionString, Required: true, MaxLength: 20}}},
		{Name: "handoff", Description: "Judges: pass a call to another judge", Type: OptionSubcommand, Options: []Option{
			{Name: "to", Description: "The judge who takes the call", Type: OptionUser, Required: true}, callOpt}},
	}}, nil, r.completeJudge)
	r.Subcommand("judge", "call", r.judgeCallCmd)
	r.Subcommand("judge", "resolve", r.judgeResolve)
	r.Subcommand("judge", "rulings", r.judgeRulings)
	r.Subcommand("judge", "queue", r.judgeQueue)
	r.Subcommand("judge", "forget", r.judgeForget)
	r.Subcommand("judge", "handoff", r.judgeHandoff)
	r.Command(Definition{Name: "admin", Description: "The bot owners' commands", Type: SlashCommand, AdminsOnly: true, Options: []Option{
		{Name: "reload", Description: "Fetch newer rules and cards and reload the data served (owners only)", Type: OptionSubcommand},
	}}, nil, nil)
	r.Subcommand("admin", "reload", r.adminReload)
	r.Command(Definition{Name: "help", Description: "What Arbiter can do", Type: SlashCommand}, r.help, nil)
	r.Command(Definition{Name: FindRules, Type: MessageCommand}, r.findRules, nil)

	r.Button("pg", r.pageButton)
	r.Button("cite", r.citeButton)
	r.Button("scn", r.scenarioButton)
	r.Button("rulings", r.rulingsButton)
	r.Button("crd", r.crDiffButton)
	r.Modal("scn", r.scenarioModal)
	r.Button("jc", r.judgeButton)
	r.Modal("jc", r.judgeModal)
}

// FindRules is the message context-menu command's name.
const FindRules = "Find rules"
