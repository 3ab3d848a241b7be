// SPDX-License-Identifier: Apache-2.0
// Explicit animation exports, the kind-specific parts (CA-8 to CA-10): keyframe values, timing
// and paths, transitions, groups, and the delegate callbacks of an animation object.

import CLamina
import Lamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Keyframes

@_cdecl("lamina_animation_set_keyframe_values")
public func lamina_animation_set_keyframe_values(
    _ animation: OpaquePointer?, _ values: UnsafePointer<lamina_value_t>?, _ count: Int
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        var list: [Value] = []
        if let items = try inputArray(values, count, "values") {
            list.reserveCapacity(items.count)
            for (i, v) in items.enumerated() { list.append(try animationValue(v, "keyframe value \(i)")) }
        }
        try mutateKeyframe(box) { spec, _, _ in spec.values = list }
    }
}

@_cdecl("lamina_animation_get_keyframe_values")
public func lamina_animation_get_keyframe_values(
    _ animation: OpaquePointer?, _ buffer: UnsafeMutablePointer<lamina_value_t>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let (spec, _, _) = try keyframeParts(box.snapshot)
        try copyOut(spec.values, buffer, capacity, outCount) { (v: Value) -> lamina_value_t in
            var c = lamina_value_t()
            v.write(to: &c)
            return c
        }
    }
}

@_cdecl("lamina_animation_set_key_times")
public func lamina_animation_set_key_times(
    _ animation: OpaquePointer?, _ keyTimes: UnsafePointer<Double>?, _ count: Int
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let times = try finiteArray(keyTimes, count, "key_times")
        try mutateKeyframe(box) { spec, _, _ in spec.keyTimes = times }
    }
}

@_cdecl("lamina_animation_get_key_times")
public func lamina_animation_get_key_times(
    _ animation: OpaquePointer?, _ buffer: UnsafeMutablePointer<Double>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let (spec, _, _) = try keyframeParts(box.snapshot)
        try copyOut(spec.keyTimes ?? [], buffer, capacity, outCount, map: { $0 })
    }
}

@_cdecl("lamina_animation_set_keyframe_timing_functions")
public func lamina_animation_set_keyframe_timing_functions(
    _ animation: OpaquePointer?, _ functions: UnsafePointer<lamina_timing_function_t>?, _ count: Int
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        var list: [TimingFunction]? = nil
        if let items = try inputArray(functions, count, "timing_functions") {
            var l: [TimingFunction] = []
            l.reserveCapacity(items.count)
            for f in items { l.append(try TimingFunction(checking: f)) }
            list = l
        }
        try mutateKeyframe(box) { spec, _, _ in spec.timingFunctions = list }
    }
}

@_cdecl("lamina_animation_get_keyframe_timing_functions")
public func lamina_animation_get_keyframe_timing_functions(
    _ animation: OpaquePointer?, _ buffer: UnsafeMutablePointer<lamina_timing_function_t>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let (spec, _, _) = try keyframeParts(box.snapshot)
        try copyOut(spec.timingFunctions ?? [], buffer, capacity, outCount, map: { $0.c })
    }
}

@_cdecl("lamina_animation_set_calculation_mode")
public func lamina_animation_set_calculation_mode(
    _ animation: OpaquePointer?, _ mode: lamina_calculation_mode_t
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        guard let m = calculationModes.first(where: { $0.0 == mode })?.1 else {
            throw LaminaError(.invalidArgument, "unknown calculation mode \(mode)")
        }
        try mutateKeyframe(box) { spec, _, _ in spec.calculationMode = m }
    }
}

@_cdecl("lamina_animation_get_calculation_mode")
public func lamina_animation_get_calculation_mode(
    _ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_calculation_mode_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(out, "out_mode")
        let (spec, _, _) = try keyframeParts(box.snapshot)
        o.pointee = calculationModes.first(where: { $0.1 == spec.calculationMode })!.0
    }
}

private enum SplineParameter { case tension, continuity, bias }

private func setSpline(
    _ animation: OpaquePointer?, _ which: SplineParameter, _ values: UnsafePointer<Double>?, _ count: Int
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let list = try finiteArray(values, count, "values")
        try mutateKeyframe(box) { spec, _, _ in
            switch which {
            case .tension: spec.tensionValues = list
            case .continuity: spec.continuityValues = list
            case .bias: spec.biasValues = list
            }
        }
    }
}

private func getSpline(
    _ animation: OpaquePointer?, _ which: SplineParameter, _ buffer: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let (spec, _, _) = try keyframeParts(box.snapshot)
        let list: [Double]?
        switch which {
        case .tension: list = spec.tensionValues
        case .continuity: list = spec.continuityValues
        case .bias: list = spec.biasValues
        }
        try copyOut(list ?? [], buffer, capacity, outCount, map: { $0 })
    }
}

