// SPDX-License-Identifier: Apache-2.0
// Geometry, hit testing, matrix helpers and the draw list (issue 4; lamina.h's "geometry"
// section).

import CLamina
internal import CLaminaPrefetch
import Lamina

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Helpers

/// Runs `body`, turning a thrown error into a status (for functions without an engine).
@inline(__always)
private func catching(_ body: () throws(LaminaError) -> Void) -> lamina_status_t {
    do {
        try body()
        return LAMINA_STATUS_OK
    } catch {
        return fail(error.code.rawValue, error.message)
    }
}

/// A matrix argument that must not be NULL and must hold finite numbers.
@inline(__always)
private func matrix(_ p: UnsafePointer<lamina_transform3d_t>?, _ name: StaticString) throws(LaminaError) -> Transform3D {
    guard let p else { throw LaminaError(.invalidArgument, "\(name) is NULL") }
    let m = Transform3D(p.pointee)
    guard Value.transform(m).isFinite else {
        throw LaminaError(.invalidArgument, "\(name) must hold finite numbers")
    }
    return m
}

@inline(__always)
private func finitePoint(_ p: lamina_point_t, _ name: StaticString) throws(LaminaError) -> Point {
    guard p.x.isFinite, p.y.isFinite else {
        throw LaminaError(.invalidArgument, "\(name) must be finite, got (\(p.x), \(p.y))")
    }
    return Point(p)
}

/// The tree argument of the geometry functions; the time matters for the presentation only
/// (the engine checks that it is finite).
@inline(__always)
private func layerTree(_ tree: lamina_tree_t, _ time: Double) throws(LaminaError) -> LayerTree {
    switch tree {
    case LAMINA_TREE_MODEL: return .model
    case LAMINA_TREE_PRESENTATION: return .presentation(at: time)
    default: throw LaminaError(.invalidArgument, "unknown tree \(tree) (LAMINA_TREE_MODEL or LAMINA_TREE_PRESENTATION)")
    }
}

/// LAMINA_LAYER_NONE stands for root space.
@inline(__always)
private func optionalLayer(_ layer: lamina_layer_t) -> LayerID? {
    layer == 0 ? nil : LayerID(rawValue: layer)
}

// MARK: - Matrix helpers

@_cdecl("lamina_transform3d_make_translation")
public func lamina_transform3d_make_translation(
    _ tx: Double, _ ty: Double, _ tz: Double, _ out: UnsafeMutablePointer<lamina_transform3d_t>?
) -> lamina_status_t {
    catching { () throws(LaminaError) in
        let o = try required(out, "out")
        let m = Transform3D(translationX: try finite(tx, "tx"), y: try finite(ty, "ty"), z: try finite(tz, "tz"))
        o.pointee = m.c
    }
}

@_cdecl("lamina_transform3d_make_scale")
public func lamina_transform3d_make_scale(
    _ sx: Double, _ sy: Double, _ sz: Double, _ out: UnsafeMutablePointer<lamina_transform3d_t>?
) -> lamina_status_t {
    catching { () throws(LaminaError) in
        let o = try required(out, "out")
        let m = Transform3D(scaleX: try finite(sx, "sx"), y: try finite(sy, "sy"), z: try finite(sz, "sz"))
        o.pointee = m.c
    }
}

@_cdecl("lamina_transform3d_make_rotation")
public func lamina_transform3d_make_rotation(
    _ angle: Double, _ x: Double, _ y: Double, _ z: Double,
    _ out: UnsafeMutablePointer<lamina_transform3d_t>?
) -> lamina_status_t {
    catching { () throws(LaminaError) in
        let o = try required(out, "out")
        let m = Transform3D(
            rotationAngle: try finite(angle, "angle"), x: try finite(x, "x"), y: try finite(y, "y"),
            z: try finite(z, "z"))
        o.pointee = m.c
    }
}

@_cdecl("lamina_transform3d_concat")
public func lamina_transform3d_concat(
    _ a: UnsafePointer<lamina_transform3d_t>?, _ b: UnsafePointer<lamina_transform3d_t>?,
    _ out: UnsafeMutablePointer<lamina_transform3d_t>?
) -> lamina_status_t {
    catching { () throws(LaminaError) in
        let o = try required(out, "out")
        let m = try matrix(a, "a").concatenating(try matrix(b, "b"))
        o.pointee = m.c
    }
}

