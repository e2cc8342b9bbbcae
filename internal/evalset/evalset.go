// Package evalset holds the real questions Arbiter's answers are measured
// against: questions players and judges actually asked in public — readers'
// questions answered by judges in Cranial Insertion, the judges' forum
// (apps.magicjudges.org), judge blogs (the Knowledge Pool scenarios on
// blogs.magicjudges.org, Pojo's judge column), r/mtgrules and other Magic
// subreddits, TappedOut's rules Q&A, Board & Card Games Stack Exchange and
// other forums — kept in the asker's own words (greetings and chatter
// trimmed, very long stories shortened, never rewritten into clean
// questions), each with its source address, the cards it names and the ids
// the accepted or judge answer rests on: Comprehensive Rules numbers
// ("cr:702.19c"), Infraction Procedure Guide and Magic Tournament Rules
// sections ("ipg:2.1", "mtr:4.2") and, rarely, Judging at Regular REL
// ("jar:…"). Every id was checked against the documents Arbiter serves
// (the CR of April 17, 2026, the MTR of November 10, 2025, the IPG of
// September 23, 2024); answers written under older rules were renumbered by
// matching the rule's text, not its number. The first id
// of Expect is the deciding one; the others are also acceptable.
//
// There are six sets:
//
//   - Dev (testdata/real-dev.jsonl) is the development set. It was split
//     before any tuning, alternately within each kind in file order: "tune"
//     questions may be read and tuned against, "report" questions are only
//     measured and reported.
//   - Unseen (testdata/real-unseen.jsonl) is a separate set of different
//     questions, split "unseen". Whoever tunes the answer pipeline does not
//     read it; it is run to show how the tuned pipeline does on questions
//     it was never shaped by.
//   - Unseen2 (testdata/real-unseen2.jsonl) is a second held-out set, split
//     "unseen2", collected fresh after the pipeline had been tuned on Dev's
//     tune half and measured on Unseen. The whole file is held out: none of
//     it is tune data, it is run on every change and never tuned on.
//   - Unseen3 (testdata/real-unseen3.jsonl) is a third held-out set, split
//     "unseen3", collected after Dev had grown again. Like Unseen2 it is
//     held out whole: measured on every change, never read for tuning.
//   - Unseen4 (testdata/real-unseen4.jsonl) is a fourth held-out set, split
//     "unseen4", collected after Unseen3. It too is held out whole.
//   - Unseen5 (testdata/real-unseen5.jsonl) is a fifth held-out set, split
//     "unseen5", collected after Unseen4. It too is held out whole.
//
// Which set a question went to was decided mechanically as it was
// collected: every fourth question of each kind, in collection order, went
// to Unseen; questions read on the same page stay in the same set, and a
// question close to one already in Dev stayed in Dev.
//
// The sets grew once after the pipeline had been tuned (81 rules questions
// and 45 tournament calls, most from Pojo's judge column, Cranial Insertion
// and the judges' forum): those questions were split by the same rule as
// they were collected, each appended to its file, the dev alternation
// carrying on from where it stood.
//
// Unseen2 was collected in one pass in December 2026 (43 rules questions
// and 21 tournament calls): Cranial Insertion (also as republished on MTG
// Salvation), Pojo's judge column and other judge blogs (the Knowledge
// Pool, a judge's column of reader questions, a judge's RCQ write-up), the
// judges' forum, Board & Card Games Stack Exchange, r/mtgrules and
// r/mtgjudge, Ask Wizards and two other forums. Questions were taken as
// the searches found them, not for how easy or hard they looked. A question
// was left out when its answer could not be pinned to an id of the current
// documents, when its answer rests on a rule since removed (the Vancouver
// mulligan's scry, for one), or when its page already fed Dev or Unseen.
// Pages are compared by what they are, not by how their address is
// spelled: a judges' forum post, a Stack Exchange question, a Reddit thread
// or a Cranial Insertion article is one page under any mirror or host
// spelling (see PageKey).
//
// Dev grew again in December 2026, after Unseen2 had been collected, by
// 40 rules questions and 20 tournament calls found the same way: Cranial
// Insertion (also as republished on MTG Salvation), the judges' forum
// (mostly Knowledge Pool scenario threads), Knowledge Pool posts on
// blogs.magicjudges.org, r/mtgrules and r/magicTCG, TappedOut's rules Q&A
// and Board & Card Games Stack Exchange. They were appended to
// real-dev.jsonl in collection order, the tune/report alternation carrying
// on within each kind from where it stood. The same exclusions applied; a
// candidate whose page or question already fed Unseen or Unseen2, or whose
// question was already in Dev, was dropped without reading the other one.
//
// Unseen3 was collected in one pass in December 2026, after Dev's second
// growth (30 rules questions and 12 tournament calls): Cranial Insertion,
// the judges' forum, judge blogs
// (the judge program's update digests and a regional judges' meeting
// report), Board & Card Games Stack Exchange, r/mtgrules and
// other Magic subreddits, TappedOut's rules Q&A, Ask Wizards and a Usenet
// rules thread. Questions were taken as the searches found them and kept
// in the asker's words; the same exclusions applied as for Unseen2, and a
// candidate whose page already fed Dev, Unseen or Unseen2, compared by
// PageKey, was dropped without reading the other set.
//
// Unseen4 was collected in one pass in December 2026, after Unseen3 (34
// rules questions and 15 tournament calls): Cranial Insertion (also as
// republished on MTG Salvation), Pojo's judge column, judge blogs (the
// Knowledge Pool scenarios on blogs.magicjudges.org, a regional judges'
// meeting report, a judge's column on Quiet Speculation), the judges'
// forum, Board & Card Games Stack Exchange, r/magicTCG, TappedOut's rules
// Q&A, the old Wizards community forum and a community site's reader
// questions. Questions were taken as the searches found them and kept in
// the asker's words; the same exclusions applied as for Unseen3, and
// besides: an answer resting on a rule since changed was dropped (damage
// assignment order, the Vancouver mulligan, the older missed-trigger
// policy, a token's Oracle text, a Failure to Maintain Game State given
// where the IPG now gives both players a Game Rule Violation), and so was
// a scenario also posted under another address whose page already fed a
// set. A candidate whose page already fed Dev, Unseen, Unseen2 or
// Unseen3, compared by PageKey, was dropped without reading the other set.
//
// Unseen5 was collected in one pass in December 2026, after Unseen4 (40
// rules questions and 15 tournament calls): the Judging FtW new set
// digests and Knowledge Pool scenarios on blogs.magicjudges.org, Cranial
// Insertion (also as republished on MTG Salvation), the judges' forum
// (Rules Q&A, Competitive and Regular REL threads, Knowledge Pool scenario
// threads), TappedOut's rules Q&A, Board & Card Games Stack Exchange,
// r/magicTCG and a UK community forum. Questions were taken as the
// searches found them and kept in the asker's words (a mana symbol the
// page showed as an image written as {X}); the same exclusions applied as
// for Unseen4, and besides: an April Fools' article that hides one wrong
// answer was passed over, and so was an answer resting on a rule since
// changed (damage assignment order, the Deck Problem downgrade for an error
// caught before the first draw, the state-based action that sacrificed a
// Saga with no chapter abilities). A candidate whose page already fed
// Dev, Unseen, Unseen2, Unseen3 or Unseen4, compared by PageKey, was
// dropped without reading the other set.
//
// Dev grew a third time in December 2026, after Unseen5, by 37 rules
// questions naming cards and 18 tournament calls found the same way: Pojo's
// judge column (most of the rules questions), Cranial Insertion, the
// judges' forum (Competitive and Regular REL threads, Knowledge Pool
// scenario threads), Knowledge Pool posts and other judge blogs (a judge's
// column on a store's blog, a Grand Prix write-up, a level 2 study page, a
// judge's ruling quiz from real events), r/askajudge, Board & Card Games
// Stack Exchange and TappedOut's rules Q&A. They were appended to
// real-dev.jsonl in collection order, the tune/report alternation carrying
// on within each kind from where it stood. The same exclusions applied as
// for Unseen5, and besides: an answer resting on a rule or Oracle text
// since changed was dropped (combat damage on the stack, damage assignment
// order, the older layer order for counters, the Vancouver mulligan's scry,
// the electronic devices ban during Competitive matches, the midgame
// shuffling time limit, the Constructed sideboard of exactly 0 or 15, the
// substance ability, the old Oracle text of Forsaken Wastes and of
// Illusionary Mask), and so were quiz questions written by the columnists,
// an answer column that answers wrongly on purpose, and threads whose
// accepted answer could not be read. A candidate whose page already
// fed any set, compared by PageKey, or whose question repeated one already
// in Dev (the duplicate test), was dropped without reading the other one;
// so was a scenario also posted on a Knowledge Pool page that fed a
// held-out set.
//
// Dev grew a fourth time in December 2026, after its third growth, by 19
// rules questions naming cards and 8 tournament calls found the same way:
// Pojo's judge column (most of the rules questions), Cranial Insertion,
// the judges' forum (Competitive REL and Tournament Operations threads),
// Knowledge Pool posts on blogs.magicjudges.org, r/magicTCG and
// r/mtgjudge. They were appended to real-dev.jsonl in collection order,
// the tune/report alternation carrying on within each kind from where it
// stood; one tournament call was left out so that the kind's two halves
// stay even, as no further call could be found in the time. The same
// exclusions applied as for the third growth, and besides: an answer
// resting on a rule or Oracle text since changed was dropped (the older
// rule that ignored continuous effects already in place when a
// replacement effect changed how a permanent enters, Time Vault's time
// counters, the Vancouver mulligan's scry, the Game Loss once given for a
// morph left unrevealed at the end of a game), and so were a columnist's
// own question-and-answer list, a judge's test-taking article, an Un-set
// card ruled by the tournament's organizer, pages in another language and
// threads whose question or answer could not be read. A candidate whose
// page already fed any set, compared by PageKey, or whose scenario was
// posted on a page that did, was dropped without reading the other one.
package evalset

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"strings"
)

