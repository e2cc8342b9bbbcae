package bot

import (
	"fmt"
	"net/http"
)

// readyz answers GET /readyz on the interactions endpoint: 200 "ready"
// when Ready reports nothing wrong, 503 with the reason otherwise.
func (h *Interactions) readyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if h.Ready != nil {
		if err := h.Ready(r.Context()); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintf(w, "not ready: %v\n", err)
			return
		}
	}
	w.Write([]byte("ready\n"))
}