@_cdecl("lamina_transform3d_translate")
public func lamina_transform3d_translate(
    _ t: UnsafePointer<lamina_transform3d_t>?, _ tx: Double, _ ty: Double, _ tz: Double,
    _ out: UnsafeMutablePointer<lamina_transform3d_t>?
) -> lamina_status_t {
    catching { () throws(LaminaError) in
        let o = try required(out, "out")
        let m = try matrix(t, "t").translatedBy(
            x: try finite(tx, "tx"), y: try finite(ty, "ty"), z: try finite(tz, "tz"))
        o.pointee = m.c
    }
}

@_cdecl("lamina_transform3d_scale")
public func lamina_transform3d_scale(
    _ t: UnsafePointer<lamina_transform3d_t>?, _ sx: Double, _ sy: Double, _ sz: Double,
    _ out: UnsafeMutablePointer<lamina_transform3d_t>?
) -> lamina_status_t {
    catching { () throws(LaminaError) in
        let o = try required(out, "out")
        let m = try matrix(t, "t").scaledBy(
            x: try finite(sx, "sx"), y: try finite(sy, "sy"), z: try finite(sz, "sz"))
        o.pointee = m.c
    }
}

@_cdecl("lamina_transform3d_rotate")
public func lamina_transform3d_rotate(
    _ t: UnsafePointer<lamina_transform3d_t>?, _ angle: Double, _ x: Double, _ y: Double,
    _ z: Double, _ out: UnsafeMutablePointer<lamina_transform3d_t>?
) -> lamina_status_t {
    catching { () throws(LaminaError) in
        let o = try required(out, "out")
        let m = try matrix(t, "t").rotatedBy(
            angle: try finite(angle, "angle"), x: try finite(x, "x"), y: try finite(y, "y"),
            z: try finite(z, "z"))
        o.pointee = m.c
    }
}

@_cdecl("lamina_transform3d_invert")
public func lamina_transform3d_invert(
    _ t: UnsafePointer<lamina_transform3d_t>?, _ out: UnsafeMutablePointer<lamina_transform3d_t>?,
    _ outInvertible: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    catching { () throws(LaminaError) in
        let o = try required(out, "out")
        let m = try matrix(t, "t")
        let invertible = m.isInvertible
        o.pointee = m.inverted().c
        outInvertible?.pointee = cbool(invertible)
    }
}

@_cdecl("lamina_transform3d_is_identity")
public func lamina_transform3d_is_identity(
    _ t: UnsafePointer<lamina_transform3d_t>?, _ outIsIdentity: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    catching { () throws(LaminaError) in
        let o = try required(outIsIdentity, "out_is_identity")
        o.pointee = cbool(try matrix(t, "t").isIdentity)
    }
}

@_cdecl("lamina_transform3d_apply_to_point")
public func lamina_transform3d_apply_to_point(
    _ t: UnsafePointer<lamina_transform3d_t>?, _ point: lamina_point_t,
    _ outPoint: UnsafeMutablePointer<lamina_point_t>?
) -> lamina_status_t {
    catching { () throws(LaminaError) in
        let o = try required(outPoint, "out_point")
        let p = try matrix(t, "t").apply(to: try finitePoint(point, "point"))
        guard p.x.isFinite, p.y.isFinite else {
            throw LaminaError(.invalidArgument, "the point maps to w = 0: it has no image")
        }
        o.pointee = p.c
    }
}

// MARK: - Geometry and hit testing

@_cdecl("lamina_layer_get_frame")
public func lamina_layer_get_frame(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ tree: lamina_tree_t, _ time: Double,
    _ outFrame: UnsafeMutablePointer<lamina_rect_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outFrame, "out_frame")
        o.pointee = try e.frame(of: LayerID(rawValue: layer), in: try layerTree(tree, time)).c
    }
}

@_cdecl("lamina_layer_set_frame")
public func lamina_layer_set_frame(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ frame: lamina_rect_t
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in try e.setFrame(Rect(frame), of: LayerID(rawValue: layer)) }
}

@_cdecl("lamina_layer_convert_point")
public func lamina_layer_convert_point(
    _ engine: OpaquePointer?, _ fromLayer: lamina_layer_t, _ toLayer: lamina_layer_t,
    _ point: lamina_point_t, _ tree: lamina_tree_t, _ time: Double,
    _ outPoint: UnsafeMutablePointer<lamina_point_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        let o = try required(outPoint, "out_point")
        o.pointee = try e.convert(
            try finitePoint(point, "point"), from: optionalLayer(fromLayer), to: optionalLayer(toLayer),
            in: try layerTree(tree, time)).c
    }
}

@_cdecl("lamina_layer_convert_rect")
public func lamina_layer_convert_rect(
    _ engine: OpaquePointer?, _ fromLayer: lamina_layer_t, _ toLayer: lamina_layer_t,
    _ rect: lamina_rect_t, _ tree: lamina_tree_t, _ time: Double,
    _ outRect: UnsafeMutablePointer<lamina_rect_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        let o = try required(outRect, "out_rect")
        o.pointee = try e.convert(
            Rect(rect), from: optionalLayer(fromLayer), to: optionalLayer(toLayer),
            in: try layerTree(tree, time)).c
    }
}

