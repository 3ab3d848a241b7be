// SPDX-License-Identifier: Apache-2.0
// Plain geometric value types. Units are points; Core Animation's CGPoint/CGSize/CGRect roles.

/// A point in a two-dimensional coordinate space (CGPoint's role).
public struct Point: Hashable, Sendable {
    /// The x coordinate.
    public var x: Double
    /// The y coordinate.
    public var y: Double

    /// Creates a point.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
}

/// A width and a height (CGSize's role). Sizes may be negative; `Rect.standardized` fixes that.
public struct Size: Hashable, Sendable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a size.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, (0, 0).
    public static let zero = Size(width: 0, height: 0)
}

/// An origin and a size (CGRect's role).
public struct Rect: Hashable, Sendable {
    /// The origin.
    public var origin: Point
    /// The size; may be negative until standardized.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four components.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The same rectangle with a non-negative width and height (CGRectStandardize). Inlined:
    /// every layer's anchor and every draw record computes it.
    @inline(__always)
    public var standardized: Rect {
        var r = self
        if r.size.width < 0 {
            r.origin.x += r.size.width
            r.size.width = -r.size.width
        }
        if r.size.height < 0 {
            r.origin.y += r.size.height
            r.size.height = -r.size.height
        }
        return r
    }

    /// The smallest x of the standardized rectangle.
    public var minX: Double { standardized.origin.x }
    /// The smallest y of the standardized rectangle.
    public var minY: Double { standardized.origin.y }
    /// The largest x of the standardized rectangle.
    public var maxX: Double { let s = standardized; return s.origin.x + s.size.width }
    /// The largest y of the standardized rectangle.
    public var maxY: Double { let s = standardized; return s.origin.y + s.size.height }
}

/// A colour as non-premultiplied RGBA doubles (R9). Components are not clamped, so an
/// overshooting timing curve can take them briefly outside [0, 1]; renderers clamp.
public struct Color: Hashable, Sendable {
    /// Red, nominally in [0, 1].
    public var red: Double
    /// Green, nominally in [0, 1].
    public var green: Double
    /// Blue, nominally in [0, 1].
    public var blue: Double
    /// Alpha (opacity of the colour), nominally in [0, 1].
    public var alpha: Double

    /// Creates a colour from non-premultiplied components.
    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black, Core Animation's default border and shadow colour.
    public static let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
