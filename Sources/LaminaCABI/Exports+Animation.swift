// SPDX-License-Identifier: Apache-2.0
// Explicit animation exports (issue 3: CA-5, CA-7 to CA-11): animation objects, their common
// values and timing. The kind-specific parts are in Exports+AnimationKinds.swift, the layer
// functions that attach, query and remove them in Exports+LayerAnimations.swift.
//
// A `lamina_animation_t *` is an AnimationBox: one `Animation` value behind a mutex of its own,
// reference-counted with Swift's atomic count (create and copy give +1, retain/release adjust
// it). Adding to a layer hands the engine a copy of the value (CA-11.1), so later changes to the
// object never reach what is attached.

import CLamina
import Lamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Boxes

/// What a `lamina_animation_t *` points at.
final class AnimationBox: @unchecked Sendable {
    private var value: Animation
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: Animation) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// A copy of the value. The caller drops it outside the lock.
    var snapshot: Animation {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return value
    }

    /// Changes the value under the lock; on failure the value is restored. The previous value
    /// is dropped only after the lock is released, so a delegate's free function that runs
    /// because of the change may call back into this animation.
    func mutate(_ body: (inout Animation) throws(LaminaError) -> Void) throws(LaminaError) {
        pthread_mutex_lock(mutex)
        let before = value
        var failure: LaminaError? = nil
        do {
            try body(&value)
        } catch {
            failure = error
            value = before
        }
        pthread_mutex_unlock(mutex)
        withExtendedLifetime(before) {}
        if let failure { throw failure }
    }
}

/// A new +1 handle for an animation value.
func makeAnimationHandle(_ animation: Animation) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(AnimationBox(animation)).toOpaque())
}

@inline(__always)
func animationBox(_ p: OpaquePointer) -> AnimationBox {
    Unmanaged<AnimationBox>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

/// Runs `body` with the animation behind `p`, turning failures into statuses.
@inline(__always)
func withAnimation(
    _ p: OpaquePointer?, _ name: StaticString = "animation",
    _ body: (AnimationBox) throws(LaminaError) -> Void
) -> lamina_status_t {
    guard let p else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "\(name) is NULL") }
    do {
        try body(animationBox(p))
        return LAMINA_STATUS_OK
    } catch {
        return fail(error.code.rawValue, error.message)
    }
}

/// Stores an output handle, turning failures into statuses (constructors).
private func create(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ body: () throws(LaminaError) -> Animation
) -> lamina_status_t {
    guard let out else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_animation is NULL") }
    do {
        out.pointee = makeAnimationHandle(try body())
        return LAMINA_STATUS_OK
    } catch {
        return fail(error.code.rawValue, error.message)
    }
}

/// The C delegate with its userdata: shared by every copy of the animation it was set on (the
/// Swift closures capture it), so `free` runs once, when the last copy goes.
final class AnimationDelegateBox: @unchecked Sendable {
    let callbacks: lamina_animation_delegate_t
    let userdata: UnsafeMutableRawPointer?
    let free: lamina_free_fn?

    init(_ callbacks: lamina_animation_delegate_t, _ userdata: UnsafeMutableRawPointer?, _ free: lamina_free_fn?) {
        self.callbacks = callbacks
        self.userdata = userdata
        self.free = free
    }

    deinit { free?(userdata) }

    /// The key as C sees it: NULL for an unnamed animation (the engine's private keys start
    /// with U+0001).
    private func withKey(_ key: String, _ body: (UnsafePointer<CChar>?) -> Void) {
        if key.utf8.first == 1 { body(nil) } else { key.withCString { body($0) } }
    }

    func didStart(_ layer: Layer, _ key: String) {
        guard let fn = callbacks.did_start else { return }
        withKey(key) { fn(userdata, layer.id.rawValue, $0) }
    }

    func didStop(_ layer: Layer, _ key: String, _ finished: Bool) {
        guard let fn = callbacks.did_stop else { return }
        withKey(key) { fn(userdata, layer.id.rawValue, $0, cbool(finished)) }
    }

