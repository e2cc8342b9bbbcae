package tourney

import (
	"sort"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// Abbrev is one judges' shorthand for an IPG infraction or section.
type Abbrev struct {
	Abbrev string // as judges write it
	Number string // IPG section
	Name   string // what it stands for
	Note   string // why it maps there, when that is not obvious
}

// Abbreviations is the one table of IPG shorthand in use on judge channels
// and in judge articles. Retired infractions map to the section that
// handles them now, with a note.
var Abbreviations = []Abbrev{
	{"GPE", "2", "Game Play Error", ""},
	{"MT", "2.1", "Missed Trigger", ""},
	{"L@EC", "2.2", "Looking at Extra Cards", ""},
	{"LEC", "2.2", "Looking at Extra Cards", ""},
	{"HCE", "2.3", "Hidden Card Error", ""},
	{"DEC", "2.3", "Drawing Extra Cards", "retired in 2020; handled as Hidden Card Error"},
	{"MPE", "2.4", "Mulligan Procedure Error", ""},
	{"GRV", "2.5", "Game Rule Violation", ""},
	{"GRE", "2.5", "Game Rule Error", "common slip for Game Rule Violation"},
	{"FtMGS", "2.6", "Failure to Maintain Game State", ""},
	{"FMGS", "2.6", "Failure to Maintain Game State", ""},
	{"TE", "3", "Tournament Error", ""},
	{"TARD", "3.1", "Tardiness", ""},
	{"OA", "3.2", "Outside Assistance", ""},
	{"SP", "3.3", "Slow Play", ""},
	{"D/DLP", "3.4", "Decklist Problem", ""},
	{"DLP", "3.4", "Decklist Problem", ""},
	{"DP", "3.5", "Deck Problem", ""},
	{"LPV", "3.6", "Limited Procedure Violation", ""},
	{"CPV", "3.7", "Communication Policy Violation", ""},
	{"PCV", "3.7", "Player Communication Violation", "former name of Communication Policy Violation"},
	{"MC", "3.8", "Marked Cards", ""},
	{"IS", "3.9", "Insufficient Shuffling", ""},
	{"USC", "4", "Unsporting Conduct", ""},
	{"UC", "4", "Unsporting Conduct", ""},
	{"USC-Minor", "4.1", "Unsporting Conduct — Minor", ""},
	{"USC-Major", "4.2", "Unsporting Conduct — Major", ""},
	{"IDW", "4.3", "Improperly Determining a Winner", ""},
	{"IDaW", "4.3", "Improperly Determining a Winner", ""},
	{"B&W", "4.4", "Bribery and Wagering", ""},
	{"BW", "4.4", "Bribery and Wagering", ""},
	{"AB", "4.5", "Aggressive Behavior", ""},
	{"ToTM", "4.6", "Theft of Tournament Material", ""},
	{"TTM", "4.6", "Theft of Tournament Material", ""},
	{"STALL", "4.7", "Stalling", ""},
	{"CHEAT", "4.8", "Cheating", ""},
}

var abbrevByKey = func() map[string]Abbrev {
	m := map[string]Abbrev{}
	for _, a := range Abbreviations {
		m[abbrevKey(a.Abbrev)] = a
	}
	return m
}()

// abbrevKey folds "USC-Minor", "usc minor", "L@EC" and "B&W" alike.
func abbrevKey(s string) string {
	s = strings.NewReplacer("@", "a", "&", "").Replace(s)
	return strings.ReplaceAll(fold.Key(s), " ", "")
}

// ResolveAbbrev turns a judges' abbreviation ("hce", "GRV", "usc minor")
// or an infraction name ("missed trigger", "hidden card error") into its
// IPG section number. It knows the table above and, once IPG is loaded,
// the titles of its sections.
func (l *Library) ResolveAbbrev(s string) (string, bool) {
	k := abbrevKey(s)
	if k == "" {
		return "", false
	}
	if a, ok := abbrevByKey[k]; ok {
		return a.Number, true
	}
	// "IPG" prefixes: "gpe-mt", "gpe hce", "te-dp".
	for _, p := range []string{"gpe", "te", "usc"} {
		if strings.HasPrefix(k, p) && len(k) > len(p) {
			if a, ok := abbrevByKey[k[len(p):]]; ok {
				return a.Number, true
			}
		}
	}
	// Full names: match the infraction part of a title ("Hidden Card
	// Error" in "Game Play Error — Hidden Card Error").
	q := fold.Key(s)
	for _, a := range Abbreviations {
		if fold.Key(a.Name) == q {
			return a.Number, true
		}
	}
	if l != nil {
		for _, sec := range l.Sections(IPG) {
			t := fold.Key(sec.Title)
			if t == q || strings.HasSuffix(t, " "+q) {
				return sec.Number, true
			}
		}
	}
	return "", false
}

// AbbreviationsFor lists the abbreviations that point at an IPG section,
// for showing beside it.
func AbbreviationsFor(number string) []string {
	var out []string
	for _, a := range Abbreviations {
		if a.Number == number && a.Note == "" {
			out = append(out, a.Abbrev)
		}
	}
	sort.Strings(out)
	return out
}
