// Package fetchtest serves stand-ins for the official data sources on a
// local address, for tests of downloading code.
package fetchtest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/shareddata"
)

// Server is a local stand-in for the official sources: a rules page that links the real CR TXT, and a
// Scryfall bulk-data list whose files are the card package's fixtures.
type Server struct {
	Srv     *httptest.Server
	CRBody  atomic.Value // []byte served as the TXT
	TXTCode atomic.Int32 // status of the TXT download
	Page    atomic.Value // string: the rules page
	// Cut, when positive, cuts the TXT download off after that many
	// bytes, its Content-Length still announcing the whole file (a
	// connection lost mid-download).
	Cut atomic.Int64
}

func New(t *testing.T) *Server {
	t.Helper()
	crData, err := os.ReadFile(shareddata.Path(t, "cr/cr-20260417.txt"))
	if err != nil {
		t.Fatal(err)
	}
	oracle, err := os.ReadFile(filepath.Join(cardsTestdata(t), "scryfall-oracle-cards.json"))
	if err != nil {
		t.Fatal(err)
	}
	rul, err := os.ReadFile(filepath.Join(cardsTestdata(t), "scryfall-rulings.json"))
	if err != nil {
		t.Fatal(err)
	}
	f := &Server{}
	f.CRBody.Store(crData)
	f.TXTCode.Store(200)
	f.Page.Store(DefaultPage)
	mux := http.NewServeMux()
	mux.HandleFunc("/en/rules", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(f.Page.Load().(string)))
	})
	mux.HandleFunc("/downloads/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/downloads/MagicCompRules 20260417.txt" {
			http.NotFound(w, r)
			return
		}
		if c := int(f.TXTCode.Load()); c != 200 {
			w.WriteHeader(c)
			return
		}
		body := f.CRBody.Load().([]byte)
		if n := f.Cut.Load(); n > 0 && n < int64(len(body)) {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			w.Write(body[:n])
			return // the server closes the connection short of the length
		}
		w.Write(body)
	})
	mux.HandleFunc("/bulk-data", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("User-Agent") == "" {
			http.Error(w, "Scryfall requires a User-Agent", 400)
			return
		}
		base := "http://" + r.Host
		w.Write([]byte(`{"object":"list","data":[{"type":"oracle_cards","download_uri":"` + base + `/file/oracle.json"},{"type":"rulings","download_uri":"` + base + `/file/rulings.json"}]}`))
	})
	mux.HandleFunc("/file/oracle.json", func(w http.ResponseWriter, r *http.Request) { w.Write(oracle) })
	mux.HandleFunc("/file/rulings.json", func(w http.ResponseWriter, r *http.Request) { w.Write(rul) })
	f.Srv = httptest.NewServer(mux)
	t.Cleanup(f.Srv.Close)
	return f
}

// RulesPage is the URL of the served rules page.
func (f *Server) RulesPage() string { return f.Srv.URL + "/en/rules" }

// ScryfallAPI is the URL of the served Scryfall API root.
func (f *Server) ScryfallAPI() string { return f.Srv.URL }

// DefaultPage is the rules page served at first.
const DefaultPage = `<html><a href="/en/rules">Rules</a> <a class="cta" href="/downloads/MagicCompRules%2020260417.txt">TXT</a></html>`

// cardsTestdata is rulings/cards/testdata, whose Scryfall fixtures are
// served as the bulk files.
func cardsTestdata(t *testing.T) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "cards", "testdata")
}
