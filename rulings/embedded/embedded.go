// Package embedded holds a compressed copy of the newest Comprehensive
// Rules and of the tournament documents (MTR, IPG, JAR), built into the
// binary so that Arbiter answers rules questions with no data directory
// and no network. The copy is generated from ../shared/data by
// `go generate ./rulings/embedded` and checked in; a test fails when the
// data directory holds a newer CR than the copy.
package embedded

//go:generate go run gen.go -src ../../../shared/data

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"sync"
	"time"
)

//go:embed data
var files embed.FS

// File is one embedded file, decompressed.
type File struct {
	Name string // "cr/cr-20260417.txt", "tournament/ruleslawyer/IPG-parsed.json"
	Data []byte
}

type manifest struct {
	crDate time.Time
	crName string
	source string
	tour   []string
	err    error
}

var readManifest = sync.OnceValue(func() manifest {
	var m manifest
	data, err := files.ReadFile("data/MANIFEST")
	if err != nil {
		m.err = err
		return m
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "\t")
		switch {
		case f[0] == "cr" && len(f) == 4:
			m.crDate, m.err = time.Parse("2006-01-02", f[1])
			m.crName, m.source = f[2], f[3]
		case f[0] == "tournament" && len(f) == 2:
			m.tour = append(m.tour, f[1])
		default:
			m.err = fmt.Errorf("embedded MANIFEST: bad line %q", line)
		}
	}
	if m.crName == "" && m.err == nil {
		m.err = fmt.Errorf("embedded MANIFEST names no CR")
	}
	return m
})

// CREffectiveDate is the effective date of the embedded CR.
func CREffectiveDate() time.Time { return readManifest().crDate }

// CRSource is the file name the embedded CR was copied from.
func CRSource() string { return readManifest().source }

// CR returns the embedded Comprehensive Rules text.
func CR() (File, error) {
	m := readManifest()
	if m.err != nil {
		return File{}, m.err
	}
	return read(m.crName)
}

// Tournament returns the embedded tournament document files.
func Tournament() ([]File, error) {
	m := readManifest()
	if m.err != nil {
		return nil, m.err
	}
	out := make([]File, 0, len(m.tour))
	for _, name := range m.tour {
		f, err := read(name)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// ID identifies the embedded contents (a checksum of the compressed
// files), for caches keyed by their inputs.
var ID = sync.OnceValue(func() string {
	h := crc32.NewIEEE()
	m := readManifest()
	for _, name := range append([]string{"MANIFEST", m.crName + ".gz"}, m.tour...) {
		if !strings.HasSuffix(name, ".gz") && name != "MANIFEST" {
			name += ".gz"
		}
		data, _ := files.ReadFile("data/" + name)
		h.Write([]byte(name))
		h.Write(data)
	}
	return fmt.Sprintf("embedded-%08x", h.Sum32())
})

func read(name string) (File, error) {
	raw, err := files.ReadFile("data/" + name + ".gz")
	if err != nil {
		return File{}, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return File{}, fmt.Errorf("embedded %s: %w", name, err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return File{}, fmt.Errorf("embedded %s: %w", name, err)
	}
	return File{Name: name, Data: data}, nil
}
