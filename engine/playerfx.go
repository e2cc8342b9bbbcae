package engine

import (
	"regexp"
	"strings"
)

// Effects of static abilities on players (613.10) and on how they play
// (613.11): hexproof for a player, maximum hand size, additional lands,
// skipped steps, what spells cost, which spells they can cast. They change
// no object's characteristics; they are applied to the players they name
// ("you" is the source's controller) after the layers, and a "? you" or
// "? opponent" question lists them with the rule that gives them meaning.

// playerSubject is who a sentence's subject names among the players: 1
// the source's controller, 2 that player's opponents, 3 every player.
var playerSubjects = map[string]int{
	"you": 1, "your": 1,
	"your opponents": 2, "each opponent": 2, "opponents": 2, "each opponent's": 2, "your opponents'": 2,
	"players": 3, "each player": 3, "all players": 3, "each player's": 3, "players'": 3,
	"a player": 3, "an opponent": 2,
}

const reSubj = `(you|your opponents|each opponent|opponents|players|each player|all players)`

// reSpellWords is a kind of spell as Oracle text names it ("instant and
// sorcery", "noncreature", "white", "artifact and enchantment", "Aura and
// Equipment"): colours, card types, a few subtypes and supertypes.
const reSpellWords = `(?:(?:non)?(?:white|blue|black|red|green|colorless|multicolored|monocolored|creature|artifact|enchantment|instant|sorcery|planeswalker|land|legendary|historic|aura|equipment|permanent|vehicle|dragon|spirit|arcane|tribal|kindred)(?:,? and |,? or |, | ))*?`

// playerRule is one template of an effect on players.
type playerRule struct {
	re   *regexp.Regexp
	rule string
	// who reads the players from the match (default: subjectOf(m[1])).
	who func(m []string) int
}

func subjectOf(m []string) int { return playerSubjects[m[1]] }

func youImperative([]string) int { return 1 }

// costWho reads who casts the spells a cost change applies to ("spells
// you cast", "spells your opponents cast", "spells" alone: every player).
func costWho(m []string) int {
	switch strings.TrimSpace(m[1]) {
	case "you cast":
		return 1
	case "your opponents cast", "an opponent casts", "each opponent casts":
		return 2
	}
	return 3
}

