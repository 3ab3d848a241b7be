// SPDX-License-Identifier: Apache-2.0
// C exports for images, paths, masks, the 0.2 draw-record fields and damage (issue 10, R14).

import CLamina
import Lamina

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Image registry

/// Host references of images handed to C (their ids are the handles). The images themselves
/// are found by id in the core's weak table (``Image/lookup(id:)``), so ids in draw records
/// resolve as long as anything uses the image, with no per-frame work.
final class ImageRegistry: @unchecked Sendable {
    static let shared = ImageRegistry()

    private var held: [UInt64: (image: Image, refs: UInt32)] = [:]
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { pthread_mutex_init(mutex, nil) }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Takes the first host reference of a new image.
    func adopt(_ image: Image) -> UInt64 {
        locked { held[image.id] = (image, 1) }
        return image.id
    }

    /// The id of an image handed to C (no host reference).
    @inline(__always)
    func register(_ image: Image) -> UInt64 { image.id }

    func lookup(_ id: UInt64) -> Image? { Image.lookup(id: id) }

    func retain(_ id: UInt64) -> Bool {
        guard let image = Image.lookup(id: id) else { return false }
        return locked {
            let refs = held[id]?.refs ?? 0
            guard refs < UInt32.max else { return false }  // never overflow the count
            held[id] = (image, refs + 1)
            return true
        }
    }

    /// Drops one host reference: false when there was none. The decrement and the answer are
    /// one lock section: two threads dropping an image's last two references both succeed
    /// (issue 31 item 5: the answer was read in a second section, after the other thread had
    /// dropped the last one, so a successful release answered STALE_HANDLE).
    func release(_ id: UInt64) -> Bool {
        let (released, dropped): (Bool, Image?) = locked {
            guard let h = held[id] else { return (false, nil) }
            if h.refs > 1 {
                held[id] = (h.image, h.refs - 1)
                return (true, nil)
            }
            held[id] = nil
            return (true, h.image)
        }
        // The last host reference's image is released outside the lock.
        withExtendedLifetime(dropped) {}
        return released
    }
}

/// A path handed back in a lamina_value_t; borrowed until the next one on the thread.
final class CPathSlot {
    private(set) var pointer: UnsafeMutablePointer<lamina_path_element_t>
    private var capacity = 1
    init() { pointer = .allocate(capacity: 1) }
    deinit { pointer.deallocate() }
    func set(_ path: Path) {
        if path.elements.count > capacity {
            pointer.deallocate()
            capacity = path.elements.count
            pointer = .allocate(capacity: capacity)
        }
        for (i, e) in path.elements.enumerated() { pointer[i] = cPathElement(e) }
    }
}

/// A growable per-thread buffer that array values returned in a lamina_value_t borrow.
final class CArraySlot<T> {
    private(set) var pointer: UnsafeMutablePointer<T>
    private var capacity = 1
    init() { pointer = .allocate(capacity: 1) }
    deinit { pointer.deallocate() }
    func set<S: Collection>(_ items: S, _ convert: (S.Element) -> T) {
        if items.count > capacity {
            pointer.deallocate()
            capacity = items.count
            pointer = .allocate(capacity: capacity)
        }
        for (i, e) in items.enumerated() { (pointer + i).initialize(to: convert(e)) }
    }
}

/// Checks a C array's count and pointer (at most ``Value/maximumArrayCount`` items, NULL
/// only when empty) before anything is copied.
func checkArray<T>(_ items: UnsafePointer<T>?, _ count: Int, _ what: String) throws(LaminaError) {
    guard count >= 0, count <= Value.maximumArrayCount else {
        throw LaminaError(.invalidArgument, "\(what) holds at most \(Value.maximumArrayCount) items, got \(count)")
    }
    if count > 0 && items == nil { throw LaminaError(.invalidArgument, "\(what) items are NULL with count \(count)") }
}

/// The most elements a path takes, as a value or as a keyframe animation's path (R18).
let maximumPathElements = 1 << 20

/// Reads a C path (copied), bounded so that no input can exhaust memory silently.
func cPath(_ elements: UnsafePointer<lamina_path_element_t>?, _ count: Int) throws(LaminaError) -> Path {
    guard count >= 0, count <= maximumPathElements else {
        throw LaminaError(.invalidArgument, "a path has at most 2^20 elements, got \(count)")
    }
    if count == 0 { return Path() }
    guard let elements else { throw LaminaError(.invalidArgument, "path elements are NULL") }
    var out: [PathElement] = []
    out.reserveCapacity(count)
    for i in 0..<count { out.append(try pathElement(elements[i], i)) }
    return Path(elements: out)
}

@inline(__always)
private func status(_ body: () throws(LaminaError) -> Void) -> lamina_status_t {
    do {
        try body()
        return LAMINA_STATUS_OK
    } catch {
        return fail(error.code.rawValue, error.message)
    }
}

// MARK: - Images