    /// Both closures are always installed, even for NULL callbacks: the engine queues didStop
    /// for every animation that leaves a layer and runs it outside its lock, so the last
    /// reference to this box (and `free`) never goes while the engine lock is held.
    var delegate: AnimationDelegate {
        AnimationDelegate(
            didStart: { layer, key in self.didStart(layer, key) },
            didStop: { layer, key, finished in self.didStop(layer, key, finished) })
    }
}

// MARK: - Enums and checks

private func kindName(_ kind: Animation.Kind) -> String {
    switch kind {
    case .basic: return "a basic animation"
    case .spring: return "a spring animation"
    case .keyframe: return "a keyframe animation"
    case .transition: return "a transition"
    case .group: return "a group"
    }
}

private func wrongKind(_ a: Animation, _ wanted: String) -> LaminaError {
    LaminaError(.misuse, "\(wanted) only, but this is \(kindName(a.kind))")
}

/// Basic, spring and keyframe animations (CAPropertyAnimation's subclasses).
private func requireProperty(_ a: Animation) throws(LaminaError) {
    switch a.kind {
    case .basic, .spring, .keyframe: return
    default: throw wrongKind(a, "property animations (basic, spring, keyframe)")
    }
}

/// Basic and spring animations (from/to/by).
private func requireBasic(_ a: Animation) throws(LaminaError) {
    switch a.kind {
    case .basic, .spring: return
    default: throw wrongKind(a, "basic and spring animations")
    }
}

func keyframeParts(_ a: Animation) throws(LaminaError) -> (KeyframeSpec, KeyframePath?, RotationMode?) {
    guard case .keyframe(let spec, let path, let rotation) = a.kind else { throw wrongKind(a, "keyframe animations") }
    return (spec, path, rotation)
}

func mutateKeyframe(
    _ box: AnimationBox, _ body: (inout KeyframeSpec, inout KeyframePath?, inout RotationMode?) throws(LaminaError) -> Void
) throws(LaminaError) {
    try box.mutate { a throws(LaminaError) in
        var (spec, path, rotation) = try keyframeParts(a)
        try body(&spec, &path, &rotation)
        a.kind = .keyframe(spec, path: path, rotationMode: rotation)
    }
}

func transitionSpec(_ a: Animation) throws(LaminaError) -> TransitionSpec {
    guard case .transition(let spec) = a.kind else { throw wrongKind(a, "transitions") }
    return spec
}

func mutateTransition(_ box: AnimationBox, _ body: (inout TransitionSpec) throws(LaminaError) -> Void) throws(LaminaError) {
    try box.mutate { a throws(LaminaError) in
        var spec = try transitionSpec(a)
        try body(&spec)
        a.kind = .transition(spec)
    }
}

func groupChildren(_ a: Animation) throws(LaminaError) -> [Animation] {
    guard case .group(let children) = a.kind else { throw wrongKind(a, "groups") }
    return children
}

func transitionType(_ t: lamina_transition_type_t) throws(LaminaError) -> TransitionType {
    switch t {
    case LAMINA_TRANSITION_FADE: return .fade
    case LAMINA_TRANSITION_MOVE_IN: return .moveIn
    case LAMINA_TRANSITION_PUSH: return .push
    case LAMINA_TRANSITION_REVEAL: return .reveal
    default: throw LaminaError(.invalidArgument, "unknown transition type \(t)")
    }
}

func cTransitionType(_ t: TransitionType) -> lamina_transition_type_t {
    switch t {
    case .fade: return LAMINA_TRANSITION_FADE
    case .moveIn: return LAMINA_TRANSITION_MOVE_IN
    case .push: return LAMINA_TRANSITION_PUSH
    case .reveal: return LAMINA_TRANSITION_REVEAL
    }
}

func transitionSubtype(_ s: lamina_transition_subtype_t) throws(LaminaError) -> TransitionSubtype? {
    switch s {
    case LAMINA_TRANSITION_SUBTYPE_NONE: return nil
    case LAMINA_TRANSITION_FROM_LEFT: return .fromLeft
    case LAMINA_TRANSITION_FROM_RIGHT: return .fromRight
    case LAMINA_TRANSITION_FROM_TOP: return .fromTop
    case LAMINA_TRANSITION_FROM_BOTTOM: return .fromBottom
    default: throw LaminaError(.invalidArgument, "unknown transition subtype \(s)")
    }
}

