package wire

import (
	"context"
	"testing"

	"github.com/arbiter-mtg/arbiter/engine"
	"github.com/arbiter-mtg/arbiter/rulings/cards"
)

// A transform card from MTGJSON (one entry per face, layout "transform")
// reaches the engine with its back face, so "transform REF" turns it over
// (701.27a, 712.8e); a card named by its front face is the whole card.
func TestCardSourceTransformFaces(t *testing.T) {
	const set = `{"meta":{"date":"2022-04-25","version":"5.2.0"},"data":{"ISD":{"code":"ISD","cards":[
{"name":"Delver of Secrets // Insectile Aberration","faceName":"Delver of Secrets","side":"a","layout":"transform","manaCost":"{U}","colors":["U"],"types":["Creature"],"subtypes":["Human","Wizard"],"type":"Creature — Human Wizard","text":"At the beginning of your upkeep, look at the top card of your library. You may reveal that card. If an instant or sorcery card is revealed this way, transform Delver of Secrets.","power":"1","toughness":"1","setCode":"ISD","number":"51a"},
{"name":"Delver of Secrets // Insectile Aberration","faceName":"Insectile Aberration","side":"b","layout":"transform","colors":["U"],"types":["Creature"],"subtypes":["Human","Insect"],"type":"Creature — Human Insect","text":"Flying","power":"3","toughness":"2","setCode":"ISD","number":"51b"}
]}}}`
	cat := cards.NewCatalog()
	if ok, err := cat.AddFile([]byte(set)); !ok || err != nil {
		t.Fatalf("AddFile: %v %v", ok, err)
	}
	cat.Finish()
	src := CardSource(cat)
	d, ok := src.Card("Delver of Secrets")
	if !ok || d.Back == nil || d.Back.Name != "Insectile Aberration" || d.Back.Power != "3" {
		t.Fatalf("Delver of Secrets = %+v, %v", d, ok)
	}
	s, err := engine.Parse("Delver of Secrets as D\ntransform D\n? D")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := engine.Run(context.Background(), s, src)
	if err != nil || len(rep.Errors) > 0 || len(rep.Results) != 1 {
		t.Fatalf("run: %v %+v", err, rep)
	}
	if v := rep.Results[0].Object; v.Name != "Insectile Aberration" || *v.Power != 3 {
		t.Errorf("D = %+v, want a 3/2 Insectile Aberration", v)
	}
}
