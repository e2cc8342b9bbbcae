package bot

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// countingReader counts the bytes taken from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestReadSigned: the message is timestamp+body; a body over the limit is
// refused after at most limit+1 bytes were read, whatever Content-Length
// says and however the reader splits the bytes.
func TestReadSigned(t *testing.T) {
	const max = 100
	ts := "1700000000"
	for _, size := range []int{0, 1, 99, 100, 101, 5000} {
		for _, declared := range []int64{-1, int64(size), 10} {
			for _, oneByte := range []bool{false, true} {
				body := strings.Repeat("x", size)
				var r io.Reader = strings.NewReader(body)
				if oneByte {
					r = iotest.OneByteReader(r)
				}
				cr := &countingReader{r: r}
				buf := getBuffer()
				msg, err := readSigned(buf, ts, cr, declared, max)
				switch {
				case size > max:
					if !errors.Is(err, errTooLarge) {
						t.Errorf("size %d declared %d: err %v, want errTooLarge", size, declared, err)
					}
					if cr.n > max+1 {
						t.Errorf("size %d declared %d: read %d bytes, want at most %d", size, declared, cr.n, max+1)
					}
				case err != nil:
					t.Errorf("size %d declared %d: %v", size, declared, err)
				case !bytes.Equal(msg, []byte(ts+body)):
					t.Errorf("size %d declared %d: message %q", size, declared, msg)
				}
				*buf = msg
				putBuffer(buf)
			}
		}
	}
}
