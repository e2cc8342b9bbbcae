package engine

// Dependencies (613.8) and the order of effects within a layer: 613.3
// (characteristic-defining abilities first), 613.7 (timestamps) and 613.8b
// (an effect waits for the effects it depends on).

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// less orders effects within a layer: characteristic-defining abilities
// first (613.3), then timestamps (613.7).
func less(a, b *Effect) bool {
	if a.cda() != b.cda() {
		return a.cda()
	}
	if a.ts != b.ts {
		return a.ts < b.ts
	}
	if a.sub != b.sub {
		return a.sub < b.sub
	}
	return a.key < b.key
}

// choose picks the next effect to apply: the earliest in timestamp order
// that depends on no unapplied effect outside its own dependency loop
// (613.8b), re-evaluated after every application (613.8c).
func (s *state) choose(cands []*Effect, l Layer, waited map[string]map[string]bool) (*Effect, string) {
	sort.Slice(cands, func(i, j int) bool { return less(cands[i], cands[j]) })
	if len(cands) == 1 {
		return cands[0], s.waitNote(cands[0], waited)
	}
	n := len(cands)
	// Cheap screen: a dependency needs an effect that reads what another
	// writes (existence via abilities, set via types/colors/control).
	ws := make([]int, n)
	rs := make([]int, n)
	union := 0
	for i, e := range cands {
		ws[i] = e.writes(l)
		rs[i] = s.readMask(e, l)
		union |= ws[i]
	}
	possible := false
	for i := range cands {
		if rs[i]&union != 0 {
			possible = true
			break
		}
	}
	if !possible {
		return cands[0], s.waitNote(cands[0], waited)
	}
	deps := make([][]int, n)
	any := false
	touched := map[*Effect][]int{} // what each effect would apply to now
	for i := 0; i < n; i++ {
		if rs[i] == 0 {
			continue
		}
		for j := 0; j < n; j++ {
			if i != j && rs[i]&ws[j] != 0 && s.dependsOn(cands[i], cands[j], l, touched) {
				deps[i] = append(deps[i], j)
				any = true
			}
		}
	}
	if !any {
		return cands[0], s.waitNote(cands[0], waited)
	}
	// reach[i][j]: i depends, directly or not, on j.
	reach := make([][]bool, n)
	for i := range reach {
		reach[i] = make([]bool, n)
		stack := append([]int(nil), deps[i]...)
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if reach[i][j] {
				continue
			}
			reach[i][j] = true
			stack = append(stack, deps[j]...)
		}
	}
	for i := 0; i < n; i++ {
		for _, j := range deps[i] {
			if !reach[j][i] {
				if waited[cands[i].key] == nil {
					waited[cands[i].key] = map[string]bool{}
				}
				waited[cands[i].key][cands[j].name()] = true
			}
		}
	}
	for i := 0; i < n; i++ {
		ready := true
		loop := false
		for _, j := range deps[i] {
			if !reach[j][i] {
				ready = false
				break
			}
			loop = true
		}
		if !ready {
			continue
		}
		note := s.waitNote(cands[i], waited)
		if loop {
			var names []string
			for _, j := range deps[i] {
				names = append(names, cands[j].name())
			}
			note += fmt.Sprintf(" [dependency loop with %s: applied in timestamp order, 613.8b]", strings.Join(names, ", "))
		}
		return cands[i], note
	}
	return cands[0], s.waitNote(cands[0], waited)
}

// noteVanished explains effects that stopped existing because the effect
// just applied removed the ability that generated them (613.8a: they
// depended on it).
func (s *state) noteVanished(old, now []*Effect, by *Effect, l Layer, waited map[string]map[string]bool) {
	present := make(map[*Effect]bool, len(now))
	for _, n := range now {
		present[n] = true
	}
	for _, e := range old {
		if e == by || !e.static || present[e] {
			continue
		}
		if i, ok := s.slot[e.src]; ok {
			s.step(i, l, "613.8a", e.srcName, fmt.Sprintf("its effect %q depends on %s (613.8a), which applies first and removes the ability, so the effect no longer exists", e.t.Sentence, by.name()))
		}
	}
}

func (s *state) waitNote(e *Effect, waited map[string]map[string]bool) string {
	w := waited[e.key]
	if len(w) == 0 {
		return ""
	}
	var names []string
	for n := range w {
		names = append(names, n)
	}
	sort.Strings(names)
	return fmt.Sprintf(" [depends on %s (613.8a), so applied after it (613.8b)]", strings.Join(names, ", "))
}

