package bot

import (
	"crypto/ed25519"
	"encoding/hex"
	"math/big"
	"math/rand/v2"
	"testing"

	voi "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"
)

func expand(t testing.TB, pub []byte) *voi.ExpandedPublicKey {
	k, err := voi.NewExpandedPublicKey(voi.PublicKey(pub))
	if err != nil {
		return nil // an undecodable key: verifySignature refuses everything
	}
	return k
}

// agree checks that the endpoint's verification and crypto/ed25519 give
// the same answer.
func agree(t *testing.T, what string, pub, msg, sig []byte) bool {
	t.Helper()
	want := ed25519.Verify(pub, msg, sig)
	if got := verifySignature(expand(t, pub), msg, sig); got != want {
		t.Errorf("%s: verifySignature = %v, crypto/ed25519 = %v (key %x sig %x)", what, got, want, pub, sig)
	}
	return want
}

// TestVerifyMatchesStdlib: the endpoint's Ed25519 check accepts exactly
// what crypto/ed25519 accepts: RFC 8032's test vector, genuine signatures,
// every one-bit change to a signature or message, a non-canonical S (S+L),
// and keys and R values of small order or out of range.
func TestVerifyMatchesStdlib(t *testing.T) {
	// RFC 8032, 7.1, TEST 1 (empty message).
	pub, _ := hex.DecodeString("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
	sig, _ := hex.DecodeString("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b")
	if !agree(t, "RFC 8032 test 1", pub, nil, sig) {
		t.Fatal("crypto/ed25519 refuses the RFC 8032 vector")
	}

	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 8 {
		seed := make([]byte, ed25519.SeedSize)
		for i := range seed {
			seed[i] = byte(rng.IntN(256))
		}
		priv := ed25519.NewKeyFromSeed(seed)
		pub := priv.Public().(ed25519.PublicKey)
		msg := []byte("1700000000" + `{"type":2,"id":"` + string(rune('a'+n)) + `","data":{"name":"rule"}}`)
		sig := ed25519.Sign(priv, msg)
		if !agree(t, "genuine", pub, msg, sig) {
			t.Fatal("crypto/ed25519 refuses a genuine signature")
		}
		for bit := range 8 * len(sig) {
			bad := append([]byte(nil), sig...)
			bad[bit/8] ^= 1 << (bit % 8)
			agree(t, "signature bit flipped", pub, msg, bad)
		}
		for i := range msg {
			bad := append([]byte(nil), msg...)
			bad[i] ^= 0x20
			agree(t, "message changed", pub, bad, sig)
		}
		// S+L is the same scalar, not in canonical form: both refuse it.
		l, _ := new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
		s := new(big.Int).SetBytes(reverse(sig[32:]))
		s.Add(s, l)
		if s.BitLen() <= 256 {
			bad := append(append([]byte(nil), sig[:32]...), reverse(leftPad(s.Bytes(), 32))...)
			if agree(t, "S+L", pub, msg, bad) {
				t.Error("a non-canonical S was accepted")
			}
		}
	}

	// Small-order and out-of-range points as key and as R.
	special := []string{
		"0100000000000000000000000000000000000000000000000000000000000000", // identity
		"0000000000000000000000000000000000000000000000000000000000000000", // order 4
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // order 2
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", // order 8
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p+1 (the identity, unreduced)
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	}
	for _, k := range special {
		key, _ := hex.DecodeString(k)
		for _, r := range special {
			rb, _ := hex.DecodeString(r)
			for _, s := range []byte{0, 1} {
				sig := append(append([]byte(nil), rb...), make([]byte, 32)...)
				sig[32] = s
				agree(t, "small-order key "+k[:8]+" R "+r[:8], key, []byte("m"), sig)
			}
		}
	}
}

func reverse(b []byte) []byte {
	out := make([]byte, len(b))
	for i := range b {
		out[len(b)-1-i] = b[i]
	}
	return out
}

func leftPad(b []byte, n int) []byte {
	return append(make([]byte, n-len(b)), b...)
}

func BenchmarkVerifySignature(b *testing.B) {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	pub := priv.Public().(ed25519.PublicKey)
	msg := make([]byte, 700)
	sig := ed25519.Sign(priv, msg)
	key := expand(b, pub)
	b.Run("endpoint", func(b *testing.B) {
		for b.Loop() {
			if !verifySignature(key, msg, sig) {
				b.Fatal("refused")
			}
		}
	})
	b.Run("crypto/ed25519", func(b *testing.B) {
		for b.Loop() {
			if !ed25519.Verify(pub, msg, sig) {
				b.Fatal("refused")
			}
		}
	})
}

// FuzzVerifyMatchesStdlib: on any key, message and signature bytes, the
// endpoint's check and crypto/ed25519 agree.
func FuzzVerifyMatchesStdlib(f *testing.F) {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	msg := []byte("1700000000{}")
	f.Add([]byte(priv.Public().(ed25519.PublicKey)), msg, ed25519.Sign(priv, msg))
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		if len(pub) != ed25519.PublicKeySize || len(sig) != ed25519.SignatureSize {
			return // the endpoint checks both lengths before verifying
		}
		agree(t, "fuzz", pub, msg, sig)
	})
}