@_cdecl("lamina_animation_set_tension_values")
public func lamina_animation_set_tension_values(_ animation: OpaquePointer?, _ values: UnsafePointer<Double>?, _ count: Int) -> lamina_status_t {
    setSpline(animation, .tension, values, count)
}

@_cdecl("lamina_animation_get_tension_values")
public func lamina_animation_get_tension_values(
    _ animation: OpaquePointer?, _ buffer: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    getSpline(animation, .tension, buffer, capacity, outCount)
}

@_cdecl("lamina_animation_set_continuity_values")
public func lamina_animation_set_continuity_values(_ animation: OpaquePointer?, _ values: UnsafePointer<Double>?, _ count: Int) -> lamina_status_t {
    setSpline(animation, .continuity, values, count)
}

@_cdecl("lamina_animation_get_continuity_values")
public func lamina_animation_get_continuity_values(
    _ animation: OpaquePointer?, _ buffer: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    getSpline(animation, .continuity, buffer, capacity, outCount)
}

@_cdecl("lamina_animation_set_bias_values")
public func lamina_animation_set_bias_values(_ animation: OpaquePointer?, _ values: UnsafePointer<Double>?, _ count: Int) -> lamina_status_t {
    setSpline(animation, .bias, values, count)
}

@_cdecl("lamina_animation_get_bias_values")
public func lamina_animation_get_bias_values(
    _ animation: OpaquePointer?, _ buffer: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    getSpline(animation, .bias, buffer, capacity, outCount)
}

@_cdecl("lamina_animation_set_path")
public func lamina_animation_set_path(
    _ animation: OpaquePointer?, _ elements: UnsafePointer<lamina_path_element_t>?, _ count: Int
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        var path: KeyframePath? = nil
        if let items = try inputArray(elements, count, "elements") {
            // The path values' limit (R18): 10,000,000 elements were taken (2.25 GiB).
            guard items.count <= maximumPathElements else {
                throw LaminaError(.invalidArgument, "a path has at most 2^20 elements, got \(items.count)")
            }
            var list: [PathElement] = []
            list.reserveCapacity(items.count)
            for (i, e) in items.enumerated() { list.append(try pathElement(e, i)) }
            path = KeyframePath(elements: list)
        }
        try mutateKeyframe(box) { _, p, _ in p = path }
    }
}

@_cdecl("lamina_animation_get_path")
public func lamina_animation_get_path(
    _ animation: OpaquePointer?, _ buffer: UnsafeMutablePointer<lamina_path_element_t>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let (_, path, _) = try keyframeParts(box.snapshot)
        try copyOut(path?.elements ?? [], buffer, capacity, outCount, map: cPathElement)
    }
}

@_cdecl("lamina_animation_set_rotation_mode")
public func lamina_animation_set_rotation_mode(_ animation: OpaquePointer?, _ mode: lamina_rotation_mode_t) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let m = try rotationMode(mode)
        try mutateKeyframe(box) { _, _, r in r = m }
    }
}

@_cdecl("lamina_animation_get_rotation_mode")
public func lamina_animation_get_rotation_mode(
    _ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_rotation_mode_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(out, "out_mode")
        let (_, _, rotation) = try keyframeParts(box.snapshot)
        switch rotation {
        case nil: o.pointee = LAMINA_ROTATION_NONE
        case .auto?: o.pointee = LAMINA_ROTATION_AUTO
        case .autoReverse?: o.pointee = LAMINA_ROTATION_AUTO_REVERSE
        }
    }
}

// MARK: - Transitions

@_cdecl("lamina_animation_set_transition_type")
public func lamina_animation_set_transition_type(_ animation: OpaquePointer?, _ type: lamina_transition_type_t) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let t = try transitionType(type)
        try mutateTransition(box) { spec in spec.type = t }
    }
}

@_cdecl("lamina_animation_get_transition_type")
public func lamina_animation_get_transition_type(
    _ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_transition_type_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(out, "out_type")
        o.pointee = cTransitionType(try transitionSpec(box.snapshot).type)
    }
}

@_cdecl("lamina_animation_set_transition_subtype")
public func lamina_animation_set_transition_subtype(
    _ animation: OpaquePointer?, _ subtype: lamina_transition_subtype_t
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let s = try transitionSubtype(subtype)
        try mutateTransition(box) { spec in spec.subtype = s }
    }
}

