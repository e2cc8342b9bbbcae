// Package interact builds and signs Discord interactions the way Discord
// delivers them to an HTTP interactions endpoint, for load tests and
// multi-process tests of `arbiter http`.
package interact

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Signer signs request bodies with an application's Ed25519 private key.
type Signer struct {
	Key ed25519.PrivateKey
	// Now stamps X-Signature-Timestamp (time.Now when nil).
	Now func() time.Time
}

// NewSigner derives a signer from a 32-byte seed (64 hex digits), so that a
// test and the server it starts can agree on a key pair from one string.
func NewSigner(seedHex string) (*Signer, error) {
	seed, err := hex.DecodeString(seedHex)
	if err != nil || len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("signing key: want %d hex digits (an Ed25519 seed)", 2*ed25519.SeedSize)
	}
	return &Signer{Key: ed25519.NewKeyFromSeed(seed)}, nil
}

// PublicKeyHex is the public key as the developer portal shows it: what the
// server's discord.public_key (DISCORD_PUBLIC_KEY) must be set to.
func (s *Signer) PublicKeyHex() string {
	return hex.EncodeToString(s.Key.Public().(ed25519.PublicKey))
}

// Signed is a body with its signature headers, made ahead of sending (a
// load test signs before the clock starts: in production Discord signs,
// not the server's machine).
type Signed struct {
	Body      []byte
	Signature string
	Timestamp string
}

// Presign signs body now; the server accepts it for its timestamp skew
// (5 minutes by default).
func (s *Signer) Presign(body []byte) Signed {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	ts := strconv.FormatInt(now().Unix(), 10)
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	return Signed{Body: body, Signature: hex.EncodeToString(ed25519.Sign(s.Key, msg)), Timestamp: ts}
}

// PostSigned posts a presigned body to url.
func PostSigned(c *http.Client, url string, sb Signed) (status int, respBody []byte, err error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(sb.Body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("X-Signature-Ed25519", sb.Signature)
	req.Header.Set("X-Signature-Timestamp", sb.Timestamp)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	respBody, err = io.ReadAll(resp.Body)
	return resp.StatusCode, respBody, err
}

// Sign sets X-Signature-Ed25519 and X-Signature-Timestamp on req for body:
// the signature covers the timestamp followed by the body.
func (s *Signer) Sign(req *http.Request, body []byte) {
	sb := s.Presign(body)
	req.Header.Set("X-Signature-Ed25519", sb.Signature)
	req.Header.Set("X-Signature-Timestamp", sb.Timestamp)
	req.Header.Set("Content-Type", "application/json")
}

// Post signs body and posts it to url.
func (s *Signer) Post(c *http.Client, url string, body []byte) (status int, respBody []byte, err error) {
	return PostSigned(c, url, s.Presign(body))
}

// Option is one command option as Discord sends it.
type Option struct {
	Name    string   `json:"name"`
	Type    int      `json:"type"`
	Value   any      `json:"value,omitempty"`
	Focused bool     `json:"focused,omitempty"`
	Options []Option `json:"options,omitempty"`
}

// Discord option types.
const (
	OptSubcommand = 1
	OptString     = 3
	OptBoolean    = 5
)

// Str is a string option.
func Str(name, value string) Option { return Option{Name: name, Type: OptString, Value: value} }

// Sub is a subcommand with its options.
func Sub(name string, opts ...Option) Option {
	return Option{Name: name, Type: OptSubcommand, Options: opts}
}

// Where is who sends an interaction from where.
type Where struct {
	Guild, Channel, User string
}

type user struct {
	ID       string `json:"id"`
	Username string `json:"username"`
}

type member struct {
	User user `json:"user"`
}

type commandData struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Type    int      `json:"type"`
	Options []Option `json:"options,omitempty"`
}

type interaction struct {
	ID            string  `json:"id"`
	ApplicationID string  `json:"application_id"`
	Type          int     `json:"type"`
	Token         string  `json:"token"`
	Version       int     `json:"version"`
	GuildID       string  `json:"guild_id,omitempty"`
	ChannelID     string  `json:"channel_id"`
	Member        *member `json:"member,omitempty"`
	User          *user   `json:"user,omitempty"`
	Data          any     `json:"data,omitempty"`
}