@_cdecl("lamina_layer_contains_point")
public func lamina_layer_contains_point(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ point: lamina_point_t,
    _ tree: lamina_tree_t, _ time: Double, _ outContains: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outContains, "out_contains")
        o.pointee = cbool(try e.contains(
            try finitePoint(point, "point"), in: LayerID(rawValue: layer), tree: try layerTree(tree, time)))
    }
}

@_cdecl("lamina_layer_hit_test")
public func lamina_layer_hit_test(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ point: lamina_point_t,
    _ tree: lamina_tree_t, _ time: Double, _ outHit: UnsafeMutablePointer<lamina_layer_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outHit, "out_hit")
        let hit = try e.hitTest(
            try finitePoint(point, "point"), in: LayerID(rawValue: layer), tree: try layerTree(tree, time))
        o.pointee = hit?.rawValue ?? LAMINA_LAYER_NONE_VALUE
    }
}

// MARK: - Draw list

/// What lamina_engine_draw_list() hands out for one engine: the Swift draw list it reuses and
/// the C records, valid until the next call on that engine. It lives on the engine's box and
/// goes when lamina_engine_destroy() runs.
final class CDrawList: @unchecked Sendable {
    let list = DrawList()
    /// Shadow paths, before records, images in use, the repacked copy and the damage.
    let side = CDrawSide()
    var buffer: UnsafeMutablePointer<lamina_draw_record_t>? = nil
    /// Per record of `buffer`: whether it holds a plain record whose every field outside
    /// `setPlainVarying(from:)` is the plain template's, so that the next plain record written
    /// there needs only those. The records are const to hosts (lamina.h), so nothing else
    /// writes them between lists.
    var plainHeld: UnsafeMutablePointer<Bool>? = nil
    var capacity = 0
    /// The last list, to hand back unchanged (Exports+ListReuse.swift).
    var reuse = CListReuse()
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        buffer?.deallocate()
        plainHeld?.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Room for one more record after `count`, keeping the first `count`.
    @inline(__always)
    func ensureRoom(after count: Int) {
        guard count >= capacity else { return }
        let fresh = max(capacity * 2, 64)
        let grown = UnsafeMutablePointer<lamina_draw_record_t>.allocate(capacity: fresh)
        let held = UnsafeMutablePointer<Bool>.allocate(capacity: fresh)
        held.initialize(repeating: false, count: fresh)
        if let old = buffer {
            grown.moveInitialize(from: old, count: count)
            old.deallocate()
        }
        if let old = plainHeld {
            held.update(from: old, count: count)
            old.deallocate()
        }
        buffer = grown
        plainHeld = held
        capacity = fresh
    }
}

extension lamina_draw_record_t {
    init(_ r: DrawRecord) {
        self.init()
        set01(r)
    }

    /// Writes the 0.1 fields (the record is zeroed first), in place: ``set01(from:)`` on `r`.
    mutating func set01(_ r: DrawRecord) {
        withUnsafePointer(to: r) { set01(from: $0) }
    }
}

/// The fields of a record the plain fill compares (`setPlainVarying`), as byte ranges
/// merged where they touch or nearly touch: what the draw list asks the CPU for ahead.
let plainFillRanges: [Range<Int>] = {
    typealias R = lamina_draw_record_t
    func field<T>(_ path: KeyPath<R, T>) -> Range<Int> {
        let start = MemoryLayout<R>.offset(of: path)!
        return start..<(start + MemoryLayout<T>.size)
    }
    let fields = [
        field(\.layer), field(\.flags), field(\.depth), field(\.descendant_count), field(\.clip_index),
        field(\.transform), field(\.bounds), field(\.clip_rect), field(\.opacity), field(\.background_color),
        field(\.flags2), field(\.contents_fade), field(\.mask_index), field(\.mask_count),
        field(\.mask_host_index), field(\.group_index), field(\.target_opacity), field(\.group_opacity),
        field(\.layer_kind), field(\.instance_index), field(\.instance_color),
    ].sorted { $0.lowerBound < $1.lowerBound }
    var merged: [Range<Int>] = []
    for f in fields {
        if let last = merged.last, f.lowerBound <= last.upperBound + 32 {
            merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, f.upperBound)
        } else {
            merged.append(f)
        }
    }
    return merged
}()

