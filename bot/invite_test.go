package bot

import "testing"

func TestInviteURL(t *testing.T) {
	// View Channel 1<<10, Send Messages 1<<11, Embed Links 1<<14, Read
	// Message History 1<<16, Create Public Threads 1<<35, Send Messages
	// in Threads 1<<38 (Discord's permission bits).
	const want = 1<<10 | 1<<11 | 1<<14 | 1<<16 | 1<<35 | 1<<38
	if got := InvitePermissionBits(); got != want {
		t.Errorf("permissions %d, want %d", got, want)
	}
	got := InviteURL("123456789012345678")
	// url.Values sorts the parameters by name.
	if exp := "https://discord.com/oauth2/authorize?client_id=123456789012345678&permissions=309237730304&scope=bot+applications.commands"; got != exp {
		t.Errorf("invite URL\n%s\nwant\n%s", got, exp)
	}
	for _, p := range InvitePermissions {
		if p.Why == "" || p.Bit == 0 {
			t.Errorf("permission %q has no reason or bit", p.Name)
		}
	}
}