func cTransitionSubtype(_ s: TransitionSubtype?) -> lamina_transition_subtype_t {
    switch s {
    case nil: return LAMINA_TRANSITION_SUBTYPE_NONE
    case .fromLeft?: return LAMINA_TRANSITION_FROM_LEFT
    case .fromRight?: return LAMINA_TRANSITION_FROM_RIGHT
    case .fromTop?: return LAMINA_TRANSITION_FROM_TOP
    case .fromBottom?: return LAMINA_TRANSITION_FROM_BOTTOM
    }
}

private let valueFunctions: [(lamina_value_function_t, ValueFunction)] = [
    (LAMINA_VALUE_FUNCTION_ROTATE_X, .rotateX), (LAMINA_VALUE_FUNCTION_ROTATE_Y, .rotateY),
    (LAMINA_VALUE_FUNCTION_ROTATE_Z, .rotateZ), (LAMINA_VALUE_FUNCTION_SCALE, .scale),
    (LAMINA_VALUE_FUNCTION_SCALE_X, .scaleX), (LAMINA_VALUE_FUNCTION_SCALE_Y, .scaleY),
    (LAMINA_VALUE_FUNCTION_SCALE_Z, .scaleZ), (LAMINA_VALUE_FUNCTION_TRANSLATE, .translate),
    (LAMINA_VALUE_FUNCTION_TRANSLATE_X, .translateX), (LAMINA_VALUE_FUNCTION_TRANSLATE_Y, .translateY),
    (LAMINA_VALUE_FUNCTION_TRANSLATE_Z, .translateZ),
]

private func valueFunction(_ f: lamina_value_function_t) throws(LaminaError) -> ValueFunction? {
    if f == LAMINA_VALUE_FUNCTION_NONE { return nil }
    guard let match = valueFunctions.first(where: { $0.0 == f }) else {
        throw LaminaError(.invalidArgument, "unknown value function \(f)")
    }
    return match.1
}

private func cValueFunction(_ f: ValueFunction?) -> lamina_value_function_t {
    guard let f else { return LAMINA_VALUE_FUNCTION_NONE }
    return valueFunctions.first(where: { $0.1 == f })!.0
}

let calculationModes: [(lamina_calculation_mode_t, CalculationMode)] = [
    (LAMINA_CALCULATION_LINEAR, .linear), (LAMINA_CALCULATION_DISCRETE, .discrete),
    (LAMINA_CALCULATION_PACED, .paced), (LAMINA_CALCULATION_CUBIC, .cubic),
    (LAMINA_CALCULATION_CUBIC_PACED, .cubicPaced),
]

func rotationMode(_ m: lamina_rotation_mode_t) throws(LaminaError) -> RotationMode? {
    switch m {
    case LAMINA_ROTATION_NONE: return nil
    case LAMINA_ROTATION_AUTO: return .auto
    case LAMINA_ROTATION_AUTO_REVERSE: return .autoReverse
    default: throw LaminaError(.invalidArgument, "unknown rotation mode \(m)")
    }
}

/// A value for an animation: a valid tag, finite numbers, and not a string (no animatable
/// property holds one).
func animationValue(_ v: lamina_value_t, _ what: @autoclosure () -> String) throws(LaminaError) -> Value {
    let value = try Value(v)
    if case .string = value {
        throw LaminaError(.typeMismatch, "\(what()): no animatable property holds a string")
    }
    guard value.isFiniteAndBounded else {
        throw LaminaError(.invalidArgument, "\(what()) must be finite, of magnitude at most 1e15")
    }
    return value
}

/// An input array: nil to clear (count 0), the elements otherwise.
func inputArray<T>(
    _ p: UnsafePointer<T>?, _ count: Int, _ name: StaticString
) throws(LaminaError) -> UnsafeBufferPointer<T>? {
    if count == 0 { return nil }
    guard let p else { throw LaminaError(.invalidArgument, "\(name) is NULL but count is \(UInt(bitPattern: count))") }
    guard count > 0 else { throw LaminaError(.invalidArgument, "count \(UInt(bitPattern: count)) is too large") }
    return UnsafeBufferPointer(start: p, count: count)
}