/// One byte in every cache line `plainFillRanges` can touch, wherever the record starts:
/// each range's start, every 64 bytes on, and its last byte. Asking for the whole 720-byte
/// record instead fetched the lines of fields the template fixed, which the fill never reads:
/// memory traffic is what a list of 1M records runs out of.
let plainFillPrefetchOffsets: [Int] = plainFillRanges.flatMap { r in
    Array(stride(from: r.lowerBound, to: r.upperBound, by: 64)) + [r.upperBound - 1]
}

/// Builds `root`'s C draw list at `time` into the engine's buffer (full records: every field
/// of this version) and hands the records to `use` with the list's mutex held, so a caller can
/// repack them before another thread rebuilds the list. `use`'s last argument says the list is
/// the last one handed back unchanged (nothing changed since, Exports+ListReuse.swift): the
/// buffer and its side data were not touched.
func buildDrawList(
    _ engine: OpaquePointer?, _ root: lamina_layer_t, _ time: Double,
    _ use: (UnsafePointer<lamina_draw_record_t>?, Int, CDrawList, _ reused: Bool) -> Void
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        guard time.isFinite else { throw LaminaError(.invalidArgument, "time must be finite, got \(time)") }
        guard let storage = box(engine!).drawList else {
            throw LaminaError(.staleHandle, "engine was destroyed")
        }
        pthread_mutex_lock(storage.mutex)
        defer { pthread_mutex_unlock(storage.mutex) }
        // Records go straight into the C buffer: no intermediate Swift array. Shadow paths
        // and transitions' before records go to side buffers (Exports+Contents.swift).
        // The side buffers are reset at the first record, not before: a call that fails (a
        // root never committed) leaves the previous list and everything it points to valid.
        let side = storage.side
        let fillLines = plainFillPrefetchOffsets
        var n = 0
        let reused = try storage.visit(
            e, root, time,
            emit: { record, plain in
                if n == 0 { side.reset() }  // the first record
                storage.ensureRoom(after: n)
                // The fill compares with the record the buffer holds from the last list: ask for
                // the one four ahead (a hint: past the buffer's end it loads nothing useful).
                let ahead = UnsafeRawPointer(storage.buffer! + n + 4)
                for k in fillLines { lamina_prefetch(ahead + k) }
                side.fill(storage.buffer! + n, from: record, plain: plain, held: storage.plainHeld! + n, at: n)
                n += 1
            },
            patch: { index, patch in
                switch patch {
                case .descendants(let d): storage.buffer![index].descendant_count = UInt32(clamping: d)
                case .mask(let i, let c):
                    storage.buffer![index].mask_index = Int32(clamping: i)
                    storage.buffer![index].mask_count = UInt32(clamping: c)
                }
            })
        if reused {
            // Nothing changed since the last list: it is handed back as it is.
            let count = storage.reuse.count
            use(count == 0 ? nil : UnsafePointer(storage.buffer), count, storage, true)
            return
        }
        if n == 0 { side.reset() }
        if side.overBudget {
            // Nothing past the budget was written; the records written point to nothing (R18).
            throw LaminaError(
                .outOfMemory,
                "the draw list's side data (paths, dashes, gradient colours) would pass its budget of \(side.sideDataBudget) bytes (R18; lamina_engine_set_draw_list_budget)")
        }
        side.finish(storage.buffer)
        storage.built(count: n)
        use(n == 0 ? nil : UnsafePointer(storage.buffer), n, storage, false)
    }
}

/// The 0.1 entry point, kept for binaries built against the 0.1 header: records of the 0.1
/// layout (LAMINA_DRAW_RECORD_SIZE_0_1 bytes apart). The header maps source calls of this name
/// to lamina_engine_draw_list_sized() with the caller's sizeof(lamina_draw_record_t).
@_cdecl("lamina_engine_draw_list")
public func lamina_engine_draw_list(
    _ engine: OpaquePointer?, _ root: lamina_layer_t, _ time: Double,
    _ outRecords: UnsafeMutablePointer<UnsafePointer<lamina_draw_record_t>?>?,
    _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    guard let outRecords, let outCount else {
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_records or out_count is NULL")
    }
    var raw: UnsafeRawPointer? = nil
    let rc = lamina_engine_draw_list_sized(engine, root, time, drawRecordSize01, &raw, outCount)
    if rc == LAMINA_STATUS_OK {
        outRecords.pointee = raw.map { $0.assumingMemoryBound(to: lamina_draw_record_t.self) }
    }
    return rc
}

@_cdecl("lamina_engine_next_frame_time")
public func lamina_engine_next_frame_time(
    _ engine: OpaquePointer?, _ outTime: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        try required(outTime, "out_time").pointee = e.nextFrameTime
    }
}
