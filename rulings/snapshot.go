package rulings

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/arbiter-mtg/arbiter/rulings/cards"
	"github.com/arbiter-mtg/arbiter/rulings/cr"
	"github.com/arbiter-mtg/arbiter/rulings/embedded"
	"github.com/arbiter-mtg/arbiter/rulings/internal/datafile"
	"github.com/arbiter-mtg/arbiter/rulings/internal/snap"
	"github.com/arbiter-mtg/arbiter/rulings/search"
	"github.com/arbiter-mtg/arbiter/rulings/tourney"
)

// SnapshotFormat is the version of the snapshot layout and of everything
// derived into it. Bump it whenever the loaders, the name keys or the
// search index change what they produce: an older snapshot is then
// rebuilt, never read.
const SnapshotFormat = 5

// LoadCached loads dir through a compiled snapshot kept in cacheDir: when
// cacheDir holds a snapshot built from the same files (same paths, sizes
// and modification times) with the same SnapshotFormat and an intact
// checksum, it is read; otherwise dir is loaded from its files and the
// snapshot (re)written. A snapshot that cannot be written is reported in
// Problems, not as an error. With cacheDir "" it is Load.
func LoadCached(dir, cacheDir string) (*KB, error) {
	return loadCached(dir, cacheDir, loadOptions{}, false)
}

// BuildSnapshot loads dir from its files (ignoring any snapshot) and writes
// its snapshot into cacheDir, reporting progress as LoadProgress does. It
// is what `arbiter data build` runs.
func BuildSnapshot(dir, cacheDir string, progress func(done, total int)) error {
	if cacheDir == "" {
		return errors.New("no cache directory for the snapshot")
	}
	kb, err := loadCached(dir, cacheDir, loadOptions{progress: progress}, true)
	if err != nil {
		return err
	}
	if kb.SnapshotErr != nil {
		return kb.SnapshotErr
	}
	return nil
}

func loadCached(dir, cacheDir string, opt loadOptions, rebuild bool) (*KB, error) {
	var files []datafile.File
	var err error
	if !opt.defaults || dirExists(dir) {
		if files, err = scanDir(dir); err != nil {
			return nil, err
		}
	}
	if cacheDir == "" {
		return loadFiles(dir, files, opt)
	}
	// A cache directory inside the data directory must not feed the
	// snapshot back in as an input (it would be stale at every start).
	files = outside(files, cacheDir)
	key := inputsKey(files, opt.defaults)
	path := SnapshotPath(dir, cacheDir)
	if !rebuild {
		if r, err := snap.ReadFile(path, SnapshotFormat, key); err == nil {
			if kb, err := decodeFrom(r); err == nil {
				kb.Snapshot = path
				return kb, nil
			}
		}
	}
	kb, err := loadFiles(dir, files, opt)
	if err != nil {
		return nil, err
	}
	if err := kb.writeSnapshot(path, key); err != nil {
		kb.SnapshotErr = err
		kb.Problems = append(kb.Problems, "snapshot not written: "+err.Error())
	}
	return kb, nil
}

