package tourney

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Source names, shown with answers so a judge knows which edition spoke.
const (
	srcFrenchVanilla = "French-Vanilla judge documents"
	srcRulesLawyer   = "RulesLawyer parsed documents"
	srcHgarus        = "hgarus/mtgdocs"
)

// French-Vanilla: an index file per document and one file per section.

type fvMeta struct {
	EffectiveDate string `json:"effective_date"`
}

type fvIndex struct {
	Title        string `json:"title"`
	DocumentType string `json:"document_type"`
	Metadata     fvMeta `json:"metadata"`
	Sections     []struct {
		SectionNumber json.RawMessage `json:"section_number"`
		Title         string          `json:"title"`
	} `json:"sections"`
}

type fvSection struct {
	SectionNumber json.RawMessage `json:"section_number"`
	Title         string          `json:"title"`
	SectionKey    string          `json:"section_key"`
	Metadata      fvMeta          `json:"metadata"`
	Rules         []struct {
		Number  string `json:"number"`
		Title   string `json:"title"`
		Content string `json:"content"`
	} `json:"rules"`
	Infractions []struct {
		Number           string   `json:"number"`
		Title            string   `json:"title"`
		Penalty          *string  `json:"penalty"`
		Definition       *string  `json:"definition"`
		Examples         []string `json:"examples"`
		Philosophy       *string  `json:"philosophy"`
		AdditionalRemedy *string  `json:"additional_remedy"`
		Upgrade          *string  `json:"upgrade"`
	} `json:"infractions"`
}

func docFromKey(s string) string {
	s = strings.ToLower(s)
	for _, d := range Docs {
		if strings.HasPrefix(s, d) {
			return d
		}
	}
	return ""
}

// rawNumber reads a section number stored as 4 or "A".
func rawNumber(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return strings.TrimSpace(string(raw))
}

// headingPrefix strips "4. " or "Appendix B—" from a section heading.
var headingPrefix = regexp.MustCompile(`^(?:\d+\.\s*|Appendix\s+[A-Z]\s*[—–-]\s*)`)

func cleanTitle(s string) string {
	return strings.TrimSpace(headingPrefix.ReplaceAllString(strings.TrimSpace(s), ""))
}

func (l *Library) addFrenchVanillaIndex(data []byte) (bool, error) {
	var ix fvIndex
	if err := json.Unmarshal(data, &ix); err != nil {
		return true, errf("tournament document index: %w", err)
	}
	doc := docFromKey(ix.DocumentType)
	if doc == "" {
		return false, nil
	}
	eff, _ := parseDate(ix.Metadata.EffectiveDate)
	v := l.version(doc, srcFrenchVanilla, eff)
	for _, s := range ix.Sections {
		num := rawNumber(s.SectionNumber)
		if num == "" {
			continue
		}
		v.put(&Section{Number: num, Title: cleanTitle(s.Title)})
	}
	return true, nil
}

func (l *Library) addFrenchVanillaSection(data []byte) (bool, error) {
	var f fvSection
	if err := json.Unmarshal(data, &f); err != nil {
		return true, errf("tournament document section: %w", err)
	}
	doc := docFromKey(f.SectionKey)
	if doc == "" {
		return false, nil
	}
	eff, _ := parseDate(f.Metadata.EffectiveDate)
	v := l.version(doc, srcFrenchVanilla, eff)
	top := rawNumber(f.SectionNumber)
	if top != "" {
		v.put(&Section{Number: top, Title: cleanTitle(f.Title)})
	}
	for _, r := range f.Rules {
		text := strings.TrimSpace(r.Content)
		// Appendix content repeats its heading as the first line.
		if first, rest, ok := strings.Cut(text, "\n"); ok && cleanTitle(first) == r.Title {
			text = strings.TrimSpace(rest)
		}
		v.put(&Section{Number: r.Number, Title: r.Title, Text: text})
	}
	for _, in := range f.Infractions {
		s := &Section{Number: in.Number, Title: titleCase(in.Title)}
		if in.Penalty != nil {
			s.Penalty = strings.TrimSpace(*in.Penalty)
			// The titles end with the penalty ("… Missed Trigger No
			// Penalty"); the penalty has its own field.
			s.Title = strings.TrimSpace(strings.TrimSuffix(s.Title, s.Penalty))
		}
		var b strings.Builder
		part := func(head string, p *string) {
			if p == nil || strings.TrimSpace(*p) == "" {
				return
			}
			if b.Len() > 0 {
				b.WriteString("\n\n")
			}
			if head != "" {
				b.WriteString(head + "\n")
			}
			b.WriteString(strings.TrimSpace(*p))
		}
		part("", in.Definition)
		if len(in.Examples) > 0 {
			ex := strings.Join(in.Examples, "\n")
			part("Examples", &ex)
		}
		part("Philosophy", in.Philosophy)
		part("Additional Remedy", in.AdditionalRemedy)
		part("Upgrade", in.Upgrade)
		s.Text = b.String()
		if s.Title == "" && s.Text == "" {
			continue
		}
		v.put(s)
	}
	return true, nil
}

// RulesLawyer: a list of {text, subRules[], keywords[]} trees. Headings are
// "4.2 Tournament Shortcuts" (MTR), "2.1.  Game Play Error - Missed
// Trigger" (IPG) or unnumbered (JAR). IPG infractions have "Penalty",
// "Definition", … children whose own children hold the text.

type rlNode struct {
	Text     string   `json:"text"`
	SubRules []rlNode `json:"subRules"`
	Keywords []string `json:"keywords"`
}

var rlHeading = regexp.MustCompile(`^(\d+(?:\.\d+)?)\.?\s+(\S.*)$`)

