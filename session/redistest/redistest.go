// Package redistest gives tests a real Redis: the shared server named by
// ARBITER_TEST_REDIS (default 127.0.0.1:6379) with a private key prefix, or
// a private redis-server process the test can stop and start again.
package redistest

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Addr returns the shared test Redis address (ARBITER_TEST_REDIS, an
// address or a redis:// URL; default 127.0.0.1:6379). The test fails, not
// skips, when nothing answers: the Redis behaviour is the point of it.
func Addr(t testing.TB) string {
	t.Helper()
	addr := os.Getenv("ARBITER_TEST_REDIS")
	if addr == "" {
		addr = "127.0.0.1:6379"
	}
	if _, rest, ok := strings.Cut(addr, "://"); ok {
		if i := strings.IndexAny(rest, "/?"); i >= 0 {
			rest = rest[:i]
		}
		if i := strings.LastIndex(rest, "@"); i >= 0 {
			rest = rest[i+1:]
		}
		addr = rest
		if _, _, err := net.SplitHostPort(addr); err != nil {
			addr = net.JoinHostPort(addr, "6379")
		}
	}
	if err := ping(addr, 2*time.Second); err != nil {
		t.Fatalf("no Redis answers at %s (%v): these tests need a real redis-server; start one "+
			"(redis-server --save '' --appendonly no) or set ARBITER_TEST_REDIS=host:port", addr, err)
	}
	return addr
}

func ping(addr string, timeout time.Duration) error { return pingTLS(addr, nil, timeout) }

func pingTLS(addr string, tc *tls.Config, timeout time.Duration) error {
	c := redis.NewClient(&redis.Options{Addr: addr, DisableIdentity: true, MaxRetries: -1, DialTimeout: timeout, TLSConfig: tc})
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return c.Ping(ctx).Err()
}

// Prefix returns a key prefix no other test uses and deletes every key
// under it when the test ends.
func Prefix(t testing.TB, addr string) string {
	t.Helper()
	var b [6]byte
	rand.Read(b[:])
	prefix := "arbitertest:" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() {
		c := redis.NewClient(&redis.Options{Addr: addr, DisableIdentity: true})
		defer c.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		iter := c.Scan(ctx, 0, prefix+"*", 500).Iterator()
		var keys []string
		for iter.Next(ctx) {
			keys = append(keys, iter.Val())
		}
		if len(keys) > 0 {
			c.Del(ctx, keys...)
		}
	})
	return prefix
}

// Server is a private redis-server process without persistence, on a port
// of its own, that a test may stop and start again on the same port.
type Server struct {
	Addr string
	Port int

	t   testing.TB
	dir string

	// TLS, when set, is how to reach a server started by StartTLS, and
	// CAFile the PEM file of the CA that signed its certificate.
	TLS    *tls.Config
	CAFile string
	// extra arguments of redis-server (the TLS setup).
	extra []string

	mu  sync.Mutex
	cmd *exec.Cmd
}

// Start launches a private redis-server; it is killed when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Fatalf("redis-server not found on PATH: this test runs its own server (apt-get install redis-server)")
	}
	port := freePort(t)
	s := &Server{Addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), Port: port, t: t, dir: t.TempDir()}
	s.Restart()
	t.Cleanup(s.Stop)
	return s
}

// StartTLS launches a private redis-server that speaks only TLS, with a
// certificate for 127.0.0.1 signed by a throwaway CA. s.TLS trusts that CA;
// ca is the CA certificate for clients configured another way.
func StartTLS(t testing.TB) (s *Server, ca *x509.CertPool) {
	t.Helper()
	dir := t.TempDir()
	caFile, caCert, caKey := NewCA(t, dir)
	srvKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	srvTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	srvDER, err := x509.CreateCertificate(rand.Reader, srvTmpl, caCert, &srvKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, _ := x509.MarshalECPrivateKey(srvKey)
	certFile := writePEM(t, dir, "redis.crt", "CERTIFICATE", srvDER)
	keyFile := writePEM(t, dir, "redis.key", "EC PRIVATE KEY", keyDER)
	ca = x509.NewCertPool()
	ca.AddCert(caCert)

	port := freePort(t)
	s = &Server{
		Addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), Port: port, t: t, dir: t.TempDir(),
		TLS: &tls.Config{RootCAs: ca, MinVersion: tls.VersionTLS12}, CAFile: caFile,
		extra: []string{"--tls-cert-file", certFile, "--tls-key-file", keyFile,
			"--tls-ca-cert-file", caFile, "--tls-auth-clients", "no"},
	}
	s.Restart()
	t.Cleanup(s.Stop)
	return s, ca
}

// NewCA makes a throwaway certificate authority and writes its certificate
// to dir/ca.crt, whose path it returns with the certificate and its key.
func NewCA(t testing.TB, dir string) (file string, cert *x509.Certificate, key *ecdsa.PrivateKey) {
	t.Helper()
	key, _ = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "arbiter test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	if cert, err = x509.ParseCertificate(der); err != nil {
		t.Fatal(err)
	}
	return writePEM(t, dir, "ca.crt", "CERTIFICATE", der), cert, key
}

// writePEM writes one PEM block to dir/name and returns its path.
func writePEM(t testing.TB, dir, name, typ string, der []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// Stop kills the server (SIGKILL: an abrupt outage, not a clean shutdown)
// and waits for it to exit. Stopping a stopped server does nothing.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGCONT)
	s.cmd.Process.Kill()
	s.cmd.Wait()
	s.cmd = nil
}