// fields an effect's application can change, and fields an effect's
// existence, set or result can read; dependency is only possible when they
// meet.
const (
	fControl = 1 << iota
	fTypes
	fColors
	fLoseAbilities // removes abilities: can end another effect's existence
	fGainAbilities
	fPT
)

// grantsEffectsIn reports whether e grants an ability whose own effects
// apply in layer l (they join the candidates at once, 613.8c).
func grantsEffectsIn(e *Effect, l Layer) bool {
	if e.t == nil {
		return false
	}
	for _, p := range e.t.Parts {
		if p.Layer != l || p.Op != opAddAbilities {
			continue
		}
		for _, a := range p.Abilities {
			for _, t := range a.Statics {
				if t.hasLayer(l) {
					return true
				}
			}
		}
	}
	return false
}

func (e *Effect) writes(l Layer) int {
	if e.counterObj != nil {
		if l == L6 {
			return fGainAbilities
		}
		return fPT
	}
	w := 0
	for _, p := range e.t.Parts {
		if p.Layer != l {
			continue
		}
		w |= ops[p.Op].writes
	}
	return w
}

// readMask is what an effect's existence, affected set or result reads.
func (s *state) readMask(e *Effect, l Layer) int {
	if e.counterObj != nil {
		return 0
	}
	r := 0
	if _, started := s.started[e.key]; e.static && !started {
		r |= fLoseAbilities
		if e.t.Sel.Kind == selFilter || e.t.Cond != nil {
			r |= fTypes | fColors | fControl
			if f := e.t.Sel.F; len(f.With) > 0 || len(f.Without) > 0 {
				r |= fGainAbilities | fLoseAbilities
			}
		}
	}
	for _, p := range e.t.Parts {
		if p.Layer != l {
			continue
		}
		r |= ops[p.Op].reads
	}
	return r
}

func containsInt(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// dependsOn decides 613.8a by trial: apply b to a copy of the objects it
// affects and see whether a's existence, the set it applies to, or what it
// does changes.
func (s *state) dependsOn(a, b *Effect, l Layer, cache map[*Effect][]int) bool {
	if a.cda() != b.cda() {
		return false // 613.8a(c)
	}
	if a.counterObj != nil {
		return false // a counter's existence, object and result are fixed
	}
	w := b.writes(l)
	_, started := s.started[a.key]
	open := a.static && !started
	condRead := open && a.t.Cond != nil && w&(fTypes|fColors|fControl) != 0
	needExist := open && w&fLoseAbilities != 0 || condRead
	setReads := fTypes | fColors | fControl
	if f := a.t.Sel.F; len(f.With) > 0 || len(f.Without) > 0 {
		setReads |= fGainAbilities | fLoseAbilities
	}
	needSet := open && a.t.Sel.Kind == selFilter && w&setReads != 0
	needWhat := false
	for _, p := range a.t.Parts {
		if p.Layer == l && ops[p.Op].reads&w != 0 {
			needWhat = true
		}
	}
	if !needExist && !needSet && !needWhat {
		return false
	}
	touched, ok := cache[b]
	if !ok {
		touched = s.affected(b, l, false)
		cache[b] = touched
	}
	if len(touched) == 0 {
		return false
	}
	if !needSet && !needWhat && !condRead {
		// Only a's existence is in question: b must touch a's source.
		src, ok := s.slot[a.src]
		if !ok || !containsInt(touched, src) {
			return false
		}
	}
	before := s.signature(a, l, s.ch)
	trial := append([]*Chars(nil), s.ch...)
	for _, i := range touched {
		trial[i] = trial[i].clone()
	}
	saved := s.ch
	s.ch, s.trial = trial, true
	s.applyTo(b, l, touched, false)
	s.ch, s.trial = saved, false
	after := s.signature(a, l, trial)
	return before != after
}

// signature is what 613.8a compares: existence, affected set, and what the
// effect does (the values it would set).
func (s *state) signature(e *Effect, l Layer, ch []*Chars) string {
	saved := s.ch
	s.ch = ch
	defer func() { s.ch = saved }()
	var b strings.Builder
	if !s.exists(e) {
		return "gone"
	}
	slots := s.affected(e, l, false)
	for _, i := range slots {
		b.WriteString(strconv.Itoa(i))
		b.WriteByte(',')
	}
	b.WriteByte('|')
	ctrl := e.ctrl
	if e.src != nil {
		if i, ok := s.slot[e.src]; ok {
			ctrl = s.ch[i].Controller
		}
	}
	for _, p := range e.t.Parts {
		if p.Layer != l {
			continue
		}
		if sig := ops[p.Op].sig; sig != nil {
			sig(s, p, e, slots, ctrl, &b)
		}
	}
	return b.String()
}
