// SPDX-License-Identifier: Apache-2.0
// Builds an imported Lottie scene through liblamina's C ABI (lamina.h): this library links
// against liblamina.so.0 and never touches the engine's Swift internals, so the engine a C host
// made is the one that gets the layers.

import CLaminaLottie
import Lamina
import LaminaLottie
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A failed liblamina call: its status and liblamina's message.
struct CallError: Error {
    var status: lamina_status_t
    var message: String
}

/// Memory for the pointers inside lamina_value_t while a call copies them.
final class Arena {
    private var blocks: [UnsafeMutableRawPointer] = []
    deinit { for b in blocks { free(b) } }

    func copy<T>(_ items: [T]) -> UnsafePointer<T>? {
        guard !items.isEmpty, let raw = malloc(MemoryLayout<T>.stride * items.count) else { return nil }
        blocks.append(raw)
        let p = raw.bindMemory(to: T.self, capacity: items.count)
        p.initialize(from: items, count: items.count)
        return UnsafePointer(p)
    }

    func string(_ s: String) -> UnsafePointer<CChar>? {
        guard let p = strdup(s) else { return nil }
        blocks.append(UnsafeMutableRawPointer(p))
        return UnsafePointer(p)
    }
}

func check(_ status: lamina_status_t, _ what: @autoclosure () -> String) throws(CallError) {
    guard status == LAMINA_STATUS_OK else {
        let m = lamina_last_error_message().map { String(cString: $0) } ?? ""
        throw CallError(status: status, message: "\(what()): \(m)")
    }
}

extension PathElement {
    var c: lamina_path_element_t {
        var e = lamina_path_element_t()
        func pt(_ p: Point) -> lamina_point_t { lamina_point_t(x: p.x, y: p.y) }
        switch self {
        case .move(let p): e.type = LAMINA_PATH_MOVE; e.points.0 = pt(p)
        case .line(let p): e.type = LAMINA_PATH_LINE; e.points.0 = pt(p)
        case .quadCurve(let c, let p): e.type = LAMINA_PATH_QUAD; e.points.0 = pt(c); e.points.1 = pt(p)
        case .cubicCurve(let c1, let c2, let p):
            e.type = LAMINA_PATH_CUBIC; e.points.0 = pt(c1); e.points.1 = pt(c2); e.points.2 = pt(p)
        case .close: e.type = LAMINA_PATH_CLOSE
        }
        return e
    }
}

/// A Swift value as a lamina_value_t whose pointers live in `arena`.
func cValue(_ v: Value, _ arena: Arena) -> lamina_value_t {
    var out = lamina_value_t()
    func color(_ c: Color) -> lamina_color_t { lamina_color_t(r: c.red, g: c.green, b: c.blue, a: c.alpha) }
    switch v {
    case .null: out.type = LAMINA_VALUE_NULL
    case .number(let n): out.type = LAMINA_VALUE_NUMBER; out.u.number = n
    case .point(let p): out.type = LAMINA_VALUE_POINT; out.u.point = lamina_point_t(x: p.x, y: p.y)
    case .size(let s): out.type = LAMINA_VALUE_SIZE; out.u.size = lamina_size_t(width: s.width, height: s.height)
    case .rect(let r):
        out.type = LAMINA_VALUE_RECT
        out.u.rect = lamina_rect_t(
            origin: lamina_point_t(x: r.origin.x, y: r.origin.y),
            size: lamina_size_t(width: r.size.width, height: r.size.height))
    case .color(let c): out.type = LAMINA_VALUE_COLOR; out.u.color = color(c)
    case .transform(let m):
        out.type = LAMINA_VALUE_TRANSFORM
        out.u.transform = lamina_transform3d_t(
            m11: m.m11, m12: m.m12, m13: m.m13, m14: m.m14, m21: m.m21, m22: m.m22, m23: m.m23, m24: m.m24,
            m31: m.m31, m32: m.m32, m33: m.m33, m34: m.m34, m41: m.m41, m42: m.m42, m43: m.m43, m44: m.m44)
    case .bool(let b): out.type = LAMINA_VALUE_BOOL; out.u.boolean = b ? 1 : 0
    case .string(let s): out.type = LAMINA_VALUE_STRING; out.u.string = arena.string(s)
    case .image: out.type = LAMINA_VALUE_NULL  // realize() passes images as liblamina's own
    case .path(let p):
        out.type = LAMINA_VALUE_PATH
        out.u.path.elements = arena.copy(p.elements.map(\.c))
        out.u.path.count = p.elements.count
    case .vector3(let v): out.type = LAMINA_VALUE_VECTOR3; out.u.vector3 = lamina_vector3_t(x: v.x, y: v.y, z: v.z)
    case .numberArray(let a):
        out.type = LAMINA_VALUE_NUMBER_ARRAY
        out.u.numbers = lamina_number_array_t(items: arena.copy(a), count: a.count)
    case .colorArray(let a):
        out.type = LAMINA_VALUE_COLOR_ARRAY
        out.u.colors = lamina_color_array_t(items: arena.copy(a.map(color)), count: a.count)
    case .filterArray(let a):
        // Layer filters (issue 32, R19): the names in the arena like strings.
        let filters = a.map { f -> lamina_filter_t in
            var c = lamina_filter_t()
            c.type = f.type.rawValue
            c.name = arena.string(f.name)
            withUnsafeMutableBytes(of: &c.params) { raw in
                let d = raw.bindMemory(to: Double.self)
                for k in 0..<min(d.count, f.parameters.count) { d[k] = f.parameters[k] }
            }
            return c
        }
        out.type = LAMINA_VALUE_FILTER_ARRAY
        out.u.filters = lamina_filter_array_t(items: arena.copy(filters), count: a.count)
    }
    return out
}