// Restart starts the server again on the same port and waits until it
// answers PING.
func (s *Server) Restart() {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		s.t.Fatalf("redistest: Restart of a running server")
	}
	var lastErr error
	// The port may linger briefly after a kill; retry the start a few times.
	for attempt := 0; attempt < 5; attempt++ {
		args := []string{"--port", strconv.Itoa(s.Port), "--bind", "127.0.0.1",
			"--save", "", "--appendonly", "no", "--dir", s.dir,
			"--logfile", filepath.Join(s.dir, "redis.log")}
		if s.TLS != nil {
			// The same port, TLS only.
			args = append([]string{"--port", "0", "--tls-port", strconv.Itoa(s.Port)}, args[2:]...)
		}
		cmd := exec.Command("redis-server", append(args, s.extra...)...)
		if err := cmd.Start(); err != nil {
			s.t.Fatalf("start redis-server: %v", err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) {
			if lastErr = pingTLS(s.Addr, s.TLS, 200*time.Millisecond); lastErr == nil {
				s.cmd = cmd
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		cmd.Process.Kill()
		cmd.Wait()
	}
	log, _ := os.ReadFile(filepath.Join(s.dir, "redis.log"))
	s.t.Fatalf("redis-server on port %d did not answer: %v\n%s", s.Port, lastErr, log)
}

// URL returns redis://addr for the server.
func (s *Server) URL() string { return fmt.Sprintf("redis://%s", s.Addr) }

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("find a free port: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Cluster is a private Redis Cluster of masters without replicas.
type Cluster struct {
	Addrs []string
}

// StartCluster launches n (at least 3) redis-server processes in cluster
// mode, joins them with redis-cli --cluster create and waits until the
// cluster reports cluster_state:ok. The servers are killed when the test
// ends.
func StartCluster(t testing.TB, n int) *Cluster {
	t.Helper()
	if n < 3 {
		n = 3
	}
	if _, err := exec.LookPath("redis-cli"); err != nil {
		t.Fatalf("redis-cli not found on PATH: the cluster test needs it to create the cluster")
	}
	c := &Cluster{}
	for i := range n {
		port := freePort(t)
		dir := t.TempDir()
		cmd := exec.Command("redis-server",
			"--port", strconv.Itoa(port), "--bind", "127.0.0.1",
			"--save", "", "--appendonly", "no", "--dir", dir,
			"--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
			"--cluster-node-timeout", "2000",
			"--logfile", filepath.Join(dir, "redis.log"))
		if err := cmd.Start(); err != nil {
			t.Fatalf("start cluster node %d: %v", i, err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
		deadline := time.Now().Add(5 * time.Second)
		for ping(addr, 200*time.Millisecond) != nil {
			if time.Now().After(deadline) {
				t.Fatalf("cluster node %s did not start", addr)
			}
			time.Sleep(20 * time.Millisecond)
		}
		c.Addrs = append(c.Addrs, addr)
	}
	args := append([]string{"--cluster", "create"}, c.Addrs...)
	args = append(args, "--cluster-replicas", "0", "--cluster-yes")
	if out, err := exec.Command("redis-cli", args...).CombinedOutput(); err != nil {
		t.Fatalf("redis-cli --cluster create: %v\n%s", err, out)
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		ok := true
		for _, a := range c.Addrs {
			cl := redis.NewClient(&redis.Options{Addr: a, DisableIdentity: true})
			info, err := cl.ClusterInfo(context.Background()).Result()
			cl.Close()
			if err != nil || !strings.Contains(info, "cluster_state:ok") {
				ok = false
			}
		}
		if ok {
			return c
		}
		if time.Now().After(deadline) {
			t.Fatalf("cluster %v did not reach cluster_state:ok", c.Addrs)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Pause freezes the server (SIGSTOP): connections stay open and dials are
// accepted by the kernel, but nothing answers: a slow Redis, not a dead one.
func (s *Server) Pause() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		s.cmd.Process.Signal(syscall.SIGSTOP)
	}
}

// Resume continues a paused server (SIGCONT).
func (s *Server) Resume() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		s.cmd.Process.Signal(syscall.SIGCONT)
	}
}

// StartSentinel launches one Redis Sentinel watching the master at
// master.Addr under the name masterName and waits until it knows the
// master. It returns the sentinel's address; it is killed when the test ends.
func StartSentinel(t testing.TB, master *Server, masterName string) string {
	t.Helper()
	port := freePort(t)
	dir := t.TempDir()
	conf := filepath.Join(dir, "sentinel.conf")
	body := fmt.Sprintf("port %d\nbind 127.0.0.1\ndir %s\nsentinel monitor %s 127.0.0.1 %d 1\nsentinel down-after-milliseconds %s 5000\n",
		port, dir, masterName, master.Port, masterName)
	if err := os.WriteFile(conf, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("redis-server", conf, "--sentinel")
	cmd.Stdout, cmd.Stderr = nil, nil
	if err := cmd.Start(); err != nil {
		t.Fatalf("start redis sentinel: %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	sc := redis.NewSentinelClient(&redis.Options{Addr: addr, DisableIdentity: true})
	defer sc.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		got, err := sc.GetMasterAddrByName(ctx, masterName).Result()
		cancel()
		if err == nil && len(got) == 2 && got[1] == strconv.Itoa(master.Port) {
			return addr
		}
		if time.Now().After(deadline) {
			t.Fatalf("sentinel at %s does not report master %s (%v, %v)", addr, masterName, got, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