func finiteArray(_ p: UnsafePointer<Double>?, _ count: Int, _ name: StaticString) throws(LaminaError) -> [Double]? {
    guard let items = try inputArray(p, count, name) else { return nil }
    for (i, v) in items.enumerated() where !v.isFinite {
        throw LaminaError(.invalidArgument, "\(name)[\(i)] must be finite, got \(v)")
    }
    return Array(items)
}

/// Copies up to `capacity` items into `buffer` and writes the full count.
func copyOut<S, T>(
    _ items: [S], _ buffer: UnsafeMutablePointer<T>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?, map: (S) -> T
) throws(LaminaError) {
    let o = try required(outCount, "out_count")
    if capacity != 0, buffer == nil {
        throw LaminaError(.invalidArgument, "buffer is NULL but capacity is \(UInt(bitPattern: capacity))")
    }
    let cap = capacity < 0 ? Int.max : capacity
    if let buffer {
        for i in 0..<min(items.count, cap) { buffer[i] = map(items[i]) }
    }
    o.pointee = items.count
}

/// Copies a string into a caller buffer, NUL-terminated and truncated (lamina_layer_get_name's
/// convention), and writes its full length.
func copyString(
    _ s: String, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ outLength: UnsafeMutablePointer<Int>?
) throws(LaminaError) {
    let length = try required(outLength, "out_length")
    if capacity != 0, buffer == nil {
        throw LaminaError(.invalidArgument, "buffer is NULL but capacity is \(UInt(bitPattern: capacity))")
    }
    let bytes = Array(s.utf8)
    if let buffer, capacity != 0 {
        let cap = capacity < 0 ? Int.max : capacity
        let n = min(bytes.count, cap - 1)
        for i in 0..<n { buffer[i] = CChar(bitPattern: bytes[i]) }
        buffer[n] = 0
    }
    length.pointee = bytes.count
}

func springParameters(_ s: lamina_spring_t) throws(LaminaError) -> SpringParameters {
    guard s.mass.isFinite, s.mass > 0 else { throw LaminaError(.invalidArgument, "spring mass must be finite and > 0, got \(s.mass)") }
    guard s.stiffness.isFinite, s.stiffness > 0 else {
        throw LaminaError(.invalidArgument, "spring stiffness must be finite and > 0, got \(s.stiffness)")
    }
    guard s.damping.isFinite, s.damping >= 0 else {
        throw LaminaError(.invalidArgument, "spring damping must be finite and >= 0, got \(s.damping)")
    }
    guard s.initial_velocity.isFinite else {
        throw LaminaError(.invalidArgument, "spring initial_velocity must be finite, got \(s.initial_velocity)")
    }
    return SpringParameters(
        mass: s.mass, stiffness: s.stiffness, damping: s.damping,
        initialVelocity: s.initial_velocity, allowsOverdamping: bool(s.allows_overdamping))
}

func cSpring(_ p: SpringParameters) -> lamina_spring_t {
    lamina_spring_t(
        mass: p.mass, stiffness: p.stiffness, damping: p.damping,
        initial_velocity: p.initialVelocity, allows_overdamping: cbool(p.allowsOverdamping), reserved: 0)
}

func pathElement(_ e: lamina_path_element_t, _ i: Int) throws(LaminaError) -> PathElement {
    func point(_ p: lamina_point_t) throws(LaminaError) -> Point {
        guard Value.point(Point(p)).isFiniteAndBounded else {
            throw LaminaError(.invalidArgument, "path element \(i) has a non-finite point or one beyond 1e15")
        }
        return Point(p)
    }
    switch e.type {
    case LAMINA_PATH_MOVE: return .move(try point(e.points.0))
    case LAMINA_PATH_LINE: return .line(try point(e.points.0))
    case LAMINA_PATH_QUAD: return .quadCurve(control: try point(e.points.0), to: try point(e.points.1))
    case LAMINA_PATH_CUBIC:
        return .cubicCurve(control1: try point(e.points.0), control2: try point(e.points.1), to: try point(e.points.2))
    case LAMINA_PATH_CLOSE: return .close
    default: throw LaminaError(.invalidArgument, "path element \(i) has unknown type \(e.type)")
    }
}

