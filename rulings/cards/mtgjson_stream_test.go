package cards

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
	"github.com/arbiter-mtg/arbiter/rulings/internal/datafile"
)

// TestMTGJSONReaderReadsWhatEncodingJSONRead compares the whole real
// catalogue as the iterator reader loads it (fullCatalog) with the same
// files read by the encoding/json reader it replaced: the same cards in
// the same order, equal field by field (names, faces, types, texts,
// colours, rulings, foreign names, keywords, links, oracle ids; nil and
// empty lists told apart), so the same counts of cards, rulings and
// foreign names.
func TestMTGJSONReaderReadsWhatEncodingJSONRead(t *testing.T) {
	got := fullCatalog(t)
	files, err := datafile.Walk(shareddata.CardsFull(t))
	if err != nil {
		t.Fatal(err)
	}
	// The encoding/json reader is the slow one: files are read on every
	// processor and merged in file order, as the knowledge base loads.
	parts := make([]*Catalog, len(files))
	errs := make([]error, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r, err := datafile.Open(files[i].Path)
				if err != nil {
					errs[i] = err
					continue
				}
				parts[i] = NewCatalog()
				ok, err := addReaderStd(parts[i], r)
				r.Close()
				if !ok || err != nil {
					errs[i] = fmt.Errorf("%s: recognised %v, %v", files[i].Path, ok, err)
				}
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	want := NewCatalog()
	for i, p := range parts {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		want.Merge(p)
	}
	want.Finish()
	count := func(c *Catalog) (cards, rulings, foreign int) {
		for _, card := range c.Cards() {
			rulings += len(card.Rulings)
			foreign += len(card.ForeignNames)
		}
		return c.Len(), rulings, foreign
	}
	gc, gr, gf := count(got)
	wc, wr, wf := count(want)
	t.Logf("%d files: %d cards, %d rulings, %d foreign names (encoding/json: %d, %d, %d)", len(files), gc, gr, gf, wc, wr, wf)
	if gc != wc || gr != wr || gf != wf {
		t.Errorf("cards, rulings, foreign names = %d, %d, %d; encoding/json read %d, %d, %d", gc, gr, gf, wc, wr, wf)
	}
	if gc != 23711 {
		t.Errorf("%d cards, want the 23,711 of ../shared/data/SOURCES.md", gc)
	}
	differ := 0
	for i := range min(gc, wc) {
		if g, w := got.Cards()[i], want.Cards()[i]; !reflect.DeepEqual(g, w) {
			if differ++; differ <= 5 {
				t.Errorf("card %d differs:\n got %+v\nwant %+v", i, *g, *w)
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d of %d cards differ", differ, gc)
	}
}

// oddMTGJSON are MTGJSON-shaped files that stretch the decoder: nulls,
// empty lists, repeated keys, escapes, invalid UTF-8, numbers in every
// spelling, values of the wrong type, unknown members of every kind,
// the three file shapes (set file, AllPrintings, AtomicCards) and non-card
// MTGJSON files.
var oddMTGJSON = []string{
	`{"meta":{"date":"2022-04-25"},"data":{"code":"TST","cards":[{"name":"Opt","manaValue":1,"types":["Instant"],"text":"Scry 1.\nDraw a card.","rulings":[{"date":"2020-01-01","text":"A \"quoted\" ruling."}],"foreignData":[{"language":"German","name":"Opt","text":"Hellsicht 1.\nZiehe eine Karte.","flavorText":"\u00c4\"\\/\b\f\n\r\t"}],"identifiers":{"scryfallOracleId":"abc","multiverseId":"1"},"setCode":"TST","number":"1"}],"tokens":[{"name":"Treasure","layout":"token"}]}}`,
	`{"meta":null,"data":{"cards":[{"name":"Null Card","text":null,"types":null,"colors":[],"colorIdentity":null,"manaValue":null,"foreignData":null,"rulings":[],"identifiers":null,"keywords":[null,"Flying"]},null]}}`,
	`{"data":{"cards":[{"name":"First","name":"Second","types":["Creature"],"types":["Artifact","Creature"],"manaValue":2,"manaValue":null,"convertedManaCost":3.0,"text":"one","text":null}]}}`,
	`{"data":{"cards":[{"name":"\u00c6ther Vial","faceName":"\ud83d\ude00","text":"lone \ud800 surrogate \udc00 and \ud800\u0041 pair","type":"Artifact \u2014 Equipment","power":"*","toughness":"1+*"}]}}`,
	"{\"data\":{\"cards\":[{\"name\":\"Bad \xff\xfe UTF-8 \xc3\",\"text\":\"\xe2\x80\"}]}}",
	`{"data":{"cards":[{"name":"Numbers","manaValue":-0,"faceManaValue":1e2,"convertedManaCost":2.5E-1},{"name":"Big","manaValue":123456789012345678901234567890}]}}`,
	`{"data":{"cards":[{"name":"Fire // Ice","faceName":"Fire","side":"a","layout":"split","manaCost":"{1}{R}","type":"Instant","types":["Instant"],"text":"Fire deals 2 damage divided as you choose among one or two targets.","colors":["R"]},{"name":"Other","types":["Sorcery"]},{"name":"Fire // Ice","faceName":"Ice","side":"b","layout":"split","manaCost":"{1}{U}","type":"Instant","text":"Tap target permanent.\nDraw a card.","colors":["U"]}]}}`,
	`{"data":{"cards":[{"name":"Bruna, the Fading Light // Brisela, Voice of Nightmares","faceName":"Bruna, the Fading Light","side":"a","layout":"meld"},{"name":"Bruna, the Fading Light // Brisela, Voice of Nightmares","faceName":"Brisela, Voice of Nightmares","side":"b","layout":"meld"}]}}`,
	`{"meta":{},"data":{"AAA":{"code":"AAA","booster":{"default":{"boosters":[{"contents":{"common":10}}]}},"cards":[{"name":"Opt","rulings":[{"date":"2020-01-01","text":"r1"}]}],"translations":{"German":"Erste"},"tokens":[]},"BBB":{"cards":[{"name":"Opt","rulings":[{"date":"2020-01-01","text":"r1"},{"date":"2021-01-01","text":"r2"}],"foreignData":[{"language":"French","name":"Opt"}]}],"sealedProduct":[{"name":"Box"}]}}}`,
	`{"meta":{},"data":{"Opt":[{"name":"Opt","types":["Instant"]}],"Fire // Ice":[{"name":"Fire // Ice","faceName":"Fire","side":"a"},{"name":"Fire // Ice","faceName":"Ice","side":"b"}],"Weird":[1,"two",{"name":"Weird","types":"not a list"},{"name":"Fine"},null,[]]}}`,
	`{"meta":{},"data":["Flying","Trample"]}`,
	`{"meta":{},"data":{"abilityWords":["Adamant"],"keywordAbilities":["Flying"]}}`,
	`{"meta":{},"data":"text"}`,
	`{"data":{"cards":[{"name":"Typed","manaValue":"1"}]}}`,
	`{"data":{"cards":[{"name":"Ok"},{"name":"Typed","types":[1]}]}}`,
	`{"data":{"cards":[{"name":"Ok"},{"name":"Typed","foreignData":[1]}]}}`,
	`{"data":{"cards":[{"name":"Ok"},{"name":"Typed","identifiers":[]}]}}`,
	`{"data":{"cards":[{"name":"Ok"},7]}}`,
	`{"data":{"cards":[{"name":"Ok","legalities":{"modern":"Legal"},"prices":{"a":[1,2,{"b":"c\"d"}]},"isReprint":true,"hasFoil":false,"edhrecRank":12.5,"purchaseUrls":{}}]}}`,
	`{"data":{"cards":[{"name":"Ok"}],"extra":1}} trailing`,
	`{"data":{"cards":[{"name":"Ok"}]}`,
	"\xef\xbb\xbf" + `{"data":{"cards":[{"name":"After a byte order mark"}]}}`,
	` 
	{ "data" : { "cards" : [ { "name" : "Spaced" , "types" : [ "Land" ] } ] } } `,
	`{"data":{"cards":[{"Name":"Case"}]}}`,
	`{"data":{"cards":[{"NAME":"Upper","\u017fide":"a","TEXT":"t","":"empty key","n\u0061me":"Escaped Key","foreigndata":[{"LANGUAGE":"German","Name":"X"}],"Identifiers":{"SCRYFALLORACLEID":"id"},"Rulings":[{"Date":"d","tExt":"x"}]}]}}`,
	`{"data":{"cards":[{"name":"Kelvin","\u212aeywords":["A"],"colorIdentity":["W"],"coloridentity":null}]}}`,
}

// TestMTGJSONReaderOddFiles holds the iterator reader to encoding/json's on
// odd files and on every truncation of them: what encoding/json accepts,
// the reader accepts and reads alike, and what either recognises it
// recognises too, keeping the same cards read before a defect.
func TestMTGJSONReaderOddFiles(t *testing.T) {
	for i, doc := range oddMTGJSON {
		checkSameAsStd(t, fmt.Sprintf("file %d", i), []byte(doc))
		for n := range len(doc) {
			checkSameAsStd(t, fmt.Sprintf("file %d cut at %d", i, n), []byte(doc[:n]))
		}
	}
}

// FuzzMTGJSONReader is TestMTGJSONReaderOddFiles on arbitrary bytes.
func FuzzMTGJSONReader(f *testing.F) {
	for _, doc := range oddMTGJSON {
		f.Add([]byte(doc))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSameAsStd(t, "", data)
	})
}

func checkSameAsStd(t *testing.T, what string, data []byte) {
	t.Helper()
	if !bytes.HasPrefix(bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n"), []byte("{")) {
		return // not an MTGJSON file: AddReader may read it as Scryfall
	}
	if rawControlInString(data) {
		// Invalid JSON that the iterator accepts in a string holding an
		// escape (MTGJSON writes no such file): not compared.
		return
	}
	got, want := NewCatalog(), NewCatalog()
	gok, gerr := got.AddReader(bytes.NewReader(data))
	wok, werr := addReaderStd(want, bytes.NewReader(data))
	if werr == nil && wok && (gerr != nil || !gok) {
		t.Fatalf("%s %q: encoding/json read it (recognised %v), the reader says %v, %v", what, data, wok, gok, gerr)
	}
	if gok != wok && werr == nil {
		t.Fatalf("%s %q: recognised %v, encoding/json %v", what, data, gok, wok)
	}
	got.FinishCards()
	want.FinishCards()
	switch {
	case werr == nil:
		if !reflect.DeepEqual(got.Cards(), want.Cards()) {
			t.Fatalf("%s %q: read\n%s\nencoding/json read\n%s", what, data, dump(got), dump(want))
		}
	case gerr != nil:
		// Both found a defect: the cards read before it are the same,
		// but for the multi-face cards of the set it cut short, which
		// encoding/json added when a list ended with the wrong bracket
		// (they come last).
		n := len(got.Cards())
		if n > len(want.Cards()) || !reflect.DeepEqual(got.Cards(), want.Cards()[:n]) {
			t.Fatalf("%s %q: read before the defect (%v)\n%s\nencoding/json read (%v)\n%s", what, data, gerr, dump(got), werr, dump(want))
		}
	}
}

// rawControlInString tells whether a string literal in data holds a
// control character as such, which JSON forbids.
func rawControlInString(data []byte) bool {
	in, esc := false, false
	for _, b := range data {
		switch {
		case !in:
			in = b == '"'
		case esc:
			esc = false
		case b == '\\':
			esc = true
		case b == '"':
			in = false
		case b < ' ':
			return true
		}
	}
	return false
}

func dump(c *Catalog) string {
	var b strings.Builder
	for _, card := range c.Cards() {
		fmt.Fprintf(&b, "%#v\n", *card)
	}
	return b.String()
}
