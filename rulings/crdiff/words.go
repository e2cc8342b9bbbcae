package crdiff

import "strings"

// Words is the word-level diff from a to b: words are split on white space
// (punctuation stays with its word, as in git's word diff), the common
// start and end are trimmed, and the rest is aligned by a longest common
// subsequence of words. Adjacent runs of one kind are merged; a deletion
// comes before the insertion that replaces it.
func Words(a, b string) []Op {
	wa, wb := strings.Fields(a), strings.Fields(b)
	pre := 0
	for pre < len(wa) && pre < len(wb) && wa[pre] == wb[pre] {
		pre++
	}
	suf := 0
	for suf < len(wa)-pre && suf < len(wb)-pre && wa[len(wa)-1-suf] == wb[len(wb)-1-suf] {
		suf++
	}
	type run struct {
		kind  OpKind
		words []string
	}
	var runs []run
	add := func(k OpKind, w string) {
		if n := len(runs); n > 0 && runs[n-1].kind == k {
			runs[n-1].words = append(runs[n-1].words, w)
			return
		}
		runs = append(runs, run{kind: k, words: []string{w}})
	}
	for _, w := range wa[:pre] {
		add(Equal, w)
	}
	ma, mb := wa[pre:len(wa)-suf], wb[pre:len(wb)-suf]
	for _, e := range lcsEdits(ma, mb) {
		add(e.kind, e.word)
	}
	for _, w := range wa[len(wa)-suf:] {
		add(Equal, w)
	}
	ops := make([]Op, len(runs))
	for i, r := range runs {
		ops[i] = Op{Kind: r.kind, Text: strings.Join(r.words, " ")}
	}
	return reorder(ops)
}

type edit struct {
	kind OpKind
	word string
}

// lcsEdits aligns two word lists by a longest common subsequence (a
// dynamic programme over the middle that differs: rule texts are a few
// hundred words at most).
func lcsEdits(a, b []string) []edit {
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		out := make([]edit, 0, n+m)
		for _, w := range a {
			out = append(out, edit{Delete, w})
		}
		for _, w := range b {
			out = append(out, edit{Insert, w})
		}
		return out
	}
	// l[i][j] = LCS length of a[i:] and b[j:], in one flat slice.
	w := m + 1
	l := make([]int32, (n+1)*w)
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				l[i*w+j] = l[(i+1)*w+j+1] + 1
			} else if x, y := l[(i+1)*w+j], l[i*w+j+1]; x >= y {
				l[i*w+j] = x
			} else {
				l[i*w+j] = y
			}
		}
	}
	out := make([]edit, 0, n+m)
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case a[i] == b[j]:
			out = append(out, edit{Equal, a[i]})
			i++
			j++
		case l[(i+1)*w+j] >= l[i*w+j+1]:
			out = append(out, edit{Delete, a[i]})
			i++
		default:
			out = append(out, edit{Insert, b[j]})
			j++
		}
	}
	for ; i < n; i++ {
		out = append(out, edit{Delete, a[i]})
	}
	for ; j < m; j++ {
		out = append(out, edit{Insert, b[j]})
	}
	return out
}

// reorder puts a deletion before an insertion that directly follows or
// precedes it (insert+delete becomes delete+insert), merging runs again.
func reorder(ops []Op) []Op {
	for i := 0; i+1 < len(ops); i++ {
		if ops[i].Kind == Insert && ops[i+1].Kind == Delete {
			ops[i], ops[i+1] = ops[i+1], ops[i]
		}
	}
	out := ops[:0]
	for _, o := range ops {
		if n := len(out); n > 0 && out[n-1].Kind == o.Kind {
			out[n-1].Text += " " + o.Text
			continue
		}
		out = append(out, o)
	}
	return out
}

// Old rebuilds the old text's words from a diff; New the new text's.
func Old(ops []Op) string { return join(ops, Delete) }

// New rebuilds the new text's words from a diff.
func New(ops []Op) string { return join(ops, Insert) }

func join(ops []Op, keep OpKind) string {
	var parts []string
	for _, o := range ops {
		if o.Kind == Equal || o.Kind == keep {
			parts = append(parts, o.Text)
		}
	}
	return strings.Join(parts, " ")
}

// Plain renders a diff as text with git's word-diff markers: [-deleted-]
// and {+inserted+}.
func Plain(ops []Op) string {
	var b strings.Builder
	for i, o := range ops {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch o.Kind {
		case Delete:
			b.WriteString("[-" + o.Text + "-]")
		case Insert:
			b.WriteString("{+" + o.Text + "+}")
		default:
			b.WriteString(o.Text)
		}
	}
	return b.String()
}

// Trim shortens the runs of unchanged words to at most n words of context
// around each change ("…" marks what was left out); n < 0 keeps them all.
func Trim(ops []Op, n int) []Op {
	if n < 0 {
		return ops
	}
	out := make([]Op, 0, len(ops))
	for i, o := range ops {
		if o.Kind != Equal {
			out = append(out, o)
			continue
		}
		w := strings.Fields(o.Text)
		first, last := i == 0, i == len(ops)-1
		switch {
		case first && last:
			// No change at all.
		case first && len(w) > n:
			w = append([]string{"…"}, w[len(w)-n:]...)
		case last && len(w) > n:
			w = append(w[:n:n], "…")
		case !first && !last && len(w) > 2*n+1:
			w = append(append(w[:n:n], "…"), w[len(w)-n:]...)
		}
		out = append(out, Op{Kind: Equal, Text: strings.Join(w, " ")})
	}
	return out
}
