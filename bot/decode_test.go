package bot

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/bench/interact"
)

// decodeBodies are interactions in every shape the endpoint reads: the
// recorded ones and those the load driver sends.
func decodeBodies(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, name := range []string{"ping.json", "rule_command.json", "rule_autocomplete.json", "define_dm.json", "scenario_new_private.json", "find_rules_message.json", "page_button.json", "scenario_modal_submit.json", "unknown_command.json"} {
		out[name] = recorded(t, name)
	}
	at := interact.Where{Guild: "900", Channel: "c1", User: "u1"}
	out["driver rule"] = interact.Command("1", at, "rule", interact.Str("number", "302.6"))
	out["driver scenario add"] = interact.Command("2", at, "scenario", interact.Sub("add", interact.Str("line", "Ornithopter as O (new)")))
	o := interact.Str("number", "704")
	o.Focused = true
	out["driver autocomplete"] = interact.Autocomplete("3", at, "rule", o)
	out["driver modal"] = interact.ModalSubmit("4", interact.Where{Channel: "dm", User: "u2"}, "scn:add:c", map[string]string{"lines": "a\nb"})
	return out
}

// sameAsDiscordgo checks that DecodeInteraction agrees with discordgo's own
// decoding on every field Arbiter reads, and on the Request built from it.
func sameAsDiscordgo(t *testing.T, body []byte, mine *discordgo.Interaction) {
	t.Helper()
	var theirs discordgo.Interaction
	if err := json.Unmarshal(body, &theirs); err != nil || theirs.Type == 0 {
		return // discordgo refuses it, or it has no type (refused on purpose)
	}
	if mine == nil {
		t.Fatalf("discordgo decodes %q, DecodeInteraction refuses it", body)
	}
	userID := func(in *discordgo.Interaction) (m, u string) {
		if in.Member != nil && in.Member.User != nil {
			m = in.Member.User.ID
		}
		if in.User != nil {
			u = in.User.ID
		}
		return
	}
	mm, mu := userID(mine)
	tm, tu := userID(&theirs)
	if mine.ID != theirs.ID || mine.AppID != theirs.AppID || mine.Type != theirs.Type || mine.GuildID != theirs.GuildID ||
		mine.ChannelID != theirs.ChannelID || mine.Locale != theirs.Locale || mine.Token != theirs.Token || mine.Version != theirs.Version ||
		mm != tm || mu != tu || (mine.Member == nil) != (theirs.Member == nil) || (mine.User == nil) != (theirs.User == nil) {
		t.Errorf("fields differ from discordgo's decoding of %s", body)
	}
	if !reflect.DeepEqual(mine.Data, theirs.Data) {
		t.Errorf("data differs:\n mine   %#v\n theirs %#v", mine.Data, theirs.Data)
	}
	r1, err1 := ToRequest(mine)
	r2, err2 := ToRequest(&theirs)
	if (err1 == nil) != (err2 == nil) || !sameRequest(r1, r2) {
		t.Errorf("requests differ:\n mine   %+v (%v)\n theirs %+v (%v)", r1, err1, r2, err2)
	}
}

func TestDecodeInteractionAgreesWithDiscordgo(t *testing.T) {
	for name, body := range decodeBodies(t) {
		t.Run(name, func(t *testing.T) {
			in, err := DecodeInteraction(body)
			if err != nil {
				t.Fatal(err)
			}
			sameAsDiscordgo(t, body, in)
		})
	}
	// A command without data is refused by both.
	if _, err := DecodeInteraction([]byte(`{"type":2,"id":"1"}`)); err == nil {
		t.Error("a command interaction without data was accepted")
	}
}

func BenchmarkDecodeInteraction(b *testing.B) {
	body := decodeBodies(b)["driver rule"]
	b.Run("lean", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := DecodeInteraction(body); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("discordgo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var in discordgo.Interaction
			if err := json.Unmarshal(body, &in); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// The invoking member's roles and those of the members a user option
// names reach the request (judge-role checks need them), from the HTTP
// endpoint's decoder and from the gateway's.
func TestDecodeMemberRoles(t *testing.T) {
	body := []byte(`{"id":"1","application_id":"900","type":2,"token":"t","version":1,"guild_id":"500","channel_id":"600",
		"member":{"user":{"id":"701"},"roles":["111","880"],"permissions":"0"},
		"data":{"id":"801","name":"judge","type":1,"options":[{"name":"handoff","type":1,"options":[{"name":"to","type":6,"value":"702"}]}],
		"resolved":{"users":{"702":{"id":"702"}},"members":{"702":{"roles":["880"]}}}}}`)
	in, err := DecodeInteraction(body)
	if err != nil {
		t.Fatal(err)
	}
	var gw discordgo.InteractionCreate
	if err := json.Unmarshal(body, &gw); err != nil {
		t.Fatal(err)
	}
	for name, in := range map[string]*discordgo.Interaction{"http": in, "gateway": gw.Interaction} {
		req, err := ToRequest(in)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(req.Roles, []string{"111", "880"}) || req.Subcommand != "handoff" || req.Options["to"] != "702" || !slices.Equal(req.MemberRoles["702"], []string{"880"}) {
			t.Errorf("%s: roles %v, options %v, member roles %v", name, req.Roles, req.Options, req.MemberRoles)
		}
	}
}
