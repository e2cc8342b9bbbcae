package rulings

import (
	"encoding/hex"

	"github.com/arbiter-mtg/arbiter/rulings/internal/datafile"
)

// Inputs identifies what loading dir would read, without reading it: the
// snapshot format and each file's path, size and modification time, as the
// snapshot key does (files under cacheDir are left out, as LoadCached
// leaves them out). Two calls give the same string exactly when a reload
// would read the same files, so a server can skip a reload that would
// change nothing. defaults is LoadDefault's case: the built-in documents
// count, and a missing dir holds no files.
func Inputs(dir, cacheDir string, defaults bool) (string, error) {
	var files []datafile.File
	if !defaults || dirExists(dir) {
		var err error
		if files, err = scanDir(dir); err != nil {
			return "", err
		}
	}
	if cacheDir != "" {
		files = outside(files, cacheDir)
	}
	key := inputsKey(files, defaults)
	return hex.EncodeToString(key[:]), nil
}
