package cards

import "testing"

// addDoc adds one file's text to a new catalogue and finishes it.
func addDoc(t *testing.T, docs ...string) *Catalog {
	t.Helper()
	c := NewCatalog()
	for _, d := range docs {
		if ok, err := c.AddFile([]byte(d)); !ok || err != nil {
			t.Fatalf("AddFile = %v, %v", ok, err)
		}
	}
	c.Finish()
	return c
}

// TestRankIsReadFromBothSources: MTGJSON's edhrecRank and Scryfall's
// edhrec_rank become Card.EDHRECRank, the best over the printings; a
// printing without one, or with no rank at all (0, negative), takes
// nothing away.
func TestRankIsReadFromBothSources(t *testing.T) {
	c := addDoc(t,
		`{"meta":{},"data":{"AAA":{"cards":[
			{"name":"Opt","types":["Instant"],"edhrecRank":900},
			{"name":"Shock","types":["Instant"]},
			{"name":"Fire // Ice","faceName":"Fire","side":"a","layout":"split","edhrecRank":700},
			{"name":"Fire // Ice","faceName":"Ice","side":"b","layout":"split","edhrecRank":650},
			{"name":"Nobody","types":["Instant"],"edhrecRank":0}]},
		"BBB":{"cards":[
			{"name":"Opt","types":["Instant"],"edhrecRank":300},
			{"name":"Opt","types":["Instant"]},
			{"name":"Shock","types":["Instant"],"edhrecRank":-4}]}}}`,
		`[{"object":"card","name":"Shock","lang":"en","type_line":"Instant","edhrec_rank":1200},
		  {"object":"card","name":"Opt","lang":"en","type_line":"Instant","edhrec_rank":450},
		  {"object":"card","name":"Duress","lang":"en","type_line":"Sorcery","edhrec_rank":2000.0},
		  {"object":"card","name":"Unranked","lang":"en","type_line":"Sorcery","edhrec_rank":null}]`)
	for name, want := range map[string]int{"Opt": 300, "Shock": 1200, "Fire // Ice": 650, "Duress": 2000, "Nobody": 0, "Unranked": 0} {
		card, ok := c.Lookup(name)
		if !ok || card.Name != name {
			t.Fatalf("Lookup(%q) = %v", name, card)
		}
		if card.EDHRECRank != want {
			t.Errorf("%s: rank %d, want %d", name, card.EDHRECRank, want)
		}
	}
}

// TestRankIsReadFromTheTestSets: the M15 and THS set files carry a rank
// for most cards, and the god is the more played of the Thassa cards.
func TestRankIsReadFromTheTestSets(t *testing.T) {
	c := realCatalog(t)
	ranked := 0
	for _, card := range c.Cards() {
		if card.EDHRECRank > 0 {
			ranked++
		}
	}
	if ranked < c.Len()*3/4 {
		t.Errorf("%d of %d cards ranked", ranked, c.Len())
	}
	god, bounty := mustLookup(t, c, "Thassa, God of the Sea"), mustLookup(t, c, "Thassa's Bounty")
	if god.EDHRECRank == 0 || bounty.EDHRECRank == 0 || god.EDHRECRank >= bounty.EDHRECRank {
		t.Errorf("Thassa, God of the Sea ranked %d, Thassa's Bounty %d", god.EDHRECRank, bounty.EDHRECRank)
	}
}