@_cdecl("lamina_image_create_rgba8")
public func lamina_image_create_rgba8(
    _ engine: OpaquePointer?, _ width: UInt32, _ height: UInt32, _ pixels: UnsafePointer<UInt8>?,
    _ byteCount: Int, _ premultiplied: lamina_bool_t, _ outImage: UnsafeMutablePointer<lamina_image_t>?
) -> lamina_status_t {
    withEngine(engine) { _ throws(LaminaError) in
        let out = try required(outImage, "out_image")
        guard let pixels else { throw LaminaError(.invalidArgument, "pixels is NULL") }
        guard byteCount >= 0 else { throw LaminaError(.invalidArgument, "byte_count is too large") }
        let image = try Image(
            width: Int(width), height: Int(height),
            rgba: UnsafeBufferPointer(start: pixels, count: byteCount), premultiplied: premultiplied != 0)
        out.pointee = ImageRegistry.shared.adopt(image)
    }
}

@_cdecl("lamina_image_create_external")
public func lamina_image_create_external(
    _ engine: OpaquePointer?, _ handle: UInt64, _ width: UInt32, _ height: UInt32,
    _ outImage: UnsafeMutablePointer<lamina_image_t>?
) -> lamina_status_t {
    withEngine(engine) { _ throws(LaminaError) in
        let out = try required(outImage, "out_image")
        let image = try Image(externalHandle: handle, width: Int(width), height: Int(height))
        out.pointee = ImageRegistry.shared.adopt(image)
    }
}

@_cdecl("lamina_image_retain")
public func lamina_image_retain(_ image: lamina_image_t) -> lamina_status_t {
    status { () throws(LaminaError) in
        guard ImageRegistry.shared.retain(image) else { throw LaminaError(.staleHandle, "image \(image) is not alive") }
    }
}

@_cdecl("lamina_image_release")
public func lamina_image_release(_ image: lamina_image_t) -> lamina_status_t {
    status { () throws(LaminaError) in
        guard ImageRegistry.shared.release(image) else {
            throw LaminaError(.staleHandle, "image \(image) is not alive or has no host reference")
        }
    }
}

@_cdecl("lamina_image_get_info")
public func lamina_image_get_info(
    _ image: lamina_image_t, _ outInfo: UnsafeMutablePointer<lamina_image_info_t>?
) -> lamina_status_t {
    status { () throws(LaminaError) in
        let out = try required(outInfo, "out_info")
        guard out.pointee.struct_size >= UInt32(MemoryLayout<lamina_image_info_t>.size) else {
            throw LaminaError(.invalidArgument, "out_info->struct_size must be sizeof(lamina_image_info_t)")
        }
        guard let img = ImageRegistry.shared.lookup(image) else { throw LaminaError(.staleHandle, "image \(image) is not alive") }
        var info = lamina_image_info_t()
        info.struct_size = UInt32(MemoryLayout<lamina_image_info_t>.size)
        info.width = UInt32(img.width)
        info.height = UInt32(img.height)
        info.is_external = cbool(img.isExternal)
        info.external_handle = img.externalHandle ?? 0
        // The pixels live as long as the image (an immutable array it owns).
        info.pixels = img.isExternal ? nil : img.pixels.withUnsafeBufferPointer { $0.baseAddress }
        out.pointee = info
    }
}

// MARK: - Paths

private func writePath(
    _ path: Path, _ buffer: UnsafeMutablePointer<lamina_path_element_t>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) throws(LaminaError) {
    let o = try required(outCount, "out_count")
    o.pointee = path.elements.count
    guard let buffer else { return }
    guard capacity >= path.elements.count else {
        throw LaminaError(.invalidArgument, "the buffer holds \(capacity) elements; the path needs \(path.elements.count)")
    }
    for (i, e) in path.elements.enumerated() { buffer[i] = cPathElement(e) }
}

/// A rectangle for a path builder: finite and within the values' 1e15 bound, as every other
/// number the engine takes (R13, R18); beyond it the builders made infinite points.
private func finiteRect(_ r: lamina_rect_t) throws(LaminaError) -> Rect {
    let v = Rect(r)
    guard Value.rect(v).isFiniteAndBounded else {
        throw LaminaError(.invalidArgument, "rect must be finite and within 1e15 in magnitude")
    }
    return v
}

/// A corner size for `lamina_path_rounded_rect`: finite and within 1e15.
private func boundedNumber(_ v: Double, _ name: StaticString) throws(LaminaError) -> Double {
    guard Value.number(v).isFiniteAndBounded else {
        throw LaminaError(.invalidArgument, "\(name) must be finite and within 1e15 in magnitude, got \(v)")
    }
    return v
}

/// A built path whose points stay within 1e15 (a bounded rect's far edge can reach 2e15),
/// so that it can be set as a value.
private func boundedPath(_ p: Path) throws(LaminaError) -> Path {
    guard Value.path(p).isFiniteAndBounded else {
        throw LaminaError(.invalidArgument, "the path's points would lie beyond 1e15 in magnitude")
    }
    return p
}

@_cdecl("lamina_path_rect")
public func lamina_path_rect(
    _ rect: lamina_rect_t, _ buffer: UnsafeMutablePointer<lamina_path_element_t>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    status { () throws(LaminaError) in try writePath(try boundedPath(.rect(try finiteRect(rect))), buffer, capacity, outCount) }
}