// rlLabels are the IPG sub-headings whose children carry the text.
var rlLabels = map[string]bool{
	"Penalty": true, "Definition": true, "Examples": true, "Philosophy": true,
	"Additional Remedy": true, "Upgrade": true,
}

func (l *Library) addRulesLawyer(path string, data []byte) (bool, error) {
	var nodes []rlNode
	if json.Unmarshal(data, &nodes) != nil || len(nodes) == 0 {
		return false, nil
	}
	for _, n := range nodes {
		if n.Text == "" || n.SubRules == nil && n.Keywords == nil {
			return false, nil // not this format
		}
	}
	doc := rulesLawyerDoc(path, nodes)
	if doc == "" {
		return false, nil
	}
	var eff time.Time
	v := l.version(doc, srcRulesLawyer, eff)
	if doc == JAR {
		// Unnumbered: number the parts 1, 2, … and the issues of a part
		// 2.1, 2.2, … when they have their own remedy paragraphs.
		for i, n := range nodes {
			num := itoa(i + 1)
			var intro []string
			sub := 0
			for _, c := range n.SubRules {
				if len(c.SubRules) > 0 {
					sub++
					v.put(&Section{Number: num + "." + itoa(sub), Title: strings.TrimSpace(c.Text), Text: joinTree(c.SubRules)})
				} else {
					intro = append(intro, strings.TrimSpace(c.Text))
				}
			}
			v.put(&Section{Number: num, Title: strings.TrimSpace(n.Text), Text: strings.Join(intro, "\n\n")})
		}
		return true, nil
	}
	for _, n := range nodes {
		m := rlHeading.FindStringSubmatch(strings.TrimSpace(n.Text))
		if m == nil {
			if strings.EqualFold(strings.TrimSpace(n.Text), "Introduction") {
				v.put(&Section{Number: "0", Title: "Introduction", Text: joinTree(n.SubRules)})
			}
			continue
		}
		s := &Section{Number: m[1], Title: titleCase(strings.TrimSpace(strings.ReplaceAll(m[2], " - ", " — ")))}
		var parts []string
		for _, c := range n.SubRules {
			label := strings.TrimSpace(c.Text)
			if rlLabels[label] && len(c.SubRules) > 0 {
				body := joinTree(c.SubRules)
				if label == "Penalty" {
					s.Penalty = body
					continue
				}
				if label != "Definition" {
					body = label + "\n" + body
				}
				parts = append(parts, body)
				continue
			}
			parts = append(parts, joinTree([]rlNode{c}))
		}
		s.Text = strings.Join(parts, "\n\n")
		v.put(s)
	}
	return true, nil
}

// joinTree flattens paragraphs and their bullet children into text.
func joinTree(nodes []rlNode) string {
	var lines []string
	var walk func([]rlNode)
	walk = func(ns []rlNode) {
		for _, n := range ns {
			if t := strings.TrimSpace(n.Text); t != "" {
				lines = append(lines, t)
			}
			walk(n.SubRules)
		}
	}
	walk(nodes)
	return strings.Join(lines, "\n")
}

// rulesLawyerDoc tells the document from its keywords ("MTR 1.1", "IPG
// 2.2.") and headings, and falls back to the file name.
func rulesLawyerDoc(path string, nodes []rlNode) string {
	counts := map[string]int{}
	for _, n := range nodes {
		for _, k := range n.Keywords {
			if d := docFromKey(k); d != "" && len(k) > 3 && k[3] == ' ' {
				counts[d]++
			}
		}
	}
	best, bestN := "", 0
	for _, d := range Docs {
		if counts[d] > bestN {
			best, bestN = d, counts[d]
		}
	}
	if best != "" {
		return best
	}
	base := strings.ToLower(filepath.Base(path))
	for _, d := range Docs {
		if strings.HasPrefix(base, d) {
			return d
		}
	}
	// JAR's parts have fixed names.
	for _, n := range nodes {
		if strings.EqualFold(strings.TrimSpace(n.Text), "Common Issues") {
			return JAR
		}
	}
	return ""
}

// addKeyedSections reads hgarus/mtgdocs: an object keyed by section number
// whose values are {title, url, text}. The url tells the document.
func (l *Library) addKeyedSections(path string, obj map[string]json.RawMessage) (bool, error) {
	type entry struct {
		Title string `json:"title"`
		URL   string `json:"url"`
		Text  string `json:"text"`
	}
	entries := map[string]entry{}
	doc := ""
	for k, raw := range obj {
		if !rlHeading.MatchString(k+" x") && !isNumber(k) {
			return false, nil
		}
		var e entry
		if json.Unmarshal(raw, &e) != nil || e.Title == "" {
			return false, nil
		}
		entries[k] = e
		if doc == "" {
			for _, d := range Docs {
				if strings.Contains(strings.ToLower(e.URL), "/"+d) {
					doc = d
				}
			}
		}
	}
	if len(entries) == 0 {
		return false, nil
	}
	if doc == "" {
		doc = docFromKey(strings.ToLower(filepath.Base(path)))
	}
	if doc == "" {
		return false, nil
	}
	v := l.version(doc, srcHgarus, time.Time{})
	for k, e := range entries {
		title := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(e.Title), k))
		v.put(&Section{Number: k, Title: titleCase(title), Text: strings.TrimSpace(e.Text)})
	}
	return true, nil
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}

// titleCase turns the IPG's upper-case headings ("DEFINITION OF PENALTIES")
// into "Definition of Penalties"; mixed-case titles are left alone.
func titleCase(s string) string {
	if strings.ToUpper(s) != s {
		return s
	}
	small := map[string]bool{"of": true, "a": true, "the": true, "and": true, "to": true, "in": true, "for": true}
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		if i > 0 && small[w] {
			continue
		}
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

func itoa(i int) string { return strconv.Itoa(i) }
