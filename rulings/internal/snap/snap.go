// Package snap is the byte-level encoding of knowledge-base snapshots: a
// stream of unsigned varints, fixed-size floats and references into one
// heap of deduplicated strings. A decoded string is a slice of the heap,
// which is one string over the file's bytes, so decoding allocates nothing
// per string.
//
// A file is
//
//	magic "ARBSNAP\n" | format version u32 | key [32]byte |
//	heap length u64 | stream length u64 | heap | stream | CRC-32C u32
//
// where the checksum covers everything before it. Open rejects a file with
// another magic, version or key, a wrong length or a wrong checksum.
package snap

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"slices"
	"unsafe"
)

const magic = "ARBSNAP\n"

const headerLen = len(magic) + 4 + 32 + 8 + 8

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Writer builds a snapshot in memory.
type Writer struct {
	heap   []byte
	stream []byte
	seen   map[string]uint64
}

// NewWriter returns an empty writer.
func NewWriter() *Writer { return &Writer{seen: map[string]uint64{}} }

// Grow makes room for about strings more distinct strings, heapBytes of
// their text and streamBytes of the rest, so that a large snapshot is not
// built by doubling (and rehashing) its way up.
func (w *Writer) Grow(strings, heapBytes, streamBytes int) {
	if len(w.seen) == 0 && strings > 0 {
		w.seen = make(map[string]uint64, strings)
	}
	w.heap = slices.Grow(w.heap, heapBytes)
	w.stream = slices.Grow(w.stream, streamBytes)
}

// Uint writes an unsigned integer.
func (w *Writer) Uint(v uint64) { w.stream = binary.AppendUvarint(w.stream, v) }

// Int writes a signed integer.
func (w *Writer) Int(v int64) { w.stream = binary.AppendVarint(w.stream, v) }

// Bool writes a boolean.
func (w *Writer) Bool(b bool) {
	if b {
		w.Uint(1)
	} else {
		w.Uint(0)
	}
}

// Float32 writes a float32.
func (w *Writer) Float32(f float32) {
	w.stream = binary.LittleEndian.AppendUint32(w.stream, math.Float32bits(f))
}

// Float64 writes a float64.
func (w *Writer) Float64(f float64) {
	w.stream = binary.LittleEndian.AppendUint64(w.stream, math.Float64bits(f))
}

// String writes a reference to s in the heap; equal strings are stored
// once.
func (w *Writer) String(s string) {
	if s == "" {
		w.Uint(0)
		return
	}
	off, ok := w.seen[s]
	if !ok {
		off = uint64(len(w.heap))
		w.heap = append(w.heap, s...)
		w.seen[s] = off
	}
	w.Uint(uint64(len(s)))
	w.Uint(off)
}

// Raw writes b to the heap at an offset from the start of the file that
// is a multiple of 8, so that Reader.Raw can return memory a caller may
// view as an array of fixed-size values.
func (w *Writer) Raw(b []byte) {
	for (headerLen+len(w.heap))%8 != 0 {
		w.heap = append(w.heap, 0)
	}
	w.Uint(uint64(len(b)))
	w.Uint(uint64(len(w.heap)))
	w.heap = append(w.heap, b...)
}

// Strings writes a string slice; nil and empty stay apart.
func (w *Writer) Strings(list []string) {
	w.Count(len(list), list == nil)
	for _, s := range list {
		w.String(s)
	}
}

// Count writes a slice length, keeping nil apart from empty.
func (w *Writer) Count(n int, isNil bool) {
	if isNil {
		w.Uint(0)
	} else {
		w.Uint(uint64(n) + 1)
	}
}