func cPathElement(_ e: PathElement) -> lamina_path_element_t {
    let zero = lamina_point_t(x: 0, y: 0)
    var c = lamina_path_element_t()
    c.reserved = 0
    switch e {
    case .move(let p): c.type = LAMINA_PATH_MOVE; c.points = (p.c, zero, zero)
    case .line(let p): c.type = LAMINA_PATH_LINE; c.points = (p.c, zero, zero)
    case .quadCurve(let control, let to): c.type = LAMINA_PATH_QUAD; c.points = (control.c, to.c, zero)
    case .cubicCurve(let c1, let c2, let to): c.type = LAMINA_PATH_CUBIC; c.points = (c1.c, c2.c, to.c)
    case .close: c.type = LAMINA_PATH_CLOSE; c.points = (zero, zero, zero)
    }
    return c
}

/// Children's delegates are ignored (CA-10.5); dropping them at once keeps their userdata's
/// free function out of the engine's hands.
func withoutDelegates(_ a: Animation) -> Animation {
    var a = a
    a.delegate = nil
    if case .group(let children) = a.kind { a.kind = .group(children.map(withoutDelegates)) }
    return a
}

/// Checks the values of a property animation against the property's type: its own type, nil
/// for a property that takes nil (colours, images, paths), or with a value function on a
/// transform a number, point or size. The engine would otherwise ignore a value it cannot
/// apply; C callers get TYPE_MISMATCH instead.
func checkValueTypes(_ a: Animation, _ e: Engine, _ layer: LayerID) throws(LaminaError) {
    let keyPath: String
    switch a.kind {
    case .transition: return
    case .group(let children):
        for child in children { try checkValueTypes(child, e, layer) }
        return
    case .basic, .spring, .keyframe:
        guard let k = a.keyPath, !k.isEmpty else { return }  // the engine reports it
        keyPath = k
    }
    _ = try e.value(of: layer, forKeyPath: keyPath)  // UNKNOWN_KEY (also a kind's key), STALE_HANDLE
    // The declared type: a nil model value (no contents yet) does not tell it.
    let (type, nullable) = try e.valueType(forKeyPath: keyPath)
    let viaFunction = a.valueFunction != nil && type == .transform
    func accepts(_ v: Value) -> Bool {
        if v.type == type { return true }
        if v.type == .null { return nullable }
        return viaFunction && (v.type == .number || v.type == .point || v.type == .size || v.type == .vector3)
    }
    func mismatch(_ what: String, _ v: Value) -> LaminaError {
        LaminaError(.typeMismatch, "'\(keyPath)' holds a \(type), but the animation's \(what) is a \(v.type)")
    }
    if case .keyframe(let spec, let path, _) = a.kind {
        if path != nil {
            guard type == .point || viaFunction else {
                throw LaminaError(.typeMismatch, "a keyframe path animates a point, but '\(keyPath)' holds a \(type)")
            }
            return
        }
        for (i, v) in spec.values.enumerated() where !accepts(v) { throw mismatch("keyframe value \(i)", v) }
        return
    }
    for (what, v) in [("from value", a.fromValue), ("to value", a.toValue), ("by value", a.byValue)] {
        if let v, !accepts(v) { throw mismatch(what, v) }
    }
}

// MARK: - Constructors and lifetime

@_cdecl("lamina_animation_create_basic")
public func lamina_animation_create_basic(
    _ keyPath: UnsafePointer<CChar>?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    create(outAnimation) { () throws(LaminaError) in
        Animation(kind: .basic, keyPath: try string(keyPath, "key_path"))
    }
}

@_cdecl("lamina_animation_create_spring")
public func lamina_animation_create_spring(
    _ keyPath: UnsafePointer<CChar>?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    create(outAnimation) { () throws(LaminaError) in
        Animation(kind: .spring(SpringParameters()), keyPath: try string(keyPath, "key_path"))
    }
}

@_cdecl("lamina_animation_create_keyframe")
public func lamina_animation_create_keyframe(
    _ keyPath: UnsafePointer<CChar>?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    create(outAnimation) { () throws(LaminaError) in
        Animation(kind: .keyframe(KeyframeSpec(values: [])), keyPath: try string(keyPath, "key_path"))
    }
}

