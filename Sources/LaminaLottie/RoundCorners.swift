// SPDX-License-Identifier: Apache-2.0
// Lottie's rounded corners (`ty:"rd"`, docs/lottie.md): every sharp vertex of the paths above
// the item (no tangents in or out) becomes a cubic from a point on its incoming edge to a
// point on its outgoing edge, each at min(radius, half that edge) from the vertex, with its
// control points 0.5519 of the way back to the vertex (a quarter circle for a right angle), as
// lottie-web and After Effects round them. Curved vertices and the ends of open paths stay.

import Lamina

/// A path vertex with its in and out control points (equal to the point when sharp).
private struct Vertex {
    var p: Point
    var cin: Point
    var cout: Point
}

enum LottieRoundCorners {
    /// The circle-approximating control point fraction of lottie-web's round-corners modifier.
    static let kappa = 0.5519

    /// `path` with its sharp corners rounded by `radius` (≤ 0 or not finite: unchanged).
    static func apply(_ path: Path, radius: Double) -> Path {
        guard radius > 0, radius.isFinite else { return path }
        var out = Path()
        var verts: [Vertex] = []
        var closed = false
        // A segment to q with controls c1, c2 (a line: both at its ends); a segment of no length
        // (a rectangle of roundness 0 has four) adds no vertex, so the corner stays one vertex.
        func segment(_ c1: Point, _ c2: Point, _ q: Point) {
            guard let last = verts.last else { verts.append(Vertex(p: q, cin: q, cout: q)); return }
            if q == last.p && c1 == last.p && c2 == q { return }
            verts[verts.count - 1].cout = c1
            verts.append(Vertex(p: q, cin: c2, cout: q))
        }
        func flush() {
            if !verts.isEmpty { emit(round(verts, closed: closed, radius: radius), closed: closed, into: &out) }
            verts.removeAll(keepingCapacity: true)
            closed = false
        }
        for e in path.elements {
            switch e {
            case .move(let q):
                flush()
                verts.append(Vertex(p: q, cin: q, cout: q))
            case .line(let q):
                segment(verts.last?.p ?? q, q, q)
            case .quadCurve(let c, let q):
                // The same curve as a cubic.
                let a = verts.last?.p ?? q
                segment(Point(x: a.x + 2 / 3 * (c.x - a.x), y: a.y + 2 / 3 * (c.y - a.y)),
                        Point(x: q.x + 2 / 3 * (c.x - q.x), y: q.y + 2 / 3 * (c.y - q.y)), q)
            case .cubicCurve(let c1, let c2, let q):
                segment(c1, c2, q)
            case .close:
                // A closing segment that ends on the start point: that vertex is the start.
                if verts.count > 1, let last = verts.last, last.p == verts[0].p {
                    verts[0].cin = last.cin
                    verts.removeLast()
                }
                closed = true
                flush()
            }
        }
        flush()
        return out
    }

    private static func round(_ v: [Vertex], closed: Bool, radius: Double) -> [Vertex] {
        let n = v.count
        guard n >= 2 else { return v }
        var out: [Vertex] = []
        out.reserveCapacity(2 * n)
        for i in 0..<n {
            let cur = v[i]
            let sharp = cur.cin == cur.p && cur.cout == cur.p
            if !sharp || (!closed && (i == 0 || i == n - 1)) {
                out.append(cur)
                continue
            }
            let prev = v[(i + n - 1) % n].p, next = v[(i + 1) % n].p
            func toward(_ q: Point) -> Point {
                let d = ((q.x - cur.p.x) * (q.x - cur.p.x) + (q.y - cur.p.y) * (q.y - cur.p.y)).squareRoot()
                let f = d > 0 ? min(d / 2, radius) / d : 0
                return Point(x: cur.p.x + (q.x - cur.p.x) * f, y: cur.p.y + (q.y - cur.p.y) * f)
            }
            func control(_ a: Point) -> Point {
                Point(x: a.x + (cur.p.x - a.x) * kappa, y: a.y + (cur.p.y - a.y) * kappa)
            }
            let a = toward(prev), b = toward(next)
            out.append(Vertex(p: a, cin: a, cout: control(a)))
            out.append(Vertex(p: b, cin: control(b), cout: b))
        }
        return out
    }

    private static func emit(_ v: [Vertex], closed: Bool, into path: inout Path) {
        guard let first = v.first else { return }
        path.move(to: first.p)
        func segment(_ a: Vertex, _ b: Vertex) {
            if a.cout == a.p && b.cin == b.p { path.addLine(to: b.p) }
            else { path.addCurve(to: b.p, control1: a.cout, control2: b.cin) }
        }
        for k in 1..<max(v.count, 1) { segment(v[k - 1], v[k]) }
        if closed {
            if v.count > 1 { segment(v[v.count - 1], first) }
            path.closeSubpath()
        }
    }
}