@_cdecl("lamina_path_ellipse")
public func lamina_path_ellipse(
    _ rect: lamina_rect_t, _ buffer: UnsafeMutablePointer<lamina_path_element_t>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    status { () throws(LaminaError) in try writePath(try boundedPath(.ellipse(in: try finiteRect(rect))), buffer, capacity, outCount) }
}

@_cdecl("lamina_path_rounded_rect")
public func lamina_path_rounded_rect(
    _ rect: lamina_rect_t, _ cornerWidth: Double, _ cornerHeight: Double,
    _ buffer: UnsafeMutablePointer<lamina_path_element_t>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    status { () throws(LaminaError) in
        let r = try finiteRect(rect)
        try writePath(
            try boundedPath(.roundedRect(
                r, cornerWidth: try boundedNumber(cornerWidth, "corner_width"),
                cornerHeight: try boundedNumber(cornerHeight, "corner_height"))),
            buffer, capacity, outCount)
    }
}

// MARK: - Typed contents

@_cdecl("lamina_layer_set_contents")
public func lamina_layer_set_contents(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ image: lamina_image_t
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        var value = Value.null
        if image != 0 {
            guard let img = Image.lookup(id: image) else { throw LaminaError(.staleHandle, "image \(image) is not alive") }
            value = .image(img)
        }
        try e.setValue(value, forKey: .whole(.contents), of: LayerID(rawValue: layer))
    }
}

@_cdecl("lamina_layer_get_contents")
public func lamina_layer_get_contents(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ outImage: UnsafeMutablePointer<lamina_image_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outImage, "out_image")
        if case .image(let img) = try e.value(of: LayerID(rawValue: layer), forKey: .whole(.contents)) {
            o.pointee = img.id
        } else {
            o.pointee = 0
        }
    }
}

// MARK: - Masks

@_cdecl("lamina_layer_set_mask")
public func lamina_layer_set_mask(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ mask: lamina_layer_t
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        try e.setMask(mask == LAMINA_LAYER_NONE_VALUE ? nil : LayerID(rawValue: mask), of: LayerID(rawValue: layer))
    }
}

@_cdecl("lamina_layer_get_mask")
public func lamina_layer_get_mask(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ outMask: UnsafeMutablePointer<lamina_layer_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outMask, "out_mask")
        o.pointee = try e.mask(of: LayerID(rawValue: layer))?.rawValue ?? LAMINA_LAYER_NONE_VALUE
    }
}

// MARK: - Draw records (0.2 fields)

extension lamina_draw_record_t {
    /// The 0.2 fields, except the two pointers (set after the list is complete).
    mutating func setContentsFields(_ r: DrawRecord) {
        withUnsafePointer(to: r) { setContentsFields(from: $0) }
    }

    /// ``setContentsFields(_:)`` reading the record in place (no copy of it).
    @inline(__always)
    mutating func setContentsFields(from p: UnsafePointer<DrawRecord>) {
        setPlainContentsFields(from: p)
        contents = p.pointee.contents.map { ImageRegistry.shared.register($0) } ?? 0
        contents_previous = p.pointee.contentsPrevious.map { ImageRegistry.shared.register($0) } ?? 0
        shadow_path = nil
        shadow_path_count = 0
        transition_before = nil
        layer_kind = p.pointee.kind.rawValue
        instance_index = UInt32(clamping: p.pointee.instanceIndex)
        instance_color = p.pointee.instanceColor.c
        shape = nil
        gradient = nil
        text = nil
    }
}

/// The default for the most side data (paths, dash patterns, gradient colours and locations,
/// transitions' before records, shape and gradient structs) one C draw list may hold: 512 MiB
/// (R18; `lamina_engine_set_draw_list_budget`). Shared side data counts once. Beyond it the list
/// is refused with OUT_OF_MEMORY before anything more is allocated.
let defaultSideDataBudget = 512 << 20

/// A growable C buffer that keeps its memory between frames.
struct CBuffer<T> {
    var base: UnsafeMutablePointer<T>? = nil
    var capacity = 0
    var count = 0

    mutating func reset() { count = 0 }

    mutating func append(_ v: T) {
        if count >= capacity {
            let fresh = max(capacity * 2, 16)
            let grown = UnsafeMutablePointer<T>.allocate(capacity: fresh)
            if let old = base {
                grown.moveInitialize(from: old, count: count)
                old.deallocate()
            }
            base = grown
            capacity = fresh
        }
        (base! + count).initialize(to: v)
        count += 1
    }

    mutating func free() {
        base?.deallocate()
        base = nil
        capacity = 0
        count = 0
    }
}

extension Array {
    /// `removeAll(keepingCapacity: true)` when there is anything to remove: on an empty array
    /// that call still costs a uniqueness check and a generic range replacement, and a draw
    /// list resets a dozen side arrays that are empty for most lists (issue 28).
    @inline(__always)
    mutating func clearKeepingCapacity() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}