@_cdecl("lamina_animation_create_transition")
public func lamina_animation_create_transition(
    _ type: lamina_transition_type_t, _ subtype: lamina_transition_subtype_t,
    _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    create(outAnimation) { () throws(LaminaError) in
        Animation(kind: .transition(TransitionSpec(type: try transitionType(type), subtype: try transitionSubtype(subtype))))
    }
}

@_cdecl("lamina_animation_create_group")
public func lamina_animation_create_group(_ outAnimation: UnsafeMutablePointer<OpaquePointer?>?) -> lamina_status_t {
    create(outAnimation) { Animation(kind: .group([])) }
}

@_cdecl("lamina_animation_retain")
public func lamina_animation_retain(_ animation: OpaquePointer?) -> lamina_status_t {
    guard let animation else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "animation is NULL") }
    _ = Unmanaged<AnimationBox>.fromOpaque(UnsafeRawPointer(animation)).retain()
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_animation_release")
public func lamina_animation_release(_ animation: OpaquePointer?) -> lamina_status_t {
    guard let animation else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "animation is NULL") }
    Unmanaged<AnimationBox>.fromOpaque(UnsafeRawPointer(animation)).release()
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_animation_copy")
public func lamina_animation_copy(
    _ animation: OpaquePointer?, _ outCopy: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(outCopy, "out_copy")
        o.pointee = makeAnimationHandle(box.snapshot)
    }
}

@_cdecl("lamina_animation_get_kind")
public func lamina_animation_get_kind(
    _ animation: OpaquePointer?, _ outKind: UnsafeMutablePointer<lamina_animation_kind_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(outKind, "out_kind")
        switch box.snapshot.kind {
        case .basic: o.pointee = LAMINA_ANIMATION_BASIC
        case .spring: o.pointee = LAMINA_ANIMATION_SPRING
        case .keyframe: o.pointee = LAMINA_ANIMATION_KEYFRAME
        case .transition: o.pointee = LAMINA_ANIMATION_TRANSITION
        case .group: o.pointee = LAMINA_ANIMATION_GROUP
        }
    }
}

// MARK: - Property animations

@_cdecl("lamina_animation_set_key_path")
public func lamina_animation_set_key_path(_ animation: OpaquePointer?, _ keyPath: UnsafePointer<CChar>?) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let k = keyPath.map { String(cString: $0) }
        try box.mutate { a throws(LaminaError) in
            try requireProperty(a)
            a.keyPath = k?.isEmpty == false ? k : nil
        }
    }
}

@_cdecl("lamina_animation_get_key_path")
public func lamina_animation_get_key_path(
    _ animation: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ outLength: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let a = box.snapshot
        try requireProperty(a)
        try copyString(a.keyPath ?? "", buffer, capacity, outLength)
    }
}

private enum Endpoint { case from, to, by }

private func setEndpoint(_ animation: OpaquePointer?, _ which: Endpoint, _ value: UnsafePointer<lamina_value_t>?) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let v = try value.map { p throws(LaminaError) in try animationValue(p.pointee, "\(which) value") }
        try box.mutate { a throws(LaminaError) in
            try requireBasic(a)
            switch which {
            case .from: a.fromValue = v
            case .to: a.toValue = v
            case .by: a.byValue = v
            }
        }
    }
}

private func getEndpoint(_ animation: OpaquePointer?, _ which: Endpoint, _ out: UnsafeMutablePointer<lamina_value_t>?) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(out, "out_value")
        let a = box.snapshot
        try requireBasic(a)
        let v: Value?
        switch which {
        case .from: v = a.fromValue
        case .to: v = a.toValue
        case .by: v = a.byValue
        }
        guard let v else { throw LaminaError(.notFound, "the animation has no \(which) value") }
        v.write(to: o)
    }
}

@_cdecl("lamina_animation_set_from_value")
public func lamina_animation_set_from_value(_ animation: OpaquePointer?, _ value: UnsafePointer<lamina_value_t>?) -> lamina_status_t {
    setEndpoint(animation, .from, value)
}

@_cdecl("lamina_animation_set_to_value")
public func lamina_animation_set_to_value(_ animation: OpaquePointer?, _ value: UnsafePointer<lamina_value_t>?) -> lamina_status_t {
    setEndpoint(animation, .to, value)
}

