package commands

import (
	"regexp"
	"sort"
	"strings"
)

var (
	cardRefRe = regexp.MustCompile(`\[\[([^\[\]\n]{1,100})\]\]`)
	ruleRefRe = regexp.MustCompile(`(?i)\b(?:CR|rules?)\s*(\d{3}\.\d{1,3}[a-z]?)\b`)
	bareRule  = regexp.MustCompile(`(?:^|[\s(])(\d{3}\.\d{1,3}[a-z]?)\b`)
	docRefRe  = regexp.MustCompile(`(?i)\b(MTR|IPG|JAR)(?:\s+(\d{1,2}(?:\.\d{1,2})?|[A-F]\b|[a-z]{2,4}\b))?`)
)

// References finds what a text refers to, in the order it mentions them,
// each once: [[Card Name]] (several per text), "CR 302.6" or "rule
// 704.5k", "MTR 4.2", "IPG 2.1", "IPG hce", "JAR" or "JAR 2.1", and, when
// bareRules is set (a judge channel, or a console line of references
// only), a bare rule number such as "302.6".
func References(text string, bareRules bool) []Request {
	type ref struct {
		at  int
		req Request
	}
	var refs []ref
	seen := map[string]bool{}
	add := func(at int, key string, req Request) {
		if !seen[key] {
			seen[key] = true
			refs = append(refs, ref{at, req})
		}
	}
	for _, m := range cardRefRe.FindAllStringSubmatchIndex(text, -1) {
		if name := strings.TrimSpace(text[m[2]:m[3]]); name != "" {
			add(m[0], "card:"+strings.ToLower(name), NewRequest("card", "name", name))
		}
	}
	rule := func(at int, id string) {
		add(at, "rule:"+strings.ToLower(id), NewRequest("rule", "number", strings.ToLower(id)))
	}
	for _, m := range ruleRefRe.FindAllStringSubmatchIndex(text, -1) {
		rule(m[0], text[m[2]:m[3]])
	}
	if bareRules {
		for _, m := range bareRule.FindAllStringSubmatchIndex(text, -1) {
			rule(m[2], text[m[2]:m[3]])
		}
	}
	for _, m := range docRefRe.FindAllStringSubmatchIndex(text, -1) {
		doc := strings.ToLower(text[m[2]:m[3]])
		section := ""
		if m[4] >= 0 {
			section = strings.ToLower(text[m[4]:m[5]])
		}
		if section == "" && doc != "jar" {
			continue // "the IPG says" names no section
		}
		add(m[0], doc+":"+section, NewRequest(doc, "section", section))
	}
	// Answer in the order the message mentions them.
	sort.SliceStable(refs, func(i, j int) bool { return refs[i].at < refs[j].at })
	out := make([]Request, len(refs))
	for i, r := range refs {
		out[i] = r.req
	}
	return out
}

// onlyReferences returns the references of a line that holds nothing
// else but separators ("[[Opt]] [[Fog]]", "CR 702.19b, MTR 4.2",
// "302.6"), nil for any other line.
func onlyReferences(line string) []Request {
	reqs := References(line, true)
	if len(reqs) == 0 {
		return nil
	}
	rest := line
	for _, re := range []*regexp.Regexp{cardRefRe, ruleRefRe, bareRule, docRefRe} {
		rest = re.ReplaceAllString(rest, " ")
	}
	for _, w := range strings.FieldsFunc(rest, func(r rune) bool { return strings.ContainsRune(" \t,;&+/", r) }) {
		if !strings.EqualFold(w, "and") {
			return nil
		}
	}
	return reqs
}
