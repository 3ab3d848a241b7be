// SPDX-License-Identifier: Apache-2.0
// Trim paths as geometry (R16, docs/lottie.md#shapes): the part of a path between two fractions
// of its length. Strokes use Core Animation's strokeStart/strokeEnd instead; this serves what
// those cannot express: fills of trimmed paths (a filled shape revealed by a trim, common in
// mattes and loaders), which Lottie fills as the open trimmed path, closed implicitly.

import Lamina

/// A cubic segment.
struct TrimCubic {
    var p0, p1, p2, p3: Point

    func point(_ t: Double) -> Point {
        let m = 1 - t
        let a = m * m * m, b = 3 * m * m * t, c = 3 * m * t * t, d = t * t * t
        return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The piece between parameters t0 and t1 (de Casteljau).
    func piece(_ t0: Double, _ t1: Double) -> TrimCubic {
        func split(_ c: TrimCubic, _ t: Double) -> (TrimCubic, TrimCubic) {
            func lerp(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
            let a = lerp(c.p0, c.p1), b = lerp(c.p1, c.p2), d = lerp(c.p2, c.p3)
            let e = lerp(a, b), f = lerp(b, d), g = lerp(e, f)
            return (TrimCubic(p0: c.p0, p1: a, p2: e, p3: g), TrimCubic(p0: g, p1: f, p2: d, p3: c.p3))
        }
        let right = t0 > 0 ? split(self, t0).1 : self
        let u = t0 < 1 ? (t1 - t0) / (1 - t0) : 1
        return u < 1 ? split(right, max(u, 0)).0 : right
    }

    /// Arc lengths at 16 chords (cumulative, 17 entries).
    var lengths: [Double] {
        var out = [0.0]
        var prev = p0
        for k in 1...16 {
            let q = point(Double(k) / 16)
            out.append(out[k - 1] + ((q.x - prev.x) * (q.x - prev.x) + (q.y - prev.y) * (q.y - prev.y)).squareRoot())
            prev = q
        }
        return out
    }

    /// The parameter at arc length `s` along the chords.
    static func parameter(_ lengths: [Double], _ s: Double) -> Double {
        guard let total = lengths.last, total > 0 else { return 0 }
        if s <= 0 { return 0 }
        if s >= total { return 1 }
        var k = 1
        while k < lengths.count - 1 && lengths[k] < s { k += 1 }
        let seg = lengths[k] - lengths[k - 1]
        return (Double(k - 1) + (seg > 0 ? (s - lengths[k - 1]) / seg : 0)) / Double(lengths.count - 1)
    }
}

enum LottieTrimGeometry {
    /// The subpaths of `path` as cubic segments (lines and closes become straight cubics).
    static func subpaths(_ path: Path) -> [[TrimCubic]] {
        var out: [[TrimCubic]] = []
        var current: [TrimCubic] = []
        var pen = Point(x: 0, y: 0), start = pen
        func line(_ a: Point, _ b: Point) -> TrimCubic {
            TrimCubic(p0: a, p1: Point(x: a.x + (b.x - a.x) / 3, y: a.y + (b.y - a.y) / 3),
                      p2: Point(x: a.x + 2 * (b.x - a.x) / 3, y: a.y + 2 * (b.y - a.y) / 3), p3: b)
        }
        for e in path.elements {
            switch e {
            case .move(let p):
                if !current.isEmpty { out.append(current); current = [] }
                pen = p; start = p
            case .line(let p): current.append(line(pen, p)); pen = p
            case .quadCurve(let c, let p):
                current.append(TrimCubic(
                    p0: pen, p1: Point(x: pen.x + 2 * (c.x - pen.x) / 3, y: pen.y + 2 * (c.y - pen.y) / 3),
                    p2: Point(x: p.x + 2 * (c.x - p.x) / 3, y: p.y + 2 * (c.y - p.y) / 3), p3: p))
                pen = p
            case .cubicCurve(let c1, let c2, let p): current.append(TrimCubic(p0: pen, p1: c1, p2: c2, p3: p)); pen = p
            case .close:
                if pen != start { current.append(line(pen, start)) }
                pen = start
                if !current.isEmpty { out.append(current); current = [] }
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// The pieces of `segments` between arc lengths a and b (a ≤ b), appended as one subpath.
    static func window(_ segments: [TrimCubic], _ lengths: [[Double]], from a: Double, to b: Double, into path: inout Path) {
        var offset = 0.0
        var started = false
        for (seg, l) in zip(segments, lengths) {
            let len = l.last ?? 0
            defer { offset += len }
            let s0 = max(a - offset, 0), s1 = min(b - offset, len)
            guard s1 > s0 || (len == 0 && a <= offset && offset <= b) else { continue }
            let t0 = TrimCubic.parameter(l, s0), t1 = TrimCubic.parameter(l, s1)
            let p = seg.piece(t0, t1)
            if !started { path.move(to: p.p0); started = true }
            path.addCurve(to: p.p3, control1: p.p1, control2: p.p2)
        }
    }

    /// `path` trimmed to [start, end] (fractions; end may pass 1, wrapping round to the start),
    /// each subpath on its own (`individually` false: Lottie's "simultaneously") or all of them
    /// as one run (true).
    static func trimmed(_ path: Path, start: Double, end: Double, individually: Bool) -> Path {
        var windows: [(Double, Double)] = end > 1 ? [(start, 1), (0, end - 1)] : [(start, end)]
        windows = windows.filter { $0.1 > $0.0 }
        var out = Path()
        if windows.isEmpty { return out }
        let subs = subpaths(path)
        let lengths = subs.map { $0.map(\.lengths) }
        if individually {
            let flat = Array(subs.joined()), flatLengths = Array(lengths.joined())
            let total = flatLengths.reduce(0) { $0 + ($1.last ?? 0) }
            for (a, b) in windows { window(flat, flatLengths, from: a * total, to: b * total, into: &out) }
        } else {
            for (segs, ls) in zip(subs, lengths) {
                let total = ls.reduce(0) { $0 + ($1.last ?? 0) }
                for (a, b) in windows { window(segs, ls, from: a * total, to: b * total, into: &out) }
            }
        }
        return out
    }
}