@_cdecl("lamina_animation_set_by_value")
public func lamina_animation_set_by_value(_ animation: OpaquePointer?, _ value: UnsafePointer<lamina_value_t>?) -> lamina_status_t {
    setEndpoint(animation, .by, value)
}

@_cdecl("lamina_animation_get_from_value")
public func lamina_animation_get_from_value(_ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_value_t>?) -> lamina_status_t {
    getEndpoint(animation, .from, out)
}

@_cdecl("lamina_animation_get_to_value")
public func lamina_animation_get_to_value(_ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_value_t>?) -> lamina_status_t {
    getEndpoint(animation, .to, out)
}

@_cdecl("lamina_animation_get_by_value")
public func lamina_animation_get_by_value(_ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_value_t>?) -> lamina_status_t {
    getEndpoint(animation, .by, out)
}

@_cdecl("lamina_animation_set_additive")
public func lamina_animation_set_additive(_ animation: OpaquePointer?, _ additive: lamina_bool_t) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        try box.mutate { a throws(LaminaError) in
            try requireProperty(a)
            a.isAdditive = bool(additive)
        }
    }
}

@_cdecl("lamina_animation_get_additive")
public func lamina_animation_get_additive(_ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_bool_t>?) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(out, "out_additive")
        let a = box.snapshot
        try requireProperty(a)
        o.pointee = cbool(a.isAdditive)
    }
}

@_cdecl("lamina_animation_set_cumulative")
public func lamina_animation_set_cumulative(_ animation: OpaquePointer?, _ cumulative: lamina_bool_t) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        try box.mutate { a throws(LaminaError) in
            try requireProperty(a)
            a.isCumulative = bool(cumulative)
        }
    }
}

@_cdecl("lamina_animation_get_cumulative")
public func lamina_animation_get_cumulative(_ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_bool_t>?) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(out, "out_cumulative")
        let a = box.snapshot
        try requireProperty(a)
        o.pointee = cbool(a.isCumulative)
    }
}

@_cdecl("lamina_animation_set_value_function")
public func lamina_animation_set_value_function(
    _ animation: OpaquePointer?, _ function: lamina_value_function_t
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let f = try valueFunction(function)
        try box.mutate { a throws(LaminaError) in
            try requireProperty(a)
            a.valueFunction = f
        }
    }
}

@_cdecl("lamina_animation_get_value_function")
public func lamina_animation_get_value_function(
    _ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_value_function_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(out, "out_value_function")
        let a = box.snapshot
        try requireProperty(a)
        o.pointee = cValueFunction(a.valueFunction)
    }
}

// MARK: - Every kind: completion, timing

@_cdecl("lamina_animation_set_removed_on_completion")
public func lamina_animation_set_removed_on_completion(_ animation: OpaquePointer?, _ removed: lamina_bool_t) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        try box.mutate { a in a.isRemovedOnCompletion = bool(removed) }
    }
}

@_cdecl("lamina_animation_get_removed_on_completion")
public func lamina_animation_get_removed_on_completion(
    _ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        try required(out, "out_removed_on_completion").pointee = cbool(box.snapshot.isRemovedOnCompletion)
    }
}

@_cdecl("lamina_animation_set_timing_function")
public func lamina_animation_set_timing_function(
    _ animation: OpaquePointer?, _ timingFunction: UnsafePointer<lamina_timing_function_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let tf = try TimingFunction.optional(timingFunction)
        try box.mutate { a in a.timingFunction = tf }
    }
}

@_cdecl("lamina_animation_get_timing_function")
public func lamina_animation_get_timing_function(
    _ animation: OpaquePointer?, _ outTimingFunction: UnsafeMutablePointer<lamina_timing_function_t>?,
    _ outIsSet: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        try write(box.snapshot.timingFunction, outTimingFunction, outIsSet)
    }
}

/// The size of this version's lamina_media_timing_t.
private let mediaTimingSize = UInt32(MemoryLayout<lamina_media_timing_t>.size)

