package bot

import (
	"fmt"
	"net/url"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
)

var endpointsMu sync.Mutex

// SetAPIBase points discordgo's REST and gateway discovery at base
// ({base}/api/v9/...): a Discord REST proxy in production, a fake Discord
// in tests. discordgo keeps its endpoints in package variables computed at
// start-up, so every variable derived from EndpointDiscord or EndpointAPI
// is recomputed here; the function-valued endpoints read these variables
// when called. It affects the whole process.
func SetAPIBase(base string) error {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("discord api_base %q must be an http(s) URL such as https://discord.com", base)
	}
	endpointsMu.Lock()
	defer endpointsMu.Unlock()
	d := strings.TrimRight(base, "/") + "/"
	api := d + "api/v" + discordgo.APIVersion + "/"
	discordgo.EndpointDiscord = d
	discordgo.EndpointAPI = api
	discordgo.EndpointGuilds = api + "guilds/"
	discordgo.EndpointChannels = api + "channels/"
	discordgo.EndpointUsers = api + "users/"
	discordgo.EndpointGateway = api + "gateway"
	discordgo.EndpointGatewayBot = discordgo.EndpointGateway + "/bot"
	discordgo.EndpointWebhooks = api + "webhooks/"
	discordgo.EndpointStickers = api + "stickers/"
	discordgo.EndpointStageInstances = api + "stage-instances"
	discordgo.EndpointSKUs = api + "skus"
	discordgo.EndpointVoice = api + "/voice/"
	discordgo.EndpointVoiceRegions = discordgo.EndpointVoice + "regions"
	discordgo.EndpointNitroStickersPacks = api + "/sticker-packs"
	discordgo.EndpointGuildCreate = api + "guilds"
	discordgo.EndpointApplications = api + "applications"
	discordgo.EndpointOAuth2 = api + "oauth2/"
	discordgo.EndpointOAuth2Applications = discordgo.EndpointOAuth2 + "applications"
	discordgo.EndpointOauth2 = discordgo.EndpointOAuth2
	discordgo.EndpointOauth2Applications = discordgo.EndpointOAuth2Applications
	return nil
}
