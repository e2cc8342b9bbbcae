// Command httpload drives `arbiter http` with signed interactions at a fixed
// concurrency for a bounded time or count and prints a table: throughput,
// latency percentiles and errors.
//
//	go run ./bench/httpload -url http://127.0.0.1:8080/ -key SEED_HEX -c 64 -d 10s
//
// SEED_HEX is the 32-byte Ed25519 seed whose public key the server was
// given (httpload -print-public-key -key SEED_HEX prints it). Every request
// carries a fresh interaction id, so each one passes the server's
// de-duplication claim in Redis; users rotate over -users ids so the
// per-user rate limit is exercised without tripping (set it accordingly).
//
// The mix (-mix) is weights of request kinds:
//
//	rule      /rule number:<a rule id>         (look-up; Admit in the store)
//	define    /define term:<a glossary term>
//	complete  autocomplete on /rule            (no store access)
//	scenario  /scenario add then /scenario undo on the worker's own channel
//	          (store list writes; the list stays short)
//	ping      Discord's PING (signature check and transport only)
//	search    /search query:<an ordinary question>
//	card      /card name:<a name as typed: exact, lower case, typo, prefix, foreign>
//	cardcomplete  autocomplete on /card name
//
// A response counts as an error unless it is HTTP 200 with a JSON
// interaction response of the expected type (4 for commands, 8 for
// autocomplete) that is not an error reply. The exit status is 1 when any
// request failed.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httputil"
	neturl "net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/arbiter-mtg/arbiter/bench/interact"
)

type kind struct {
	name   string
	weight int
}

type sample struct {
	kind    string
	latency time.Duration
	errKind string // "" when the request succeeded
}

