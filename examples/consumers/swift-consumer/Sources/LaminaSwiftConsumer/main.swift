// Uses the Lamina Swift API from another package and prints what the library computed.

import Lamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

let rect = Rect(x: -1, y: -1, width: -2, height: 3).standardized
print("standardized rect: \(rect)")
let clockTicks = MonotonicClock.now() > 0
print("monotonic clock ticks: \(clockTicks)")

// Further checks of the Swift API go here.

guard rect == Rect(x: -3, y: -1, width: 2, height: 3), clockTicks else {
    print("unexpected result from Lamina")
    exit(1)
}
