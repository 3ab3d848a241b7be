// SPDX-License-Identifier: Apache-2.0
// The draw list's hot path on the C side: a record lent by pointer is written straight into
// the C buffer, with no copy of the Swift record (issue 12: ≤ 100 ns per record).

import CLamina
import Lamina

extension CDrawSide {
    /// Writes the C record of `*r` into uninitialized memory at `slot`, reading the Swift
    /// record in place. A *plain* record (`Engine.visitDrawList`: no box, plain kind, no
    /// transition), nearly every record of a typical frame, is the plain template with the
    /// fields that vary written over it (``setPlainVarying(from:)``); the template is copied
    /// only when `held` says the slot does not hold one already (the buffer is reused from
    /// list to list, and `held` is false after any other record). Records with side
    /// data (contents, a shadow path, a transition, or of a shape or gradient layer: the kind
    /// is tested, not the optional, which would copy) take ``fill(_:_:at:)``, which keeps the
    /// images and fixes up the pointers; the rest are written here field by field (the same
    /// mapping as `set01(_:)` and `setContentsFields(_:)`).
    @inline(__always)
    func fill(
        _ slot: UnsafeMutablePointer<lamina_draw_record_t>, from r: UnsafePointer<DrawRecord>, plain: Bool,
        held: UnsafeMutablePointer<Bool>, at index: Int
    ) {
        if plain && hasPlainTemplate {
            if !held.pointee {
                slot.initialize(from: plainTemplate, count: 1)
                held.pointee = true
            }
            slot.pointee.setPlainVarying(from: r)
            return
        }
        held.pointee = plain
        if r.pointee.contents != nil || r.pointee.contentsPrevious != nil || r.pointee.shadowPath != nil
            || r.pointee.transitionBefore != nil || r.pointee.kind == .shape || r.pointee.kind == .gradient
            || r.pointee.kind == .text || r.pointee.hasFilters {
            fill(slot, r, at: index)
            return
        }
        slot.initialize(to: lamina_draw_record_t())
        slot.pointee.set01(from: r)
        slot.pointee.setPlainContentsFields(from: r)
        slot.pointee.layer_kind = r.pointee.kind.rawValue
        slot.pointee.instance_index = UInt32(truncatingIfNeeded: r.pointee.instanceIndex)
        slot.pointee.instance_color = r.pointee.instanceColor.c
        if plain {
            plainTemplate.initialize(from: slot, count: 1)
            hasPlainTemplate = true
        }
    }
}

extension lamina_draw_record_t {
    /// The 0.1 fields, the record zeroed first, read through a pointer (the one mapping:
    /// `set01(_:)` calls it).
    @inline(__always)
    mutating func set01(from r: UnsafePointer<DrawRecord>) {
        layer = r.pointee.layer.rawValue
        var f: UInt32 = 0
        if let c = r.pointee.backgroundColor { f |= LAMINA_DRAW_HAS_BACKGROUND; background_color = c.c }
        if let c = r.pointee.borderColor { f |= LAMINA_DRAW_HAS_BORDER_COLOR; border_color = c.c }
        if let c = r.pointee.shadowColor { f |= LAMINA_DRAW_HAS_SHADOW_COLOR; shadow_color = c.c }
        if r.pointee.masksToBounds { f |= LAMINA_DRAW_MASKS_TO_BOUNDS }
        if r.pointee.isDoubleSided { f |= LAMINA_DRAW_DOUBLE_SIDED }
        if let c = r.pointee.clipRect { f |= LAMINA_DRAW_HAS_CLIP; clip_rect = c.c }
        if let t = r.pointee.transition {
            f |= LAMINA_DRAW_HAS_TRANSITION
            transition_type = cTransitionType(t.type)
            transition_subtype = cTransitionSubtype(t.subtype)
            transition_progress = t.progress
        }
        flags = f
        depth = UInt32(clamping: r.pointee.depth)
        descendant_count = UInt32(clamping: r.pointee.descendantCount)
        clip_index = r.pointee.clipIndex.map { Int32(clamping: $0) } ?? -1
        transform = r.pointee.transform.c
        bounds = r.pointee.bounds.c
        opacity = r.pointee.opacity
        corner_radius = r.pointee.cornerRadius
        border_width = r.pointee.borderWidth
        shadow_opacity = r.pointee.shadowOpacity
        shadow_offset = r.pointee.shadowOffset.c
        shadow_radius = r.pointee.shadowRadius
    }