func main() {
	url := flag.String("url", "http://127.0.0.1:8080/", "interactions endpoint of `arbiter http`")
	key := flag.String("key", os.Getenv("ARBITER_BENCH_KEY"), "Ed25519 seed, 64 hex digits (env ARBITER_BENCH_KEY)")
	printPub := flag.Bool("print-public-key", false, "print the public key for -key and exit")
	conc := flag.Int("c", 64, "concurrent requests")
	dur := flag.Duration("d", 10*time.Second, "run time (the run stops at -d or -n, whichever comes first)")
	max := flag.Int("n", 0, "stop after this many requests (0: no count limit)")
	warm := flag.Int("warmup", 200, "requests sent before measuring (connections, caches)")
	mix := flag.String("mix", "rule:70,define:15,complete:10,scenario:5", "request kinds and weights")
	users := flag.Int("users", 100000, "distinct user ids to rotate over")
	timeout := flag.Duration("timeout", 5*time.Second, "per-request timeout")
	clientKind := flag.String("client", "raw", "HTTP client: raw (one keep-alive connection per worker, requests written as bytes: a light driver leaves the CPU to the server) or std (net/http)")
	presign := flag.Int("presign", 150000, "units of work signed before the clock starts (Discord signs in production, not the server's machine); past them workers sign as they go")
	flag.Parse()

	signer, err := interact.NewSigner(*key)
	if err != nil {
		fail("%v (pass -key)", err)
	}
	if *printPub {
		fmt.Println(signer.PublicKeyHex())
		return
	}
	kinds, err := parseMix(*mix)
	if err != nil {
		fail("-mix: %v", err)
	}
	client := &http.Client{
		Timeout: *timeout,
		Transport: &http.Transport{
			MaxIdleConns:        *conc * 2,
			MaxIdleConnsPerHost: *conc * 2,
			IdleConnTimeout:     time.Minute,
		},
	}
	run := &runner{url: *url, signer: signer, kinds: kinds, users: *users, runID: strconv.FormatInt(time.Now().UnixNano(), 36)}
	posters := make([]poster, *conc)
	for w := range posters {
		switch *clientKind {
		case "std":
			posters[w] = stdPoster{client: client, url: *url}
		case "raw":
			rp, err := newRawPoster(*url, *timeout)
			if err != nil {
				fail("-client raw: %v (use -client std)", err)
			}
			posters[w] = rp
		default:
			fail("-client %q: want raw or std", *clientKind)
		}
	}

	// Warm-up: not measured, but it must work.
	for i := range *warm {
		s := run.send(posters[i%*conc], run.make(i%*conc))
		if s.errKind != "" && i < 5 {
			fail("warm-up request failed (%s): is `arbiter http` running at %s with the public key %s?", s.errKind, *url, signer.PublicKeyHex())
		}
	}

	pool := *presign
	if *max > 0 {
		pool = min(pool, *max)
	}
	queues := make([][]unit, *conc)
	for i := range pool {
		queues[i%*conc] = append(queues[i%*conc], run.make(i%*conc))
	}

	var count, onTheFly atomic.Int64
	results := make([][]sample, *conc)
	stop := time.Now().Add(*dur)
	start := time.Now()
	var wg sync.WaitGroup
	for w := range *conc {
		wg.Go(func() {
			q := queues[w]
			for time.Now().Before(stop) {
				if *max > 0 && count.Add(1) > int64(*max) {
					return
				}
				var u unit
				if len(q) > 0 {
					u, q = q[0], q[1:]
				} else {
					onTheFly.Add(1)
					u = run.make(w)
				}
				results[w] = append(results[w], run.send(posters[w], u))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if n := onTheFly.Load(); n > 0 {
		fmt.Printf("note: the %d presigned units ran out; %d more were signed during the run (raise -presign)\n", pool, n)
	}

	var all []sample
	for _, r := range results {
		all = append(all, r...)
	}
	ok := report(os.Stdout, all, elapsed, *conc, *url)
	if !ok {
		os.Exit(1)
	}
}

type runner struct {
	url    string
	signer *interact.Signer
	kinds  []kind
	users  int
	runID  string
	seq    atomic.Int64
}

var ruleIDs = []string{"302.6", "613.1", "704.5k", "107.3i", "702.10", "613.4c", "509.1a", "601.2", "100.1", "903.4"}
var terms = []string{"summoning sickness", "layer", "mana value", "trample", "dies", "token", "state-based actions"}

// queries and cardNames feed the search and card kinds: ordinary
// questions, and card names as typed (exact, lower case, a typo, a prefix,
// a foreign name).
var (
	queries = []string{
		"can my creature attack the turn I played it", "what layer do +1/+1 counters apply in",
		"deathtouch and trample damage assignment", "what happens when a creature has 0 toughness",
		"does a token copy a copy effect", "who chooses the order of triggered abilities",
		"forgot a triggered ability", "drew an extra card at competitive", "mana value of a split card",
	}
	cardNames = []string{
		"Ornithopter", "ensoul artifact", "Titanic Growht", "Thassa", "Artefaktbeseelung",
		"Lightning Bolt", "aether vial", "Lim-Dul's Vault", "Counterspell", "Llanowar Elves",
	}
)

// unit is one unit of work: its requests, sent in order, with the
// interaction response type each must get. A scenario unit is two
// requests (add, undo); its latency is their sum.
type unit struct {
	kind string
	reqs []interact.Signed
	want []int
}

// make builds and signs one unit of a random kind for a worker.
func (r *runner) make(worker int) unit {
	k := r.pick()
	n := r.seq.Add(1)
	id := func() string { return fmt.Sprintf("%s-%d-%d", r.runID, n, r.seq.Add(1)) }
	at := interact.Where{Guild: "900", Channel: "c" + strconv.Itoa(worker), User: "u" + strconv.FormatInt(n%int64(r.users), 10)}
	u := unit{kind: k}
	add := func(body []byte, want int) {
		u.reqs = append(u.reqs, r.signer.Presign(body))
		u.want = append(u.want, want)
	}
	switch k {
	case "rule":
		add(interact.Command(id(), at, "rule", interact.Str("number", ruleIDs[n%int64(len(ruleIDs))])), 4)
	case "define":
		add(interact.Command(id(), at, "define", interact.Str("term", terms[n%int64(len(terms))])), 4)
	case "ping":
		add(interact.Ping(id()), 1)
	case "complete":
		o := interact.Str("number", "70"+strconv.FormatInt(n%10, 10))
		o.Focused = true
		add(interact.Autocomplete(id(), at, "rule", o), 8)
	case "search":
		add(interact.Command(id(), at, "search", interact.Str("query", queries[n%int64(len(queries))])), 4)
	case "card":
		add(interact.Command(id(), at, "card", interact.Str("name", cardNames[n%int64(len(cardNames))])), 4)
	case "cardcomplete":
		o := interact.Str("name", cardNames[n%int64(len(cardNames))][:4])
		o.Focused = true
		add(interact.Autocomplete(id(), at, "card", o), 8)
	case "scenario":
		add(interact.Command(id(), at, "scenario", interact.Sub("add", interact.Str("line", "Ornithopter as O (new)"))), 4)
		add(interact.Command(id(), at, "scenario", interact.Sub("undo")), 4)
	}
	return u
}

// send posts a unit's requests in order and returns its sample.
func (r *runner) send(p poster, u unit) sample {
	began := time.Now()
	var errKind string
	for i, req := range u.reqs {
		if errKind = r.expect(p, req, u.want[i]); errKind != "" {
			break
		}
	}
	return sample{kind: u.kind, latency: time.Since(began), errKind: errKind}
}

func (r *runner) pick() string {
	total := 0
	for _, k := range r.kinds {
		total += k.weight
	}
	x := rand.IntN(total)
	for _, k := range r.kinds {
		if x < k.weight {
			return k.name
		}
		x -= k.weight
	}
	return r.kinds[0].name
}

// expect posts body and classifies the answer: "" for a good response of
// type want, else a short error class.
func (r *runner) expect(p poster, req interact.Signed, want int) string {
	status, resp, err := p.post(req)
	if err != nil {
		if strings.Contains(err.Error(), "Timeout") || strings.Contains(err.Error(), "timeout") || strings.Contains(err.Error(), "deadline") {
			return "timeout"
		}
		return "transport"
	}
	if status != http.StatusOK {
		return "http " + strconv.Itoa(status)
	}
	// Only the type and flags are read on the hot path (responseHead): the
	// driver shares the machine with the server, so it keeps its own work
	// small.
	typ, flags, err := responseHead(resp)
	if err != nil {
		return "bad json"
	}
	if typ != want {
		if typ == 5 {
			return "deferred"
		}
		return "type " + strconv.Itoa(typ)
	}
	if want == 4 && flags&64 != 0 {
		var out interact.Response
		json.Unmarshal(resp, &out)
		// Every command in the mix succeeds; an ephemeral answer is an
		// error reply (store unavailable, rate limited, not found).
		t := out.Text()
		switch {
		case strings.Contains(t, "Slow down"):
			return "rate limited"
		case strings.Contains(t, "unavailable"):
			return "store unavailable"
		default:
			return "error reply"
		}
	}
	return ""
}

// poster sends one signed interaction and returns the HTTP status and body.
type poster interface {
	post(req interact.Signed) (status int, body []byte, err error)
}

type stdPoster struct {
	client *http.Client
	url    string
}

func (p stdPoster) post(req interact.Signed) (int, []byte, error) {
	return interact.PostSigned(p.client, p.url, req)
}

// rawPoster keeps one HTTP/1.1 keep-alive connection and writes each
// request as bytes; responses are read with net/http's own parser
// (Content-Length or chunked). It belongs to one worker.
type rawPoster struct {
	addr, host, path string
	timeout          time.Duration
	conn             net.Conn
	br               *bufio.Reader
	buf              []byte // the request being written
	body             []byte // the last response's body
}

func newRawPoster(rawURL string, timeout time.Duration) (*rawPoster, error) {
	u, err := neturl.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" {
		return nil, fmt.Errorf("only http:// URLs")
	}
	addr := u.Host
	if u.Port() == "" {
		addr = net.JoinHostPort(u.Hostname(), "80")
	}
	path := u.RequestURI()
	if path == "" {
		path = "/"
	}
	return &rawPoster{addr: addr, host: u.Host, path: path, timeout: timeout}, nil
}

func (p *rawPoster) reset() {
	if p.conn != nil {
		p.conn.Close()
	}
	p.conn, p.br = nil, nil
}

func (p *rawPoster) post(req interact.Signed) (int, []byte, error) {
	p.buf = fmt.Appendf(p.buf[:0], "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"+
		"X-Signature-Ed25519: %s\r\nX-Signature-Timestamp: %s\r\nContent-Length: %d\r\n\r\n",
		p.path, p.host, req.Signature, req.Timestamp, len(req.Body))
	p.buf = append(p.buf, req.Body...)
	for attempt := 0; ; attempt++ {
		reused := p.conn != nil
		if p.conn == nil {
			c, err := net.DialTimeout("tcp", p.addr, p.timeout)
			if err != nil {
				return 0, nil, err
			}
			p.conn, p.br = c, bufio.NewReaderSize(c, 16<<10)
		}
		p.conn.SetDeadline(time.Now().Add(p.timeout))
		_, err := p.conn.Write(p.buf)
		var status int
		var closeConn bool
		if err == nil {
			status, p.body, closeConn, err = readResponse(p.br, p.body[:0])
		}
		if err != nil {
			p.reset()
			// A kept-alive connection the server closed while idle fails
			// at once with EOF; redial once. Anything else is an error.
			if reused && attempt == 0 && (errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)) {
				continue
			}
			return 0, nil, err
		}
		if closeConn {
			p.reset()
		}
		return status, p.body, nil
	}
}

var errMalformed = errors.New("malformed HTTP response")

// readResponse reads one HTTP/1.x response into buf: the status, the body
// (Content-Length, chunked, or up to the connection's end) and whether the
// connection must be closed after it. It does the little the driver needs
// without building the header map and body reader of http.ReadResponse,
// which were a sixth of the driver's CPU. The body is only valid until the
// next call with the same buf.
func readResponse(br *bufio.Reader, buf []byte) (status int, body []byte, closeConn bool, err error) {
	line, err := br.ReadSlice('\n')
	if err != nil {
		return 0, nil, false, err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) || line[8] != ' ' {
		return 0, nil, false, errMalformed
	}
	closeConn = line[7] == '0' // HTTP/1.0 closes unless told otherwise
	status, err = strconv.Atoi(string(line[9:12]))
	if err != nil {
		return 0, nil, false, errMalformed
	}
	length, chunked := -1, false
	for {
		line, err = br.ReadSlice('\n')
		if err != nil {
			return 0, nil, false, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return 0, nil, false, errMalformed
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.Atoi(string(value)); err != nil || length < 0 {
				return 0, nil, false, errMalformed
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		case bytes.EqualFold(name, []byte("Connection")):
			if bytes.EqualFold(value, []byte("close")) {
				closeConn = true
			} else if bytes.EqualFold(value, []byte("keep-alive")) {
				closeConn = false
			}
		}
	}
	switch {
	case chunked:
		body, err = readAllInto(buf, httputil.NewChunkedReader(br))
		if err != nil {
			return 0, nil, false, err
		}
		// The chunked reader stops at the last chunk; the trailer section
		// (usually just its blank line) follows.
		for {
			line, err = br.ReadSlice('\n')
			if err != nil {
				return 0, nil, false, err
			}
			if len(bytes.TrimRight(line, "\r\n")) == 0 {
				break
			}
		}
	case length >= 0:
		if cap(buf) < length {
			buf = make([]byte, length)
		}
		body = buf[:length]
		if _, err = io.ReadFull(br, body); err != nil {
			return 0, nil, false, err
		}
	default:
		closeConn = true
		if body, err = readAllInto(buf, br); err != nil {
			return 0, nil, false, err
		}
	}
	return status, body, closeConn, nil
}

// readAllInto is io.ReadAll appending to buf[:0].
func readAllInto(buf []byte, r io.Reader) ([]byte, error) {
	b := buf[:0]
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

func parseMix(s string) ([]kind, error) {
	known := map[string]bool{"rule": true, "define": true, "complete": true, "scenario": true, "ping": true, "search": true, "card": true, "cardcomplete": true}
	var out []kind
	for part := range strings.SplitSeq(s, ",") {
		name, w, ok := strings.Cut(strings.TrimSpace(part), ":")
		if !ok {
			w = "1"
		}
		if !known[name] {
			return nil, fmt.Errorf("unknown kind %q (rule, define, complete, scenario, ping)", name)
		}
		n, err := strconv.Atoi(w)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("weight %q", w)
		}
		if n > 0 {
			out = append(out, kind{name, n})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no kinds")
	}
	return out, nil
}

// report prints the table and returns whether every request succeeded.
func report(w io.Writer, all []sample, elapsed time.Duration, conc int, url string) bool {
	fmt.Fprintf(w, "httpload: %s, concurrency %d, %v\n\n", url, conc, elapsed.Round(time.Millisecond))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kind\trequests\terrors\treq/s\tp50\tp90\tp99\tmax\t")
	byKind := map[string][]sample{}
	var names []string
	for _, s := range all {
		if _, ok := byKind[s.kind]; !ok {
			names = append(names, s.kind)
		}
		byKind[s.kind] = append(byKind[s.kind], s)
	}
	slices.Sort(names)
	row := func(name string, ss []sample) {
		lat := make([]time.Duration, len(ss))
		errs := 0
		for i, s := range ss {
			lat[i] = s.latency
			if s.errKind != "" {
				errs++
			}
		}
		slices.Sort(lat)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.0f\t%s\t%s\t%s\t%s\t\n", name, len(ss), errs,
			float64(len(ss))/elapsed.Seconds(), pct(lat, 50), pct(lat, 90), pct(lat, 99), pct(lat, 100))
	}
	for _, n := range names {
		row(n, byKind[n])
	}
	row("all", all)
	tw.Flush()

	errs := map[string]int{}
	for _, s := range all {
		if s.errKind != "" {
			errs[s.errKind]++
		}
	}
	// A scenario unit is two HTTP requests.
	httpReqs := len(all) + len(byKind["scenario"])
	fmt.Fprintf(w, "\nHTTP requests: %d (%.0f/s)\n", httpReqs, float64(httpReqs)/elapsed.Seconds())
	if len(errs) == 0 {
		fmt.Fprintln(w, "errors: 0")
		return true
	}
	fmt.Fprintln(w, "errors:")
	for k, n := range errs {
		fmt.Fprintf(w, "  %-18s %d\n", k, n)
	}
	return false
}

func pct(sorted []time.Duration, p int) string {
	if len(sorted) == 0 {
		return "-"
	}
	i := (len(sorted)*p + 99) / 100
	i = min(max(i-1, 0), len(sorted)-1)
	d := sorted[i]
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	default:
		return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "httpload: "+format+"\n", args...)
	os.Exit(2)
}
