package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/arbiter-mtg/arbiter/commands"
)

// DecodeInteraction parses an interaction's JSON as Discord sends it to the
// HTTP endpoint (the gateway's INTERACTION_CREATE carries the same object).
//
// It reads only what Arbiter uses: the ids, type, locale, token and
// version, the invoking user's id and roles, and the data, decoded into
// discordgo's data types exactly as discordgo does. The rest (the member's
// permissions, the message a button is on, entitlements) is skipped rather
// than built: discordgo's own UnmarshalJSON decodes all of it and the data
// twice, and that was the largest cost of a request after the signature.
func DecodeInteraction(body []byte) (*discordgo.Interaction, error) {
	var w wireInteraction
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("interaction JSON: %w", err)
	}
	if w.Type == 0 {
		return nil, errors.New("interaction JSON: no type")
	}
	in := &discordgo.Interaction{
		ID: w.ID, AppID: w.AppID, Type: w.Type, GuildID: w.GuildID, ChannelID: w.ChannelID,
		Locale: w.Locale, Token: w.Token, Version: w.Version,
	}
	if w.Member != nil {
		in.Member = &discordgo.Member{Roles: w.Member.Roles}
		if w.Member.User != nil {
			in.Member.User = &discordgo.User{ID: w.Member.User.ID}
		}
	}
	if w.User != nil {
		in.User = &discordgo.User{ID: w.User.ID}
	}
	// As discordgo's Interaction.UnmarshalJSON: the data's type follows
	// the interaction's; other types carry no data Arbiter reads.
	var err error
	switch w.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		var d discordgo.ApplicationCommandInteractionData
		err = json.Unmarshal(w.Data, &d)
		in.Data = d
	case discordgo.InteractionMessageComponent:
		var d discordgo.MessageComponentInteractionData
		err = json.Unmarshal(w.Data, &d)
		in.Data = d
	case discordgo.InteractionModalSubmit:
		var d discordgo.ModalSubmitInteractionData
		err = json.Unmarshal(w.Data, &d)
		in.Data = d
	}
	if err != nil {
		return nil, fmt.Errorf("interaction JSON: %w", err)
	}
	return in, nil
}

// wireInteraction is the part of an interaction DecodeInteraction reads.
type wireInteraction struct {
	ID        string                    `json:"id"`
	AppID     string                    `json:"application_id"`
	Type      discordgo.InteractionType `json:"type"`
	Data      json.RawMessage           `json:"data"`
	GuildID   string                    `json:"guild_id"`
	ChannelID string                    `json:"channel_id"`
	Member    *struct {
		User  *wireUser `json:"user"`
		Roles []string  `json:"roles"`
	} `json:"member"`
	User    *wireUser        `json:"user"`
	Locale  discordgo.Locale `json:"locale"`
	Token   string           `json:"token"`
	Version int              `json:"version"`
}

type wireUser struct {
	ID string `json:"id"`
}

// ToRequest converts a discordgo interaction into the transport-free
// Request. It never calls discordgo's typed accessors, which panic on the
// wrong interaction type; it checks the data's dynamic type instead.
func ToRequest(in *discordgo.Interaction) (commands.Request, error) {
	req := commands.Request{
		ID:        in.ID,
		ChannelID: in.ChannelID,
		GuildID:   in.GuildID,
		Locale:    string(in.Locale),
	}
	switch {
	case in.Member != nil && in.Member.User != nil:
		req.UserID = in.Member.User.ID
		req.Roles = in.Member.Roles
	case in.User != nil:
		req.UserID = in.User.ID
	}
	switch data := in.Data.(type) {
	case discordgo.ApplicationCommandInteractionData:
		req.Kind = commands.KindCommand
		if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = commands.KindAutocomplete
		}
		req.Command = data.Name
		req.Options = map[string]string{}
		opts := data.Options
		if len(opts) == 1 && opts[0] != nil && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommand || opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
			req.Subcommand = opts[0].Name
			opts = opts[0].Options
		}
		for _, o := range opts {
			if o == nil {
				continue
			}
			req.Options[o.Name] = optionString(o.Value)
			if o.Focused {
				req.Focused = o.Name
			}
		}
		if data.Resolved != nil && len(data.Resolved.Members) > 0 {
			req.MemberRoles = map[string][]string{}
			for id, m := range data.Resolved.Members {
				if m != nil {
					req.MemberRoles[id] = m.Roles
				}
			}
		}
		if data.CommandType == discordgo.MessageApplicationCommand {
			if data.Resolved == nil || data.Resolved.Messages[data.TargetID] == nil {
				return req, errors.New("message command without its target message")
			}
			req.TargetText = data.Resolved.Messages[data.TargetID].Content
		}
	case discordgo.MessageComponentInteractionData:
		req.Kind = commands.KindComponent
		req.CustomID = data.CustomID
	case discordgo.ModalSubmitInteractionData:
		req.Kind = commands.KindModal
		req.CustomID = data.CustomID
		req.Values = map[string]string{}
		collectInputs(data.Components, req.Values)
	default:
		return req, fmt.Errorf("interaction type %d carries no data Arbiter reads", in.Type)
	}
	if req.Kind == commands.KindCommand && req.Command == "" {
		return req, errors.New("command interaction without a name")
	}
	return req, nil
}

func collectInputs(cs []discordgo.MessageComponent, into map[string]string) {
	for _, c := range cs {
		switch c := c.(type) {
		case *discordgo.ActionsRow:
			collectInputs(c.Components, into)
		case *discordgo.TextInput:
			into[c.CustomID] = c.Value
		}
	}
}

func optionString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case nil:
		return ""
	default:
		return fmt.Sprint(v)
	}
}