@_cdecl("lamina_animation_get_transition_subtype")
public func lamina_animation_get_transition_subtype(
    _ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_transition_subtype_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(out, "out_subtype")
        o.pointee = cTransitionSubtype(try transitionSpec(box.snapshot).subtype)
    }
}

@_cdecl("lamina_animation_set_transition_progress")
public func lamina_animation_set_transition_progress(
    _ animation: OpaquePointer?, _ start: Double, _ end: Double
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        guard start >= 0, start <= 1, end >= start, end <= 1 else {
            throw LaminaError(.invalidArgument, "transition progress needs 0 <= start <= end <= 1, got \(start) and \(end)")
        }
        try mutateTransition(box) { spec in
            spec.startProgress = start
            spec.endProgress = end
        }
    }
}

@_cdecl("lamina_animation_get_transition_progress")
public func lamina_animation_get_transition_progress(
    _ animation: OpaquePointer?, _ outStart: UnsafeMutablePointer<Double>?, _ outEnd: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let s = try required(outStart, "out_start_progress")
        let e = try required(outEnd, "out_end_progress")
        let spec = try transitionSpec(box.snapshot)
        s.pointee = spec.startProgress
        e.pointee = spec.endProgress
    }
}

// MARK: - Groups

@_cdecl("lamina_animation_group_add")
public func lamina_animation_group_add(_ group: OpaquePointer?, _ child: OpaquePointer?) -> lamina_status_t {
    withAnimation(group, "group") { box throws(LaminaError) in
        guard let child else { throw LaminaError(.invalidArgument, "child is NULL") }
        let snapshot = animationBox(child).snapshot
        // A bounded depth keeps every walk over a group (copy, evaluate, release) shallow (R13).
        guard snapshot.groupDepth < Animation.maximumGroupDepth else {
            throw LaminaError(.outOfMemory, "animation groups nest deeper than \(Animation.maximumGroupDepth) levels")
        }
        // And a bounded size: a group added to itself doubles each time (R13).
        let limit = Animation.maximumAnimationCount
        guard snapshot.animationCount(upTo: limit) + box.snapshot.animationCount(upTo: limit) <= limit else {
            throw LaminaError(.outOfMemory, "the group would hold more than \(limit) animations in all")
        }
        let c = withoutDelegates(snapshot)
        try box.mutate { a throws(LaminaError) in
            a.kind = .group(try groupChildren(a) + [c])
        }
    }
}

@_cdecl("lamina_animation_group_get_count")
public func lamina_animation_group_get_count(_ group: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int>?) -> lamina_status_t {
    withAnimation(group, "group") { box throws(LaminaError) in
        let o = try required(outCount, "out_count")
        o.pointee = try groupChildren(box.snapshot).count
    }
}

@_cdecl("lamina_animation_group_copy_child")
public func lamina_animation_group_copy_child(
    _ group: OpaquePointer?, _ index: Int, _ outChild: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    withAnimation(group, "group") { box throws(LaminaError) in
        let o = try required(outChild, "out_child")
        let children = try groupChildren(box.snapshot)
        guard index >= 0, index < children.count else {
            throw LaminaError(.invalidArgument, "child index \(UInt(bitPattern: index)) is out of range (the group has \(children.count))")
        }
        o.pointee = makeAnimationHandle(children[index])
    }
}

@_cdecl("lamina_animation_group_remove_all")
public func lamina_animation_group_remove_all(_ group: OpaquePointer?) -> lamina_status_t {
    withAnimation(group, "group") { box throws(LaminaError) in
        try box.mutate { a throws(LaminaError) in
            _ = try groupChildren(a)
            a.kind = .group([])
        }
    }
}

// MARK: - Delegate

@_cdecl("lamina_animation_set_delegate")
public func lamina_animation_set_delegate(
    _ animation: OpaquePointer?, _ delegate: UnsafePointer<lamina_animation_delegate_t>?,
    _ userdata: UnsafeMutableRawPointer?, _ freeUserdata: lamina_free_fn?
) -> lamina_status_t {
    // Boxed first: whatever happens next, the free function runs exactly once (at once when
    // the box is dropped here: a NULL delegate or a failing call).
    var boxed = delegate.map { AnimationDelegateBox($0.pointee, userdata, freeUserdata) }
    if delegate == nil { freeUserdata?(userdata) }
    guard animation != nil else {
        // Release first, then fail: the free function may make a failing Lamina call of its
        // own, which must not overwrite this call's error.
        boxed = nil
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "animation is NULL")
    }
    return withAnimation(animation) { box throws(LaminaError) in
        let d = boxed?.delegate
        try box.mutate { a in a.delegate = d }
    }
}