/// The C animation object of a Swift animation (the kinds the importer makes: basic and
/// keyframe). Released by the caller.
func cAnimation(_ a: Animation) throws(CallError) -> OpaquePointer {
    let arena = Arena()
    var out: OpaquePointer?
    let keyPath = a.keyPath ?? ""
    switch a.kind {
    case .keyframe:
        try check(lamina_animation_create_keyframe(keyPath, &out), "lamina_animation_create_keyframe")
    default:
        try check(lamina_animation_create_basic(keyPath, &out), "lamina_animation_create_basic")
    }
    guard let anim = out else { throw CallError(status: LAMINA_STATUS_OUT_OF_MEMORY, message: "no animation") }
    do {
        if case .keyframe(let spec, let path, _) = a.kind {
            if let path {
                let elements = path.elements.map(\.c)
                try check(lamina_animation_set_path(anim, elements, elements.count), "lamina_animation_set_path")
            } else {
                let values = spec.values.map { cValue($0, arena) }
                try check(lamina_animation_set_keyframe_values(anim, values, values.count), "lamina_animation_set_keyframe_values")
            }
            if let times = spec.keyTimes {
                try check(lamina_animation_set_key_times(anim, times, times.count), "lamina_animation_set_key_times")
            }
            if let fns = spec.timingFunctions {
                let c = fns.map { lamina_timing_function_t(c1x: $0.c1x, c1y: $0.c1y, c2x: $0.c2x, c2y: $0.c2y) }
                try check(lamina_animation_set_keyframe_timing_functions(anim, c, c.count), "lamina_animation_set_keyframe_timing_functions")
            }
            let mode: lamina_calculation_mode_t
            switch spec.calculationMode {
            case .linear: mode = LAMINA_CALCULATION_LINEAR
            case .discrete: mode = LAMINA_CALCULATION_DISCRETE
            case .paced: mode = LAMINA_CALCULATION_PACED
            case .cubic: mode = LAMINA_CALCULATION_CUBIC
            case .cubicPaced: mode = LAMINA_CALCULATION_CUBIC_PACED
            }
            try check(lamina_animation_set_calculation_mode(anim, mode), "lamina_animation_set_calculation_mode")
        } else {
            if let f = a.fromValue { var v = cValue(f, arena); try check(lamina_animation_set_from_value(anim, &v), "from") }
            if let t = a.toValue { var v = cValue(t, arena); try check(lamina_animation_set_to_value(anim, &v), "to") }
        }
        if let vf = a.valueFunction {
            let code: lamina_value_function_t
            switch vf {
            case .rotateX: code = LAMINA_VALUE_FUNCTION_ROTATE_X
            case .rotateY: code = LAMINA_VALUE_FUNCTION_ROTATE_Y
            case .rotateZ: code = LAMINA_VALUE_FUNCTION_ROTATE_Z
            case .scale: code = LAMINA_VALUE_FUNCTION_SCALE
            case .scaleX: code = LAMINA_VALUE_FUNCTION_SCALE_X
            case .scaleY: code = LAMINA_VALUE_FUNCTION_SCALE_Y
            case .scaleZ: code = LAMINA_VALUE_FUNCTION_SCALE_Z
            case .translate: code = LAMINA_VALUE_FUNCTION_TRANSLATE
            case .translateX: code = LAMINA_VALUE_FUNCTION_TRANSLATE_X
            case .translateY: code = LAMINA_VALUE_FUNCTION_TRANSLATE_Y
            case .translateZ: code = LAMINA_VALUE_FUNCTION_TRANSLATE_Z
            }
            try check(lamina_animation_set_value_function(anim, code), "lamina_animation_set_value_function")
        }
        var timing = lamina_media_timing_t()
        timing.struct_size = UInt32(MemoryLayout<lamina_media_timing_t>.size)
        timing.begin_time = a.timing.beginTime
        timing.duration = a.timing.duration
        timing.speed = a.timing.speed
        timing.time_offset = a.timing.timeOffset
        timing.repeat_count = a.timing.repeatCount
        timing.repeat_duration = a.timing.repeatDuration
        timing.autoreverses = a.timing.autoreverses ? 1 : 0
        timing.fill_mode = a.timing.fillMode.rawValue
        try check(lamina_animation_set_media_timing(anim, &timing), "lamina_animation_set_media_timing")
        try check(lamina_animation_set_removed_on_completion(anim, a.isRemovedOnCompletion ? 1 : 0), "lamina_animation_set_removed_on_completion")
    } catch {
        _ = lamina_animation_release(anim)
        throw error
    }
    return anim
}

