package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

// newHealthcheckCmd is a probe for container runtimes whose image has no
// shell or curl (the distroless image): it GETs a URL and exits 0 on a 2xx
// answer, 1 otherwise.
func newHealthcheckCmd(a *app) *cobra.Command {
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "healthcheck URL",
		Short: "GET a URL and exit 0 when it answers 2xx, 1 otherwise (a container probe)",
		Long: `Fetches URL and exits 0 when it answers with a 2xx status, 1 when it answers
otherwise or not at all (within --timeout). For HEALTHCHECK in images without
a shell or curl, e.g.:

  arbiter healthcheck http://127.0.0.1:9090/healthz   (metrics listener)
  arbiter healthcheck http://127.0.0.1:8080/readyz    (arbiter http)`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, cancel := context.WithTimeout(cmd.Context(), timeout)
			defer cancel()
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, args[0], nil)
			if err != nil {
				return exitCode(2, fmt.Errorf("healthcheck: %w", err))
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return exitCode(1, fmt.Errorf("healthcheck %s: %w", args[0], err))
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
			if resp.StatusCode/100 != 2 {
				return exitCode(1, fmt.Errorf("healthcheck %s: %s %s", args[0], resp.Status, bytesTrim(body)))
			}
			fmt.Fprintf(a.Out, "%s %s\n", resp.Status, bytesTrim(body))
			return nil
		},
	}
	c.Flags().DurationVar(&timeout, "timeout", 3*time.Second, "give up after this long")
	return c
}

func bytesTrim(b []byte) string { return strings.TrimSpace(string(b)) }
