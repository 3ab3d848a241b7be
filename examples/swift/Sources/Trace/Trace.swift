// SPDX-License-Identifier: Apache-2.0
// Formatting shared by the listings, so that the Swift traces are the same text as the C and
// Python ones: numbers with 3 decimals, rounded half away from zero (computed as
// y = x * 1000, n = integer part of y ± 0.5, the same arithmetic in all three languages).

import Lamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `x` with 3 decimals ("0.250", "-1.571").
public func num(_ x: Double) -> String {
    let y = x * 1000
    var n = Int64(y + (y >= 0 ? 0.5 : -0.5))
    var sign = ""
    if n < 0 {
        sign = "-"
        n = -n
    }
    let frac = String(n % 1000)
    return sign + String(n / 1000) + "." + String(repeating: "0", count: 3 - frac.count) + frac
}

/// A colour as "rgba(r, g, b, a)", or "nil".
public func colour(_ c: Color?) -> String {
    guard let c else { return "nil" }
    return "rgba(\(num(c.red)), \(num(c.green)), \(num(c.blue)), \(num(c.alpha)))"
}

/// A colour value (a presentation or transition value) as "rgba(r, g, b, a)", or "nil".
public func colour(_ v: Value?) -> String {
    if case .color(let c)? = v { return colour(c) }
    return "nil"
}

/// A point as "(x, y)".
public func point(_ p: Point) -> String {
    "(\(num(p.x)), \(num(p.y)))"
}

/// The layer's animation keys as "[a, b]".
public func keys(_ layer: Layer) -> String {
    "[" + layer.animationKeys.joined(separator: ", ") + "]"
}

/// Runs a listing; any error is reported and exits 1.
public func run(_ body: () throws -> Void) {
    do {
        try body()
    } catch {
        print("error: \(error)")
        exit(1)
    }
}

/// Exits 1 with a message (an unexpected value).
public func fail(_ message: String) -> Never {
    print("error: \(message)")
    exit(1)
}
