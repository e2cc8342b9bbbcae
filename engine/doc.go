// Package engine is Arbiter's rules engine: objects on the battlefield, their
// characteristics computed through the layer system of CR 613 (copy effects,
// control, type, color, abilities and power/toughness, with
// characteristic-defining abilities first, timestamps and dependencies),
// attack/block/{T}/{Q} checks with the rules that decide them, an
// oracle-text compiler for the common continuous-effect templates, and the
// scenario language that drives it all.
//
// # Scenario language
//
// One statement per line; # starts a comment; names are case-insensitive;
// "-" is accepted for "—". Every statement gets the next timestamp.
//
//	define NAME = [MANA COST] [COLOR WORDS] TYPE LINE [P/T] ["RULES TEXT"] | define FRONT // BACK
//	[you: | opponent:] cast CARD [(mode N) | (modes N and N)] [targeting REF [and REF ...]] [(X=N)] [(sacrificing REF [and REF ...])] [(paid) | (not paid)] [(on the stack)] [(face down)]
//	[you: | opponent:] effect "TEXT" [as ALIAS] [targeting REF [and REF ...]]
//	put N KIND counter(s) on REF
//	remove N KIND counter(s) from REF
//	attach REF to REF
//	tap REF | untap REF
//	[you: | opponent:] regenerate REF
//	turn REF face up | turn REF face down
//	transform REF
//	next step | next turn | end of turn
//	end ALIAS
//	? can REF attack|block|tap|untap
//	? life | ? stack | ? turn | ? graveyard | ? exile | ? hand | ? damage REF
//	? REF
//	you|opponent gain(s) control of REF [until end of turn] [as ALIAS]
//	REF becomes blocked
//	REF becomes a copy of REF [, except [it doesn't copy that creature's color] [and] [it has this ability]]
//	change the text of REF: replace [every] "WORD" with "WORD" [as ALIAS] | change the name of REF to "NAME" [as ALIAS]
//	REF leaves the battlefield
//	attack with REF [and REF ...] [at opponent | at REF]
//	block REF with REF [and REF ...]
//	combat damage
//	resolve [targeting REF | you | opponent] | resolve all
//	destroy REF [and REF ...] | sacrifice REF [and REF ...] | exile REF [and REF ...] | return REF to its owner's hand
//	REF assigns N to REF | you | opponent [and N to ...]
//	REF deals N damage to REF | you | opponent
//	REF | you | opponent takes N damage
//	you|opponent gain(s)|lose(s) N life | you|opponent has|have [at least] N life|poison counters|cards in hand|cards in graveyard|cards in library
//	you|opponent get(s) an emblem with "TEXT" [as ALIAS]
//	[you: | opponent:] CARD [as ALIAS] [(MODIFIERS)]
//
// MODIFIERS, comma-separated: token, tapped, new, face down, attached to
// REF, N KIND counter(s), copy of REF [except ...] (enters as a copy,
// 707.5), chosen CHOICE or choose CHOICE (a color, creature type or basic
// land type chosen as it entered, 614.12a, read where its text says "the
// chosen ..."), named CARD (a card name chosen as it entered, which must
// be a card's, 201.4, read where its text says "the chosen name"),
// condition holds (its abilities' conditions on what the
// scenario doesn't hold, such as this turn's events or a hand whose size
// it hasn't stated, hold), transformed (a
// double-faced card enters with its back face up, 712.14a), manifested (any
// card enters as a face-down 2/2 creature, 701.40a), in hand, in
// graveyard, in exile or in library (the card is put in its owner's zone
// instead of onto the battlefield). "? you" and "?
// opponent" list the effects on that player (613.10). The statements are
// tried in this order (engine.Grammar); the
// last takes any other line. The exceptions the card's own enter-as-a-copy
// ability states about types, abilities, legendary and power and toughness
// ("except it's an Illusion in addition to its other types", "except it's
// 7/7") are part of the copiable values (707.9b); with a power and
// toughness stated, a characteristic-defining ability of the copied object
// that defines them is not copied (707.9d). Any other exception is
// reported, not applied.
//
// In rules text, \n separates abilities and \" is a quote. REF is an alias
// or the name an object entered with. "end ALIAS" ends an effect named with
// "as ALIAS", or the effects of a cast card by its name. In an effect
// statement, "this creature" (or that object's name) is the first object it
// targets.
//
// # Assumptions
//
// The scenario starts in the precombat main phase of turn 1, your turn:
// you are the active player until "next turn" makes it the opponent's
// (102.1). Players begin with 20 life (119.1). Objects have been under
// their controller's control since the turn began unless they enter with
// "new" or change controller (302.6); an object without "new" has been on
// the battlefield since before the turn and triggers nothing as it is
// written, and the active player's untapped during their untap step
// (502.3), so "enters tapped" taps it only with "new". On your turn the opponent is the defending player (506.2), so
// "? can REF block" answers for the opponent's creatures now, and for
// yours whether they could block on an opponent's turn, saying so. "? can
// REF tap" and "untap" ask whether it can pay a {T} or {Q} cost (107.5,
// 107.6); for a creature under its controller's control only since this
// turn, tapping has two readings and both are answered: its own {T}
// abilities can't be activated (302.6), but it can still be tapped to pay
// a cost such as convoke or crew (702.51a, 702.122a). Activated abilities
// are listed on objects but not run; their results are stated with
// statements.
//
// # Text-changing effects
//
// "change the text of REF: replace \"white\" with \"blue\"" is a
// text-changing effect (612.1) applied in layer 3 (613.1c) in timestamp
// order: it changes a color word, a basic land type or a creature type
// into another of the same kind wherever the object's type line and rules
// text use it in that sense (612.2), with its "non" form, plurals and
// landwalk, but never in a card name (612.2) nor in an ability an effect
// granted (612.3). The changed rules text is compiled again, so the later
// layers see its new abilities. "change the name of REF to \"NAME\""
// sets its name (612.8). "end ALIAS" ends either. Volrath's Shapeshifter
// (612.6), exchanging text boxes (612.5) and splice (612.10) are not
// modelled. Triggered abilities trigger with the changed text; text that
// names the object still means it after its name is set (201.5).
//
// # Objects outside the battlefield, double-faced and face-down objects
//
// The layer system applies in every zone: "? REF" on a card in a hand,
// graveyard, library or exile, or on a spell cast "(on the stack)",
// answers with its characteristics there: its front face (712.8a), its
// own characteristic-defining abilities (113.6a, 604.3), then the
// effects of static abilities of permanents whose text reaches it
// (611.3a) in timestamp order: "Cards in graveyards lose all abilities",
// "Creature cards in your graveyard have ...", "All cards that aren't on
// the battlefield, spells, and permanents are colorless". Necrotic Ooze's
// "it has all activated abilities of all creature cards in all
// graveyards" reads those cards as the layers leave them. A card there
// has no controller (108.4); a spell's is its caster, and protection
// reads a resolving spell's colors from there (702.16b). "cast ALIAS"
// casts the card put in the hand "as ALIAS".
//
// Counts of cards in graveyards and hands ("Tarmogoyf's power is equal to
// the number of card types among cards in all graveyards", "for each
// creature card in your graveyard") read the game whenever the layers are
// applied: characteristic-defining abilities in layer 7a (613.4a), in
// every zone (a card in a graveyard counts itself), "for each" in 7c. A
// graveyard holds what the scenario put there and what went there (it
// starts empty); a spell is there once it has resolved (608.2n), before
// state-based actions are checked (704.3). A hand is counted once "you
// have N cards in hand" states its size; a count of some kind of card in
// it needs its cards named. "you have N cards in graveyard" adds cards
// the scenario doesn't name: they count as cards, their types are
// unknown. What isn't held is unknown and said so. "Equal to your life
// total" reads the life total (20 unless stated, 119.1). "at least"
// states a lower bound of a life total, a hand or a graveyard: it decides
// the conditions a bound decides ("seven or more cards are in your
// graveyard") and leaves counts that need the number unknown. Conditions of
// static abilities on the same zones and on life totals (threshold,
// delirium, hellbent, "you have 30 or more life") are decided by the
// game the same way (611.3a); "condition holds" decides them only when
// the scenario doesn't hold what they read.
//
// "define FRONT // BACK" makes two defined cards the faces of a nonmodal
// double-faced card (712.2). "transform REF" turns it over (701.27a): it
// has only the characteristics of the face up (712.8d, 712.8e), it is the
// same object with its counters, damage, attachments and the effects
// that applied to it (712.18), and it gets a new timestamp (613.7g). A
// permanent that isn't a double-faced card doesn't transform (701.27c),
// nor a face-down one (712.15a); a double-faced permanent can't be turned
// face down (712.16); a transforming permanent whose other face is an
// instant or sorcery doesn't (701.27d). A face-down permanent is a 2/2
// creature with no text, name, subtypes or mana cost (708.2a, layer 1b);
// turned face up it is the same object, and effects that applied to it
// still apply (708.8). A manifested instant or sorcery stays face down
// (701.40g). "cast CARD (face down)" casts it face down, as morph allows
// (702.37c): on the stack it is a 2/2 creature spell with no name, text,
// subtypes or mana cost (708.4), and it enters face down.
//
// "you get an emblem with \"TEXT\"" puts an emblem into that player's
// command zone (114.2). It has only its abilities (114.3); they function
// there (114.4, 113.6p), so its static abilities apply to the permanents
// their text names, those that enter later included (611.3a), with the
// emblem's timestamp (613.7d), and "you" is its owner. "? emblem" (or its
// alias) shows it. Its triggered abilities are reported, not run.
//
// # Damage, combat, zones and triggers
//
// Damage is processed into its results (120.3): marked on a creature,
// loyalty removed from a planeswalker (which enters with its printed
// loyalty in loyalty counters unless its statement gives them, 306.5b),
// life lost by a player, -1/-1
// counters and poison for wither and infect, life gained for lifelink,
// prevented by protection (702.16e). An instant or sorcery's damage, life
// and draw sentences are carried out with the spell as the source and its
// player targets ("cast Lightning Bolt targeting opponent"); it then goes
// to its owner's graveyard (608.2n). Cast with "(on the stack)", a spell
// waits on the stack (601.2a) with its targets chosen, so others can be
// cast in response; "resolve" resolves the top one, checking its targets
// then (608.2b). A permanent spell resolves by becoming a permanent under
// its caster's control (608.3a), an Aura attached to its target if its
// enchant ability can still enchant it, else it goes to the graveyard
// (608.3b, 608.3c). A card put in the hand "as ALIAS" and cast by that
// alias keeps it on the stack ("? ALIAS", "cast Cancel targeting ALIAS").
// A countered spell goes to its owner's graveyard (701.6a), through the
// effects that replace that (614.1a). A spell cast face down is, to a
// counterspell, a colorless 2/2 creature spell (708.4). "resolve all"
// resolves the top object again until the stack is empty (117.4): after
// each, state-based actions are performed and what triggered goes on the
// stack (117.5), so it resolves before the spells below it (603.3); each
// object resolves with a timestamp of its own (613.7b); on an empty stack
// it does nothing. A triggered ability's target (other than "target
// opponent", the one opponent) is chosen as it goes on the stack
// (603.3d): when exactly one choice is legal (115.1, with hexproof,
// shroud and protection), the engine takes it and notes it; with none,
// the ability is removed from the stack; with several, "resolve all"
// stops there and names them, and "resolve targeting REF" chooses one.
//
// After each statement that changes the game a player would receive
// priority, so the state-based actions are checked and performed as one
// event until none applies (704.3): 704.5a-d, 704.5f-j, 704.5m, 704.5n
// and 704.5q. Then the triggered abilities that triggered go on the stack,
// the active player's first (603.3b), and the check repeats.
//
// "attack with" declares attackers with the checks of "? can REF attack"
// (508.1) and taps them unless they have vigilance; "block" declares
// blockers with those of "? can REF block" and flying, reach, protection,
// shadow, menace and the blocking restrictions of their text (509.1).
// "combat damage" performs the remaining combat damage steps: a first one
// for creatures with first strike or double strike (510.4), then the
// regular one, with state-based actions between, stopping when triggered
// abilities wait on the stack (500.2). A blocked creature's controller
// divides its damage among its blockers as they choose (510.1c); the
// engine assigns lethal damage to each in the order declared (1 with
// deathtouch, 702.2c) and the rest to the last blocker, or with trample
// to the player or planeswalker attacked (702.19b), and says so.
//
// A permanent that leaves the battlefield becomes a new object in its
// owner's graveyard, hand or exile (400.7); a token there ceases to exist
// (704.5d). "? REF" on a permanent that has left answers where it went,
// and "? can REF attack" answers no. Zones are asked with "? graveyard", "? exile" and "? hand";
// "? life" gives life, poison counters, hand and library sizes.
//
// Triggered abilities run when their trigger event is one the engine
// recognises: enters, dies or is put into a graveyard from the
// battlefield (also "a creature dealt damage by ~ this turn dies"), leaves
// the battlefield (looking back in time, 603.10a),
// attacks, attacks and isn't blocked, blocks (a creature), becomes
// blocked, deals (combat) damage (to a player or an opponent), you gain life (once per
// source and event, 119.9: lifelink's gain from one combat damage step is
// one), the beginning of the upkeep, of combat and of the end step, and
// end of combat. "resolve" resolves the top object of the stack
// (405.5), with "targeting" for the targets it needs; its effect is
// carried out if it is gaining or losing life, damage, drawing, counters,
// "+N/+N until end of turn", returning the card its linked ability exiled
// (607.2a) or what the spell compiler models, and any other part is
// reported as not modelled. "next step", "next turn" and "end of turn" walk the turn:
// untap (502.3), upkeep and end step triggers, drawing (504.1), combat,
// and the cleanup step, where damage wears off and "until end of turn"
// effects end (514.2). A step ends only with the stack empty (500.2).
//
// Text the compiler cannot model is reported, never dropped, and an answer
// that may depend on it says so in the answer itself (QueryResult's
// DependsOnUnmodelled, "depends_on_unmodelled" in JSON): an unmodelled
// static sentence of the object, of what is attached to it, or of any
// permanent whose sentence may reach it, and an unmodelled sentence of a
// spell or effect that targeted it or targeted nothing. A printed "*" power
// or toughness that no modelled ability defines is unknown, not 0: it is
// not shown as a number and 704.5f does not apply to it.
//
// Coverage reports, per sentence class, how many static-ability sentences
// of a set of permanents the compiler models; the catalogue test runs it
// over the whole MTGJSON catalogue.
//
// Every rule number the package cites is checked against the loaded
// Comprehensive Rules in tests.
package engine
