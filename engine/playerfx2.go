package engine

import "regexp"

// More effects on players (613.10, 613.11): permissions and prohibitions
// on casting, playing and activating, spending mana, losing and winning
// the game, being attacked. They are listed on the players they name, as
// in playerfx.go; the first playerRules entry that matches decides, so
// these general forms come after the specific ones.

func init() {
	who2 := func([]string) int { return 2 }
	playerRules = append(playerRules, []playerRule{
		// 601.3: a player can cast a spell only if a rule or effect allows
		// it; 116.2a: playing a land is a special action.
		{re: regexp.MustCompile(`^` + reSubj + ` may (?:play|cast) [a-z0-9 ,'/{}+-]+$`), rule: "601.3"},
		{re: regexp.MustCompile(`^` + reSubj + ` can't play [a-z0-9 ,'/-]+$`), rule: "305.1"},
		// 602.5e, 606.3: when abilities may be activated; 602.5a: haste.
		{re: regexp.MustCompile(`^` + reSubj + ` may activate [a-z0-9 ,'~/-]+ any time (?:you|they) could cast an instant$`), rule: "602.5e"},
		{re: regexp.MustCompile(`^` + reSubj + ` may activate abilities of creatures (?:you|they) control as though those creatures had haste$`), rule: "602.5a"},
		{re: regexp.MustCompile(`^` + reSubj + ` may activate (?:the )?loyalty abilities of [a-z ~]+ (?:twice each turn rather than only once|on any player's turn any time you could cast an instant)$`), rule: "606.3"},
		// 609.4b: spending mana as though it were another type or color.
		{re: regexp.MustCompile(`^` + reSubj + ` may spend [a-z ]*mana(?: from [a-z ]+)? as though it were [a-z ]*mana(?: of any (?:color|type))?(?: to [a-z0-9 ,'~/-]+)?$`), rule: "609.4b"},
		{re: regexp.MustCompile(`^(your) maximum hand size is (?:eleven|twelve|fifteen|\d+)$`), rule: "402.2"},
		{re: regexp.MustCompile(`^` + reSubj + ` may spend other mana only as though it were colorless mana$`), rule: "609.4b"},
		// 104.3: losing the game; 104.2: winning it.
		{re: regexp.MustCompile(`^(you) can't lose the game(?: and your opponents can't win the game)?$`), rule: "104.3"},
		{re: regexp.MustCompile(`^(you) can't win the game and your opponents can't lose the game$`), rule: "104.2"},
		// 508.1c: a restriction on attacking.
		{re: regexp.MustCompile(`^(you) can't be attacked$`), rule: "508.1c"},
		// 101.2: "can't" takes precedence over effects that would make it
		// happen.
		{re: regexp.MustCompile(`^spells and abilities your opponents control can't cause (you) to [a-z ,]+$`), rule: "101.2", who: func([]string) int { return 1 }},
		{re: regexp.MustCompile(`^spells and abilities your opponents control can't cause their controller to [a-z ,]+$`), rule: "101.2", who: who2},
		{re: regexp.MustCompile(`^each opponent who [a-z ]+ can't [a-z ]+$`), rule: "101.2", who: who2},
		// 119.4: paying life.
		{re: regexp.MustCompile(`^` + reSubj + ` can't pay life(?: or sacrifice [a-z ]+)? to cast spells or activate abilities$`), rule: "119.4"},
	}...)
}