// SnapshotPath is where the snapshot of dir lives in cacheDir: one file per
// data directory (by its resolved path).
func SnapshotPath(dir, cacheDir string) string {
	if dir == "" {
		return filepath.Join(cacheDir, "kb-default.snap")
	}
	abs, err := filepath.Abs(dir)
	if err == nil {
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(cacheDir, "kb-"+hex.EncodeToString(sum[:8])+".snap")
}

// inputsKey identifies the inputs of a load: the format version, the
// search index's parameters and each file's path, resolved path, size and
// modification time.
func inputsKey(files []datafile.File, defaults bool) [32]byte {
	h := sha256.New()
	var b []byte
	b = binary.AppendUvarint(b, SnapshotFormat)
	// The index's parameters are stored with its postings: a build with
	// other parameters must not read them.
	b = fmt.Appendf(b, "%+v\x00", search.DefaultParams)
	if defaults {
		b = append(b, embedded.ID()...)
	}
	for _, f := range files {
		b = append(b, f.Path...)
		b = append(b, 0)
		b = append(b, f.Real...)
		b = append(b, 0)
		b = binary.AppendVarint(b, f.Size)
		b = binary.AppendVarint(b, f.ModTime)
	}
	h.Write(b)
	return [32]byte(h.Sum(nil))
}

// Per search item, what a snapshot of the whole catalogue holds: about 9
// distinct strings, 870 bytes of their text and 150 bytes of the rest.
const snapStringsPerItem, snapHeapPerItem, snapStreamPerItem = 9, 870, 150

func (kb *KB) writeSnapshot(path string, key [32]byte) error {
	w := snap.NewWriter()
	if kb.Index != nil {
		n := kb.Index.Len()
		w.Grow(snapStringsPerItem*n, snapHeapPerItem*n, snapStreamPerItem*n)
	}
	if err := kb.encode(w); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".snapshot.tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := w.WriteTo(tmp, SnapshotFormat, key); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// encode writes what cannot be recomputed cheaply (cards, name keys, search
// index) and the sources of what can: the served CR text (parsed again in
// about 10 ms) and the tournament files.
func (kb *KB) encode(w *snap.Writer) error {
	w.Uint(uint64(len(kb.Versions)))
	for _, v := range kb.Versions {
		w.Int(v.EffectiveDate.Unix())
		w.String(v.Path)
	}
	crText, err := kb.servedCRText()
	if err != nil {
		return err
	}
	w.String(crText)
	w.Uint(uint64(len(kb.Files)))
	var tour []string
	for _, f := range kb.Files {
		w.String(f.Path)
		w.String(f.Kind)
		w.String(f.Err)
		if f.Kind == "tournament" {
			tour = append(tour, f.Path)
		}
	}
	w.Uint(uint64(len(tour)))
	for _, p := range tour {
		data, err := readSource(p)
		if err != nil {
			return err
		}
		w.String(p)
		w.String(string(data))
	}
	w.Strings(kb.Problems)
	kb.Cards.EncodeSnapshot(w)
	kb.Index.EncodeSnapshot(w)
	return nil
}

// servedCRText is the text of the CR served, from its file or, for a
// knowledge base made without files, nothing.
func (kb *KB) servedCRText() (string, error) {
	if kb.crText != "" {
		return kb.crText, nil
	}
	if d := kb.Versions[0].data; d != nil {
		return string(d), nil
	}
	data, err := readSource(kb.Versions[0].Path)
	if err != nil {
		return "", err
	}
	return string(data), nil
}

// decodeKB decodes a whole snapshot file held in data.
func decodeKB(data []byte, key [32]byte) (*KB, error) {
	r, err := snap.Open(data, SnapshotFormat, key)
	if err != nil {
		return nil, err
	}
	return decodeFrom(r)
}

func decodeFrom(r *snap.Reader) (*KB, error) {
	kb := &KB{}
	nv := r.Len()
	for range nv {
		date := time.Unix(r.Int(), 0).UTC()
		kb.Versions = append(kb.Versions, &Version{EffectiveDate: date, Path: r.String()})
	}
	kb.crText = r.String()
	nf := r.Len()
	for range nf {
		kb.Files = append(kb.Files, LoadedFile{Path: r.String(), Kind: r.String(), Err: r.String()})
	}
	lib := tourney.NewLibrary()
	nt := r.Len()
	for range nt {
		p := r.String()
		lib.AddFile(p, []byte(r.String()))
	}
	lib.Finish()
	kb.Problems = r.Strings()
	cat := cards.DecodeSnapshot(r)
	ix := search.DecodeSnapshot(r)
	if err := r.Done(); err != nil || ix == nil || len(kb.Versions) == 0 {
		if err == nil {
			err = snap.ErrCorrupt
		}
		return nil, err
	}
	rules, err := cr.ParseBytes([]byte(kb.crText))
	if err != nil {
		return nil, fmt.Errorf("snapshot CR: %w", err)
	}
	if !rules.EffectiveDate.Equal(kb.Versions[0].EffectiveDate) {
		return nil, fmt.Errorf("%w: CR text does not match the versions", snap.ErrCorrupt)
	}
	kb.CR = rules
	kb.Versions[0].once.Do(func() { kb.Versions[0].rules = rules })
	kb.Cards, kb.Tourney, kb.Index = cat, lib, ix
	kb.glossary = newGlossaryIndex(rules)
	return kb, nil
}

// outside drops the files that lie in dir.
func outside(files []datafile.File, dir string) []datafile.File {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return files
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	prefix := abs + string(filepath.Separator)
	kept := files[:0]
	for _, f := range files {
		if !strings.HasPrefix(f.Real, prefix) {
			kept = append(kept, f)
		}
	}
	return kept
}