/// One record index's own C copy of a shape path (`CDrawSide.recordPaths`): the Swift
/// elements it was made from, held so that they cannot change, and the copy; with the C shape
/// struct and dash pattern of the index's shape record, which stay put from list to list.
struct RecordPath {
    var keep: [PathElement] = []
    var storage: UnsafeMutablePointer<lamina_path_element_t>? = nil
    var capacity = 0
    /// The list (`CDrawSide.listSerial`) that last used it.
    var serial = 0
    /// The record's C shape (allocated on first use, then rewritten in place each list, so the
    /// record points at it without a fixup).
    var shape: UnsafeMutablePointer<lamina_draw_shape_t>? = nil
    /// The dash pattern the copy in `dashStorage` was made from (held, as `keep`).
    var keepDashes: [Double] = []
    var dashStorage: UnsafeMutablePointer<Double>? = nil
    var dashCapacity = 0

    /// The C copy of `dashes` (not empty): the one made last list when `dashes` is the same
    /// array, else a fresh copy.
    mutating func dashes(_ dashes: [Double]) -> UnsafePointer<Double> {
        let same = keepDashes.count == dashes.count
            && keepDashes.withUnsafeBufferPointer { $0.baseAddress } == dashes.withUnsafeBufferPointer { $0.baseAddress }
        if let d = dashStorage, same { return UnsafePointer(d) }
        if dashCapacity < dashes.count {
            dashStorage?.deallocate()
            dashStorage = .allocate(capacity: dashes.count)
            dashCapacity = dashes.count
        }
        let d = dashStorage!
        dashes.withUnsafeBufferPointer { buf in d.initialize(from: buf.baseAddress!, count: buf.count) }
        keepDashes = dashes
        return UnsafePointer(d)
    }

    /// Whether the copy was made from `elements` (the same array buffer: its elements cannot
    /// have changed while `keep` holds it).
    @inline(__always)
    func holds(_ elements: [PathElement]) -> Bool {
        guard keep.count == elements.count, !elements.isEmpty else { return false }
        let a = keep.withUnsafeBufferPointer { $0.baseAddress }
        let b = elements.withUnsafeBufferPointer { $0.baseAddress }
        return a == b
    }

    /// Converts `elements` into the copy (grown when too small) and holds them.
    mutating func store(_ elements: [PathElement]) {
        if capacity < elements.count {
            storage?.deallocate()
            storage = .allocate(capacity: elements.count)
            capacity = elements.count
        }
        let s = storage!
        elements.withUnsafeBufferPointer { buf in
            for k in buf.indices { (s + k).initialize(to: cPathElement(buf[k])) }
        }
        keep = elements
    }

    /// Frees the copies and the shape struct, and lets go of the arrays.
    mutating func release() {
        storage?.deallocate()
        storage = nil
        capacity = 0
        keep = []
        shape?.deallocate()
        shape = nil
        dashStorage?.deallocate()
        dashStorage = nil
        dashCapacity = 0
        keepDashes = []
    }
}

/// The side buffers of one engine's C draw list: shadow paths, transitions' before records,
/// shape and gradient data (issue 15), the images the list names (kept alive while it is
/// valid), a repacked copy for lamina_engine_draw_list_sized(), and the last damage. Every
/// buffer keeps its memory from list to list: no allocation in steady state.
final class CDrawSide {
    var paths = CBuffer<lamina_path_element_t>()
    var pathFixups: [(record: Int, offset: Int, count: Int)] = []
    /// Shape layers' records (RS-8) inside replicators and in before records, their paths in
    /// `paths` and dash patterns in `numbers` (the others are their index's own, `recordPaths`).
    var shapes = CBuffer<lamina_draw_shape_t>()
    /// `before`: the record is `befores[record]` (a transition's before record), not the list's.
    /// `path` is an offset in `paths`.
    var shapeFixups: [(record: Int, before: Bool, shape: Int, path: Int, dashes: Int)] = []
    /// Gradient layers' records (RS-9), their colours in `colors`, locations in `numbers`.
    var gradients = CBuffer<lamina_draw_gradient_t>()
    var gradientFixups: [(record: Int, before: Bool, gradient: Int, colors: Int, locations: Int)] = []
    /// Text layers' records (R15.5).
    var texts = CTextSide()
    /// Records' filters (R19, issue 32).
    var filterSide = CDrawFilterSide()
    var numbers = CBuffer<Double>()
    var colors = CBuffer<lamina_color_t>()
    var befores = CBuffer<lamina_draw_record_t>()
    var beforeFixups: [(record: Int, index: Int)] = []
    var beforePathFixups: [(record: Int, offset: Int, count: Int)] = []
    var images: [Image] = []
    /// Side data already written in this list, by the address of the Swift array it came from
    /// (the array is kept here, so no other array takes its address while the list is built):
    /// a replicated record's path, dashes, colours and locations are written once and shared
    /// by every instance (issue 31 item 6: a copy per instance wanted 25-900 GB).
    var sharedPaths: [Int: (offset: Int, keep: [PathElement])] = [:]
    var sharedNumbers: [Int: (offset: Int, keep: [Double])] = [:]
    var sharedColors: [Int: (offset: Int, keep: [Color])] = [:]
    /// Per record index: the C copy of the shape path the record there had, kept from list to
    /// list (issue 28). A record whose path is the same Swift array as the one its index had
    /// last time (the usual case: a static shape layer) points at that copy again, with no
    /// conversion. Only for records outside replicators, whose paths nothing else shares;
    /// replicated ones share one copy per list (`sharedPaths`).
    var recordPaths: [RecordPath] = []
    /// The indices in `recordPaths` this list used, and the ones the last list used (whose
    /// copies go when this list does not use them again).
    var recordPathsUsed: [Int] = []
    var recordPathsUsedBefore: [Int] = []
    /// Counts the lists, to mark the `recordPaths` each one uses.
    var listSerial = 0
    /// Bytes of side data this list has written, against `sideDataBudget`.
    var sideBytes = 0
    /// This engine's budget for a list's side data (`lamina_engine_set_draw_list_budget`).
    var sideDataBudget = defaultSideDataBudget
    /// Set when the list would pass `sideDataBudget`: nothing more is written, and the call
    /// answers OUT_OF_MEMORY once the walk ends.
    var overBudget = false
    var packed: UnsafeMutableRawPointer? = nil
    var packedBytes = 0
    var damage: [lamina_rect_t] = []
    /// A plain record (see `Engine.visitDrawList`) as the full fill wrote it: every field a
    /// plain record shares with the others (the boxed defaults, the 0.2 constants), copied
    /// into place before the fields that vary are written. Set by the first plain record.
    let plainTemplate = UnsafeMutablePointer<lamina_draw_record_t>.allocate(capacity: 1)
    var hasPlainTemplate = false

