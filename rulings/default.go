package rulings

import (
	"errors"
	"os"
	"strings"

	"github.com/arbiter-mtg/arbiter/rulings/embedded"
	"github.com/arbiter-mtg/arbiter/rulings/internal/datafile"
)

// EmbeddedPrefix starts the Path of the files that come from the copy built
// into the binary ("embedded:cr/cr-20260417.txt").
const EmbeddedPrefix = "embedded:"

// HasCards reports whether a card catalogue is loaded.
func (kb *KB) HasCards() bool { return kb.Cards != nil && kb.Cards.Len() > 0 }

// CRSource says where the served CR comes from: "built-in copy" for the
// embedded one, else its file.
func (kb *KB) CRSource() string {
	if len(kb.Versions) == 0 {
		return ""
	}
	if v := kb.Versions[0]; v.Embedded() {
		return "built-in copy (" + embedded.CRSource() + ")"
	} else {
		return v.Path
	}
}

// LoadDefault loads what there is and fills the gaps with the copy built
// into the binary: dataDir (the --data directory, or the per-user directory
// `arbiter data update` downloads into) may be "", missing, or hold cards
// but no CR. The files in it win: the embedded CR is served only when it
// is newer than every CR file found (so a newer CR downloaded by `data
// update` wins, and so does one of the same date), and the embedded
// tournament documents are used only when the directory holds none.
// cacheDir, if not "", keeps a compiled snapshot as LoadCached does.
func LoadDefault(dataDir, cacheDir string) (*KB, error) {
	return loadCached(dataDir, cacheDir, loadOptions{defaults: true}, false)
}

func dirExists(dir string) bool {
	if dir == "" {
		return false
	}
	st, err := os.Stat(dir)
	return err == nil && st.IsDir()
}

// addEmbedded adds the embedded CR and tournament documents where the
// files loaded leave a gap.
func (kb *KB) addEmbedded(l *loaders) error {
	date := embedded.CREffectiveDate()
	newest := true
	for _, v := range kb.Versions {
		if !v.EffectiveDate.Before(date) {
			newest = false
		}
	}
	if newest {
		f, err := embedded.CR()
		if err != nil {
			return err
		}
		path := EmbeddedPrefix + f.Name
		kb.Versions = append(kb.Versions, &Version{EffectiveDate: date, Path: path, data: f.Data})
		kb.Files = append(kb.Files, LoadedFile{Path: path, Kind: "cr"})
	}
	for _, f := range kb.Files {
		if f.Kind == "tournament" {
			return nil
		}
	}
	files, err := embedded.Tournament()
	if err != nil {
		return err
	}
	for _, f := range files {
		path := EmbeddedPrefix + f.Name
		lf := LoadedFile{Path: path}
		ok, err := l.tourney.AddFile(path, f.Data)
		if ok {
			lf.Kind = "tournament"
		}
		if err != nil {
			lf.Err = err.Error()
		}
		kb.Files = append(kb.Files, lf)
	}
	return nil
}

// readSource reads a loaded file again (for the snapshot): from disk, or
// from the embedded copy.
func readSource(path string) ([]byte, error) {
	name, ok := strings.CutPrefix(path, EmbeddedPrefix)
	if !ok {
		return datafile.ReadAll(path, maxTextSize)
	}
	if f, err := embedded.CR(); err == nil && f.Name == name {
		return f.Data, nil
	}
	files, err := embedded.Tournament()
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if f.Name == name {
			return f.Data, nil
		}
	}
	return nil, errors.New("not in the embedded copy: " + name)
}
