package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/commands"
	"github.com/arbiter-mtg/arbiter/internal/testrouter"
)

func refStrings(reqs []commands.Request) []string {
	var got []string
	for _, r := range reqs {
		for _, v := range r.Options {
			got = append(got, r.Command+":"+v)
		}
	}
	return got
}

func TestWatcherReferences(t *testing.T) {
	w := &Watcher{}
	tests := []struct {
		text  string
		judge bool
		want  []string // command:value, in order
	}{
		{"is [[Ensoul Artifact]] on [[ornithopter]] a 5/5?", false, []string{"card:Ensoul Artifact", "card:ornithopter"}},
		{"see CR 302.6 and rule 704.5k", false, []string{"rule:302.6", "rule:704.5k"}},
		{"rules 613.4c says; also cr613.1d", false, []string{"rule:613.4c", "rule:613.1d"}},
		{"[[Opt]] then CR 302.6 then [[Opt]] and [[opt]]", false, []string{"card:Opt", "rule:302.6"}},
		// Every reference is found; the reply decides how many to expand.
		{"[[A]] [[B]] [[C]] [[D]] [[E]] [[F]]", false, []string{"card:A", "card:B", "card:C", "card:D", "card:E", "card:F"}},
		{"no references: 302.6 alone, [[]], [[ ]], [[unclosed", false, nil},
		// In a judge channel a bare rule number is a reference.
		{"no references: 302.6 alone, [[]], [[ ]], [[unclosed", true, []string{"rule:302.6"}},
		{"(704.5k) and 302.6 and CR 302.6 again", true, []string{"rule:704.5k", "rule:302.6"}},
		{"[[line\nbreak]]", false, nil},
		// Tournament documents by section or judges' abbreviation.
		{"is this IPG 2.1 or IPG hce? MTR 4.2 says, and the JAR", false, []string{"ipg:2.1", "ipg:hce", "mtr:4.2", "jar:"}},
		// "IPG says" looks like an abbreviation; the look-up finds nothing
		// and the answer passes over it (TestWatcherAnswerIsCompact).
		{"the IPG says nothing here", false, []string{"ipg:says"}},
	}
	for _, tc := range tests {
		if got := refStrings(w.References(tc.text, tc.judge)); !slices.Equal(got, tc.want) {
			t.Errorf("%q (judge %v): %v, want %v", tc.text, tc.judge, got, tc.want)
		}
	}
}

// One compact reply per message: the first references expanded, the rest
// linked, duplicates once, and nothing for names that find nothing.
func TestWatcherAnswerIsCompact(t *testing.T) {
	w := &Watcher{Router: testrouter.Full(t), Max: 2}
	msg := "[[Ornithopter]] CR 302.6 [[Qqqqzzzz]] IPG hce [[Ensoul Artifact]] [[ornithopter]]"
	rep, ok := w.Answer(context.Background(), w.References(msg, false), "u", "c", "g")
	if !ok {
		t.Fatal("no answer")
	}
	var names []string
	for _, f := range rep.Fields {
		names = append(names, f.Name)
	}
	if len(rep.Fields) != 3 || !strings.HasPrefix(names[0], "Ornithopter") || names[1] != "Rule 302.6" || names[2] != "Also mentioned" {
		t.Fatalf("fields %q", names)
	}
	if also := rep.Fields[2].Value; !strings.Contains(also, "Hidden Card Error") || !strings.Contains(also, "Ensoul Artifact") || strings.Contains(also, "Qqqq") {
		t.Errorf("also mentioned: %s", also)
	}
	if _, ok := w.Answer(context.Background(), w.References("[[Qqqqzzzz]] and the IPG says", false), "u", "c", "g"); ok {
		t.Error("a reference that finds nothing was answered")
	}
}

// A channel gets at most Rate replies per Window.
func TestWatcherChannelRateLimit(t *testing.T) {
	w := &Watcher{Rate: 2, Window: time.Minute}
	now := time.Now()
	got := []bool{w.allow("c", now), w.allow("c", now), w.allow("c", now), w.allow("other", now), w.allow("c", now.Add(2*time.Minute))}
	if want := []bool{true, true, false, true, true}; !slices.Equal(got, want) {
		t.Errorf("allowed %v, want %v", got, want)
	}
}

