package commands

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-mtg/arbiter/session"
)

// Page budget, in runes. Discord allows 4096 in a description and 6000 in
// a whole message; a page keeps body and fields under 4000 so that the
// title, the citations field and the footer always fit too.
const (
	pageBody       = 3000
	pageTotal      = 4000
	pageFields     = 10
	fieldValueMax  = 1024
	fieldNameMax   = 256
	maxCiteButtons = 12
)

// finish adds the footer and pages a reply that does not fit one message.
func (r *Router) finish(ctx context.Context, user string, rep Reply) Reply {
	if rep.Footer == "" {
		rep.Footer = r.footer
	}
	pages := rep.Pages
	if len(pages) == 0 {
		pages = paginate(rep.Body, rep.Fields)
	}
	rep.Pages = nil
	if len(pages) <= 1 {
		if len(pages) == 1 {
			rep.Body, rep.Fields = pages[0].Body, pages[0].Fields
		}
		return rep
	}
	token := newToken()
	st := storedPages{Owner: user, Title: rep.Title, URL: rep.URL, Pages: pages, Citations: rep.Citations, Footer: rep.Footer, Buttons: rep.Buttons, Ephemeral: rep.Ephemeral, Pre: rep.Preformatted}
	b, _ := json.Marshal(st)
	if err := r.d.Store.Put(ctx, "page:"+token, b, r.d.PageTTL); err != nil {
		// The store logs an outage once (and the recovery once); a line
		// per request would flood the log while Redis is down.
		if errors.Is(err, session.ErrUnavailable) {
			r.log.DebugContext(ctx, "storing pages failed", "err", err)
		} else {
			r.log.WarnContext(ctx, "storing pages failed", "err", err)
		}
		// Show the first page and say plainly that the rest is missing,
		// rather than cutting the answer silently.
		out := st.page(0, "")
		out.Footer = fmt.Sprintf("Page 1 of %d: the other pages could not be stored right now; ask a narrower question · %s", len(pages), rep.Footer)
		out.Buttons = rep.Buttons
		return out
	}
	return st.page(0, token)
}

// storedPages is the paging state kept in the session store.
type storedPages struct {
	// Owner is the user who asked: only they turn the pages of the
	// message (others get the page privately, never a private answer).
	Owner     string     `json:"owner,omitempty"`
	Title     string     `json:"title"`
	URL       string     `json:"url,omitempty"`
	Pages     []Page     `json:"pages"`
	Citations []Citation `json:"citations,omitempty"`
	Footer    string     `json:"footer"`
	Buttons   []Button   `json:"buttons,omitempty"`
	Ephemeral bool       `json:"ephemeral,omitempty"`
	Pre       bool       `json:"pre,omitempty"`
}

func (st storedPages) page(i int, token string) Reply {
	if i < 0 {
		i = 0
	}
	if i >= len(st.Pages) {
		i = len(st.Pages) - 1
	}
	rep := Reply{
		Title: st.Title, URL: st.URL, Body: st.Pages[i].Body, Fields: st.Pages[i].Fields,
		Citations: st.Citations, Ephemeral: st.Ephemeral, Preformatted: st.Pre,
		Page: i, PageCount: len(st.Pages),
		Footer: fmt.Sprintf("Page %d of %d · %s", i+1, len(st.Pages), st.Footer),
	}
	if token != "" {
		rep.Buttons = append(rep.Buttons,
			Button{Label: "◀ Previous", CustomID: fmt.Sprintf("pg:%s:%d", token, i-1), Style: ButtonSecondary, Disabled: i == 0},
			Button{Label: "Next ▶", CustomID: fmt.Sprintf("pg:%s:%d", token, i+1), Style: ButtonSecondary, Disabled: i == len(st.Pages)-1},
		)
	}
	rep.Buttons = append(rep.Buttons, st.Buttons...)
	return rep
}

func newToken() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// paginate splits a body and fields into pages within the page budget.
// Paragraph breaks are preferred split points; a field value over 1024
// runes continues in a field of the same name.
func paginate(body string, fields []Field) []Page {
	var pages []Page
	for _, chunk := range splitRunes(body, pageBody) {
		pages = append(pages, Page{Body: chunk})
	}
	if len(pages) == 0 {
		pages = []Page{{}}
	}
	var split []Field
	for _, f := range fields {
		name := clip(f.Name, fieldNameMax)
		for i, v := range splitRunes(f.Value, fieldValueMax) {
			n := name
			if i > 0 {
				n = clip(f.Name+" (continued)", fieldNameMax)
			}
			split = append(split, Field{Name: n, Value: v, Inline: f.Inline})
		}
		if f.Value == "" {
			split = append(split, Field{Name: name, Value: "\u200b", Inline: f.Inline})
		}
	}
	cur := &pages[len(pages)-1]
	used := runeLen(cur.Body)
	for _, f := range split {
		size := runeLen(f.Name) + runeLen(f.Value)
		if len(cur.Fields) >= pageFields || used+size > pageTotal {
			pages = append(pages, Page{})
			cur = &pages[len(pages)-1]
			used = 0
		}
		cur.Fields = append(cur.Fields, f)
		used += size
	}
	return pages
}

// pageButton answers a paging button, pg:<token>:<page>: the stored page,
// in place of the message the button belongs to.
func (r *Router) pageButton(ctx context.Context, req Request) (Reply, error) {
	token, n, _ := strings.Cut(req.CustomArg(), ":")
	i, err := strconv.Atoi(n)
	if err != nil {
		return Reply{}, &UserError{Title: "Unknown button", Msg: "That button is not one Arbiter made."}
	}
	b, ok, err := r.d.Store.Get(ctx, "page:"+token)
	if err != nil {
		return Reply{}, err
	}
	if !ok {
		return Reply{}, &UserError{Code: CodeNotFound, Title: "These pages have expired", Msg: fmt.Sprintf("Pages stay browsable for %s. Run the command again to see them.", r.d.PageTTL), Hint: "/help"}
	}
	var st storedPages
	if err := json.Unmarshal(b, &st); err != nil || len(st.Pages) == 0 {
		return Reply{}, &UserError{Code: CodeNotFound, Title: "These pages have expired", Msg: "The stored pages could not be read. Run the command again.", Err: err}
	}
	rep := st.page(i, token)
	switch {
	case st.Owner == "" || st.Owner == req.UserID:
		rep.Update = true
	case st.Ephemeral:
		return Reply{}, &UserError{Code: CodeNotFound, Title: "Not your answer", Msg: "Only the person who asked can turn the pages of a private answer.", Hint: "/help"}
	default:
		// Someone else's public answer: show them the page privately
		// rather than turning it for everyone.
		rep.Ephemeral, rep.Buttons = true, nil
	}
	return rep, nil
}