// Interaction types.
const (
	TypePing         = 1
	TypeCommand      = 2
	TypeAutocomplete = 4
)

// Command is the JSON of a slash command interaction (type 2, or type 4 for
// autocomplete when autocomplete is true) with the given id.
func Command(id string, at Where, name string, opts ...Option) []byte {
	return build(id, TypeCommand, at, commandData{ID: "cmd-" + name, Name: name, Type: 1, Options: opts})
}

// Autocomplete is the JSON of an autocomplete interaction; one option
// should be Focused.
func Autocomplete(id string, at Where, name string, opts ...Option) []byte {
	return build(id, TypeAutocomplete, at, commandData{ID: "cmd-" + name, Name: name, Type: 1, Options: opts})
}

type textInput struct {
	Type     int    `json:"type"`
	CustomID string `json:"custom_id"`
	Value    string `json:"value"`
}

type actionsRow struct {
	Type       int         `json:"type"`
	Components []textInput `json:"components"`
}

type modalData struct {
	CustomID   string       `json:"custom_id"`
	Components []actionsRow `json:"components"`
}

// TypeModalSubmit is a submitted modal.
const TypeModalSubmit = 5

// ModalSubmit is the JSON of a submitted modal (type 5): one text input per
// field, each in its own action row, as Discord sends them.
func ModalSubmit(id string, at Where, customID string, fields map[string]string) []byte {
	d := modalData{CustomID: customID}
	for k, v := range fields {
		d.Components = append(d.Components, actionsRow{Type: 1, Components: []textInput{{Type: 4, CustomID: k, Value: v}}})
	}
	return build(id, TypeModalSubmit, at, d)
}

// Ping is the JSON of Discord's endpoint check.
func Ping(id string) []byte {
	b, _ := json.Marshal(interaction{ID: id, ApplicationID: "1", Type: TypePing, Token: "t", Version: 1})
	return b
}

func build(id string, typ int, at Where, data any) []byte {
	in := interaction{
		ID: id, ApplicationID: "100000000000000001", Type: typ, Token: "token-" + id, Version: 1,
		GuildID: at.Guild, ChannelID: at.Channel, Data: data,
	}
	u := user{ID: at.User, Username: "user" + at.User}
	if at.Guild != "" {
		in.Member = &member{User: u}
	} else {
		in.User = &u
	}
	b, err := json.Marshal(in)
	if err != nil {
		panic(err) // only fixed types above: cannot fail
	}
	return b
}

// Response is the part of an interaction response the tests read.
type Response struct {
	Type int `json:"type"`
	Data struct {
		Content string `json:"content"`
		Flags   int    `json:"flags"`
		Embeds  []struct {
			Title       string `json:"title"`
			Description string `json:"description"`
			Footer      *struct {
				Text string `json:"text"`
			} `json:"footer"`
			Fields []struct {
				Name  string `json:"name"`
				Value string `json:"value"`
			} `json:"fields"`
		} `json:"embeds"`
		Choices []struct {
			Name  string `json:"name"`
			Value any    `json:"value"`
		} `json:"choices"`
	} `json:"data"`
}

// Text joins every visible text of a response (content, embed titles,
// descriptions, fields and footers), for assertions.
func (r Response) Text() string {
	var b bytes.Buffer
	b.WriteString(r.Data.Content)
	for _, e := range r.Data.Embeds {
		fmt.Fprintf(&b, "\n%s\n%s", e.Title, e.Description)
		for _, f := range e.Fields {
			fmt.Fprintf(&b, "\n%s: %s", f.Name, f.Value)
		}
		if e.Footer != nil {
			fmt.Fprintf(&b, "\n%s", e.Footer.Text)
		}
	}
	return b.String()
}

// Ephemeral reports the ephemeral flag (64).
func (r Response) Ephemeral() bool { return r.Data.Flags&64 != 0 }
