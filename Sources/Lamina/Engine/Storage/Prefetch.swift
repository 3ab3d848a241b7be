// SPDX-License-Identifier: Apache-2.0
// Software prefetch for loops over many layers (issue 12: at 1M layers every slot and entry is
// in DRAM, and a loop that waits for each in turn runs at memory latency, not bandwidth).
// Swift has no spelling for it; Sources/CLaminaPrefetch is a header over __builtin_prefetch.

internal import CLaminaPrefetch

/// Asks the CPU to start loading the cache lines holding bytes `0 ... last` from `p`: an
/// address every 64 bytes and the last byte, which covers the span wherever it starts in a
/// line. A hint only: any address is allowed, and nothing observable changes.
@inline(__always)
func prefetchSpan(_ p: UnsafeRawPointer, through last: Int) {
    var k = 0
    while k < last {
        lamina_prefetch(p + k)
        k += 64
    }
    lamina_prefetch(p + last)
}
