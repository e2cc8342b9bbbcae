package tourney

import (
	"regexp"
	"strings"
)

// Rules Enforcement Levels (MTR 1.12).
const (
	Regular      = "regular"
	Competitive  = "competitive"
	Professional = "professional"
)

// programRowRe reads one row of the chart in MTR Appendix F ("Rules
// Enforcement Levels of Programs"): a program's name, then its level,
// then an optional note ("Regular (Competitive recommended)").
var programRowRe = regexp.MustCompile(`\s*(.+?)\s+(Regular|Competitive|Professional)(?:\s*\([^)]*\))?`)

// FormerPrograms are programs of earlier editions of Appendix F, and the
// short names players give them, that calls still name: the level they
// were run at.
var FormerPrograms = map[string]string{
	"Grand Prix":                     Competitive,
	"GP":                             Competitive,
	"Grand Prix Trial":               Competitive,
	"GPT":                            Competitive,
	"Preliminary Pro Tour Qualifier": Competitive,
	"PPTQ":                           Competitive,
	"Regional Pro Tour Qualifier":    Competitive,
	"RPTQ":                           Competitive,
	"PTQ":                            Competitive,
	"RCQ":                            Competitive,
	"Super Sunday Series":            Competitive,
	"World Magic Cup Qualifier":      Competitive,
	"Mythic Championship":            Professional,
	"World Magic Cup":                Professional,
	"Worlds":                         Professional,
	"FNM":                            Regular,
	"Pre-release":                    Regular,
}

// Programs returns the programs the loaded MTR's Appendix F names, each
// with its level, read from the chart.
func (l *Library) Programs() map[string]string {
	out := map[string]string{}
	for _, s := range l.Sections(MTR) {
		if !strings.Contains(strings.ToLower(s.Title), "enforcement levels of programs") {
			continue
		}
		for _, para := range strings.Split(s.Text, "\n") {
			_, chart, ok := strings.Cut(para, "Program Rules Enforcement Level")
			if !ok {
				continue
			}
			for _, m := range programRowRe.FindAllStringSubmatch(chart, -1) {
				name := strings.TrimSpace(strings.Trim(m[1], "–- "))
				if name != "" {
					out[name] = strings.ToLower(m[2])
				}
			}
		}
	}
	return out
}