var playerRules = []playerRule{
	// 702.11c, 702.18a: hexproof and shroud on a player.
	{re: regexp.MustCompile(`^` + reSubj + ` (?:have|has) hexproof$`), rule: "702.11c"},
	{re: regexp.MustCompile(`^` + reSubj + ` (?:have|has) shroud$`), rule: "702.18a"},
	// 402.2: maximum hand size.
	{re: regexp.MustCompile(`^` + reSubj + ` (?:have|has) no maximum hand size$`), rule: "402.2"},
	{re: regexp.MustCompile(`^(your|each opponent's|each player's) maximum hand size is (?:reduced by |increased by )?(?:one|two|three|four|five|six|seven|eight|zero|\d+)$`), rule: "402.2"},
	// 305.2: additional land plays.
	{re: regexp.MustCompile(`^` + reSubj + ` may play (?:an|one|two|three) additional lands? (?:on|during) each of (?:your|their) turns$`), rule: "305.2"},
	// 614.10: skipping a step is a replacement effect.
	{re: regexp.MustCompile(`^` + reSubj + ` skips? (?:your|their) (?:untap|upkeep|draw) steps?$`), rule: "614.10"},
	// The imperative ("Skip your draw step.") is addressed to the
	// controller (109.5: "you" is the object's controller).
	{re: regexp.MustCompile(`^skip your (?:untap|upkeep|draw) step$`), rule: "614.10", who: youImperative},
	{re: regexp.MustCompile(`^play with the top card of your library revealed$`), rule: "401.5", who: youImperative},
	// 401.5: the top card of a library revealed or looked at.
	{re: regexp.MustCompile(`^` + reSubj + ` plays? with the top card of (?:your|their) librar(?:y|ies) revealed$`), rule: "401.5"},
	{re: regexp.MustCompile(`^` + reSubj + ` may look at the top card of (?:your|their) library (?:at )?any time$`), rule: "401.5"},
	// 701.20a: a hand played revealed.
	{re: regexp.MustCompile(`^` + reSubj + ` plays? with (?:your|their) hands? revealed$`), rule: "701.20a"},
	// 119.7, 119.8: can't gain or lose life.
	{re: regexp.MustCompile(`^` + reSubj + ` can't gain life$`), rule: "119.7"},
	{re: regexp.MustCompile(`^` + reSubj + ` can't lose life$`), rule: "119.8"},
	// 704.5a is the rule such an effect sets aside.
	{re: regexp.MustCompile(`^` + reSubj + ` (?:don't|doesn't) lose the game for having 0 or less life$`), rule: "704.5a"},
	// 601.3: a player can cast a spell only if no effect prohibits it;
	// 101.2: "can't" wins over "can".
	{re: regexp.MustCompile(`^` + reSubj + ` can't cast ` + reSpellWords + `spells$`), rule: "601.3"},
	{re: regexp.MustCompile(`^` + reSubj + ` can't cast more than (?:one|two|\d+) ` + reSpellWords + `spells? each turn$`), rule: "601.3"},
	{re: regexp.MustCompile(`^` + reSubj + ` can't cast ` + reSpellWords + `spells during (?:your|combat|their opponents' turns)(?: turn)?$`), rule: "601.3"},
	{re: regexp.MustCompile(`^` + reSubj + ` can't play lands$`), rule: "305.1"},
	{re: regexp.MustCompile(`^` + reSubj + ` can't draw more than (?:one|two|\d+) cards? each turn$`), rule: "121.1"},
	// Other restrictions on casting, activating and mana (601.3, 602.5,
	// 106.4, 122.1, 502.3), shown as written.
	{re: regexp.MustCompile(`^` + reSubj + ` can't cast [a-z0-9 ,'/-]+$`), rule: "601.3"},
	{re: regexp.MustCompile(`^` + reSubj + ` can cast spells (?:and activate abilities )?only during (?:their own turns|your turn)(?: and you can cast no more than (?:one|two|three) spells each turn)?$`), rule: "601.3"},
	{re: regexp.MustCompile(`^` + reSubj + ` can't activate [a-z0-9 ,'/-]+$`), rule: "602.5"},
	{re: regexp.MustCompile(`^` + reSubj + ` can cast spells only any time (?:they|you) could cast a sorcery$`), rule: "307.1"},
	{re: regexp.MustCompile(`^` + reSubj + ` can't get (?:poison )?counters$`), rule: "122.1"},
	{re: regexp.MustCompile(`^` + reSubj + ` (?:don't|doesn't) lose unspent (?:[a-z]+ )?mana as steps and phases end$`), rule: "106.4"},
	{re: regexp.MustCompile(`^` + reSubj + ` can't untap more than (?:one|two|three|\d+) [a-z]+ during (?:their|your) untap steps?$`), rule: "502.3"},
	// 601.3b: casting as though it had flash.
	{re: regexp.MustCompile(`^` + reSubj + ` may cast ` + reSpellWords + `spells as though they had flash$`), rule: "601.3b"},
	// 601.3: an effect that allows casting from another zone; 305.1 and
	// 116.2a: playing a land is a special action, normally from the hand.
	{re: regexp.MustCompile(`^` + reSubj + ` may cast ` + reSpellWords + `spells from the top of (?:your|their) library$`), rule: "601.3"},
	{re: regexp.MustCompile(`^` + reSubj + ` may play lands(?: and cast ` + reSpellWords + `spells)? from the top of (?:your|their) library$`), rule: "116.2a"},
	{re: regexp.MustCompile(`^` + reSubj + ` may play lands from (?:your|their) graveyard$`), rule: "116.2a"},
	// 614.11: replacing a draw; 614.1a: other events of the player
	// replaced ("instead").
	{re: regexp.MustCompile(`^if (you|a player|an opponent) would draw (?:a card|one or more cards)[^,]*, .+$`), rule: "614.11"},
	{re: regexp.MustCompile(`^if (you|a player|an opponent) would (?:gain life|lose life|flip (?:a|one or more) coins?|roll (?:a|one or more) (?:die|dice)|scry|mill (?:a card|one or more cards))[^,]*, .+ instead$`), rule: "614.1a"},
	{re: regexp.MustCompile(`^if (?:an effect|a spell or ability|one or more effects) would create (?:a|one or more|two or more|\d+ or more) (?:[a-z]+ )*tokens? under (your) control, .+ instead$`), rule: "614.1a", who: func(m []string) int { return 1 }},
	// 601.2f: cost increases and reductions, applied as the total cost is
	// determined; they affect the spells of the players who cast them.
	{re: regexp.MustCompile(`^` + reSpellWords + `spells( you cast| your opponents cast| an opponent casts| each opponent casts|)(?: that target (?:~|enchanted creature|equipped creature|[a-z ]+ you control)| during your turn)? cost (?:\{\d+\}|\{x\}|\{[wubrg]\}|\{\d+\}\{[wubrg]\}) (?:more|less) to cast(?: for each [a-z0-9 +/~']+|, where x is [a-z0-9 ',/+-]+)?$`), rule: "601.2f", who: costWho},
	// 609.4b: spending mana as though it were another type or color.
	{re: regexp.MustCompile(`^` + reSubj + ` may spend (?:[a-z]+ )?mana as though it were (?:[a-z]+ mana|mana of any (?:color|type))(?: to cast [a-z ]+ spells)?$`), rule: "609.4b"},
	// 305.2: the number of lands a player can play.
	{re: regexp.MustCompile(`^` + reSubj + ` may play any number of lands on each of (?:your|their) turns$`), rule: "305.2"},
	// 101.2: "can't" restrictions on what players do.
	{re: regexp.MustCompile(`^` + reSubj + ` can't search libraries$`), rule: "701.23a"},
	{re: regexp.MustCompile(`^` + reSubj + ` can't draw cards$`), rule: "121.1"},
	{re: regexp.MustCompile(`^` + reSubj + ` can't cycle cards$`), rule: "702.29a"},
	{re: regexp.MustCompile(`^` + reSubj + ` can't cast spells from (?:graveyards|libraries|graveyards or libraries)$`), rule: "601.3"},
	// 701.6a: a spell that can't be countered stays on the stack; the
	// spells of the player it names.
	{re: regexp.MustCompile(`^` + reSpellWords + `spells( you control|)(?: with [a-z0-9 ]+)? can't be countered$`), rule: "701.6a", who: func(m []string) int {
		if m[1] != "" {
			return 1
		}
		return 3
	}},
	// 508.1c, 509.1b: limits on how many creatures attack or block.
	{re: regexp.MustCompile(`^no more than (?:one|two|three|\d+) creatures? can attack each combat$`), rule: "508.1c", who: func([]string) int { return 3 }},
	{re: regexp.MustCompile(`^no more than (?:one|two|three|\d+) creatures? can block each combat$`), rule: "509.1b", who: func([]string) int { return 3 }},
}

