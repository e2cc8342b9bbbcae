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
//	define NAME = [MANA COST] [COLOR WORDS] TYPE LINE [P/T] ["RULES TEXT"]
//	[you: | opponent:] cast CARD [targeting REF [and REF ...]]
//	[you: | opponent:] effect "TEXT" [as ALIAS] [targeting REF [and REF ...]]
//	put N KIND counter(s) on REF
//	remove N KIND counter(s) from REF
//	attach REF to REF
//	tap REF | untap REF
//	turn REF face up | turn REF face down
//	end ALIAS
//	? can REF attack|block|tap|untap
//	? REF
//	you|opponent gain(s) control of REF [until end of turn] [as ALIAS]
//	REF becomes a copy of REF [, except [it doesn't copy that creature's color] [and] [it has this ability]]
//	REF leaves the battlefield
//	[you: | opponent:] CARD [as ALIAS] [(MODIFIERS)]
//
// MODIFIERS, comma-separated: token, tapped, new, face down, attached to
// REF, N KIND counter(s), copy of REF [except ...] (enters as a copy,
// 707.5), chosen CHOICE (a color, creature type or basic land type chosen
// as it entered, 614.12a), condition holds (its abilities' conditions on
// what the scenario doesn't hold, such as a graveyard's size, hold). "? you" and "? opponent" list the effects on
// that player (613.10). The statements are tried in this order (engine.Grammar); the
// last takes any other line. The exceptions the card's own enter-as-a-copy
// ability states about types, abilities and legendary ("except it's an
// Illusion in addition to its other types") are part of the copiable
// values (707.9b); any other exception is reported, not applied.
//
// In rules text, \n separates abilities and \" is a quote. REF is an alias
// or the name an object entered with. "end ALIAS" ends an effect named with
// "as ALIAS", or the effects of a cast card by its name. In an effect
// statement, "this creature" (or that object's name) is the first object it
// targets.
//
// # Assumptions
//
// The scenario happens during your turn: you are the active player. Objects
// have been under their controller's control since the turn began unless
// they enter with "new" or change controller (302.6). On your turn the
// opponent is the defending player (506.2), so "? can REF block" answers
// for the opponent's creatures now, and for yours whether they could block
// on an opponent's turn, saying so. "? can REF tap" and "untap" ask whether
// it can pay a {T} or {Q} cost (107.5, 107.6); for a creature under its
// controller's control only since this turn, tapping has two readings and
// both are answered: its own {T} abilities can't be activated (302.6), but
// it can still be tapped to pay a cost such as convoke or crew (702.51a,
// 702.122a). Triggered and activated abilities are listed on objects but
// not run; their results are stated with statements. Text-changing effects
// (layer 3) are not modelled. After each statement the engine performs the
// state-based actions 704.5f, 704.5m, 704.5n and 704.5q and reports them.
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