// Kinds of question.
const (
	KindRules      = "rules"      // a game-rules question: the answer is in the CR
	KindTournament = "tournament" // a tournament call: the answer is in the IPG, MTR or JAR
)

// Splits.
const (
	SplitTune   = "tune"   // dev questions the pipeline may be tuned on
	SplitReport = "report" // dev questions only measured
	SplitUnseen = "unseen" // the separate held-out set
	// SplitUnseen2 is the second held-out set, collected after tuning.
	SplitUnseen2 = "unseen2"
	// SplitUnseen3 is the third held-out set, collected after Dev's second
	// growth.
	SplitUnseen3 = "unseen3"
	// SplitUnseen4 is the fourth held-out set, collected after Unseen3.
	SplitUnseen4 = "unseen4"
	// SplitUnseen5 is the fifth held-out set, collected after Unseen4.
	SplitUnseen5 = "unseen5"
)

// Question is one real question with the ids its answer rests on.
type Question struct {
	// ID is stable and comes from the source ("se-12345", "jf-28702").
	ID string `json:"id"`
	// URL is where the question and its answer were read.
	URL string `json:"url"`
	// Source names the site: "cranial-insertion", "judge-forum",
	// "judge-blog", "reddit", "tappedout", "stackexchange", "ask-wizards"
	// or "forum" (any other public forum).
	Source string `json:"source"`
	// Kind is KindRules or KindTournament.
	Kind string `json:"kind"`
	// Question is the asker's own words.
	Question string `json:"question"`
	// Cards lists the card names the question mentions.
	Cards []string `json:"cards"`
	// Expect lists the ids the answer cites as deciding, the deciding one
	// first: "cr:613.4c", "ipg:2.1", "mtr:4.2", "jar:2.1".
	Expect []string `json:"expect"`
	// Why says in one sentence what the answer says decides it.
	Why string `json:"why"`
	// Split is SplitTune, SplitReport, SplitUnseen, SplitUnseen2,
	// SplitUnseen3, SplitUnseen4 or SplitUnseen5.
	Split string `json:"split"`
}

