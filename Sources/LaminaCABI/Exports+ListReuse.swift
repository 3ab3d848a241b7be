// SPDX-License-Identifier: Apache-2.0
// The C draw list's side of reusing an unchanged list (issue 28; the engine's side and the
// rules are in Sources/Lamina/Engine/Frame/Engine+ListReuse.swift): when nothing the list
// depends on changed since the engine's last C list of the same root, lamina_engine_draw_list()
// hands back the same buffer with its side data (paths, gradients, images kept alive) and, for
// another record size, the same repacked copy, without converting a record. lamina.h already
// says a list is valid until the next call on the engine, so the same buffer is within the
// contract.

import CLamina
import Lamina

/// What the C draw list remembers of its last list. Under the list's mutex.
struct CListReuse {
    /// The engine's record of the last list (nil after a failed call, or before the first).
    var stamp: DrawListStamp? = nil
    /// The stamp of the list being built, until it is complete (``CDrawList/built(count:)``).
    var pending: DrawListStamp? = nil
    /// The last list's record count.
    var count = 0
    /// The side-data budget it was built under: a new budget builds again (R18).
    var budget = 0
    /// The record size `CDrawSide.packed` holds the last list at (0: none).
    var packedSize = 0
}

extension CDrawList {
    /// The engine's walk of `root` at `time`, or none when the last list is still the list now
    /// (then true, and nothing is emitted). Mutex held.
    func visit(
        _ e: Engine, _ root: lamina_layer_t, _ time: Double,
        emit: (UnsafePointer<DrawRecord>, _ plain: Bool) -> Void, patch: (_ index: Int, _ patch: DrawRecordPatch) -> Void
    ) throws(LaminaError) -> Bool {
        var stamp = reuse.budget == side.sideDataBudget ? reuse.stamp : nil
        // Cleared while building: a call that fails leaves nothing to hand back.
        reuse.stamp = nil
        reuse.pending = nil
        let reused = try e.visitDrawList(
            root: LayerID(rawValue: root), at: time, scratch: list, reusing: &stamp, emit: emit, patch: patch)
        if reused {
            reuse.stamp = stamp
        } else {
            reuse.pending = stamp
        }
        return reused
    }

    /// A list of `count` records was built and completed: it may be handed back next time.
    func built(count: Int) {
        reuse.stamp = reuse.pending
        reuse.pending = nil
        reuse.count = count
        reuse.budget = side.sideDataBudget
        reuse.packedSize = 0
    }
}

@_cdecl("lamina_testing_set_draw_list_reuse")
public func lamina_testing_set_draw_list_reuse(_ engine: OpaquePointer?, _ enabled: lamina_bool_t) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        e.testingSetDrawListReuse(enabled != 0)
    }
}

@_cdecl("lamina_testing_get_draw_list_builds")
public func lamina_testing_get_draw_list_builds(
    _ engine: OpaquePointer?, _ outBuilds: UnsafeMutablePointer<UInt64>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        try required(outBuilds, "out_builds").pointee = e.testingDrawListBuilds
    }
}
