// Package datafile finds and opens the files of a data directory: it walks
// the directory following symbolic links (to directories and to files, and
// the directory itself) without looping, and opens files as distributed,
// decompressing gzip transparently.
package datafile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
)

// File is one regular file found by Walk.
type File struct {
	// Path is the path as reached from the directory (through links).
	Path string
	// Real is the absolute path with every symbolic link resolved; a file
	// reached twice through links is listed once.
	Real    string
	Size    int64
	ModTime int64 // Unix nanoseconds
}

// Walk lists the regular files below dir in lexical order of their paths.
// Symbolic links are followed; a directory already visited (by its resolved
// path) is not entered again, so a link back up the tree cannot loop, and a
// file reached through two links is listed once. Hidden files and
// directories (".name", such as an interrupted download's ".name.tmp-…")
// are skipped, and so are broken links.
func Walk(dir string) ([]File, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(real)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	w := walker{seenDir: map[string]bool{}, seenFile: map[string]bool{}}
	if err := w.walk(dir, real); err != nil {
		return nil, err
	}
	return w.files, nil
}

type walker struct {
	seenDir, seenFile map[string]bool
	files             []File
}

func (w *walker) walk(path, real string) error {
	if w.seenDir[real] {
		return nil
	}
	w.seenDir[real] = true
	entries, err := os.ReadDir(path)
	if err != nil {
		return err
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(path, e.Name())
		r := filepath.Join(real, e.Name())
		if e.Type()&fs.ModeSymlink != 0 {
			if r, err = filepath.EvalSymlinks(r); err != nil {
				continue // broken link
			}
		}
		st, err := os.Stat(r)
		if err != nil {
			continue
		}
		switch {
		case st.IsDir():
			if err := w.walk(p, r); err != nil {
				return err
			}
		case st.Mode().IsRegular():
			if w.seenFile[r] {
				continue
			}
			w.seenFile[r] = true
			w.files = append(w.files, File{Path: p, Real: r, Size: st.Size(), ModTime: st.ModTime().UnixNano()})
		}
	}
	return nil
}

// ErrXZ is returned for an xz-compressed file: Arbiter reads .json and
// .json.gz; decompress .xz files first (xz -d).
var ErrXZ = errors.New("xz-compressed file: decompress it first (xz -d FILE) or download the .json.gz form")

// Reader is an opened data file, decompressed.
type Reader struct {
	*bufio.Reader
	f    *os.File
	gz   *gzip.Reader
	bufs []*bufio.Reader
}

// Close closes the file; the reader must not be used afterwards (its
// buffers serve the next file opened).
func (r *Reader) Close() error {
	if r.gz != nil {
		r.gz.Close()
		gzipReaders.Put(r.gz)
		r.gz = nil
	}
	for _, b := range r.bufs {
		b.Reset(nil)
		buffers.Put(b)
	}
	r.bufs, r.Reader = nil, nil
	return r.f.Close()
}

// A data directory holds hundreds of card files read one after another:
// their buffers and decompressors are reused.
var (
	buffers     sync.Pool // *bufio.Reader of bufSize
	gzipReaders sync.Pool // *gzip.Reader
)

const bufSize = 64 << 10

func (r *Reader) buffer(src io.Reader) *bufio.Reader {
	b, _ := buffers.Get().(*bufio.Reader)
	if b == nil {
		b = bufio.NewReaderSize(src, bufSize)
	} else {
		b.Reset(src)
	}
	r.bufs = append(r.bufs, b)
	return b
}

func newGzip(src io.Reader) (*gzip.Reader, error) {
	if gz, _ := gzipReaders.Get().(*gzip.Reader); gz != nil {
		if err := gz.Reset(src); err != nil {
			gzipReaders.Put(gz)
			return nil, err
		}
		return gz, nil
	}
	return gzip.NewReader(src)
}

// Open opens path and, when its content starts with the gzip magic number,
// decompresses it. A UTF-8 byte order mark at the start is dropped.
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	r := &Reader{f: f}
	br := r.buffer(f)
	head, _ := br.Peek(6)
	switch {
	case len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b:
		gz, err := newGzip(br)
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		r.gz = gz
		br = r.buffer(gz)
	case len(head) == 6 && string(head) == "\xfd7zXZ\x00":
		r.Close()
		return nil, fmt.Errorf("%s: %w", path, ErrXZ)
	}
	if bom, _ := br.Peek(3); string(bom) == "\xef\xbb\xbf" {
		br.Discard(3)
	}
	r.Reader = br
	return r, nil
}

// ReadAll returns the decompressed content of path, at most limit bytes
// (an error beyond).
func ReadAll(path string, limit int64) ([]byte, error) {
	r, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, limit)
	}
	return data, nil
}
