package engine

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse: the parser never panics, a syntax error names a line that
// exists, and whatever parses also runs (against a few cards) without
// panicking and yields valid JSON.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.scn"))
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	for _, s := range []string{
		"define X = {1} Artifact \"Enchanted artifact is a creature\"\nX\n? X",
		"Ornithopter as O (new, 2 +1/+1 counters, attached to O)\n? can O attack",
		"effect \"Switch target creature's power and toughness\" targeting a and b",
		"opponent: cast Act of Treason targeting O\n? can O tap",
		"define Y = white and blue Creature — A B 1/1 \"a\\\"b\\nc\"",
		"O becomes a copy of O\nO leaves the battlefield\n? O",
		"Ornithopter as O\nopponent: Ornithopter as P\nattack with O at P\nblock O with P\nO assigns 0 to P\ncombat damage\n? damage O\n? life",
		"opponent: cast Act of Treason targeting O (on the stack)\nresolve targeting opponent\nnext turn\nend of turn\n? turn\n? stack",
		"O takes 2 damage\nO deals 1 damage to opponent\nyou have 0 life\ndestroy O and O\nexile O\nreturn O to its owner's hand\n? graveyard\n? exile\n? hand",
	} {
		f.Add(s)
	}
	cards := NewMapSource(
		CardDef{Name: "Ornithopter", ManaCost: "{0}", Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Thopter"}, Power: "0", Toughness: "2", Text: "Flying"},
		CardDef{Name: "Act of Treason", ManaCost: "{2}{R}", Colors: []string{"R"}, Types: []string{"Sorcery"}, Text: "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn."},
		CardDef{Name: "Ensoul Artifact", ManaCost: "{1}{U}", Colors: []string{"U"}, Types: []string{"Enchantment"}, Subtypes: []string{"Aura"}, Text: "Enchant artifact\nEnchanted artifact is a creature with base power and toughness 5/5 in addition to its other types."},
	)
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4000 {
			return // keep each run short; long inputs add nothing new
		}
		s, err := Parse(src)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a *SyntaxError", err)
			}
			lines := strings.Count(strings.ReplaceAll(src, "\r\n", "\n"), "\n") + 1
			if se.Line < 1 || se.Line > lines {
				t.Fatalf("syntax error on line %d of %d", se.Line, lines)
			}
			if se.Msg == "" {
				t.Fatal("syntax error without a message")
			}
			return
		}
		r := run(s, cards)
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("report does not marshal: %v", err)
		}
		_ = r.Text()
	})
}
