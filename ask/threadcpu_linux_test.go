package ask

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID: the calling
// thread's CPU time, to the nanosecond (getrusage's RUSAGE_THREAD counts
// in scheduler ticks, 4 ms here, too coarse for one answer).
const clockThreadCPUTime = 3

// threadCPU is the CPU time the calling OS thread has used, or false where
// it cannot be read.
func threadCPU() (time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