// WriteTo writes the whole file.
func (w *Writer) WriteTo(out io.Writer, version uint32, key [32]byte) (int64, error) {
	head := make([]byte, 0, headerLen)
	head = append(head, magic...)
	head = binary.LittleEndian.AppendUint32(head, version)
	head = append(head, key[:]...)
	head = binary.LittleEndian.AppendUint64(head, uint64(len(w.heap)))
	head = binary.LittleEndian.AppendUint64(head, uint64(len(w.stream)))
	crc := crc32.Update(0, castagnoli, head)
	crc = crc32.Update(crc, castagnoli, w.heap)
	crc = crc32.Update(crc, castagnoli, w.stream)
	var n int64
	for _, part := range [][]byte{head, w.heap, w.stream, binary.LittleEndian.AppendUint32(nil, crc)} {
		m, err := out.Write(part)
		n += int64(m)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Errors Open returns; a caller rebuilds on any of them.
var (
	ErrFormat  = errors.New("snapshot: not a snapshot or another format version")
	ErrKey     = errors.New("snapshot: built from other inputs")
	ErrCorrupt = errors.New("snapshot: truncated or corrupt")
)

// Reader decodes a snapshot. Decoding errors are sticky: once the stream
// runs out or holds a bad reference, every read returns zero and Err
// reports it.
type Reader struct {
	heap   string
	heapB  []byte
	stream []byte
	pos    int
	err    error
}

// readHeader checks a snapshot's header (headerLen bytes) against the
// format version, the inputs' key and the file's size, and returns the
// lengths of the heap and the stream that follow it.
func readHeader(head []byte, version uint32, key [32]byte, size uint64) (heapLen, streamLen uint64, err error) {
	if string(head[:len(magic)]) != magic || binary.LittleEndian.Uint32(head[len(magic):]) != version {
		return 0, 0, ErrFormat
	}
	p := len(magic) + 4
	if [32]byte(head[p:p+32]) != key {
		return 0, 0, ErrKey
	}
	p += 32
	heapLen = binary.LittleEndian.Uint64(head[p:])
	streamLen = binary.LittleEndian.Uint64(head[p+8:])
	if heapLen > size || streamLen > size || uint64(headerLen)+heapLen+streamLen+4 != size {
		return 0, 0, ErrCorrupt
	}
	return heapLen, streamLen, nil
}

// Open checks data (a whole file, which must not be modified afterwards:
// decoded strings share its memory) and returns a reader of its stream.
func Open(data []byte, version uint32, key [32]byte) (*Reader, error) {
	if len(data) < headerLen+4 {
		return nil, ErrFormat
	}
	heapLen, _, err := readHeader(data[:headerLen], version, key, uint64(len(data)))
	if err != nil {
		return nil, err
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, ErrCorrupt
	}
	heap := data[headerLen : headerLen+int(heapLen)]
	r := &Reader{stream: data[headerLen+int(heapLen) : len(body)], heapB: heap}
	if len(heap) > 0 {
		r.heap = unsafe.String(&heap[0], len(heap))
	}
	return r, nil
}

// ReadFile reads and checks a snapshot file like Open, but into two
// buffers: the heap, which decoded strings keep alive, and the stream,
// which becomes garbage once decoded. Reading the whole file into one
// buffer would keep the stream alive as long as any string.
func ReadFile(path string, version uint32, key [32]byte) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	head := make([]byte, headerLen)
	if _, err := io.ReadFull(f, head); err != nil {
		return nil, ErrFormat
	}
	heapLen, streamLen, err := readHeader(head, version, key, uint64(st.Size()))
	if err != nil {
		return nil, err
	}
	heap := make([]byte, heapLen)
	stream := make([]byte, streamLen+4)
	if _, err := io.ReadFull(f, heap); err != nil {
		return nil, ErrCorrupt
	}
	if _, err := io.ReadFull(f, stream); err != nil {
		return nil, ErrCorrupt
	}
	crc := crc32.Update(0, castagnoli, head)
	crc = crc32.Update(crc, castagnoli, heap)
	crc = crc32.Update(crc, castagnoli, stream[:streamLen])
	if crc != binary.LittleEndian.Uint32(stream[streamLen:]) {
		return nil, ErrCorrupt
	}
	r := &Reader{stream: stream[:streamLen], heapB: heap}
	if len(heap) > 0 {
		r.heap = unsafe.String(&heap[0], len(heap))
	}
	return r, nil
}

// Err is the first decoding error.
func (r *Reader) Err() error { return r.err }

// Corrupt marks the stream as corrupt: a decoder calls it on a value out of
// range.
func (r *Reader) Corrupt() { r.fail() }

func (r *Reader) fail() {
	if r.err == nil {
		r.err = fmt.Errorf("%w: stream ends or breaks at byte %d", ErrCorrupt, r.pos)
	}
	r.pos = len(r.stream)
}

// Uint reads an unsigned integer.
func (r *Reader) Uint() uint64 {
	v, n := binary.Uvarint(r.stream[r.pos:])
	if n <= 0 {
		r.fail()
		return 0
	}
	r.pos += n
	return v
}

// Len reads a length and checks it against what is left of the stream
// (each element takes at least one byte), so that a corrupt length cannot
// make a caller allocate without bound.
func (r *Reader) Len() int {
	v := r.Uint()
	if v > uint64(len(r.stream)-r.pos) {
		r.fail()
		return 0
	}
	return int(v)
}

// Int reads a signed integer.
func (r *Reader) Int() int64 {
	v, n := binary.Varint(r.stream[r.pos:])
	if n <= 0 {
		r.fail()
		return 0
	}
	r.pos += n
	return v
}

// Bool reads a boolean.
func (r *Reader) Bool() bool { return r.Uint() != 0 }

// Float32 reads a float32.
func (r *Reader) Float32() float32 {
	if r.pos+4 > len(r.stream) {
		r.fail()
		return 0
	}
	v := binary.LittleEndian.Uint32(r.stream[r.pos:])
	r.pos += 4
	return math.Float32frombits(v)
}

// Float64 reads a float64.
func (r *Reader) Float64() float64 {
	if r.pos+8 > len(r.stream) {
		r.fail()
		return 0
	}
	v := binary.LittleEndian.Uint64(r.stream[r.pos:])
	r.pos += 8
	return math.Float64frombits(v)
}

// String reads a string; it shares the snapshot's memory.
func (r *Reader) String() string {
	n := r.Uint()
	if n == 0 {
		return ""
	}
	off := r.Uint()
	if off > uint64(len(r.heap)) || n > uint64(len(r.heap))-off {
		r.fail()
		return ""
	}
	return r.heap[off : off+n]
}

// Count reads a slice length written by Writer.Count; isNil reports a
// nil slice.
func (r *Reader) Count() (n int, isNil bool) {
	v := r.Uint()
	if v == 0 {
		return 0, true
	}
	if v-1 > uint64(len(r.stream)-r.pos) {
		r.fail()
		return 0, true
	}
	return int(v - 1), false
}

// Raw reads bytes written by Writer.Raw. They share the snapshot's memory
// (aligned to 8 bytes when the file's buffer is) and must not be modified.
func (r *Reader) Raw() []byte {
	n := r.Uint()
	off := r.Uint()
	if off > uint64(len(r.heapB)) || n > uint64(len(r.heapB))-off {
		r.fail()
		return nil
	}
	return r.heapB[off : off+n : off+n]
}

// Strings reads a string slice.
func (r *Reader) Strings() []string {
	n, isNil := r.Count()
	if isNil {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.String()
	}
	return out
}

// Done reports an error unless the stream was read to its end.
func (r *Reader) Done() error {
	if r.err == nil && r.pos != len(r.stream) {
		r.err = fmt.Errorf("%w: %d bytes left over", ErrCorrupt, len(r.stream)-r.pos)
	}
	return r.err
}
