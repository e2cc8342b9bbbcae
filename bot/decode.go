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
func DecodeInteraction(body []byte) (*discordgo.Interaction, error) {
	var in discordgo.Interaction
	if err := json.Unmarshal(body, &in); err != nil {
		return nil, fmt.Errorf("interaction JSON: %w", err)
	}
	if in.Type == 0 {
		return nil, errors.New("interaction JSON: no type")
	}
	return &in, nil
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
