// SPDX-License-Identifier: Apache-2.0
// R1: engine time is seconds as Double; the default source is CLOCK_MONOTONIC, never the wall
// clock (CA-17: re-implementations that read gettimeofday jump with clock changes).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A monotonic clock in seconds (CACurrentMediaTime's role).
package enum MonotonicClock {
    /// Seconds since an arbitrary fixed point; never goes backwards.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