    /// `setContentsFields(_:)` through a pointer, for a record without contents, previous
    /// contents, shadow path or before record (their fields stay zero), except the issue-15
    /// fields (kind, instance), which the caller writes.
    @inline(__always)
    mutating func setPlainContentsFields(from r: UnsafePointer<DrawRecord>) {
        struct_size = UInt32(MemoryLayout<lamina_draw_record_t>.size)
        flags2 = drawFlags2(r)
        contents_fade = r.pointee.contentsFade
        contents_dest = r.pointee.contentsDestination.c
        contents_previous_dest = r.pointee.contentsPreviousDestination.c
        contents_rect = r.pointee.contentsRect.c
        contents_center = r.pointee.contentsCenter.c
        contents_scale = r.pointee.contentsScale
        minification_filter_bias = r.pointee.minificationFilterBias
        contents_gravity = r.pointee.contentsGravity.code
        minification_filter = r.pointee.minificationFilter.code
        magnification_filter = r.pointee.magnificationFilter.code
        corner_curve = r.pointee.cornerCurve.code
        masked_corners = UInt32(r.pointee.maskedCorners)
        edge_antialiasing_mask = UInt32(r.pointee.edgeAntialiasingMask)
        mask_index = r.pointee.maskIndex.map { Int32(clamping: $0) } ?? -1
        mask_count = UInt32(clamping: r.pointee.maskCount)
        mask_host_index = r.pointee.maskHostIndex.map { Int32(clamping: $0) } ?? -1
        group_index = r.pointee.groupIndex.map { Int32(clamping: $0) } ?? -1
        target_opacity = r.pointee.targetOpacity
        group_opacity = r.pointee.groupOpacity
        rasterization_scale = r.pointee.rasterizationScale
    }

    /// Over a copy of the plain template: every field in which one plain record differs from
    /// another (the rest hold the boxed defaults and constants a plain record always has, and
    /// the fields of side data stay zero). Kept in step with `set01(from:)` and
    /// `setPlainContentsFields(from:)`: the colour and clip fields are written even when absent
    /// (zeros, as a zeroed record has them).
    @inline(__always)
    mutating func setPlainVarying(from r: UnsafePointer<DrawRecord>) {
        // Each field is stored only when its bits differ (`storeChanged`): a record that did
        // not change since the last list, nearly every one in a frame, is then only read, and
        // its cache lines are neither fetched for writing nor written back.
        storeChanged(&layer, r.pointee.layer.rawValue)
        // The template's colour bits for border and shadow are the defaults'; the rest vary.
        var f = flags & ~(LAMINA_DRAW_HAS_BACKGROUND | LAMINA_DRAW_MASKS_TO_BOUNDS | LAMINA_DRAW_DOUBLE_SIDED
            | LAMINA_DRAW_HAS_CLIP | LAMINA_DRAW_HAS_TRANSITION)
        if let c = r.pointee.backgroundColor {
            f |= LAMINA_DRAW_HAS_BACKGROUND
            storeChanged(&background_color, c.c)
        } else {
            storeChanged(&background_color, lamina_color_t())
        }
        if r.pointee.masksToBounds { f |= LAMINA_DRAW_MASKS_TO_BOUNDS }
        if r.pointee.isDoubleSided { f |= LAMINA_DRAW_DOUBLE_SIDED }
        if let c = r.pointee.clipRect {
            f |= LAMINA_DRAW_HAS_CLIP
            storeChanged(&clip_rect, c.c)
        } else {
            storeChanged(&clip_rect, lamina_rect_t())
        }
        storeChanged(&flags, f)
        storeChanged(&depth, UInt32(clamping: r.pointee.depth))
        storeChanged(&descendant_count, UInt32(clamping: r.pointee.descendantCount))
        storeChanged(&clip_index, r.pointee.clipIndex.map { Int32(clamping: $0) } ?? -1)
        storeChanged(&transform, r.pointee.transform.c)
        storeChanged(&bounds, r.pointee.bounds.c)
        storeChanged(&opacity, r.pointee.opacity)
        storeChanged(&flags2, drawFlags2(r))
        storeChanged(&contents_fade, r.pointee.contentsFade)
        storeChanged(&mask_index, r.pointee.maskIndex.map { Int32(clamping: $0) } ?? -1)
        storeChanged(&mask_count, UInt32(clamping: r.pointee.maskCount))
        storeChanged(&mask_host_index, r.pointee.maskHostIndex.map { Int32(clamping: $0) } ?? -1)
        storeChanged(&group_index, r.pointee.groupIndex.map { Int32(clamping: $0) } ?? -1)
        storeChanged(&target_opacity, r.pointee.targetOpacity)
        storeChanged(&group_opacity, r.pointee.groupOpacity)
        storeChanged(&layer_kind, r.pointee.kind.rawValue)
        storeChanged(&instance_index, UInt32(truncatingIfNeeded: r.pointee.instanceIndex))
        storeChanged(&instance_color, r.pointee.instanceColor.c)
    }
}

