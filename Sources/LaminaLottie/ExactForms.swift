// SPDX-License-Identifier: Apache-2.0
// Facts about animated properties that let the importer say a value with exact keyframes
// instead of sampling it at every frame (issue 28's load time, docs/lottie.md#keyframes): each
// check is conservative, so a property it cannot prove falls back to the sampled form.

import Lamina

extension LottieProp {
    /// The least and greatest value of dimension 0 over all time, or nil when a segment's easing
    /// may overshoot its ends (a Bézier whose y control points lie in 0…1 stays between its end
    /// values) or a keyframe has no value.
    var valueRange: (lo: Double, hi: Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        for (i, k) in keys.enumerated() {
            guard let v = k.s.first else { return nil }
            lo = min(lo, v); hi = max(hi, v)
            if let e = k.e?.first { lo = min(lo, e); hi = max(hi, e) }
            guard i + 1 < keys.count, !k.hold else { continue }
            for y in k.oy + k.iy where !(0...1).contains(y) { return nil }
        }
        return lo <= hi ? (lo, hi) : nil
    }

    /// Whether dimension 0 is at most `other`'s at every frame: their ranges do not cross, or
    /// both have the same keyframe times, holds and easing (so both follow the same progress in
    /// every segment) with this one at most the other at each key and segment end, and neither
    /// overshoots.
    func staysAtMost(_ other: LottieProp) -> Bool {
        guard let a = valueRange, let b = other.valueRange else { return false }
        if a.hi <= b.lo { return true }
        guard keys.count == other.keys.count else { return false }
        for (k, o) in zip(keys, other.keys) {
            guard k.t == o.t, k.hold == o.hold, (k.e == nil) == (o.e == nil),
                  k.ox == o.ox, k.oy == o.oy, k.ix == o.ix, k.iy == o.iy,
                  let x = k.s.first, let y = o.s.first, x <= y
            else { return false }
            // The old format's segment end values too.
            if let x = k.e, let y = o.e {
                guard let xe = x.first, let ye = y.first, xe <= ye else { return false }
            }
        }
        return true
    }

    /// Dimension `d` alone, with its own easing (a value or easing array shorter than `d + 1`
    /// gives its last entry, as ``timingFunction(_:dim:)`` reads it): one component of a value
    /// whose dimensions ease differently, which a keyframe animation of that component says
    /// exactly.
    func dimension(_ d: Int) -> LottieProp {
        func pick(_ v: [Double]) -> [Double] { v.isEmpty ? v : [v[min(d, v.count - 1)]] }
        return LottieProp(keys: keys.map { k in
            var c = k
            c.s = pick(k.s)
            c.e = k.e.map(pick)
            c.ox = pick(k.ox); c.oy = pick(k.oy); c.ix = pick(k.ix); c.iy = pick(k.iy)
            return c
        })
    }
}