    func reset() {
        listSerial &+= 1
        swap(&recordPathsUsed, &recordPathsUsedBefore)
        recordPathsUsed.clearKeepingCapacity()
        paths.reset()
        pathFixups.clearKeepingCapacity()
        shapes.reset()
        shapeFixups.clearKeepingCapacity()
        gradients.reset()
        gradientFixups.clearKeepingCapacity()
        texts.reset()
        filterSide.reset()
        numbers.reset()
        colors.reset()
        befores.reset()
        beforeFixups.clearKeepingCapacity()
        beforePathFixups.clearKeepingCapacity()
        images.clearKeepingCapacity()
        if !sharedPaths.isEmpty { sharedPaths.removeAll(keepingCapacity: true) }
        if !sharedNumbers.isEmpty { sharedNumbers.removeAll(keepingCapacity: true) }
        if !sharedColors.isEmpty { sharedColors.removeAll(keepingCapacity: true) }
        sideBytes = 0
        overBudget = false
    }

    /// Takes `bytes` of the budget, or marks the list over budget (R18): checked before every
    /// write, so the side buffers never grow past it.
    private func take(_ bytes: Int) -> Bool {
        guard !overBudget else { return false }
        let (sum, overflow) = sideBytes.addingReportingOverflow(bytes)
        guard !overflow, sum <= sideDataBudget else {
            overBudget = true
            return false
        }
        sideBytes = sum
        return true
    }

    /// The offset of `elements` in `paths`, written once per list; nil over budget.
    private func sharedPath(_ elements: [PathElement]) -> Int? {
        let key = elements.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        if key != 0, let hit = sharedPaths[key], hit.keep.count == elements.count { return hit.offset }
        guard take(elements.count * MemoryLayout<lamina_path_element_t>.stride) else { return nil }
        let offset = paths.count
        for e in elements { paths.append(cPathElement(e)) }
        if key != 0 { sharedPaths[key] = (offset, elements) }
        return offset
    }

    /// Record `index`'s own C copy of `elements` (see `recordPaths`): the copy it had in the last
    /// list when `elements` is the same array (holding the array keeps its elements unchanged:
    /// a shared array is copied before it is written), else a fresh conversion into the
    /// record's buffer; nil over budget. Charges the budget as a copy in `paths` would.
    private func recordPath(_ elements: [PathElement], at index: Int) -> UnsafePointer<lamina_path_element_t>? {
        guard take(elements.count * MemoryLayout<lamina_path_element_t>.stride) else { return nil }
        if index >= recordPaths.count {
            recordPaths.append(contentsOf: repeatElement(RecordPath(), count: index + 1 - recordPaths.count))
        }
        let serial = listSerial
        if recordPaths[index].serial != serial { recordPathsUsed.append(index) }
        return recordPaths.withUnsafeMutableBufferPointer { buf in
            let rp = buf.baseAddress! + index
            rp.pointee.serial = serial
            if let storage = rp.pointee.storage, rp.pointee.holds(elements) { return UnsafePointer(storage) }
            rp.pointee.store(elements)
            return UnsafePointer(rp.pointee.storage!)
        }
    }

    /// Drops the record paths the last list used and this one did not (their arrays and
    /// copies): nothing points at them once this list is handed out.
    private func releaseUnusedRecordPaths() {
        guard !recordPathsUsedBefore.isEmpty else { return }
        let serial = listSerial
        recordPaths.withUnsafeMutableBufferPointer { buf in
            for i in recordPathsUsedBefore where buf[i].serial != serial { buf[i].release() }
        }
    }

