package interact

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

const testSeed = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60" // RFC 8032 test 1

// TestSignerMatchesRFC8032 checks the key derivation against RFC 8032's
// first test vector, and that the signature covers timestamp + body as
// Discord's verification expects.
func TestSignerMatchesRFC8032(t *testing.T) {
	s, err := NewSigner(testSeed)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.PublicKeyHex(), "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"; got != want {
		t.Fatalf("public key %s, want %s (RFC 8032 test 1)", got, want)
	}
	s.Now = func() time.Time { return time.Unix(1_700_000_000, 0) }
	body := Command("1", Where{Guild: "g", Channel: "c", User: "u"}, "rule", Str("number", "302.6"))
	req, _ := http.NewRequest(http.MethodPost, "http://x/", bytes.NewReader(body))
	s.Sign(req, body)
	if ts := req.Header.Get("X-Signature-Timestamp"); ts != "1700000000" {
		t.Fatalf("timestamp header %q", ts)
	}
	sig, _ := hex.DecodeString(req.Header.Get("X-Signature-Ed25519"))
	pub, _ := hex.DecodeString(s.PublicKeyHex())
	if !ed25519.Verify(pub, append([]byte("1700000000"), body...), sig) {
		t.Fatal("signature does not verify over timestamp+body")
	}
	if !discordgo.VerifyInteraction(req, pub) {
		t.Fatal("discordgo.VerifyInteraction rejects the signature")
	}
	if _, err := NewSigner("abc"); err == nil {
		t.Fatal("NewSigner accepted a short seed")
	}
}

// TestPayloadsDecodeAsDiscordInteractions: what the load test sends must be
// what discordgo reads from Discord.
func TestPayloadsDecodeAsDiscordInteractions(t *testing.T) {
	var in discordgo.Interaction
	body := Command("42", Where{Guild: "g1", Channel: "c1", User: "u1"}, "scenario", Sub("add", Str("line", "Ornithopter as O (new)")))
	if err := json.Unmarshal(body, &in); err != nil {
		t.Fatal(err)
	}
	if in.ID != "42" || in.Type != discordgo.InteractionApplicationCommand || in.ChannelID != "c1" || in.Member == nil || in.Member.User.ID != "u1" {
		t.Fatalf("decoded %+v", in)
	}
	data := in.ApplicationCommandData()
	if data.Name != "scenario" || len(data.Options) != 1 || data.Options[0].Name != "add" ||
		data.Options[0].Options[0].StringValue() != "Ornithopter as O (new)" {
		t.Fatalf("decoded data %+v", data)
	}
	o := Str("number", "70")
	o.Focused = true
	if err := json.Unmarshal(Autocomplete("43", Where{Channel: "dm", User: "u2"}, "rule", o), &in); err != nil {
		t.Fatal(err)
	}
	if in.Type != discordgo.InteractionApplicationCommandAutocomplete || in.User == nil || in.User.ID != "u2" ||
		!in.ApplicationCommandData().Options[0].Focused {
		t.Fatalf("autocomplete decoded %+v", in)
	}
	if err := json.Unmarshal(ModalSubmit("45", Where{Guild: "g", Channel: "c", User: "u"}, "scn:add:c", map[string]string{"lines": "a\nb"}), &in); err != nil {
		t.Fatal(err)
	}
	md := in.ModalSubmitData()
	if in.Type != discordgo.InteractionModalSubmit || md.CustomID != "scn:add:c" ||
		md.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value != "a\nb" {
		t.Fatalf("modal submit decoded %+v", md)
	}
	if err := json.Unmarshal(Ping("44"), &in); err != nil || in.Type != discordgo.InteractionPing {
		t.Fatalf("ping decoded %+v, %v", in, err)
	}
}
