// SPDX-License-Identifier: Apache-2.0
// A drawing path as a layer property value (shadowPath, RS-3.4; RS-8.5 for interpolation):
// CGPath's elements, the rect / ellipse / rounded-rect constructors, and the blend rule.

/// A path value: moves, lines, quadratic and cubic Béziers and closes (CGPath's elements,
/// ``PathElement``), as `shadowPath` takes it (RS-3.4). Coordinates are in the layer's own
/// (bounds) space. Filled with the non-zero winding rule.
///
/// ```swift
/// let shadow = Path.roundedRect(Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 8)
/// try layer.setValue(.path(shadow), forKeyPath: "shadowPath")
/// ```
///
/// Two paths with the same structure (the same element kinds in the same order) interpolate
/// point by point; paths whose structures differ switch at progress 0.5 (RS-8.5).
public struct Path: Hashable, Sendable {
    /// The elements, in order.
    public var elements: [PathElement]

    /// Creates a path from elements (empty by default).
    public init(elements: [PathElement] = []) { self.elements = elements }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) { elements.append(.move(point)) }

    /// Adds a straight line to `point`.
    public mutating func addLine(to point: Point) { elements.append(.line(point)) }

    /// Adds a quadratic Bézier curve to `point`.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(control: control, to: point))
    }

    /// Adds a cubic Bézier curve to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.cubicCurve(control1: control1, control2: control2, to: point))
    }

    /// Closes the current subpath.
    public mutating func closeSubpath() { elements.append(.close) }

    /// The rectangle (standardized) as move, three lines and close, clockwise on a y-down
    /// screen from the minimum corner: (minX, minY) → (maxX, minY) → (maxX, maxY) → (minX, maxY).
    public static func rect(_ rect: Rect) -> Path {
        let r = rect.standardized
        let x0 = r.origin.x, y0 = r.origin.y, x1 = x0 + r.size.width, y1 = y0 + r.size.height
        return Path(elements: [
            .move(Point(x: x0, y: y0)), .line(Point(x: x1, y: y0)), .line(Point(x: x1, y: y1)),
            .line(Point(x: x0, y: y1)), .close,
        ])
    }

    /// The ellipse inscribed in `rect`: a move and four cubic quarter arcs (the usual
    /// 0.5522847498 control distance, error < 0.03 %), then close; same direction as
    /// ``rect(_:)``, starting at (maxX, midY).
    public static func ellipse(in rect: Rect) -> Path {
        let r = rect.standardized
        let rx = r.size.width / 2, ry = r.size.height / 2
        let cx = r.origin.x + rx, cy = r.origin.y + ry
        let k = 0.5522847498
        let ox = rx * k, oy = ry * k
        return Path(elements: [
            .move(Point(x: cx + rx, y: cy)),
            .cubicCurve(control1: Point(x: cx + rx, y: cy + oy), control2: Point(x: cx + ox, y: cy + ry), to: Point(x: cx, y: cy + ry)),
            .cubicCurve(control1: Point(x: cx - ox, y: cy + ry), control2: Point(x: cx - rx, y: cy + oy), to: Point(x: cx - rx, y: cy)),
            .cubicCurve(control1: Point(x: cx - rx, y: cy - oy), control2: Point(x: cx - ox, y: cy - ry), to: Point(x: cx, y: cy - ry)),
            .cubicCurve(control1: Point(x: cx + ox, y: cy - ry), control2: Point(x: cx + rx, y: cy - oy), to: Point(x: cx + rx, y: cy)),
            .close,
        ])
    }

    /// A rectangle with circular (elliptical when the radii differ) corners: the radii are
    /// clamped to half the width and height (RS-1.4's option (a)). Always the same structure
    /// (move, then line + cubic per corner, then close), so two rounded rects interpolate
    /// point by point even when a radius is 0.
    public static func roundedRect(_ rect: Rect, cornerWidth: Double, cornerHeight: Double) -> Path {
        let r = rect.standardized
        let w = r.size.width, h = r.size.height
        let rx = min(max(cornerWidth, 0), w / 2), ry = min(max(cornerHeight, 0), h / 2)
        let x0 = r.origin.x, y0 = r.origin.y, x1 = x0 + w, y1 = y0 + h
        let k = 1 - 0.5522847498  // control points sit this far back from the corner's arc ends
        return Path(elements: [
            .move(Point(x: x0 + rx, y: y0)),
            .line(Point(x: x1 - rx, y: y0)),
            .cubicCurve(control1: Point(x: x1 - rx * k, y: y0), control2: Point(x: x1, y: y0 + ry * k), to: Point(x: x1, y: y0 + ry)),
            .line(Point(x: x1, y: y1 - ry)),
            .cubicCurve(control1: Point(x: x1, y: y1 - ry * k), control2: Point(x: x1 - rx * k, y: y1), to: Point(x: x1 - rx, y: y1)),
            .line(Point(x: x0 + rx, y: y1)),
            .cubicCurve(control1: Point(x: x0 + rx * k, y: y1), control2: Point(x: x0, y: y1 - ry * k), to: Point(x: x0, y: y1 - ry)),
            .line(Point(x: x0, y: y0 + ry)),
            .cubicCurve(control1: Point(x: x0, y: y0 + ry * k), control2: Point(x: x0 + rx * k, y: y0), to: Point(x: x0 + rx, y: y0)),
            .close,
        ])
    }

    /// A rectangle with circular corners of `cornerRadius`; see
    /// ``roundedRect(_:cornerWidth:cornerHeight:)``.
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
        roundedRect(rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
    }

    /// Whether the two paths have the same elements kinds in the same order, so they
    /// interpolate point by point (RS-8.5).
    public func hasSameStructure(as other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) where a.kind != b.kind { return false }
        return true
    }

    /// The path at `progress` between `self` and `other`: every point linearly when the
    /// structures match, else `self` below 0.5 and `other` from 0.5 on (RS-8.5).
    public func interpolated(to other: Path, progress p: Double) -> Path {
        guard hasSameStructure(as: other) else { return p < 0.5 ? self : other }
        // Written once into a buffer of the right size (a keyframed path is blended every
        // frame): copying `self` and assigning each element checked the copy's uniqueness per
        // element after copying it whole.
        let n = elements.count
        // `Array(unsafeUninitializedCapacity: 0)` stores its count into the shared empty-array
        // singleton, a write that races with every other thread's empty array (ThreadSanitizer
        // reports it): two empty paths blend to the empty path, with no new array.
        guard n > 0 else { return self }
        return elements.withUnsafeBufferPointer { a in
            other.elements.withUnsafeBufferPointer { b in
                Path(elements: Array(unsafeUninitializedCapacity: n) { out, count in
                    for i in 0..<n { (out.baseAddress! + i).initialize(to: a[i].interpolated(to: b[i], p)) }
                    count = n
                })
            }
        }
    }

    /// Sets `buffer` to `a.interpolated(to: b, progress: p)`, the same elements, written over
    /// `buffer`'s own when it has as many (a keyframed path is blended every frame: last
    /// frame's storage is reused instead of a new array allocated and the old one freed). When
    /// something else still holds `buffer`'s storage, writing copies it first, as any change
    /// to a shared array does.
    static func blend(_ a: Path, _ b: Path, progress p: Double, into buffer: inout Path) {
        let n = a.elements.count
        guard buffer.elements.count == n, a.hasSameStructure(as: b) else {
            buffer = a.interpolated(to: b, progress: p)
            return
        }
        a.elements.withUnsafeBufferPointer { a in
            b.elements.withUnsafeBufferPointer { b in
                buffer.elements.withUnsafeMutableBufferPointer { out in
                    for i in 0..<n { out[i] = a[i].interpolated(to: b[i], p) }
                }
            }
        }
    }

    /// The bounding box of every point, control points included (a cover of the filled area;
    /// nil for a path without points).
    public var controlPointBounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for e in elements {
            for p in e.points {
                minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether every coordinate is finite.
    public var isFinite: Bool {
        elements.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
    }

    /// The number of points over all elements.
    var pointCount: Int { elements.reduce(0) { $0 + $1.points.count } }
}

extension PathElement {
    /// 0 move, 1 line, 2 quad, 3 cubic, 4 close (the C ABI's LAMINA_PATH_*).
    var kind: Int {
        switch self {
        case .move: return 0
        case .line: return 1
        case .quadCurve: return 2
        case .cubicCurve: return 3
        case .close: return 4
        }
    }

    /// The element's points in C order (controls first, end last).
    var points: [Point] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .quadCurve(let c, let p): return [c, p]
        case .cubicCurve(let c1, let c2, let p): return [c1, c2, p]
        case .close: return []
        }
    }

    func interpolated(to o: PathElement, _ p: Double) -> PathElement {
        func l(_ a: Point, _ b: Point) -> Point { Point(x: lerp(a.x, b.x, p), y: lerp(a.y, b.y, p)) }
        switch (self, o) {
        case let (.move(a), .move(b)): return .move(l(a, b))
        case let (.line(a), .line(b)): return .line(l(a, b))
        case let (.quadCurve(c, a), .quadCurve(d, b)): return .quadCurve(control: l(c, d), to: l(a, b))
        case let (.cubicCurve(c1, c2, a), .cubicCurve(d1, d2, b)):
            return .cubicCurve(control1: l(c1, d1), control2: l(c2, d2), to: l(a, b))
        default: return self
        }
    }
}
