package commands

// The tests of the command set over the whole knowledge base live in the
// external package commands_test (they wire the real adapters, which import
// this package); these are the internal helpers they share.
var (
	Cmd            = cmd
	Scen           = scen
	CheckCitations = checkCitations
	AllText        = allText
)