@_cdecl("lamina_animation_set_media_timing")
public func lamina_animation_set_media_timing(
    _ animation: OpaquePointer?, _ timing: UnsafePointer<lamina_media_timing_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        guard let timing else { throw LaminaError(.invalidArgument, "timing is NULL") }
        let c = timing.pointee
        guard c.struct_size >= mediaTimingSize else {
            throw LaminaError(.invalidArgument, "timing->struct_size is \(c.struct_size), at least \(mediaTimingSize) needed (use LAMINA_MEDIA_TIMING_INIT)")
        }
        guard !c.repeat_count.isNaN, c.repeat_count >= 0 else {
            throw LaminaError(.invalidArgument, "repeat_count must be >= 0 (LAMINA_REPEAT_FOREVER repeats forever), got \(c.repeat_count)")
        }
        guard let fill = FillMode(rawValue: c.fill_mode) else {
            throw LaminaError(.invalidArgument, "unknown fill mode \(c.fill_mode)")
        }
        let timingValue = MediaTiming(
            beginTime: try finite(c.begin_time, "begin_time"), duration: try finite(c.duration, "duration"),
            speed: try finite(c.speed, "speed"), timeOffset: try finite(c.time_offset, "time_offset"),
            repeatCount: c.repeat_count, repeatDuration: try finite(c.repeat_duration, "repeat_duration"),
            autoreverses: bool(c.autoreverses), fillMode: fill)
        try box.mutate { a in a.timing = timingValue }
    }
}

@_cdecl("lamina_animation_get_media_timing")
public func lamina_animation_get_media_timing(
    _ animation: OpaquePointer?, _ outTiming: UnsafeMutablePointer<lamina_media_timing_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(outTiming, "out_timing")
        guard o.pointee.struct_size >= mediaTimingSize else {
            throw LaminaError(.invalidArgument, "out_timing->struct_size is \(o.pointee.struct_size), at least \(mediaTimingSize) needed (use LAMINA_MEDIA_TIMING_INIT)")
        }
        let t = box.snapshot.timing
        o.pointee.begin_time = t.beginTime
        o.pointee.duration = t.duration
        o.pointee.speed = t.speed
        o.pointee.time_offset = t.timeOffset
        o.pointee.repeat_count = t.repeatCount
        o.pointee.repeat_duration = t.repeatDuration
        o.pointee.autoreverses = cbool(t.autoreverses)
        o.pointee.fill_mode = t.fillMode.rawValue
    }
}

// MARK: - Springs

@_cdecl("lamina_animation_set_spring")
public func lamina_animation_set_spring(_ animation: OpaquePointer?, _ spring: UnsafePointer<lamina_spring_t>?) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        guard let spring else { throw LaminaError(.invalidArgument, "spring is NULL") }
        let p = try springParameters(spring.pointee)
        try box.mutate { a throws(LaminaError) in
            guard case .spring = a.kind else { throw wrongKind(a, "spring animations") }
            a.kind = .spring(p)
        }
    }
}

@_cdecl("lamina_animation_get_spring")
public func lamina_animation_get_spring(_ animation: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_spring_t>?) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        let o = try required(out, "out_spring")
        let a = box.snapshot
        guard case .spring(let p) = a.kind else { throw wrongKind(a, "spring animations") }
        o.pointee = cSpring(p)
    }
}

@_cdecl("lamina_spring_init_perceptual")
public func lamina_spring_init_perceptual(
    _ duration: Double, _ bounce: Double, _ out: UnsafeMutablePointer<lamina_spring_t>?
) -> lamina_status_t {
    guard let out else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_spring is NULL") }
    guard duration.isFinite, duration > 0 else {
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "duration must be finite and > 0, got \(duration)")
    }
    guard bounce.isFinite, bounce > -1, bounce <= 1 else {
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "bounce must lie in (-1, 1], got \(bounce)")
    }
    out.pointee = cSpring(SpringParameters(perceptualDuration: duration, bounce: bounce))
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_spring_get_settling_duration")
public func lamina_spring_get_settling_duration(
    _ spring: UnsafePointer<lamina_spring_t>?, _ outDuration: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    guard let spring else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "spring is NULL") }
    guard let outDuration else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_duration is NULL") }
    do {
        outDuration.pointee = try springParameters(spring.pointee).settlingDuration
        return LAMINA_STATUS_OK
    } catch {
        return fail(error.code.rawValue, error.message)
    }
}

