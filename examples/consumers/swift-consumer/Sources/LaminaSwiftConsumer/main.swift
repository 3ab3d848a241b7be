// SPDX-License-Identifier: Apache-2.0
// Uses the Lamina Swift API from another package (`import Lamina`) and checks what it computes:
// an implicit animation of a committed layer, read back from the presentation mid-flight.

import Lamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

func check(_ ok: Bool, _ what: String) {
    guard ok else {
        print("unexpected result from Lamina: \(what)")
        exit(1)
    }
}

let rect = Rect(x: -1, y: -1, width: -2, height: 3).standardized
print("standardized rect: \(rect)")
check(rect == Rect(x: -3, y: -1, width: 2, height: 3), "standardized rect")
check(Engine.monotonicClock() > 0, "monotonic clock")

let engine = Engine()
let layer = engine.makeLayer()
layer.opacity = 1
engine.tick(0)                       // first commit
try engine.withTransaction(duration: 1) { layer.opacity = 0 }
engine.tick(0)                       // the commit above begins here (R2: the next tick)
engine.tick(0.5)
guard case .number(let shown)? = try layer.presentationValue(forKeyPath: "opacity") else {
    check(false, "presentation opacity")
    exit(1)
}
let expected = 1 - TimingFunction.default.progress(at: 0.5)
print("presentation opacity at t=0.5: \(shown) (model \(layer.opacity))")
check(abs(shown - expected) < 1e-9 && layer.opacity == 0, "implicit animation")
print("Lamina \(laminaVersion) works from another package")
