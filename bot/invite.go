package bot

import (
	"net/url"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// Permission is one permission the invite asks for, and why.
type Permission struct {
	Name string
	Bit  int64
	Why  string
}

// InvitePermissions are the permissions Arbiter's features need. Slash
// commands, buttons and forms are answered through interaction webhooks,
// which need no channel permission at all; these are for the judge-channel
// watcher ([judge] channels), which answers ordinary messages as a
// reply in the channel, and for judge calls, posted in the judge channel
// with a thread each and answered in the player's channel.
var InvitePermissions = []Permission{
	{"View Channel", discordgo.PermissionViewChannel, "see the watched judge channels and receive their messages"},
	{"Send Messages", discordgo.PermissionSendMessages, "answer [[Card]] and \"CR 302.6\" in a watched channel"},
	{"Send Messages in Threads", discordgo.PermissionSendMessagesInThreads, "answer the same in threads of a watched channel"},
	{"Embed Links", discordgo.PermissionEmbedLinks, "answers are embeds (title, rule text, links to the sources)"},
	{"Read Message History", discordgo.PermissionReadMessageHistory, "an answer is a reply to the question, which Discord allows only with this permission"},
	{"Create Public Threads", discordgo.PermissionCreatePublicThreads, "a judge call opens a thread of its own in the judge channel (without it the call is a plain message)"},
}

// InviteScopes: the bot user (for the watcher's messages and the gateway)
// and the slash commands.
const InviteScopes = "bot applications.commands"

// InvitePermissionBits is the sum of InvitePermissions.
func InvitePermissionBits() int64 {
	var n int64
	for _, p := range InvitePermissions {
		n |= p.Bit
	}
	return n
}

// InviteURL is the OAuth2 URL that adds the application to a server with
// InviteScopes and InvitePermissions.
func InviteURL(applicationID string) string {
	q := url.Values{}
	q.Set("client_id", applicationID)
	q.Set("scope", InviteScopes)
	q.Set("permissions", strconv.FormatInt(InvitePermissionBits(), 10))
	// url.Values encodes the space as "+", as Discord's own links do.
	return "https://discord.com/oauth2/authorize?" + q.Encode()
}