//go:embed testdata/real-dev.jsonl
var devData []byte

//go:embed testdata/real-unseen.jsonl
var unseenData []byte

//go:embed testdata/real-unseen2.jsonl
var unseen2Data []byte

//go:embed testdata/real-unseen3.jsonl
var unseen3Data []byte

//go:embed testdata/real-unseen4.jsonl
var unseen4Data []byte

//go:embed testdata/real-unseen5.jsonl
var unseen5Data []byte

// Dev returns the development set in file order. It panics if the embedded
// file does not parse (the package tests make sure it does).
func Dev() []Question { return mustParse("real-dev.jsonl", devData) }

// Unseen returns the held-out set in file order.
func Unseen() []Question { return mustParse("real-unseen.jsonl", unseenData) }

// Unseen2 returns the second held-out set in file order. All of it is held
// out: it is measured, never tuned on.
func Unseen2() []Question { return mustParse("real-unseen2.jsonl", unseen2Data) }

// Unseen3 returns the third held-out set in file order. All of it is held
// out: it is measured, never tuned on.
func Unseen3() []Question { return mustParse("real-unseen3.jsonl", unseen3Data) }

// Unseen4 returns the fourth held-out set in file order. All of it is held
// out: it is measured, never tuned on.
func Unseen4() []Question { return mustParse("real-unseen4.jsonl", unseen4Data) }

