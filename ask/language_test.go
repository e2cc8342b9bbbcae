package ask

import (
	"os"
	"strings"
	"testing"

	"github.com/arbiter-mtg/arbiter/internal/evalset"
)

// Questions told in German, Spanish, French or Italian don't read as
// English; every real question of the measured sets does, as do short
// ones, slang and card names in another language in brackets.
func TestReadsAsEnglish(t *testing.T) {
	a := testAsker(t)
	for _, q := range []string{
		"Wenn ich Ensoul Artifact auf meinen Ornithopter spiele, kann er in diesem Zug angreifen?",
		"Si lanzo Contrahechizo sobre un hechizo, ¿qué pasa con el maná?",
		"Est-ce que ma créature peut attaquer ce tour-ci si elle a la célérité ?",
		"Posso attaccare con una creatura appena evocata?",
	} {
		if a.readsAsEnglish(q, a.names.link(q)) {
			t.Errorf("%q reads as English", q)
		}
	}
	english := []string{
		"regla 999.9",
		"can my dude attack if i just played it lol",
		"uhhhh .... does that mean urza saga would keep any ability granted to it",
		"Does [[Contrahechizo]] counter [[Artefaktbeseelung]]?",
	}
	for _, qs := range [][]evalset.Question{evalset.Dev(), evalset.Unseen(), evalset.Unseen2(), evalset.Unseen3(), evalset.Unseen4(), evalset.Unseen5()} {
		for _, q := range qs {
			english = append(english, q.Question)
		}
	}
	// The knowledge core's plain questions too.
	for _, file := range []string{"eval.tsv", "holdout.tsv", "holdout2.tsv"} {
		data, err := os.ReadFile("../rulings/testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if q, _, ok := strings.Cut(line, "\t"); ok && !strings.HasPrefix(line, "#") {
				english = append(english, q)
			}
		}
	}
	for _, q := range english {
		if !a.readsAsEnglish(q, a.names.link(q)) {
			t.Errorf("%q does not read as English", q)
		}
	}
}
