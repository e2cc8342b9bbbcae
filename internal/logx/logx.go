// Package logx builds Arbiter's slog loggers and carries per-request
// attributes (the interaction id) in a context, so that every line logged
// with that context names the interaction it belongs to.
package logx

import (
	"context"
	"fmt"
	"io"
	"log/slog"
)

type ctxKey struct{}

// With returns ctx carrying args (slog key-value pairs or Attrs) in
// addition to those it already carries. Log lines written with the
// context (InfoContext, Log(ctx, …)) by a logger from New carry them.
func With(ctx context.Context, args ...any) context.Context {
	if len(args) == 0 {
		return ctx
	}
	prev, _ := ctx.Value(ctxKey{}).([]slog.Attr)
	attrs := append(append([]slog.Attr(nil), prev...), argsToAttrs(args)...)
	return context.WithValue(ctx, ctxKey{}, attrs)
}

// Attrs returns the attributes ctx carries.
func Attrs(ctx context.Context) []slog.Attr {
	if ctx == nil {
		return nil
	}
	a, _ := ctx.Value(ctxKey{}).([]slog.Attr)
	return a
}

func argsToAttrs(args []any) []slog.Attr {
	var r slog.Record
	r.Add(args...)
	out := make([]slog.Attr, 0, r.NumAttrs())
	r.Attrs(func(a slog.Attr) bool {
		out = append(out, a)
		return true
	})
	return out
}

// contextHandler adds the context's attributes to each record.
type contextHandler struct{ slog.Handler }

// NewHandler wraps h so that records logged with a context made by With
// carry its attributes.
func NewHandler(h slog.Handler) slog.Handler { return contextHandler{h} }

func (h contextHandler) Handle(ctx context.Context, r slog.Record) error {
	if a := Attrs(ctx); len(a) > 0 {
		r = r.Clone()
		r.AddAttrs(a...)
	}
	return h.Handler.Handle(ctx, r)
}

func (h contextHandler) WithAttrs(a []slog.Attr) slog.Handler {
	return contextHandler{h.Handler.WithAttrs(a)}
}

func (h contextHandler) WithGroup(name string) slog.Handler {
	return contextHandler{h.Handler.WithGroup(name)}
}

// New returns a logger writing to w in format "text" (key=value) or
// "json" (one object a line) at level and above, with context attributes.
func New(w io.Writer, format string, level slog.Level) (*slog.Logger, error) {
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler
	switch format {
	case "", "text":
		h = slog.NewTextHandler(w, opts)
	case "json":
		h = slog.NewJSONHandler(w, opts)
	default:
		return nil, fmt.Errorf("log format %q: want \"text\" or \"json\"", format)
	}
	return slog.New(NewHandler(h)), nil
}
