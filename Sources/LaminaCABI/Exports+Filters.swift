// SPDX-License-Identifier: Apache-2.0
// Layer filters (issue 32, R19): the C face of `Filter` and the filter-array values.

import CLamina
import Lamina

/// The 20 parameters of a C filter (a tuple in Swift) as an array.
func cParameters(_ f: lamina_filter_t) -> [Double] {
    withUnsafeBytes(of: f.params) { Array($0.bindMemory(to: Double.self)) }
}

/// Reads a C filter array (copied): at most ``Filter/maximumCount`` filters of known types,
/// names valid UTF-8 (NULL: no name). The values' own rules (R19.6) are the engine's.
func cFilters(_ items: UnsafePointer<lamina_filter_t>?, _ count: Int) throws(LaminaError) -> [Filter] {
    guard count >= 0, count <= Filter.maximumCount else {
        throw LaminaError(.invalidArgument, "a filter array holds at most \(Filter.maximumCount) filters, got \(count) (R19.6)")
    }
    if count > 0 && items == nil { throw LaminaError(.invalidArgument, "filter array items are NULL with count \(count)") }
    var result: [Filter] = []
    result.reserveCapacity(count)
    for i in 0..<count {
        let c = items![i]
        guard let type = FilterType(rawValue: c.type) else {
            throw LaminaError(.invalidArgument, "filter \(i): unknown filter type \(c.type) (LAMINA_FILTER_TYPE_*, R19.6)")
        }
        var name = ""
        if let n = c.name {
            guard let valid = String(validatingCString: n) else {
                throw LaminaError(.invalidArgument, "filter \(i): the name is not valid UTF-8")
            }
            name = valid
        }
        result.append(Filter(type: type, name: name, parameters: cParameters(c)))
    }
    return result
}

/// The C filters of a filter-array value, borrowed by the caller until the next filter array
/// this thread reads: the structs and their names in buffers reused from call to call.
final class CFilterSlot {
    private(set) var pointer: UnsafeMutablePointer<lamina_filter_t>
    private var capacity = 1
    private var names: UnsafeMutablePointer<CChar>
    private var nameCapacity = 1

    init() {
        pointer = .allocate(capacity: 1)
        names = .allocate(capacity: 1)
    }

    deinit {
        pointer.deallocate()
        names.deallocate()
    }

    func set(_ filters: [Filter]) {
        if filters.count > capacity {
            pointer.deallocate()
            capacity = filters.count
            pointer = .allocate(capacity: capacity)
        }
        let bytes = filters.reduce(0) { $0 + $1.name.utf8.count + 1 }
        if bytes > nameCapacity {
            names.deallocate()
            nameCapacity = bytes
            names = .allocate(capacity: bytes)
        }
        var at = 0
        for (i, f) in filters.enumerated() {
            var c = lamina_filter_t()
            c.type = f.type.rawValue
            let start = names + at
            for b in f.name.utf8 { names[at] = CChar(bitPattern: b); at += 1 }
            names[at] = 0
            at += 1
            c.name = UnsafePointer(start)
            withUnsafeMutableBytes(of: &c.params) { raw in
                let d = raw.bindMemory(to: Double.self)
                for k in 0..<min(d.count, f.parameters.count) { d[k] = f.parameters[k] }
            }
            (pointer + i).initialize(to: c)
        }
    }
}

@_cdecl("lamina_filter_init")
public func lamina_filter_init(
    _ type: lamina_filter_type_t, _ name: UnsafePointer<CChar>?,
    _ outFilter: UnsafeMutablePointer<lamina_filter_t>?
) -> lamina_status_t {
    guard let outFilter else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_filter_init: out_filter is NULL") }
    guard let t = FilterType(rawValue: type) else {
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_filter_init: unknown filter type \(type) (LAMINA_FILTER_TYPE_*)")
    }
    var f = lamina_filter_t()
    f.type = type
    f.name = name
    let defaults = t.defaultParameters
    withUnsafeMutableBytes(of: &f.params) { raw in
        let d = raw.bindMemory(to: Double.self)
        for k in 0..<d.count { d[k] = defaults[k] }
    }
    outFilter.pointee = f
    return LAMINA_STATUS_OK
}

/// The draw list's filter side data (docs/draw-records.md section 18): one
/// `lamina_draw_filters_t` per record with filters and their `lamina_draw_filter_t`s, in
/// buffers reused from list to list; pointers set once every buffer has its final address.
struct CDrawFilterSide {
    var boxes = CBuffer<lamina_draw_filters_t>()
    var items = CBuffer<lamina_draw_filter_t>()
    var fixups: [(record: Int, box: Int, items: Int)] = []

    mutating func reset() {
        boxes.reset()
        items.reset()
        fixups.clearKeepingCapacity()
    }

    mutating func free() {
        boxes.free()
        items.free()
    }

    /// Bytes `f` takes in the side buffers (for the list's budget, R18).
    static func bytes(_ f: DrawFilters) -> Int {
        MemoryLayout<lamina_draw_filters_t>.stride
            + (f.filters.count + f.backgroundFilters.count) * MemoryLayout<lamina_draw_filter_t>.stride
    }

    /// Appends record `index`'s filters.
    mutating func append(_ f: DrawFilters, at index: Int) {
        let first = items.count
        for d in f.filters { items.append(Self.c(d)) }
        for d in f.backgroundFilters { items.append(Self.c(d)) }
        var box = lamina_draw_filters_t()
        box.struct_size = UInt32(MemoryLayout<lamina_draw_filters_t>.size)
        box.blend_mode = f.blendMode.rawValue
        box.filter_count = f.filters.count
        box.background_filter_count = f.backgroundFilters.count
        box.reach = f.reach
        box.background_reach = f.backgroundReach
        fixups.append((index, boxes.count, first))
        boxes.append(box)
    }

    static func c(_ d: DrawFilter) -> lamina_draw_filter_t {
        var c = lamina_draw_filter_t()
        c.type = d.type.rawValue
        c.sigma = d.sigma
        withUnsafeMutableBytes(of: &c.params) { raw in
            let p = raw.bindMemory(to: Double.self)
            for k in 0..<min(p.count, d.parameters.count) { p[k] = d.parameters[k] }
        }
        withUnsafeMutableBytes(of: &c.matrix) { raw in
            let m = raw.bindMemory(to: Double.self)
            for k in 0..<min(m.count, d.matrix.count) { m[k] = d.matrix[k] }
        }
        return c
    }

    /// Points the records and boxes at their data.
    func finish(_ records: UnsafeMutablePointer<lamina_draw_record_t>) {
        for f in fixups {
            let box = boxes.base! + f.box
            if box.pointee.filter_count > 0 { box.pointee.filters = UnsafePointer(items.base! + f.items) }
            if box.pointee.background_filter_count > 0 {
                box.pointee.background_filters = UnsafePointer(items.base! + f.items + box.pointee.filter_count)
            }
            records[f.record].filters = UnsafePointer(box)
        }
    }
}

/// The flags2 bits of a record's filters (docs/draw-records.md section 18).
func filterFlags2(_ f: DrawFilters) -> UInt32 {
    var bits: UInt32 = 0
    if !f.filters.isEmpty { bits |= LAMINA_DRAW2_FILTERS }
    if !f.backgroundFilters.isEmpty { bits |= LAMINA_DRAW2_BACKDROP }
    if f.blendMode != .normal { bits |= LAMINA_DRAW2_BLEND }
    return bits
}
