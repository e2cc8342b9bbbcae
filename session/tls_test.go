package session

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/arbiter-mtg/arbiter/session/redistest"
)

// TestRedisTLS talks to a TLS-only redis-server through a rediss:// URL:
// the certificate is verified against the CA, skip_verify works without
// it, and plain redis:// to the TLS port fails with ErrUnavailable in
// bounded time rather than hanging on a handshake that never comes.
func TestRedisTLS(t *testing.T) {
	srv, ca := redistest.StartTLS(t)
	ctx := context.Background()
	quiet := slog.New(slog.NewTextHandler(&lockedBuffer{}, nil))

	cfg, err := ParseURL("rediss://" + srv.Addr + "/0")
	if err != nil {
		t.Fatal(err)
	}
	cfg.TLS.RootCAs = ca
	cfg.Logger = quiet
	s, err := NewRedis(relaxed(cfg))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if lines, err := s.AppendAndList(ctx, "scenario:tls", []string{"Ornithopter"}, time.Minute, ""); err != nil || len(lines) != 1 {
		t.Fatalf("AppendAndList over TLS = %q, %v", lines, err)
	}

	// Without the CA the certificate does not verify...
	untrusted, err := NewRedis(RedisConfig{URL: "rediss://" + srv.Addr, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	defer untrusted.Close()
	if err := untrusted.Ping(ctx); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Ping with an unknown CA: %v, want ErrUnavailable", err)
	}
	// ...unless the URL names the CA...
	viaFile, err := NewRedis(relaxed(RedisConfig{URL: "rediss://" + srv.Addr + "?ca_file=" + srv.CAFile, Logger: quiet}))
	if err != nil {
		t.Fatal(err)
	}
	defer viaFile.Close()
	if lines, err := viaFile.Lines(ctx, "scenario:tls", 0); err != nil || len(lines) != 1 {
		t.Fatalf("Lines with ca_file = %q, %v", lines, err)
	}
	// ...or verification is switched off.
	insecure, err := NewRedis(relaxed(RedisConfig{URL: "rediss://" + srv.Addr + "?skip_verify=true", Logger: quiet}))
	if err != nil {
		t.Fatal(err)
	}
	defer insecure.Close()
	if lines, err := insecure.Lines(ctx, "scenario:tls", 0); err != nil || len(lines) != 1 {
		t.Fatalf("Lines with skip_verify = %q, %v", lines, err)
	}

	plain, err := NewRedis(RedisConfig{URL: "redis://" + srv.Addr, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	began := time.Now()
	if err := plain.Ping(ctx); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("plain Ping to a TLS port: %v, want ErrUnavailable", err)
	}
	if took := time.Since(began); took > DefaultOpTimeout+3*time.Second {
		t.Fatalf("plain Ping to a TLS port took %v", took)
	}
}