    /// Appends `values` to `numbers` (no sharing: a record outside replicators); nil over budget.
    private func appendNumbers(_ values: [Double]) -> Int? {
        guard take(values.count * MemoryLayout<Double>.stride) else { return nil }
        let offset = numbers.count
        for v in values { numbers.append(v) }
        return offset
    }

    /// Appends `values` to `colors` (no sharing); nil over budget.
    private func appendColors(_ values: [Color]) -> Int? {
        guard take(values.count * MemoryLayout<lamina_color_t>.stride) else { return nil }
        let offset = colors.count
        for c in values { colors.append(c.c) }
        return offset
    }

    /// The offset of `values` in `numbers`, written once per list; nil over budget.
    private func sharedNumbers(_ values: [Double]) -> Int? {
        let key = values.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        if key != 0, let hit = sharedNumbers[key], hit.keep.count == values.count { return hit.offset }
        guard take(values.count * MemoryLayout<Double>.stride) else { return nil }
        let offset = numbers.count
        for v in values { numbers.append(v) }
        if key != 0 { sharedNumbers[key] = (offset, values) }
        return offset
    }

    /// The offset of `values` in `colors`, written once per list; nil over budget.
    private func sharedColors(_ values: [Color]) -> Int? {
        let key = values.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        if key != 0, let hit = sharedColors[key], hit.keep.count == values.count { return hit.offset }
        guard take(values.count * MemoryLayout<lamina_color_t>.stride) else { return nil }
        let offset = colors.count
        for c in values { colors.append(c.c) }
        if key != 0 { sharedColors[key] = (offset, values) }
        return offset
    }

    deinit {
        paths.free()
        shapes.free()
        gradients.free()
        texts.free()
        filterSide.free()
        numbers.free()
        colors.free()
        befores.free()
        packed?.deallocate()
        plainTemplate.deallocate()
        for i in recordPaths.indices { recordPaths[i].release() }
    }

    /// The C record of `r` with its 0.2 fields; paths and before records go to the side
    /// buffers, their pointers fixed up by ``finish(_:)``.
    /// Writes the C record of `r` into uninitialized memory at `slot`, in place (a record is
    /// large: no temporary copies).
    /// The record is read in place (`r`): no copy of it.
    @inline(__always)
    func fill(_ slot: UnsafeMutablePointer<lamina_draw_record_t>, _ r: UnsafePointer<DrawRecord>, at index: Int) {
        slot.initialize(to: lamina_draw_record_t())
        slot.pointee.set01(from: r)
        slot.pointee.setContentsFields(from: r)
        if r.pointee.contents != nil || r.pointee.contentsPrevious != nil || r.pointee.shadowPath != nil
            || r.pointee.transitionBefore != nil || r.pointee.kind == .shape || r.pointee.kind == .gradient
            || r.pointee.kind == .text {
            sideFields(r, into: slot, at: index)
        }
        if r.pointee.hasFilters, let f = r.pointee.filters, take(CDrawFilterSide.bytes(f)) {
            // R19: the record's filters and the flags that say what they ask for.
            slot.pointee.flags2 |= filterFlags2(f)
            filterSide.append(f, at: index)
        }
    }

    /// Images kept alive, shadow paths and before records: only for records that have them.
    private func sideFields(
        _ r: UnsafePointer<DrawRecord>, into slot: UnsafeMutablePointer<lamina_draw_record_t>, at index: Int
    ) {
        // Shape paths and gradient stops outside replicators belong to their record alone.
        let own = !r.pointee.isReplicated
        if r.pointee.kind == .shape, let shape = r.pointee.shape {
            if own {
                ownShapeFields(shape, into: slot, at: index)
            } else {
                shapeFields(shape, at: index, before: false)
            }
        }
        if r.pointee.kind == .gradient, let gradient = r.pointee.gradient {
            gradientFields(gradient, at: index, before: false, own: own)
        }
        if r.pointee.kind == .text, let text = r.pointee.text { texts.append(text, at: index, before: false) }
        if let i = r.pointee.contents { images.append(i) }
        if let i = r.pointee.contentsPrevious { images.append(i) }
        if let p = r.pointee.shadowPath, !p.elements.isEmpty, let offset = sharedPath(p.elements) {
            pathFixups.append((index, offset, p.elements.count))
        }
        if let b = r.pointee.transitionBefore,
           take(MemoryLayout<lamina_draw_record_t>.stride * (1 + b.sublayers.count)) {
            // The layer's record, then its sublayers' (CA-10.2): contiguous in `befores`, so
            // transition_before points at 1 + descendant_count records.
            beforeFixups.append((index, befores.count))
            appendBefore(b.record)
            for s in b.sublayers { appendBefore(s) }
        }
    }