var reChosenOrExiled = regexp.MustCompile(`\bthe chosen\b|\bexiled\b|\bthe same name as\b`)

// playerClass is the sentence class of effects on players.
const playerClass = "effect on players (613.10)"

func init() {
	addSentenceRules(sentenceRule{
		class: playerClass,
		match: func(low string) []string {
			for _, r := range playerRules {
				if m := r.re.FindStringSubmatch(low); m != nil {
					return m
				}
			}
			return nil
		},
		need: []string{"you", "player", "opponent", "spells", "skip", "play with", "no more than"},
		when: func(ctx *sctx) bool { return ctx.self },
		build: func(c *compiler, m []string, t *Template, ctx *sctx, _ []string) (Selector, bool) {
			if reChosenOrExiled.MatchString(m[0]) {
				return Selector{}, false // names a choice or cards the scenario doesn't hold
			}
			for _, r := range playerRules {
				pm := r.re.FindStringSubmatch(m[0])
				if pm == nil {
					continue
				}
				who := r.who
				if who == nil {
					who = subjectOf
				}
				n := who(pm)
				if n == 0 {
					return Selector{}, false
				}
				t.Parts = []Part{{Layer: lRules, Op: opPlayer, Players: n, RuleID: r.rule, RuleText: m[0]}}
				return Selector{Kind: selSelf, Noun: "~"}, true
			}
			return Selector{}, false
		},
	})
}

// addSentenceRules puts entries before the general form (the last entry).
func addSentenceRules(rs ...sentenceRule) {
	n := len(sentenceRules)
	last := sentenceRules[n-1]
	sentenceRules = append(append(sentenceRules[:n-1:n-1], rs...), last)
}

// playerEffect is an effect on one player, from a permanent's static
// ability.
type playerEffect struct {
	who Player
	e   *Effect
	p   Part
}

// PlayerEffect is one effect on a player: the rule, the source, and the
// text that makes it.
type PlayerEffect struct {
	Rule   string `json:"rule"`
	Source string `json:"source"`
	Text   string `json:"text"`
}

// notePlayerEffect applies an opPlayer part of e to the players it names.
func (s *state) notePlayerEffect(e *Effect, p Part) {
	ctrl := e.ctrlNow(s)
	opp := You
	if ctrl == You {
		opp = Opponent
	}
	if p.Players&1 != 0 {
		s.playerFx = append(s.playerFx, playerEffect{who: ctrl, e: e, p: p})
	}
	if p.Players&2 != 0 {
		s.playerFx = append(s.playerFx, playerEffect{who: opp, e: e, p: p})
	}
}

// playerQuery answers "? you" and "? opponent": the player's state (v)
// and the effects that apply to them now.
func (s *state) playerQuery(p Player, st *Stmt, v PlayerView) QueryResult {
	v.Effects = []PlayerEffect{}
	for _, pe := range s.playerFx {
		if pe.who == p {
			v.Effects = append(v.Effects, PlayerEffect{Rule: pe.p.RuleID, Source: pe.e.name(), Text: pe.e.t.Sentence})
		}
	}
	return QueryResult{Line: st.Line, Query: strings.TrimSpace(strings.TrimPrefix(st.Src, "?")), Player: &v}
}
