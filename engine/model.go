package engine

// Layer is a layer or sublayer of CR 613.
type Layer int

// The layers in the order CR 613.1–613.4 applies them. lRules is not a
// layer: it holds effects that change game rules (613.11), such as "can't
// attack", which the checks read after characteristics are known.
const (
	L1a Layer = iota
	L1b
	L2
	L3
	L4
	L5
	L6
	L7a
	L7b
	L7c
	L7d
	lRules
)

var layerNames = [...]string{"1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "rules"}

// layerRules is the rule that defines each layer or sublayer.
var layerRules = [...]string{"613.2a", "613.2b", "613.1b", "613.1c", "613.1d", "613.1e", "613.1f", "613.4a", "613.4b", "613.4c", "613.4d", "613.11"}

func (l Layer) String() string { return layerNames[l] }

// Player is "you" (the active player: the scenario happens during your
// turn) or "opponent".
type Player int

const (
	You Player = iota
	Opponent
)

func (p Player) String() string {
	if p == Opponent {
		return "opponent"
	}
	return "you"
}

type abilityKind int

const (
	abKeyword abilityKind = iota
	abStatic
	abActivated
	abTriggered
	abEnchant
	abIntrinsic // the mana ability of a basic land type (305.6)
)

// Ability is one ability of an object: a keyword, a static ability with the
// continuous effects it generates, or an activated/triggered ability that is
// listed but not run.
type Ability struct {
	id      int
	Text    string
	Keyword string // folded keyword ("flying", "protection from red"); "" if none
	Kind    abilityKind
	Statics []*Template
	CDA     bool
}

type selKind int

const (
	selTarget selKind = iota
	selEnchanted
	selEquipped
	selSelf
	selFilter
	selZone // cards in zones other than the battlefield (offfield.go)
)

// Filter describes a set of permanents ("White creatures you control",
// "Each other non-Aura enchantment", "Nonbasic lands").
type Filter struct {
	Types         []string // all required
	NotTypes      []string
	Supertypes    []string
	NotSupertypes []string
	Subtypes      []string // any of
	NotSubtypes   []string
	Colors        []string // any of
	NotColors     []string
	// ColorCount: 0 any; 1 colorless (105.2c); 2 monocolored (105.2a);
	// 3 multicolored (105.2b).
	ColorCount  int
	With        []string // keywords it has ("creatures with flying")
	Without     []string // keywords it lacks
	Token       int      // 0 any, 1 tokens, 2 nontoken
	Name        string   // "named NAME", lower case
	Or          []Filter // "all Forests and all Saprolings": any of these
	HasCounter  string   // "with a +1/+1 counter on it"
	NoAbilities bool     // "with no abilities": none at all, mana abilities included
	Tapped      int      // 1 tapped, 2 untapped
	Other       bool
	Control     int // 0 any, 1 you, 2 an opponent
	// ThatPlayer: "each other creature that player controls" in a spell:
	// controlled by the controller of its first target, other than that
	// target; resolved into Control when the spell resolves.
	ThatPlayer bool
	// More: qualities read from the game state rather than the printed
	// card (combat, attachments, counters, power and toughness).
	More *filterMore
}

// Selector says what a template applies to.
type Selector struct {
	Kind   selKind
	Target int // index among the statement's targets, for selTarget
	Count  int // "two target creatures each": how many targets (0 means one)
	F      Filter
	Noun   string // how the text named it, for messages
	// Zones: the zones other than the battlefield whose cards (and, with
	// the stack, spells) the effect also applies to, matched by F
	// (offfield.go); a selZone selector applies to nothing else.
	Zones zoneMask
}

type opKind int

const (
	opControl opKind = iota
	opSetTypes
	opAddTypes
	opSetLandTypes
	opSetColors
	opAddAbilities
	opLoseAbilities
	opLoseAll
	opSetPT
	opSetPTMV
	opCDACount
	opModPT
	opSwitch
	opCantAttack
	opCantBlock
	opRemoveTypes
	opAddColors
	opModPTCount
	opSetPTCounters
	opRemoveLandTypes
	opRemoveCreatureTypes
	opRule     // another effect on game rules (613.11): combat requirements, restrictions, untapping
	opPlayer   // an effect on players (613.10) or on how they play (613.11): applies to no object
	opExchange // exchange control of two targets (701.12b)
	// opZoneAbilities: has the activated abilities of the cards in
	// graveyards that match Count (offfield.go).
	opZoneAbilities
	nOps
)

// Part is the piece of an effect that applies in one layer (613.6: "the
// parts of the effect each apply in their appropriate ones").
type Part struct {
	Layer      Layer
	Op         opKind
	Types      []string
	Supertypes []string // opAddTypes: supertypes added ("is legendary")
	Subtypes   []string
	Colors     []string
	Abilities  []*Ability
	Keywords   []string
	P, T       int
	Which      int // for opCDACount: 1 power, 2 toughness, 3 both
	Count      *Filter
	// Shares: opModPTCount counts only objects that share a creature type
	// with the affected object ("that shares a creature type with it").
	Shares bool
	// Counter: opSetPTCounters counts counters of this kind on the object;
	// opModPTCount too when set (on the source with CounterOnSource).
	Counter         string
	CounterOnSource bool
	// CountAttached: opModPTCount counts the objects with this subtype
	// attached to the affected object ("for each Aura attached to it").
	CountAttached string
	// KeepMana: opLoseAll keeps mana abilities ("except mana abilities");
	// KeepOwn keeps what this effect grants ("loses all other abilities").
	KeepMana, KeepOwn bool
	// RuleText and RuleID: what an opRule effect does, and the rule that
	// gives it meaning.
	RuleText, RuleID string
	// XSourceMV: opModPT's P and T are multiples of X, the mana value of
	// the effect's source ("gets +X/+0, where X is that artifact's mana
	// value").
	XSourceMV bool
	// Domain: opCDACount and opModPTCount count the basic land types
	// among lands the effect's controller controls.
	Domain bool
	// Hidden: opCDACount and opModPTCount count what the scenario
	// doesn't hold (life totals, exile, a chosen player's hand): the
	// result is unknown.
	Hidden string
	// Zone: opCDACount and opModPTCount count cards in graveyards or
	// hands (zonecounts.go).
	Zone *zoneCount
	// TPlus: opCDACount's toughness is the count plus TPlus ("and its
	// toughness is equal to that number plus 1"); its power is the count.
	TPlus int
	// More: the counts of counts.go (colors, counters, attachments,
	// devotion, "N plus", "twice").
	More *countMore
	// AttackYou: an opCantAttack restriction on attacking the source's
	// controller: 1 "can't attack you", 2 "can't attack you or
	// planeswalkers you control".
	AttackYou int
	// Players: whom an opPlayer effect applies to: 1 the source's
	// controller, 2 that player's opponents, 3 every player.
	Players int
	// Unless: a can't-attack/block restriction holds only while nothing
	// matches this filter ("unless defending player controls an Island").
	Unless *Filter
	// ReplaceSubtypes: the new subtypes replace the old ones of the same
	// kind (creature types, land types...), 205.1a.
	ReplaceSubtypes bool
	// Repl: the replacement or prevention effect (614, 615) an opRule or
	// opPlayer part is; applied where the event happens (replacement.go).
	Repl *Replacement
}

// Condition is an "as long as" condition of a static ability.
type Condition struct {
	Control  *Filter // "you control a[n] ..."
	AtLeast  int     // "you control N or more ...": how many (0 means one)
	Devotion string  // color letter: "your devotion to COLOR is less than Less"
	Less     int
	// Counter: "it has a KIND counter on it" (a resolved effect's "for as
	// long as" duration, 611.2b, or a static ability's condition on its
	// source).
	Counter string
	AtMost  int // with Counter or Control: at most this many (-1 or 0: no limit; see condHolds)
	// YourTurn: 1 "it's your turn", 2 "it's not your turn" (the scenario
	// is its active player's turn: yours).
	YourTurn int
	// Tapped: 1 "~ is tapped", 2 "~ is untapped".
	Tapped int
	// AttachedSub: "~ is equipped/enchanted": an object with this subtype
	// is attached to it.
	AttachedSub string
	// AttachedIs: "enchanted creature is red": the object it is attached
	// to matches.
	AttachedIs *Filter
	// None: "you control no FILTER" (Control must match nothing).
	None bool
	// SubjectIs: "it's black": the object the ability's sentence is about
	// (the source, or what it is attached to) matches.
	SubjectIs *Filter
	// Opponents: "you have N or more opponents" (a scenario has one).
	Opponents int
	// Hidden: the condition reads what the scenario doesn't hold (a
	// graveyard, a hand, life totals, this turn's events); it holds when
	// the statement says so ("(condition holds)").
	Hidden bool
	// Not: the effect exists while the condition does not hold ("can't
	// attack unless you control an artifact").
	Not bool
	// All, Any: "A and B", "A or B" (see conditional.go); Never: a
	// condition no permanent meets (113.6).
	All, Any []*Condition
	Never    bool
	// More: "you control more creatures than defending player" and
	// other conditions read in conditional.go.
	More *condMore
	// Zone: a condition on cards in a graveyard or hand or on a life
	// total (zonecond.go).
	Zone *zoneCond
	Text string
}

type actionKind int

const (
	actNone actionKind = iota
	actTap
	actUntap
	actCounters
	actDestroy
	actExile
	actBounce
)

// Template is one compiled sentence: a continuous effect (parts by layer)
// or a one-shot action, with what it applies to.
type Template struct {
	Cond     *Condition // "as long as ...": the effect exists only while it holds
	Sentence string
	Sel      Selector
	Parts    []Part
	UntilEOT bool
	CDA      bool
	Action   actionKind
	N        int
	Counter  string
	// EntersWith: a replacement effect putting N Counter counters on the
	// object as it enters (614.1c), not a continuous effect.
	EntersWith bool
	// EntersNote: the enters-with effect depends on how the object was
	// cast or on a choice as it entered, which the statement states (its
	// counters, "tapped"); it says what, for the message when it doesn't.
	EntersNote string
	// Spares: the protection this template grants doesn't remove "self"
	// (the Aura with the ability) or "auras" (702.16n).
	Spares string
	// If: "If that creature is a Snake, it gets +2/+2": a spell's
	// instruction carried out only if its target matches as it resolves.
	If *Filter
	// Mass: a mass action's qualities beyond its filter (mass.go);
	// NoRegen: "It can't be regenerated" (701.19c).
	Mass    *massSpec
	NoRegen bool
}

func (t *Template) hasLayer(l Layer) bool {
	for i := range t.Parts {
		if t.Parts[i].Layer == l {
			return true
		}
	}
	return false
}