/// Makes the layers of `top`'s tree on `engine` through the C ABI, iteratively. Returns the
/// root with one host reference; every other layer is held by its superlayer (or as a mask).
func realize(_ top: LottieNode, engine: OpaquePointer) throws(CallError) -> lamina_layer_t {
    var made: [lamina_layer_t] = []  // host references to drop once each layer has an owner
    // Image assets (image layers' contents) as liblamina images, one per decoded asset: the
    // layers showing one hold their own references; these are dropped when the load ends.
    var images: [ObjectIdentifier: lamina_image_t] = [:]
    defer { for (_, i) in images { _ = lamina_image_release(i) } }
    func cImage(_ img: Image) throws(CallError) -> lamina_image_t {
        if let i = images[ObjectIdentifier(img)] { return i }
        var out: lamina_image_t = 0
        try img.pixels.withUnsafeBufferPointer { (px) throws(CallError) in
            try check(lamina_image_create_rgba8(engine, UInt32(img.width), UInt32(img.height), px.baseAddress,
                                                px.count, 1, &out), "lamina_image_create_rgba8")
        }
        images[ObjectIdentifier(img)] = out
        return out
    }
    func make(_ n: LottieNode) throws(CallError) -> lamina_layer_t {
        var layer: lamina_layer_t = 0
        try check(lamina_layer_create_kind(engine, n.kind.rawValue, &layer), "lamina_layer_create_kind")
        made.append(layer)
        let arena = Arena()
        for (k, v) in n.values {
            var cv = cValue(v, arena)
            if case .image(let img) = v {
                cv.type = LAMINA_VALUE_IMAGE
                cv.u.image = try cImage(img)
            }
            try check(lamina_layer_set_value(engine, layer, k, &cv), "setting '\(k)'")
        }
        for (k, a) in n.animations {
            let anim = try cAnimation(a)
            defer { _ = lamina_animation_release(anim) }
            try check(lamina_layer_add_animation(engine, layer, anim, k), "adding the animation '\(k)'")
        }
        return layer
    }
    do {
        let root = try make(top)
        var work: [(LottieNode, lamina_layer_t)] = [(top, root)]
        while let (node, layer) = work.popLast() {
            for child in node.sublayers {
                let l = try make(child)
                try check(lamina_layer_add_sublayer(engine, layer, l), "lamina_layer_add_sublayer")
                work.append((child, l))
            }
            if let m = node.mask {
                let l = try make(m)
                try check(lamina_layer_set_mask(engine, layer, l), "lamina_layer_set_mask")
                work.append((m, l))
            }
        }
        // Every layer but the root now has an owner: drop the creation references.
        for l in made.dropFirst() { _ = lamina_layer_release(engine, l) }
        return root
    } catch {
        // The root owns everything attached; the rest are released one by one.
        for l in made { _ = lamina_layer_release(engine, l) }
        throw error
    }
}
