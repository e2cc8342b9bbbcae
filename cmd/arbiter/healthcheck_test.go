package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestHealthcheckCommand(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/healthz":
			w.Write([]byte("ok\n"))
		case "/readyz":
			http.Error(w, "not ready: data not loaded yet", http.StatusServiceUnavailable)
		case "/slow":
			time.Sleep(300 * time.Millisecond)
		}
	}))
	defer srv.Close()
	probe := func(args ...string) (string, string, int) {
		var out, errOut bytes.Buffer
		code := run(append([]string{"healthcheck"}, args...), strings.NewReader(""), &out, &errOut)
		return out.String(), errOut.String(), code
	}
	if out, errOut, code := probe(srv.URL + "/healthz"); code != 0 || !strings.Contains(out, "200") {
		t.Errorf("healthy: exit %d, %q %q", code, out, errOut)
	}
	if _, errOut, code := probe(srv.URL + "/readyz"); code != 1 || !strings.Contains(errOut, "503") || !strings.Contains(errOut, "data not loaded") {
		t.Errorf("503: exit %d, %q; want 1 with the reason", code, errOut)
	}
	if _, errOut, code := probe("--timeout", "50ms", srv.URL+"/slow"); code != 1 || !strings.Contains(errOut, "deadline") {
		t.Errorf("timeout: exit %d, %q", code, errOut)
	}
	closed := srv.URL
	srv.Close()
	if _, _, code := probe(closed + "/healthz"); code != 1 {
		t.Errorf("nothing listening: exit %d, want 1", code)
	}
	if _, _, code := probe(); code != 2 {
		t.Errorf("no URL: exit %d, want 2", code)
	}
}
