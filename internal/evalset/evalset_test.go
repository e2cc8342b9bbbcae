package evalset

import (
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/testkb"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// Minimum sizes the measurement needs (issue: a development set of at least
// 120 real questions, 30 of them tournament calls, and a separate unseen set).
const (
	minDev                = 120
	minDevTournament      = 30
	minUnseen             = 40
	minUnseenTournament   = 10
	minUnseen2Rules       = 40
	minUnseen2Tournament  = 20
	minUnseen3Rules       = 30
	minUnseen3Tournament  = 12
	minUnseen4Rules       = 30
	minUnseen4Tournament  = 12
	minUnseen5Rules       = 30
	minUnseen5Tournament  = 12
	maxSplitKindImbalance = 1
)

func sets(t *testing.T) map[string][]Question {
	t.Helper()
	dev, err := Parse(strings.NewReader(string(devData)))
	if err != nil {
		t.Fatalf("real-dev.jsonl: %v", err)
	}
	unseen, err := Parse(strings.NewReader(string(unseenData)))
	if err != nil {
		t.Fatalf("real-unseen.jsonl: %v", err)
	}
	unseen2, err := Parse(strings.NewReader(string(unseen2Data)))
	if err != nil {
		t.Fatalf("real-unseen2.jsonl: %v", err)
	}
	unseen3, err := Parse(strings.NewReader(string(unseen3Data)))
	if err != nil {
		t.Fatalf("real-unseen3.jsonl: %v", err)
	}
	unseen4, err := Parse(strings.NewReader(string(unseen4Data)))
	if err != nil {
		t.Fatalf("real-unseen4.jsonl: %v", err)
	}
	unseen5, err := Parse(strings.NewReader(string(unseen5Data)))
	if err != nil {
		t.Fatalf("real-unseen5.jsonl: %v", err)
	}
	return map[string][]Question{"real-dev.jsonl": dev, "real-unseen.jsonl": unseen, "real-unseen2.jsonl": unseen2, "real-unseen3.jsonl": unseen3, "real-unseen4.jsonl": unseen4, "real-unseen5.jsonl": unseen5}
}

func TestFilesParseAndMatchAccessors(t *testing.T) {
	s := sets(t)
	if got, want := len(Dev()), len(s["real-dev.jsonl"]); got != want {
		t.Errorf("Dev() has %d questions, the file %d", got, want)
	}
	if got, want := len(Unseen()), len(s["real-unseen.jsonl"]); got != want {
		t.Errorf("Unseen() has %d questions, the file %d", got, want)
	}
	if got, want := len(Unseen2()), len(s["real-unseen2.jsonl"]); got != want {
		t.Errorf("Unseen2() has %d questions, the file %d", got, want)
	}
	if got, want := len(Unseen3()), len(s["real-unseen3.jsonl"]); got != want {
		t.Errorf("Unseen3() has %d questions, the file %d", got, want)
	}
	if got, want := len(Unseen4()), len(s["real-unseen4.jsonl"]); got != want {
		t.Errorf("Unseen4() has %d questions, the file %d", got, want)
	}
	if got, want := len(Unseen5()), len(s["real-unseen5.jsonl"]); got != want {
		t.Errorf("Unseen5() has %d questions, the file %d", got, want)
	}
}

func TestRequiredFields(t *testing.T) {
	validSource := map[string]bool{"stackexchange": true, "reddit": true, "judge-forum": true,
		"judge-blog": true, "ask-wizards": true, "tappedout": true, "cranial-insertion": true, "forum": true}
	for file, qs := range sets(t) {
		for i, q := range qs {
			where := file + ": " + q.ID
			if q.ID == "" {
				t.Errorf("%s line %d: no id", file, i+1)
			}
			if !strings.HasPrefix(q.URL, "http://") && !strings.HasPrefix(q.URL, "https://") {
				t.Errorf("%s: url %q is not an address", where, q.URL)
			}
			if !validSource[q.Source] {
				t.Errorf("%s: unknown source %q", where, q.Source)
			}
			if q.Kind != KindRules && q.Kind != KindTournament {
				t.Errorf("%s: kind %q", where, q.Kind)
			}
			if len(strings.Fields(q.Question)) < 3 {
				t.Errorf("%s: question %q is too short to be a real question", where, q.Question)
			}
			if q.Cards == nil {
				t.Errorf("%s: cards missing (use [] when the question names none)", where)
			}
			for _, c := range q.Cards {
				if strings.TrimSpace(c) == "" {
					t.Errorf("%s: empty card name", where)
				}
			}
			if len(q.Expect) == 0 || len(q.Expect) > 3 {
				t.Errorf("%s: expect has %d ids, want 1 to 3", where, len(q.Expect))
			}
			if strings.TrimSpace(q.Why) == "" {
				t.Errorf("%s: why is empty", where)
			}
			// The deciding id belongs to the document the kind names.
			if len(q.Expect) > 0 {
				doc := Doc(q.Expect[0])
				if q.Kind == KindRules && doc != "cr" {
					t.Errorf("%s: a rules question must be decided by a CR rule, first id is %s", where, q.Expect[0])
				}
				if q.Kind == KindTournament && doc == "cr" {
					t.Errorf("%s: a tournament call must be decided by the IPG, MTR or JAR, first id is %s", where, q.Expect[0])
				}
			}
			seen := map[string]bool{}
			for _, id := range q.Expect {
				if seen[id] {
					t.Errorf("%s: id %s listed twice", where, id)
				}
				seen[id] = true
			}
		}
	}
}

// heldOutSets are the held-out files, each one split, with the least
// number of rules questions and tournament calls each must hold (Unseen's
// rules questions are counted with its whole, in TestCounts).
var heldOutSets = []struct {
	file, split             string
	minRules, minTournament int
}{
	{"real-unseen.jsonl", SplitUnseen, 0, minUnseenTournament},
	{"real-unseen2.jsonl", SplitUnseen2, minUnseen2Rules, minUnseen2Tournament},
	{"real-unseen3.jsonl", SplitUnseen3, minUnseen3Rules, minUnseen3Tournament},
	{"real-unseen4.jsonl", SplitUnseen4, minUnseen4Rules, minUnseen4Tournament},
	{"real-unseen5.jsonl", SplitUnseen5, minUnseen5Rules, minUnseen5Tournament},
}

func TestSplits(t *testing.T) {
	s := sets(t)
	// Each held-out set is one split: none of it is tune data.
	for _, h := range heldOutSets {
		for _, q := range s[h.file] {
			if q.Split != h.split {
				t.Errorf("%s: %s has split %q, want %q", h.file, q.ID, q.Split, h.split)
			}
		}
	}
	// The dev set was split before tuning, alternately within each kind:
	// tune and report hold the same share of each kind.
	perKind := map[string]map[string]int{}
	for _, q := range s["real-dev.jsonl"] {
		if q.Split != SplitTune && q.Split != SplitReport {
			t.Errorf("real-dev.jsonl: %s has split %q", q.ID, q.Split)
			continue
		}
		if perKind[q.Kind] == nil {
			perKind[q.Kind] = map[string]int{}
		}
		perKind[q.Kind][q.Split]++
	}
	for kind, n := range perKind {
		d := n[SplitTune] - n[SplitReport]
		if d < -maxSplitKindImbalance || d > maxSplitKindImbalance {
			t.Errorf("dev %s questions: %d tune vs %d report", kind, n[SplitTune], n[SplitReport])
		}
	}
	if got := len(Split(Dev(), SplitTune)) + len(Split(Dev(), SplitReport)); got != len(Dev()) {
		t.Errorf("Split covers %d of %d dev questions", got, len(Dev()))
	}
}

func TestCounts(t *testing.T) {
	s := sets(t)
	dev, unseen := s["real-dev.jsonl"], s["real-unseen.jsonl"]
	if n := len(dev); n < minDev {
		t.Errorf("dev set has %d questions, want at least %d", n, minDev)
	}
	if n := len(Kind(dev, KindTournament)); n < minDevTournament {
		t.Errorf("dev set has %d tournament calls, want at least %d", n, minDevTournament)
	}
	if n := len(unseen); n < minUnseen {
		t.Errorf("unseen set has %d questions, want at least %d", n, minUnseen)
	}
	for _, h := range heldOutSets {
		if n := len(Kind(s[h.file], KindRules)); n < h.minRules {
			t.Errorf("%s set has %d rules questions, want at least %d", h.split, n, h.minRules)
		}
		if n := len(Kind(s[h.file], KindTournament)); n < h.minTournament {
			t.Errorf("%s set has %d tournament calls, want at least %d", h.split, n, h.minTournament)
		}
	}
}

func TestNoDuplicates(t *testing.T) {
	ids := map[string]string{}
	texts := map[string]string{}
	urls := map[string]string{}
	for file, qs := range sets(t) {
		for _, q := range qs {
			if prev, ok := ids[q.ID]; ok {
				t.Errorf("id %s appears in %s and %s", q.ID, prev, file)
			}
			ids[q.ID] = file
			key := strings.Join(strings.Fields(strings.ToLower(q.Question)), " ")
			if prev, ok := texts[key]; ok {
				t.Errorf("question of %s (%s) repeats one in %s", q.ID, file, prev)
			}
			texts[key] = file + " " + q.ID
			// One page may hold several scenarios, but never in two sets,
			// however its address is spelled.
			page := PageKey(q.URL)
			if prev, ok := urls[page]; ok && prev != file {
				t.Errorf("%s (%s) comes from the same page as a question in %s", q.ID, file, prev)
			}
			urls[page] = file
		}
	}
}

// Every id must exist in the documents Arbiter serves: the current CR and the
// newest MTR, IPG and JAR loaded by the knowledge base.
func TestIDsExistInCurrentDocuments(t *testing.T) {
	rules := testkb.CR(t)
	lib := testkb.KB(t).Tourney
	for _, doc := range []string{tourney.MTR, tourney.IPG} {
		if !lib.Loaded(doc) {
			t.Fatalf("no %s loaded from the shared data", doc)
		}
	}
	n := 0
	for file, qs := range sets(t) {
		for _, q := range qs {
			for _, id := range q.Expect {
				n++
				doc, num := Doc(id), Number(id)
				switch doc {
				case "cr":
					if !rules.Exists(num) {
						t.Errorf("%s: %s: rule %s is not in the current CR", file, q.ID, num)
					}
				case tourney.IPG, tourney.MTR, tourney.JAR:
					if _, ok := lib.Section(doc, num); !ok {
						t.Errorf("%s: %s: %s section %s is not in the loaded %s", file, q.ID, strings.ToUpper(doc), num, strings.ToUpper(doc))
					}
				default:
					t.Errorf("%s: %s: id %q names no known document", file, q.ID, id)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no ids checked")
	}
}

func TestParseNamesTheBadLine(t *testing.T) {
	good := `{"id":"a","url":"https://x","source":"reddit","kind":"rules","question":"q","cards":[],"expect":["cr:101.2"],"why":"w","split":"tune"}`
	cases := map[string]string{
		good + "\n\n{not json}\n": "line 3",
		good + "\n" + strings.Replace(good, `"why"`, `"whyy"`, 1) + "\n": "line 2",
		good + " {}\n": "line 1",
	}
	for in, want := range cases {
		_, err := Parse(strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) error = %v, want it to name %s", in, err, want)
		}
	}
	qs, err := Parse(strings.NewReader(good + "\n\n" + strings.Replace(good, `"id":"a"`, `"id":"b"`, 1)))
	if err != nil || len(qs) != 2 || qs[1].ID != "b" || qs[0].Expect[0] != "cr:101.2" {
		t.Errorf("Parse of two good lines = %+v, %v", qs, err)
	}
}

func TestPageKey(t *testing.T) {
	same := [][]string{
		{"https://apps.magicjudges.org./forum/post/199568", "https://apps.magicjudges.org/forum/topic/unread/199568/"},
		{"http://www.cranialinsertion.com/article/3324", "https://cranial-insertion.com/article/3324"},
		{"https://www.cranial-insertion.com/articles/3324/", "http://www.cranialinsertion.com/3324"},
		{"https://redlib.fmhy.net/r/magicTCG/comments/klt9w0/group_debate/ghc3h4z/?context=3", "https://red.azn.boats/r/magicTCG/comments/klt9w0/group_debate/ghbffxw/?context=3"},
		{"http://boardgames.stackexchange.com/questions/8708/does-doubling-season-affect-planeswalkers/8710", "https://wiki.bondhou.com/content/boardgames.stackexchange.com_en_all_2024-10/questions/8708/x"},
		{"https://www.mtgsalvation.com/articles/15148-cranial-insertion", "http://www.mtgsalvation.com/articles/15148-cranial-insertion?cookieTest=1"},
		{"https://blogs.magicjudges.org/knowledgepool/2015/08/20/serum-powder/", "http://blogs.magicjudges.org/knowledgepool/2015/08/20/serum-powder"},
	}
	for _, p := range same {
		if a, b := PageKey(p[0]), PageKey(p[1]); a != b {
			t.Errorf("PageKey(%q) = %q, PageKey(%q) = %q, want the same page", p[0], a, p[1], b)
		}
	}
	different := [][]string{
		{"https://apps.magicjudges.org/forum/post/21278", "https://apps.magicjudges.org/forum/post/2127"},
		{"https://www.cranialinsertion.com/article/334", "https://www.cranialinsertion.com/article/3324"},
		{"https://blogs.magicjudges.org/knowledgepool/category/tournament-errors/?lang=en", "https://blogs.magicjudges.org/knowledgepool/category/tournament-errors/decklist-problem/?lang=en"},
	}
	for _, p := range different {
		if PageKey(p[0]) == PageKey(p[1]) {
			t.Errorf("PageKey(%q) = PageKey(%q) = %q, want different pages", p[0], p[1], PageKey(p[0]))
		}
	}
}

func TestDocAndNumber(t *testing.T) {
	if Doc("cr:702.19c") != "cr" || Number("cr:702.19c") != "702.19c" || Doc("ipg:2.1") != "ipg" || Number("mtr:4.2") != "4.2" {
		t.Error("Doc/Number do not split ids at the colon")
	}
}