    /// One record of a transition's before side into `befores`, with its images kept alive
    /// and its shadow path, shape and gradient in the side buffers (fixed up with the others).
    private func appendBefore(_ r: DrawRecord) {
        var cb = lamina_draw_record_t(r)
        cb.setContentsFields(r)
        cb.flags &= ~LAMINA_DRAW_HAS_TRANSITION
        if let i = r.contents { images.append(i) }
        if let i = r.contentsPrevious { images.append(i) }
        if let p = r.shadowPath, !p.elements.isEmpty, let offset = sharedPath(p.elements) {
            // The before record's path shares the side buffer; fixed up with the others.
            beforePathFixups.append((befores.count, offset, p.elements.count))
        }
        if let shape = r.shape { shapeFields(shape, at: befores.count, before: true) }
        if let gradient = r.gradient { gradientFields(gradient, at: befores.count, before: true, own: false) }
        if let text = r.text { texts.append(text, at: befores.count, before: true) }
        befores.append(cb)
    }

    /// The shape record (RS-8) `s` of a list record outside replicators (its path and dashes
    /// are its own), written into the record index's own storage (`recordPaths`): the C shape
    /// struct, rewritten in place, which `slot` points at directly (no fixup, no `shapes`
    /// entry), the path and the dash pattern, converted again only when they are not the
    /// arrays their copies were made from. The same struct ``shapeFields(_:at:before:)``
    /// writes for a shared record (`DrawListRecordPathTests`), charged to the budget in the
    /// same order; nothing past the budget.
    private func ownShapeFields(_ s: DrawShape, into slot: UnsafeMutablePointer<lamina_draw_record_t>, at index: Int) {
        guard take(MemoryLayout<lamina_draw_shape_t>.stride), let path = recordPath(s.path.elements, at: index) else { return }
        let dashCount = s.lineDashPattern.count
        guard dashCount == 0 || take(dashCount * MemoryLayout<Double>.stride) else { return }
        var c = cShape(s)
        c.path = path
        recordPaths.withUnsafeMutableBufferPointer { buf in
            let rp = buf.baseAddress! + index  // `recordPath` made the entry
            if dashCount > 0 { c.line_dash_pattern = rp.pointee.dashes(s.lineDashPattern) }
            if rp.pointee.shape == nil { rp.pointee.shape = .allocate(capacity: 1) }
            rp.pointee.shape.unsafelyUnwrapped.initialize(to: c)
            slot.pointee.shape = UnsafePointer(rp.pointee.shape.unsafelyUnwrapped)
        }
    }

    /// The C shape struct of `s` without its pointers (path, dash pattern): the one mapping
    /// both shape writers use.
    @inline(__always)
    private func cShape(_ s: DrawShape) -> lamina_draw_shape_t {
        var c = lamina_draw_shape_t()
        c.path_count = s.path.elements.count
        var f: UInt32 = 0
        if let fill = s.fillColor { f |= LAMINA_DRAW_SHAPE_FILL; c.fill_color = fill.c }
        if let stroke = s.strokeColor { f |= LAMINA_DRAW_SHAPE_STROKE; c.stroke_color = stroke.c }
        c.flags = f
        c.fill_rule = s.fillRule.code
        c.line_width = s.lineWidth
        c.miter_limit = s.miterLimit
        c.line_cap = s.lineCap.code
        c.line_join = s.lineJoin.code
        c.line_dash_count = s.lineDashPattern.count
        c.line_dash_phase = s.lineDashPhase
        c.stroke_start = s.strokeStart
        c.stroke_end = s.strokeEnd
        return c
    }

    /// A shape record (RS-8) of a replicated record or a before record into `shapes`, its path
    /// and dashes shared with the list's other records that have the same arrays (issue 31
    /// item 6); the pointers are set by ``finish(_:)``. (A record outside replicators takes
    /// ``ownShapeFields(_:into:at:)``.)
    private func shapeFields(_ s: DrawShape, at index: Int, before: Bool) {
        guard take(MemoryLayout<lamina_draw_shape_t>.stride), let path = sharedPath(s.path.elements) else { return }
        // No dashes: nothing to write (the pointer stays NULL with a count of 0).
        let dashes: Int
        if s.lineDashPattern.isEmpty {
            dashes = 0
        } else {
            guard let d = sharedNumbers(s.lineDashPattern) else { return }
            dashes = d
        }
        shapeFixups.append((index, before, shapes.count, path, dashes))
        shapes.append(cShape(s))
    }

    /// A gradient record (RS-9) into `gradients`, its colours and locations into their buffers.
    /// `own`: outside replicators and before records, the stops are written without sharing.
    private func gradientFields(_ g: DrawGradient, at index: Int, before: Bool, own: Bool) {
        guard take(MemoryLayout<lamina_draw_gradient_t>.stride),
              let colorsAt = own ? appendColors(g.colors) : sharedColors(g.colors),
              let locationsAt = own ? appendNumbers(g.locations) : sharedNumbers(g.locations) else { return }
        var c = lamina_draw_gradient_t()
        c.type = g.type.code
        c.count = g.colors.count
        c.start_point = g.startPoint.c
        c.end_point = g.endPoint.c
        c.focal_point = g.focalPoint.c
        gradientFixups.append((index, before, gradients.count, colorsAt, locationsAt))
        gradients.append(c)
    }