/// Stores `value` in `field` unless `field` already holds the same bits. A store fetches the
/// cache line for writing and dirties it, so the line is written back later: for a list of
/// 100k records rebuilt every frame, the draw list's main cost (issue 12: 65–80 ns per record
/// at 100k layers with this, 120–170 without).
@inline(__always)
func storeChanged<T: BitwiseCopyable>(_ field: inout T, _ value: T) {
    var v = value
    let same = withUnsafeBytes(of: &v) { new in
        withUnsafeBytes(of: &field) { old in
            guard MemoryLayout<T>.size % 8 == 0 else {
                return MemoryLayout<T>.size == 4
                    ? old.loadUnaligned(as: UInt32.self) == new.loadUnaligned(as: UInt32.self)
                    : old.elementsEqual(new)
            }
            var diff: UInt64 = 0
            for k in stride(from: 0, to: MemoryLayout<T>.size, by: 8) {
                diff |= old.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                    ^ new.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            }
            return diff == 0
        }
    }
    if !same { field = v }
}

/// The record's LAMINA_DRAW2_* flags, read through a pointer (no copy of the record): the one
/// mapping every fill path uses.
@inline(__always)
func drawFlags2(_ r: UnsafePointer<DrawRecord>) -> UInt32 {
    var f: UInt32 = 0
    if r.pointee.maskIndex != nil { f |= LAMINA_DRAW2_HAS_MASK }
    if r.pointee.isMaskContent { f |= LAMINA_DRAW2_MASK_CONTENT }
    if r.pointee.isGroup { f |= LAMINA_DRAW2_GROUP }
    if r.pointee.clipIsRect { f |= LAMINA_DRAW2_CLIP_IS_RECT }
    if r.pointee.contentsAreFlipped { f |= LAMINA_DRAW2_CONTENTS_FLIPPED }
    if r.pointee.isGeometryFlipped { f |= LAMINA_DRAW2_GEOMETRY_FLIPPED }
    if r.pointee.isOpaque { f |= LAMINA_DRAW2_OPAQUE }
    if r.pointee.allowsEdgeAntialiasing { f |= LAMINA_DRAW2_EDGE_ANTIALIASING }
    if r.pointee.shouldRasterize { f |= LAMINA_DRAW2_RASTERIZE }
    if r.pointee.maskIndex != nil {  // R16.9: only a masked record says how its mask reads
        switch r.pointee.maskMode {
        case .alpha: break
        case .alphaInverted: f |= LAMINA_DRAW2_MASK_INVERTED
        case .luminance: f |= LAMINA_DRAW2_MASK_LUMINANCE
        case .luminanceInverted: f |= LAMINA_DRAW2_MASK_LUMINANCE | LAMINA_DRAW2_MASK_INVERTED
        }
    }
    return f
}