// Unseen5 returns the fifth held-out set in file order. All of it is held
// out: it is measured, never tuned on.
func Unseen5() []Question { return mustParse("real-unseen5.jsonl", unseen5Data) }

func mustParse(name string, data []byte) []Question {
	qs, err := Parse(bytes.NewReader(data))
	if err != nil {
		panic("evalset: " + name + ": " + err.Error())
	}
	return qs
}

// Parse reads one question per line (JSON Lines); blank lines are skipped.
// Unknown fields and malformed lines are errors that name the line.
func Parse(r io.Reader) ([]Question, error) {
	var qs []Question
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var q Question
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&q); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if dec.More() {
			return nil, fmt.Errorf("line %d: more than one JSON value", line)
		}
		qs = append(qs, q)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	return qs, nil
}

// Split returns the questions of qs whose split is split ("tune",
// "report", "unseen", "unseen2", "unseen3", "unseen4", "unseen5"), in
// order.
func Split(qs []Question, split string) []Question {
	var out []Question
	for _, q := range qs {
		if q.Split == split {
			out = append(out, q)
		}
	}
	return out
}

// Kind returns the questions of qs of one kind ("rules", "tournament").
func Kind(qs []Question, kind string) []Question {
	var out []Question
	for _, q := range qs {
		if q.Kind == kind {
			out = append(out, q)
		}
	}
	return out
}

// Doc returns the document part of an expected id: "cr" for "cr:613.4c".
func Doc(id string) string {
	doc, _, _ := strings.Cut(id, ":")
	return doc
}

// Number returns the number part of an expected id: "613.4c" for
// "cr:613.4c".
func Number(id string) string {
	_, n, _ := strings.Cut(id, ":")
	return n
}

// pageKeys name a page by what it is, whatever mirror or host spelling its
// address uses: the first pattern that matches gives the key.
var pageKeys = []struct {
	prefix string
	re     *regexp.Regexp
}{
	{"reddit:", regexp.MustCompile(`/r/[a-z0-9_]+/comments/([a-z0-9]+)`)},
	{"reddit:", regexp.MustCompile(`reddit[^/]*/posts/([a-z0-9]+)`)},
	{"stackexchange:", regexp.MustCompile(`stackexchange\.com\S*?/(?:questions|q)/(\d+)`)},
	{"judge-forum:", regexp.MustCompile(`magicjudges\.org\.?/forum/(?:post|topic)(?:/unread)?/(\d+)`)},
	{"cranial-insertion:", regexp.MustCompile(`cranial-?insertion\.com/(?:articles?/)?(\d+)`)},
	{"mtgsalvation:", regexp.MustCompile(`mtgsalvation\.com/articles/(\d+)`)},
}

// PageKey returns a key naming the page an address points to, so that the
// same page read under two spellings (a Reddit thread on two mirrors, a
// judges' forum post as /post/N or /topic/unread/N, a Cranial Insertion
// article as /article/N, /articles/N or /N, a Stack Exchange
// question on a copy site, a host with or without "www." or a trailing
// dot) gives one key. Other addresses are keyed by host and path, without
// scheme, query or fragment.
func PageKey(address string) string {
	a := strings.ToLower(address)
	if u, err := url.PathUnescape(a); err == nil {
		a = u
	}
	for _, k := range pageKeys {
		if m := k.re.FindStringSubmatch(a); m != nil {
			return k.prefix + m[1]
		}
	}
	if _, rest, ok := strings.Cut(a, "://"); ok {
		a = rest
	}
	a, _, _ = strings.Cut(a, "#")
	a, _, _ = strings.Cut(a, "?")
	host, path, _ := strings.Cut(a, "/")
	host = strings.TrimSuffix(strings.TrimPrefix(host, "www."), ".")
	return host + "/" + strings.TrimSuffix(path, "/")
}