func FuzzWatcherReferences(f *testing.F) {
	w := &Watcher{}
	for _, s := range []string{"[[Opt]] CR 302.6", "rule 704.5k [[[[x]]]]", "cr 1.1", "IPG 2.1 MTR A 302.6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		seen := map[string]bool{}
		for _, r := range w.References(s, true) {
			switch r.Command {
			case "card", "rule", "mtr", "ipg", "jar":
			default:
				t.Fatalf("reference %+v", r)
			}
			key := fmt.Sprint(r.Command, r.Options)
			if seen[key] {
				t.Fatalf("reference %s twice", key)
			}
			seen[key] = true
		}
	})
}

// References to several documents share one footer naming each
// document's edition once, without the page count of an answer the
// message shows only the start of (it has no page buttons).
func TestWatcherAnswerFooterNamesEveryEdition(t *testing.T) {
	r := testrouter.With(t, func(*commands.Deps) {})
	w := &Watcher{Router: r, Channels: map[string]bool{"c": true}}
	rep, ok := w.Answer(context.Background(), w.References("MTR 4.2 then IPG 2.1, CR 302.6 and MTR 4.2", true), "u", "c", "g")
	if !ok {
		t.Fatal("no answer")
	}
	if strings.Contains(rep.Footer, "Page ") {
		t.Errorf("footer %q counts pages the message has no buttons for", rep.Footer)
	}
	for _, doc := range []string{"MTR effective", "IPG effective", "Comprehensive Rules effective"} {
		if strings.Count(rep.Footer, doc) != 1 {
			t.Errorf("footer %q: %s not once", rep.Footer, doc)
		}
	}
	for _, f := range rep.Fields {
		if strings.HasPrefix(f.Name, "IPG 2.1") && !strings.Contains(f.Value, "**Penalty at Competitive REL:**") {
			t.Errorf("the missed trigger inline has no penalty:\n%s", f.Value)
		}
	}
}

// What the watcher expands links its page by name, not by a bare address,
// and a rule shortened inside its bold subrule numbers leaves no "**"
// open.
func TestWatcherAnswerLinksAndBalancesMarkdown(t *testing.T) {
	w := &Watcher{Router: testrouter.Full(t), Max: 3}
	rep, ok := w.Answer(context.Background(), w.References("[[Ornithopter]] and CR 702.19 and CR 613.1", false), "u", "c", "g")
	if !ok || len(rep.Fields) != 3 {
		t.Fatalf("answer %v: %+v", ok, rep.Fields)
	}
	for _, f := range rep.Fields {
		lines := strings.Split(f.Value, "\n")
		last := lines[len(lines)-1]
		if !strings.HasPrefix(last, "[Scryfall](https://") && !strings.HasPrefix(last, "[Yawgatog](https://") {
			t.Errorf("%q ends %q, not a named link", f.Name, last)
		}
		for _, l := range lines {
			if strings.HasPrefix(l, "http") {
				t.Errorf("%q has a bare address: %q", f.Name, l)
			}
		}
		if strings.Count(f.Value, "**")%2 != 0 {
			t.Errorf("%q leaves bold open:\n%s", f.Name, f.Value)
		}
	}
}

func TestClipMarkdownClosesNoBold(t *testing.T) {
	s := "**702.19a** Trample is a static ability. **702.19b** The controller of an attacking creature"
	for max := 1; max <= runes(s); max++ {
		got := clipMarkdown(s, max)
		if runes(got) > max || strings.Count(got, "**")%2 != 0 {
			t.Errorf("clipMarkdown(_, %d) = %q", max, got)
		}
	}
}

// A section with no page to link that does not fit its field says which
// command shows the rest (the IPG's Missed Trigger is longer than a field).
func TestWatcherSaysWhereTheRestIs(t *testing.T) {
	w := &Watcher{Router: testrouter.Full(t)}
	rep, ok := w.Answer(context.Background(), w.References("is this IPG 2.1?", false), "u", "c", "g")
	if !ok || len(rep.Fields) == 0 {
		t.Fatalf("answer %v: %+v", ok, rep.Fields)
	}
	if v := rep.Fields[0].Value; !strings.HasSuffix(v, "\n(the rest: /ipg 2.1)") || runes(v) > LimitFieldValue || strings.Count(v, "**")%2 != 0 {
		t.Errorf("IPG 2.1 field (%d runes) ends %q", runes(v), v[max(0, len(v)-80):])
	}
}
