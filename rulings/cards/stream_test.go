package cards

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestAddReaderStreams feeds AddReader a Scryfall bulk file and an
// AllPrintings file of about 60 MB each, written on the fly, made of
// reprints of a few cards: the catalogue keeps a few cards, so a reader
// that held the file (or decoded it whole) would need a heap of the
// file's size, while a streaming one stays near one card.
func TestAddReaderStreams(t *testing.T) {
	const printings = 60000
	card := func(i int) string {
		return fmt.Sprintf(`{"object":"card","oracle_id":"id-%d","name":"Card %d","lang":"en","layout":"normal","type_line":"Instant","oracle_text":%q,"mana_cost":"{1}{U}","cmc":2,"colors":["U"],"color_identity":["U"]}`,
			i%5, i%5, strings.Repeat("Draw a card. ", 70))
	}
	mtgjson := func(i int) string {
		return fmt.Sprintf(`{"name":"Card %d","type":"Instant","types":["Instant"],"text":%q,"layout":"normal","foreignData":[{"language":"German","name":"Karte %d"}],"rulings":[{"date":"2020-01-01","text":"Ruling %d."}]}`,
			i%5, strings.Repeat("Draw a card. ", 70), i%5, i%5)
	}
	files := map[string]func(w io.Writer){
		"Scryfall bulk": func(w io.Writer) {
			io.WriteString(w, "[")
			for i := range printings {
				if i > 0 {
					io.WriteString(w, ",\n")
				}
				io.WriteString(w, card(i))
			}
			io.WriteString(w, "]")
		},
		"AllPrintings": func(w io.Writer) {
			io.WriteString(w, `{"meta":{"version":"5"},"data":{`)
			for s := range 60 {
				if s > 0 {
					io.WriteString(w, ",")
				}
				fmt.Fprintf(w, `"S%02d":{"code":"S%02d","booster":{"default":{"boosters":[]}},"cards":[`, s, s)
				for i := range printings / 60 {
					if i > 0 {
						io.WriteString(w, ",")
					}
					io.WriteString(w, mtgjson(i))
				}
				io.WriteString(w, `],"tokens":[]}`)
			}
			io.WriteString(w, "}}")
		},
	}
	for name, write := range files {
		t.Run(name, func(t *testing.T) {
			pr, pw := io.Pipe()
			var written atomic.Int64
			go func() {
				cw := &countingWriter{w: pw, n: &written}
				write(cw)
				pw.Close()
			}()
			// Collect often, so that what the heap holds is what is live,
			// even beside the whole catalogue another test keeps.
			defer debug.SetGCPercent(debug.SetGCPercent(5))
			runtime.GC()
			var base runtime.MemStats
			runtime.ReadMemStats(&base)
			var peak atomic.Uint64
			stop := make(chan struct{})
			done := make(chan struct{})
			go func() {
				defer close(done)
				var ms runtime.MemStats
				for {
					select {
					case <-stop:
						return
					case <-time.After(2 * time.Millisecond):
					}
					runtime.ReadMemStats(&ms)
					if ms.HeapInuse > peak.Load() {
						peak.Store(ms.HeapInuse)
					}
				}
			}()
			c := NewCatalog()
			ok, err := c.AddReader(pr)
			close(stop)
			<-done
			if !ok || err != nil {
				t.Fatalf("AddReader = %v, %v", ok, err)
			}
			c.Finish()
			if c.Len() != 5 {
				t.Fatalf("Len() = %d, want the 5 cards the printings repeat", c.Len())
			}
			grew := int64(peak.Load()) - int64(base.HeapInuse)
			t.Logf("read %d MB; heap in use grew by at most %d MB", written.Load()>>20, grew>>20)
			if written.Load() < 50<<20 {
				t.Fatalf("the file was only %d bytes", written.Load())
			}
			if grew > written.Load()/4 {
				t.Errorf("heap grew by %d MB reading a %d MB file: the file is not streamed", grew>>20, written.Load()>>20)
			}
		})
	}
}

type countingWriter struct {
	w io.Writer
	n *atomic.Int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n.Add(int64(n))
	return n, err
}