    /// Sets the pointers once every buffer has its final address.
    func finish(_ records: UnsafeMutablePointer<lamina_draw_record_t>?) {
        guard let records else { return }
        for f in shapeFixups {
            let shape = shapes.base! + f.shape
            shape.pointee.path = UnsafePointer(paths.base! + f.path)
            if shape.pointee.line_dash_count > 0 { shape.pointee.line_dash_pattern = UnsafePointer(numbers.base! + f.dashes) }
            if f.before { befores.base![f.record].shape = UnsafePointer(shape) } else { records[f.record].shape = UnsafePointer(shape) }
        }
        for f in gradientFixups {
            let gradient = gradients.base! + f.gradient
            gradient.pointee.colors = UnsafePointer(colors.base! + f.colors)
            gradient.pointee.locations = UnsafePointer(numbers.base! + f.locations)
            if f.before {
                befores.base![f.record].gradient = UnsafePointer(gradient)
            } else {
                records[f.record].gradient = UnsafePointer(gradient)
            }
        }
        texts.finish(records, befores.base)
        filterSide.finish(records)
        for f in pathFixups {
            records[f.record].shadow_path = UnsafePointer(paths.base! + f.offset)
            records[f.record].shadow_path_count = f.count
        }
        for f in beforePathFixups {
            befores.base![f.record].shadow_path = UnsafePointer(paths.base! + f.offset)
            befores.base![f.record].shadow_path_count = f.count
        }
        for f in beforeFixups { records[f.record].transition_before = UnsafePointer(befores.base! + f.index) }
        releaseUnusedRecordPaths()
    }
}

/// The size of a 0.1 draw record: the fields before `struct_size`.
let drawRecordSize01 = MemoryLayout<lamina_draw_record_t>.offset(of: \lamina_draw_record_t.struct_size)!

@_cdecl("lamina_engine_draw_list_sized")
public func lamina_engine_draw_list_sized(
    _ engine: OpaquePointer?, _ root: lamina_layer_t, _ time: Double, _ recordSize: Int,
    _ outRecords: UnsafeMutablePointer<UnsafeRawPointer?>?, _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    guard recordSize >= drawRecordSize01, recordSize <= 1 << 16 else {
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "record_size must be at least LAMINA_DRAW_RECORD_SIZE_0_1 (\(drawRecordSize01)), got \(recordSize)")
    }
    // Every sizeof(lamina_draw_record_t) is a multiple of 8 (it holds doubles); any other size
    // would hand back misaligned records (R18).
    guard recordSize % 8 == 0 else {
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "record_size must be a multiple of 8 (a sizeof(lamina_draw_record_t)), got \(recordSize)")
    }
    guard let outRecords, let outCount else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_records or out_count is NULL") }
    return buildDrawList(engine, root, time) { records, n, storage, reused in
        let size = MemoryLayout<lamina_draw_record_t>.size
        outCount.pointee = n
        guard recordSize != size, n > 0, let records else {
            outRecords.pointee = UnsafeRawPointer(records)
            return
        }
        let side = storage.side
        // The last list handed back unchanged, already repacked at this size.
        if reused, storage.reuse.packedSize == recordSize, let packed = side.packed {
            outRecords.pointee = UnsafeRawPointer(packed)
            return
        }
        storage.reuse.packedSize = recordSize
        // Another record size (an older or newer header): repack into the side buffer, which
        // is reused from frame to frame (no allocation in steady state).
        let bytes = recordSize * n
        if side.packedBytes < bytes {
            side.packed?.deallocate()
            side.packed = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
            side.packedBytes = bytes
        }
        let dst = side.packed!
        let src = UnsafeRawPointer(records)
        for i in 0..<n {
            let d = dst + i * recordSize
            d.copyMemory(from: src + i * size, byteCount: min(recordSize, size))
            if recordSize > size { (d + size).initializeMemory(as: UInt8.self, repeating: 0, count: recordSize - size) }
        }
        outRecords.pointee = UnsafeRawPointer(dst)
    }
}

// MARK: - Damage

@_cdecl("lamina_engine_damage")
public func lamina_engine_damage(
    _ engine: OpaquePointer?, _ root: lamina_layer_t,
    _ outRects: UnsafeMutablePointer<UnsafePointer<lamina_rect_t>?>?, _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        let rects = try required(outRects, "out_rects")
        let count = try required(outCount, "out_count")
        guard let storage = box(engine!).drawList else { throw LaminaError(.staleHandle, "engine was destroyed") }
        let found = try e.damage(root: LayerID(rawValue: root))
        pthread_mutex_lock(storage.mutex)
        defer { pthread_mutex_unlock(storage.mutex) }
        let side = storage.side
        side.damage.removeAll(keepingCapacity: true)
        for r in found { side.damage.append(r.c) }
        count.pointee = side.damage.count
        rects.pointee = side.damage.isEmpty ? nil : side.damage.withUnsafeBufferPointer { $0.baseAddress }
    }
}
