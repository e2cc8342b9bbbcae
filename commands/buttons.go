package commands

import (
	"context"
	"strings"
)

// citeButtons offers the text of the rules an answer cross-references.
func citeButtons(ids []string) []Button {
	if len(ids) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("cite:")
	n := 0
	for _, id := range ids {
		if b.Len()+len(id)+1 > 100 || n == maxCiteButtons {
			break
		}
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString(id)
		n++
	}
	return []Button{{Label: "Show cited rules", CustomID: b.String(), Style: ButtonPrimary}}
}

// citeButton answers "Show cited rules" (cite:302.6,613.4c).
func (r *Router) citeButton(_ context.Context, req Request) (Reply, error) {
	return r.citedRules(strings.Split(req.CustomArg(), ","))
}

// rulingsButton answers a card's "Rulings" button (rulings:<card name>),
// privately.
func (r *Router) rulingsButton(_ context.Context, req Request) (Reply, error) {
	c, err := r.findCard("rulings", req.CustomArg())
	if err != nil {
		return Reply{}, err
	}
	rep, err := r.rulingsReply(c)
	rep.Ephemeral = true
	return rep, err
}

// citedRules answers the "show cited rules" button: the text of each rule,
// privately, so the channel is not flooded.
func (r *Router) citedRules(ids []string) (Reply, error) {
	var fields []Field
	var cites []Citation
	for _, id := range ids {
		rule, ok := r.d.CR.Rule(id)
		if !ok {
			continue
		}
		fields = append(fields, Field{Name: ruleHeading(rule), Value: ruleText(rule, false)})
		cites = append(cites, crCite(rule.ID))
	}
	if len(fields) == 0 {
		return Reply{}, &UserError{Code: CodeNotFound, Title: "No cited rules", Msg: "The rules this button pointed to are not in the loaded Comprehensive Rules.", Hint: "/rule 302.6"}
	}
	return Reply{Title: "Cited rules", Fields: fields, Citations: cites, Ephemeral: true}, nil
}
