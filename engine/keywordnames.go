package engine

// crKeywordTitles are the titles of the keyword abilities of CR 702
// (702.2 onward, cr-20260417.txt), lower case, as the CR writes them.
// TestKeywordListsMatchCR keeps them equal to the CR.
var crKeywordTitles = map[string]bool{
	"deathtouch": true, "defender": true, "double strike": true, "enchant": true, "equip": true,
	"first strike": true, "flash": true, "flying": true, "haste": true, "hexproof": true,
	"indestructible": true, "intimidate": true, "landwalk": true, "lifelink": true,
	"protection": true, "reach": true, "shroud": true, "trample": true, "vigilance": true,
	"ward": true, "banding": true, "rampage": true, "cumulative upkeep": true, "flanking": true,
	"phasing": true, "buyback": true, "shadow": true, "cycling": true, "echo": true,
	"horsemanship": true, "fading": true, "kicker": true, "flashback": true, "madness": true,
	"fear": true, "morph": true, "amplify": true, "provoke": true, "storm": true, "affinity": true,
	"entwine": true, "modular": true, "sunburst": true, "bushido": true, "soulshift": true,
	"splice": true, "offering": true, "ninjutsu": true, "epic": true, "convoke": true, "dredge": true,
	"transmute": true, "bloodthirst": true, "haunt": true, "replicate": true, "forecast": true,
	"graft": true, "recover": true, "ripple": true, "split second": true, "suspend": true,
	"vanishing": true, "absorb": true, "aura swap": true, "delve": true, "fortify": true,
	"frenzy": true, "gravestorm": true, "poisonous": true, "transfigure": true, "champion": true,
	"changeling": true, "evoke": true, "hideaway": true, "prowl": true, "reinforce": true,
	"conspire": true, "persist": true, "wither": true, "retrace": true, "devour": true,
	"exalted": true, "unearth": true, "cascade": true, "annihilator": true, "level up": true,
	"rebound": true, "umbra armor": true, "infect": true, "battle cry": true, "living weapon": true,
	"undying": true, "miracle": true, "soulbond": true, "overload": true, "scavenge": true,
	"unleash": true, "cipher": true, "evolve": true, "extort": true, "fuse": true, "bestow": true,
	"tribute": true, "dethrone": true, "hidden agenda": true, "outlast": true, "prowess": true,
	"dash": true, "exploit": true, "menace": true, "renown": true, "awaken": true, "devoid": true,
	"ingest": true, "myriad": true, "surge": true, "skulk": true, "emerge": true, "escalate": true,
	"melee": true, "crew": true, "fabricate": true, "partner": true, "undaunted": true,
	"improvise": true, "aftermath": true, "embalm": true, "eternalize": true, "afflict": true,
	"ascend": true, "assist": true, "jump-start": true, "mentor": true, "afterlife": true,
	"riot": true, "spectacle": true, "escape": true, "companion": true, "mutate": true,
	"encore": true, "boast": true, "foretell": true, "demonstrate": true,
	"daybound and nightbound": true, "disturb": true, "decayed": true, "cleave": true,
	"training": true, "compleated": true, "reconfigure": true, "blitz": true, "casualty": true,
	"enlist": true, "read ahead": true, "ravenous": true, "squad": true, "space sculptor": true,
	"visit": true, "prototype": true, "living metal": true, "more than meets the eye": true,
	"for mirrodin!": true, "toxic": true, "backup": true, "bargain": true, "craft": true,
	"disguise": true, "solved": true, "plot": true, "saddle": true, "spree": true,
	"freerunning": true, "gift": true, "offspring": true, "impending": true, "exhaust": true,
	"max speed": true, "start your engines!": true, "harmonize": true, "mobilize": true,
	"job select": true, "tiered": true, "station": true, "warp": true, "∞ (infinity)": true,
	"mayhem": true, "web-slinging": true, "firebending": true, "sneak": true, "increment": true,
	"paradigm": true,
}

// abilityWords are the ability words of CR 207.2c: they have no rules
// meaning, so "Threshold — " before an ability is not part of its text.
var abilityWords = map[string]bool{
	"adamant": true, "addendum": true, "alliance": true, "battalion": true, "bloodrush": true,
	"celebration": true, "channel": true, "chroma": true, "cohort": true, "constellation": true,
	"converge": true, "council's dilemma": true, "coven": true, "delirium": true, "descend 4": true,
	"descend 8": true, "disappear": true, "domain": true, "eerie": true, "eminence": true,
	"enrage": true, "fateful hour": true, "fathomless descent": true, "ferocious": true,
	"flurry": true, "formidable": true, "grandeur": true, "hellbent": true, "heroic": true,
	"imprint": true, "infusion": true, "inspired": true, "join forces": true, "kinship": true,
	"landfall": true, "lieutenant": true, "magecraft": true, "metalcraft": true, "morbid": true,
	"opus": true, "pack tactics": true, "paradox": true, "parley": true, "radiance": true,
	"raid": true, "rally": true, "renew": true, "repartee": true, "revolt": true,
	"secret council": true, "spell mastery": true, "strive": true, "survival": true, "sweep": true,
	"tempting offer": true, "threshold": true, "undergrowth": true, "valiant": true, "vivid": true,
	"void": true, "will of the council": true,
}
