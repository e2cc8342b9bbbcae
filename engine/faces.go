package engine

// Double-faced cards (712) and transforming (701.27). A nonmodal
// double-faced card has a face on each side; while its front face is up it
// has only the front face's characteristics, with its back face up only
// the back face's (712.8d, 712.8e), and in any zone other than the
// battlefield and the stack only its front face's (712.8a). Transforming
// turns it over: it is the same object, so counters, damage, attachments
// and the effects that applied to it keep applying (712.18), and it gets a
// new timestamp (613.7g).

import (
	"fmt"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/fold"
)

// frontDef is the card a permanent is represented by: its front face when
// it is a double-faced card with its back face up (712.8a: that is what it
// is in any other zone).
func (o *Object) frontDef() CardDef {
	if o.front != nil {
		return *o.front
	}
	return o.def
}

// linkFaces is "define FRONT // BACK": two defined (or known) cards become
// the faces of one nonmodal double-faced card (712.2).
func (g *game) linkFaces(st *Stmt) {
	if fold.Key(st.Card) == fold.Key(st.Ref2) {
		g.errorf(st.Line, "a double-faced card has two different faces (712.8): expected define FRONT // BACK with two card names")
		return
	}
	front, ok1 := g.card(st.Line, st.Card)
	back, ok2 := g.card(st.Line, st.Ref2)
	if !ok1 || !ok2 {
		return
	}
	b := back
	b.Back = nil
	front.Back = &b
	g.defs[fold.Key(front.Name)] = front
}

// enterTransformed turns a double-faced card's back face up as it enters
// ("(transformed)", 712.14a); a card that isn't double-faced enters with
// its only face up (712.14a's last sentence: it isn't put onto the
// battlefield at all when an effect says "transformed", which the
// statement does not model, so this is an error).
func (g *game) enterTransformed(st *Stmt, d CardDef, m Mods) (CardDef, *CardDef, bool) {
	if !m.Transformed {
		return d, nil, true
	}
	if d.Back == nil {
		g.errorf(st.Line, "%s is not a double-faced card: only a double-faced card can enter transformed (712.14a, 701.27a); write define %s // BACK to give it a back face", d.Name, d.Name)
		return d, nil, false
	}
	if m.FaceDown {
		g.errorf(st.Line, "%s can't enter both face down and transformed: a face-down double-faced permanent has the characteristics face-down status gives it (712.15)", d.Name)
		return d, nil, false
	}
	front := d
	return *d.Back, &front, true
}

// transformStmt is "transform REF" (701.27a).
func (g *game) transformStmt(st *Stmt) {
	o, ok := g.ref(st.Line, st.Ref)
	if !ok {
		return
	}
	front := o.frontDef()
	switch {
	case front.Back == nil:
		g.note(st.Line, fmt.Sprintf("%s is not represented by a double-faced card: it doesn't transform, nothing happens (701.27c, 712.9)", o.display()), "701.27c")
		return
	case o.faceDown:
		g.note(st.Line, fmt.Sprintf("%s is face down: a face-down double-faced permanent can't transform (712.15a)", o.display()), "712.15a")
		return
	}
	var to CardDef
	if o.front == nil {
		to = *front.Back
	} else {
		to = front
	}
	if containsFold(to.Types, "Instant") || containsFold(to.Types, "Sorcery") {
		g.note(st.Line, fmt.Sprintf("%s would transform into an instant or sorcery face (%s): nothing happens (701.27d)", o.display(), to.Name), "701.27d")
		return
	}
	from := o.def.Name
	if o.front == nil {
		f := front
		o.front = &f
	} else {
		o.front = nil
	}
	o.def = to
	g.refaced(st, o)
	g.note(st.Line, fmt.Sprintf("%s transforms: %s → %s, the same object with its counters, damage and attachments; effects that applied to it still apply (712.18); it gets a new timestamp (613.7g)", o.display(), from, to.Name), "712.18")
}

// refaced gives an object the abilities of the face now up and the new
// timestamp of 613.7g.
func (g *game) refaced(st *Stmt, o *Object) {
	g.clean = false
	o.ts = g.ts
	o.base = nil
	cc := g.comp.compileCard(o.def)
	o.printed = cc.abilities
	o.hasTrig = false
	for _, a := range cc.abilities {
		if a.Kind == abTriggered {
			if t := g.trigger(a, o.def.Name); t != nil {
				o.hasTrig = true
				if t.kind == tGainLife {
					g.lifeTrig = true
				}
			}
		}
	}
	for _, u := range cc.unmodeled {
		if text, ok := strings.CutSuffix(u, trigUnmodelledNote); ok {
			if t := parseTrigger(text, o.def.Name); t != nil {
				bad := g.effectModelled(t, o.def.Name)
				if len(bad) == 0 {
					continue // run: it triggers and resolves (triggers.go)
				}
				u = text + " [triggered ability: it triggers and goes on the stack, but this part of its effect is not modelled: " + strings.Join(bad, "; ") + "]"
			}
			g.dependsOn(text)
		}
		g.unmodeled(st.Line, o.def.Name, u)
	}
}

// cantTurnFaceDown: a double-faced permanent can't be turned face down
// (712.16); nothing happens.
func (g *game) cantTurnFaceDown(st *Stmt, o *Object) bool {
	if o.frontDef().Back == nil {
		return false
	}
	g.note(st.Line, fmt.Sprintf("%s is a double-faced permanent: it can't be turned face down, nothing happens (712.16)", o.display()), "712.16")
	return true
}

// cantTurnFaceUp: a manifested permanent represented by an instant or
// sorcery card is revealed and stays face down (701.40g).
func (g *game) cantTurnFaceUp(st *Stmt, o *Object) bool {
	if !o.manifested || !o.faceDown || isPermanentCard(o.def) {
		return false
	}
	g.note(st.Line, fmt.Sprintf("%s is a manifested %s card: its controller reveals it and it stays face down (701.40g)", o.display(), strings.ToLower(strings.Join(o.def.Types, " "))), "701.40g")
	return true
}

// faceName reports whether a double-faced permanent that has transformed
// since it entered has the folded name k on the face now up (712.8d,
// 712.8e): it is found by that name too.
func (o *Object) faceName(k string) bool {
	return o.def.Name != o.name && fold.Key(o.def.Name) == k
}
