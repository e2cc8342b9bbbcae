package commands

import "strings"

// headingSlack is how many more hits a search asks for than it shows, so
// that the subrules of a heading among the first hits are there to be put
// before it.
const headingSlack = 10

// headingsAfterSubrules moves every heading-only rule ("702.2. Deathtouch":
// a title and nothing else to read) below the last of its own subrules
// among the hits. A bare heading matches a question's key word exactly and
// so tends to rank first, but it is the subrules that answer; it still
// stays in the list, as the way to the whole rule.
func headingsAfterSubrules(hits []SearchHit, rules RuleBook) []SearchHit {
	out := append([]SearchHit(nil), hits...)
	for i := 0; i < len(out); i++ {
		h := out[i]
		if h.Kind != "rule" || !headingOnly(rules, h.ID) {
			continue
		}
		last := -1
		for j := i + 1; j < len(out); j++ {
			if out[j].Kind == "rule" && subruleOf(out[j].ID, h.ID) {
				last = j
			}
		}
		if last < 0 {
			continue
		}
		copy(out[i:last], out[i+1:last+1])
		out[last] = h
		i-- // out[i] is now the hit that followed the heading
	}
	return out
}

// headingOnly reports whether a rule has subrules and no text of its own
// beyond its title.
func headingOnly(rules RuleBook, id string) bool {
	r, ok := rules.Rule(id)
	if !ok || len(r.Children) == 0 {
		return false
	}
	text := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(r.Text), "."))
	return text == "" || strings.EqualFold(text, strings.TrimSpace(r.Title))
}

// subruleOf reports whether id is below parent in the rule tree: 702.2a
// and 702.2b under 702.2, 702.2 under 702 (but not 702.20 under 702.2).
func subruleOf(id, parent string) bool {
	if len(id) <= len(parent) || !strings.HasPrefix(id, parent) {
		return false
	}
	c := id[len(parent)]
	return c == '.' || (c >= 'a' && c <= 'z')
}
