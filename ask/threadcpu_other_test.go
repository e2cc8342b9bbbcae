//go:build !linux

package ask

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }
