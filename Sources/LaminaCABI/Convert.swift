// SPDX-License-Identifier: Apache-2.0
// Conversions between the header's plain structs and the Swift core's value types.

import CLamina
import Lamina

extension Point {
    init(_ c: lamina_point_t) { self.init(x: c.x, y: c.y) }
    var c: lamina_point_t { lamina_point_t(x: x, y: y) }
}

extension Size {
    init(_ c: lamina_size_t) { self.init(width: c.width, height: c.height) }
    var c: lamina_size_t { lamina_size_t(width: width, height: height) }
}

extension Rect {
    init(_ c: lamina_rect_t) { self.init(origin: Point(c.origin), size: Size(c.size)) }
    var c: lamina_rect_t { lamina_rect_t(origin: origin.c, size: size.c) }
}

extension Color {
    init(_ c: lamina_color_t) { self.init(red: c.r, green: c.g, blue: c.b, alpha: c.a) }
    var c: lamina_color_t { lamina_color_t(r: red, g: green, b: blue, a: alpha) }
}

extension Transform3D {
    init(_ c: lamina_transform3d_t) {
        self.init(
            m11: c.m11, m12: c.m12, m13: c.m13, m14: c.m14,
            m21: c.m21, m22: c.m22, m23: c.m23, m24: c.m24,
            m31: c.m31, m32: c.m32, m33: c.m33, m34: c.m34,
            m41: c.m41, m42: c.m42, m43: c.m43, m44: c.m44)
    }

    var c: lamina_transform3d_t {
        lamina_transform3d_t(
            m11: m11, m12: m12, m13: m13, m14: m14,
            m21: m21, m22: m22, m23: m23, m24: m24,
            m31: m31, m32: m32, m33: m33, m34: m34,
            m41: m41, m42: m42, m43: m43, m44: m44)
    }
}

extension TimingFunction {
    init(checking c: lamina_timing_function_t) throws(LaminaError) {
        guard TimingFunction.isValid(c1x: c.c1x, c1y: c.c1y, c2x: c.c2x, c2y: c.c2y) else {
            throw LaminaError(
                .invalidArgument,
                "timing function control points must be finite with c1x and c2x in [0, 1]")
        }
        self.init(controlPoints: c.c1x, c.c1y, c.c2x, c.c2y)
    }

    var c: lamina_timing_function_t {
        lamina_timing_function_t(c1x: c1x, c1y: c1y, c2x: c2x, c2y: c2y)
    }

    /// An optional C timing function argument: NULL means unset.
    static func optional(_ p: UnsafePointer<lamina_timing_function_t>?) throws(LaminaError) -> TimingFunction? {
        guard let p else { return nil }
        return try TimingFunction(checking: p.pointee)
    }
}

/// Writes an optional timing function to the C out-parameters (the function only when set).
func write(
    _ tf: TimingFunction?, _ outTimingFunction: UnsafeMutablePointer<lamina_timing_function_t>?,
    _ outIsSet: UnsafeMutablePointer<lamina_bool_t>?
) throws(LaminaError) {
    let isSet = try required(outIsSet, "out_is_set")
    let out = try required(outTimingFunction, "out_timing_function")
    if let tf { out.pointee = tf.c }
    isSet.pointee = cbool(tf != nil)
}

@inline(__always)
func bool(_ b: lamina_bool_t) -> Bool { b != 0 }

@inline(__always)
func cbool(_ b: Bool) -> lamina_bool_t { b ? LAMINA_TRUE : LAMINA_FALSE }

extension Value {
    /// Reads a tagged C value; strings are copied.
    init(_ v: lamina_value_t) throws(LaminaError) {
        switch v.type {
        case LAMINA_VALUE_NULL: self = .null
        case LAMINA_VALUE_NUMBER: self = .number(v.u.number)
        case LAMINA_VALUE_POINT: self = .point(Point(v.u.point))
        case LAMINA_VALUE_SIZE: self = .size(Size(v.u.size))
        case LAMINA_VALUE_RECT: self = .rect(Rect(v.u.rect))
        case LAMINA_VALUE_COLOR: self = .color(Color(v.u.color))
        case LAMINA_VALUE_TRANSFORM: self = .transform(Transform3D(v.u.transform))
        case LAMINA_VALUE_BOOL: self = .bool(v.u.boolean != 0)
        case LAMINA_VALUE_VECTOR3:
            self = .vector3(Vector3(x: v.u.vector3.x, y: v.u.vector3.y, z: v.u.vector3.z))
        case LAMINA_VALUE_STRING:
            guard let s = v.u.string else {
                throw LaminaError(.invalidArgument, "string value with a NULL pointer")
            }
            // Invalid UTF-8 is an error, not silently repaired (issue 26: a text layer's string).
            guard let valid = String(validatingCString: s) else {
                throw LaminaError(.invalidArgument, "string value is not valid UTF-8")
            }
            self = .string(valid)
        case LAMINA_VALUE_IMAGE:
            guard let image = ImageRegistry.shared.lookup(v.u.image) else {
                throw LaminaError(.staleHandle, "image \(v.u.image) is not alive")
            }
            self = .image(image)
        case LAMINA_VALUE_PATH:
            self = .path(try cPath(v.u.path.elements, v.u.path.count))
        case LAMINA_VALUE_NUMBER_ARRAY:
            try checkArray(v.u.numbers.items, v.u.numbers.count, "a number array")
            let n = v.u.numbers.count
            self = .numberArray(n == 0 ? [] : Array(UnsafeBufferPointer(start: v.u.numbers.items, count: n)))
        case LAMINA_VALUE_COLOR_ARRAY:
            try checkArray(v.u.colors.items, v.u.colors.count, "a colour array")
            let n = v.u.colors.count
            self = .colorArray(n == 0 ? [] : UnsafeBufferPointer(start: v.u.colors.items, count: n).map { Color($0) })
        case LAMINA_VALUE_FILTER_ARRAY:
            self = .filterArray(try cFilters(v.u.filters.items, v.u.filters.count))
        default:
            throw LaminaError(.invalidArgument, "unknown value type tag \(v.type)")
        }
    }

    /// Writes into a tagged C value; a string is borrowed from the calling thread's slot.
    func write(to out: UnsafeMutablePointer<lamina_value_t>) {
        var v = lamina_value_t()
        switch self {
        case .null: v.type = LAMINA_VALUE_NULL
        case .number(let n): v.type = LAMINA_VALUE_NUMBER; v.u.number = n
        case .point(let p): v.type = LAMINA_VALUE_POINT; v.u.point = p.c
        case .size(let s): v.type = LAMINA_VALUE_SIZE; v.u.size = s.c
        case .rect(let r): v.type = LAMINA_VALUE_RECT; v.u.rect = r.c
        case .color(let c): v.type = LAMINA_VALUE_COLOR; v.u.color = c.c
        case .transform(let m): v.type = LAMINA_VALUE_TRANSFORM; v.u.transform = m.c
        case .bool(let b): v.type = LAMINA_VALUE_BOOL; v.u.boolean = cbool(b)
        case .vector3(let t):
            v.type = LAMINA_VALUE_VECTOR3
            v.u.vector3 = lamina_vector3_t(x: t.x, y: t.y, z: t.z)
        case .string(let s):
            let slot = currentThreadState().stringValue
            slot.set(s)
            v.type = LAMINA_VALUE_STRING
            v.u.string = UnsafePointer(slot.pointer)
        case .image(let image):
            v.type = LAMINA_VALUE_IMAGE
            v.u.image = ImageRegistry.shared.register(image)
        case .numberArray(let a):
            let slot = currentThreadState().numbersValue
            slot.set(a) { $0 }
            v.type = LAMINA_VALUE_NUMBER_ARRAY
            v.u.numbers.items = UnsafePointer(slot.pointer)
            v.u.numbers.count = a.count
        case .colorArray(let a):
            let slot = currentThreadState().colorsValue
            slot.set(a) { $0.c }
            v.type = LAMINA_VALUE_COLOR_ARRAY
            v.u.colors.items = UnsafePointer(slot.pointer)
            v.u.colors.count = a.count
        case .filterArray(let a):
            let slot = currentThreadState().filtersValue
            slot.set(a)
            v.type = LAMINA_VALUE_FILTER_ARRAY
            v.u.filters.items = UnsafePointer(slot.pointer)
            v.u.filters.count = a.count
        case .path(let path):
            let slot = currentThreadState().pathValue
            slot.set(path)
            v.type = LAMINA_VALUE_PATH
            v.u.path.elements = UnsafePointer(slot.pointer)
            v.u.path.count = path.elements.count
        }
        out.pointee = v
    }
}
