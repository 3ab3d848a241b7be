// SPDX-License-Identifier: Apache-2.0
// Action exports (issue 3: CA-3, CA-4, R5, R11): action objects, layer delegates, styles, the
// engine's default actions, view-backed layers, the action query and UIView-style animation
// blocks.
//
// A `lamina_action_t *` is an ActionBox: one immutable `Action`, reference-counted with Swift's
// atomic count (constructors give +1, retain/release adjust it). Setting an action anywhere
// hands the engine the `Action` value; a custom action's closure keeps its CustomActionBox (and
// so the host's userdata) alive for as long as any copy of the action exists.
//
// A `lamina_style_t *` is a StyleBox: mutable actions behind a mutex of its own, and the nested
// style it was created with. Setting it on a layer builds an immutable `LayerStyle` snapshot of
// the whole chain.

import CLamina
import Lamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Boxes

/// What a `lamina_action_t *` points at.
private final class ActionBox: @unchecked Sendable {
    let action: Action
    init(_ action: Action) { self.action = action }
}

/// A new +1 handle for an action.
private func makeActionHandle(_ action: Action) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(ActionBox(action)).toOpaque())
}

@inline(__always)
private func actionBox(_ p: OpaquePointer) -> ActionBox {
    Unmanaged<ActionBox>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

/// The entry for an optional C action: nil (remove) for NULL.
private func entry(_ p: OpaquePointer?) -> ActionEntry? {
    p.map { .action(actionBox($0).action) }
}

/// A custom action's C callback with its userdata; `free` runs once, when the last copy of the
/// action goes.
private final class CustomActionBox: @unchecked Sendable {
    let fn: lamina_action_fn
    let userdata: UnsafeMutableRawPointer?
    let free: lamina_free_fn?

    init(_ fn: lamina_action_fn, _ userdata: UnsafeMutableRawPointer?, _ free: lamina_free_fn?) {
        self.fn = fn
        self.userdata = userdata
        self.free = free
    }

    deinit { free?(userdata) }

    func run(_ layer: Layer, _ event: String) {
        event.withCString { fn(userdata, layer.id.rawValue, $0) }
    }
}

/// A layer delegate's C callbacks with their userdata; `free` runs once, when the engine drops
/// the delegate and no call to it is in flight.
private final class LayerDelegateBox: @unchecked Sendable {
    let callbacks: lamina_layer_delegate_t
    let userdata: UnsafeMutableRawPointer?
    let free: lamina_free_fn?

    init(_ callbacks: lamina_layer_delegate_t, _ userdata: UnsafeMutableRawPointer?, _ free: lamina_free_fn?) {
        self.callbacks = callbacks
        self.userdata = userdata
        self.free = free
    }

    deinit { free?(userdata) }

    /// Asks the C callback. An action stored in *out_action is taken over (released here)
    /// whatever the answer; ACTION without one, and unknown answers, continue the search.
    func answer(_ layer: Layer, _ event: String) -> DelegateAnswer {
        guard let fn = callbacks.action_for_layer else { return .continueSearch }
        var out: OpaquePointer? = nil
        let answer = event.withCString { fn(userdata, layer.id.rawValue, $0, &out) }
        let action = out.map { Unmanaged<ActionBox>.fromOpaque(UnsafeRawPointer($0)).takeRetainedValue().action }
        switch answer {
        case LAMINA_DELEGATE_NO_ACTION: return .noAction
        case LAMINA_DELEGATE_ACTION: return action.map { .action($0) } ?? .continueSearch
        case LAMINA_DELEGATE_VIEW_POLICY: return .viewPolicy
        default: return .continueSearch
        }
    }

    /// The Swift delegate. Its closure is installed even when action_for_layer is NULL, so the
    /// userdata lives exactly as long as the registration.
    var delegate: LayerDelegate {
        LayerDelegate { layer, event in self.answer(layer, event) }
    }
}

/// A view animation block's C completion with its userdata; `free` runs once, after the
/// completion ran or when its transaction's registration is dropped.
private final class ViewCompletionBox: @unchecked Sendable {
    let fn: lamina_view_animation_completion_fn
    let userdata: UnsafeMutableRawPointer?
    let free: lamina_free_fn?

    init(_ fn: lamina_view_animation_completion_fn, _ userdata: UnsafeMutableRawPointer?, _ free: lamina_free_fn?) {
        self.fn = fn
        self.userdata = userdata
        self.free = free
    }

    deinit { free?(userdata) }

    func call(_ finished: Bool) { fn(userdata, cbool(finished)) }
}

/// What a `lamina_style_t *` points at.
private final class StyleBox: @unchecked Sendable {
    /// The nested style (retained for this style's life; cleared only by deinit).
    private(set) var next: StyleBox?
    private var actions: [String: ActionEntry] = [:]
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(next: StyleBox?) {
        self.next = next
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        // Release a long chain node by node: recursive releases overflowed the stack (R13).
        var rest = next
        next = nil
        while var node = rest {
            rest = nil
            guard isKnownUniquelyReferenced(&node) else { break }
            rest = node.next
            node.next = nil
        }
    }

    /// Sets or (nil) removes an entry. The replaced entry is dropped after the mutex is
    /// released, so a free function it triggers may call back into this style.
    func set(_ entry: ActionEntry?, forKey key: String) {
        pthread_mutex_lock(mutex)
        let old: ActionEntry?
        if let entry { old = actions.updateValue(entry, forKey: key) } else { old = actions.removeValue(forKey: key) }
        pthread_mutex_unlock(mutex)
        withExtendedLifetime(old) {}
    }

    private var snapshotActions: [String: ActionEntry] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return actions
    }

    /// An immutable snapshot of the chain from this style down (built from the innermost up,
    /// without recursion, so a long chain cannot exhaust the stack).
    var snapshot: LayerStyle {
        var chain: [StyleBox] = []
        var s: StyleBox? = self
        while let b = s {
            chain.append(b)
            s = b.next
        }
        var built: LayerStyle? = nil
        for b in chain.reversed() { built = LayerStyle(actions: b.snapshotActions, style: built) }
        return built!
    }
}

@inline(__always)
private func styleBox(_ p: OpaquePointer) -> StyleBox {
    Unmanaged<StyleBox>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

// MARK: - Checks

/// A key that must be neither NULL nor empty.
private func actionKey(_ p: UnsafePointer<CChar>?) throws(LaminaError) -> String {
    let k = try string(p, "key")
    guard !k.isEmpty else { throw LaminaError(.invalidArgument, "an action key must not be empty") }
    return k
}

/// Runs `body`, turning failures into statuses (functions without an engine).
@inline(__always)
private func checked(_ body: () throws(LaminaError) -> Void) -> lamina_status_t {
    do {
        try body()
        return LAMINA_STATUS_OK
    } catch {
        return fail(error.code.rawValue, error.message)
    }
}

/// The option bits Lamina knows (CA-4.8): the flags it implements or accepts, and the four
/// curves (a 2-bit value in bits 16 and 17).
private let knownViewAnimationOptions: UInt64 =
    (1 << 0) | (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << 6) | (1 << 9) | (3 << 16)

// MARK: - Action objects

@_cdecl("lamina_action_create_animation")
public func lamina_action_create_animation(
    _ animation: OpaquePointer?, _ outAction: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    checked { () throws(LaminaError) in
        guard let animation else { throw LaminaError(.invalidArgument, "animation is NULL") }
        let o = try required(outAction, "out_action")
        o.pointee = makeActionHandle(.animation(animationBox(animation).snapshot))
    }
}

@_cdecl("lamina_action_create_custom")
public func lamina_action_create_custom(
    _ run: lamina_action_fn?, _ userdata: UnsafeMutableRawPointer?, _ freeUserdata: lamina_free_fn?,
    _ outAction: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    // Boxed first: whatever happens next, the free function runs exactly once.
    let boxed = run.map { CustomActionBox($0, userdata, freeUserdata) }
    if run == nil { freeUserdata?(userdata) }
    return checked { () throws(LaminaError) in
        guard let boxed else { throw LaminaError(.invalidArgument, "run is NULL") }
        let o = try required(outAction, "out_action")
        o.pointee = makeActionHandle(.custom { layer, event in boxed.run(layer, event) })
    }
}

@_cdecl("lamina_action_retain")
public func lamina_action_retain(_ action: OpaquePointer?) -> lamina_status_t {
    guard let action else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "action is NULL") }
    _ = Unmanaged<ActionBox>.fromOpaque(UnsafeRawPointer(action)).retain()
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_action_release")
public func lamina_action_release(_ action: OpaquePointer?) -> lamina_status_t {
    guard let action else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "action is NULL") }
    Unmanaged<ActionBox>.fromOpaque(UnsafeRawPointer(action)).release()
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_action_get_kind")
public func lamina_action_get_kind(
    _ action: OpaquePointer?, _ outKind: UnsafeMutablePointer<lamina_action_kind_t>?
) -> lamina_status_t {
    checked { () throws(LaminaError) in
        guard let action else { throw LaminaError(.invalidArgument, "action is NULL") }
        let o = try required(outKind, "out_kind")
        switch actionBox(action).action {
        case .animation: o.pointee = LAMINA_ACTION_ANIMATION
        case .custom: o.pointee = LAMINA_ACTION_CUSTOM
        }
    }
}

@_cdecl("lamina_action_copy_animation")
public func lamina_action_copy_animation(
    _ action: OpaquePointer?, _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    checked { () throws(LaminaError) in
        guard let action else { throw LaminaError(.invalidArgument, "action is NULL") }
        let o = try required(outAnimation, "out_animation")
        guard case .animation(let a) = actionBox(action).action else {
            throw LaminaError(.misuse, "a custom action has no animation")
        }
        o.pointee = makeAnimationHandle(a)
    }
}

// MARK: - Layer actions and the default registry

@_cdecl("lamina_layer_set_action")
public func lamina_layer_set_action(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?, _ action: OpaquePointer?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let k = try actionKey(key)
        try e.setAction(entry(action), forKey: k, of: LayerID(rawValue: layer))
    }
}

@_cdecl("lamina_engine_set_default_action")
public func lamina_engine_set_default_action(
    _ engine: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ action: OpaquePointer?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        try e.setDefaultAction(entry(action), forKey: try actionKey(key))
    }
}

@_cdecl("lamina_engine_set_default_no_action")
public func lamina_engine_set_default_no_action(_ engine: OpaquePointer?, _ key: UnsafePointer<CChar>?) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        try e.setDefaultAction(.noAction, forKey: try actionKey(key))
    }
}

@_cdecl("lamina_layer_get_action")
public func lamina_layer_get_action(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outAction: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let k = try actionKey(key)
        let o = try required(outAction, "out_action")
        let found = try e.action(forKey: k, of: LayerID(rawValue: layer))
        o.pointee = found.map(makeActionHandle)
    }
}

// MARK: - Delegates

@_cdecl("lamina_layer_set_delegate")
public func lamina_layer_set_delegate(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ delegate: UnsafePointer<lamina_layer_delegate_t>?,
    _ userdata: UnsafeMutableRawPointer?, _ freeUserdata: lamina_free_fn?
) -> lamina_status_t {
    // Boxed first: whatever happens next, the free function runs exactly once (at once when
    // the delegate is NULL or the call fails, since nothing else holds the box then).
    let boxed = delegate.map { LayerDelegateBox($0.pointee, userdata, freeUserdata) }
    if delegate == nil { freeUserdata?(userdata) }
    return withEngine(engine, layer: layer) { e throws(LaminaError) in
        try e.setDelegate(boxed?.delegate, of: LayerID(rawValue: layer))
    }
}

// MARK: - Styles

@_cdecl("lamina_style_create")
public func lamina_style_create(
    _ next: OpaquePointer?, _ outStyle: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    checked { () throws(LaminaError) in
        let o = try required(outStyle, "out_style")
        let box = StyleBox(next: next.map(styleBox))
        o.pointee = OpaquePointer(Unmanaged.passRetained(box).toOpaque())
    }
}

@_cdecl("lamina_style_retain")
public func lamina_style_retain(_ style: OpaquePointer?) -> lamina_status_t {
    guard let style else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "style is NULL") }
    _ = Unmanaged<StyleBox>.fromOpaque(UnsafeRawPointer(style)).retain()
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_style_release")
public func lamina_style_release(_ style: OpaquePointer?) -> lamina_status_t {
    guard let style else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "style is NULL") }
    Unmanaged<StyleBox>.fromOpaque(UnsafeRawPointer(style)).release()
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_style_set_action")
public func lamina_style_set_action(
    _ style: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ action: OpaquePointer?
) -> lamina_status_t {
    checked { () throws(LaminaError) in
        guard let style else { throw LaminaError(.invalidArgument, "style is NULL") }
        styleBox(style).set(entry(action), forKey: try actionKey(key))
    }
}

@_cdecl("lamina_style_set_no_action")
public func lamina_style_set_no_action(_ style: OpaquePointer?, _ key: UnsafePointer<CChar>?) -> lamina_status_t {
    checked { () throws(LaminaError) in
        guard let style else { throw LaminaError(.invalidArgument, "style is NULL") }
        styleBox(style).set(.noAction, forKey: try actionKey(key))
    }
}

@_cdecl("lamina_layer_set_style")
public func lamina_layer_set_style(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ style: OpaquePointer?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        try e.setStyle(style.map { styleBox($0).snapshot }, of: LayerID(rawValue: layer))
    }
}

// MARK: - View-backed layers and animation blocks (R11, CA-4)

@_cdecl("lamina_layer_set_view_backed")
public func lamina_layer_set_view_backed(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ viewBacked: lamina_bool_t
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        try e.setViewBacked(bool(viewBacked), LayerID(rawValue: layer))
    }
}

@_cdecl("lamina_layer_get_view_backed")
public func lamina_layer_get_view_backed(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ outViewBacked: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outViewBacked, "out_view_backed")
        o.pointee = cbool(try e.isViewBacked(LayerID(rawValue: layer)))
    }
}

@_cdecl("lamina_view_animation_begin")
public func lamina_view_animation_begin(
    _ engine: OpaquePointer?, _ duration: Double, _ delay: Double, _ options: UInt64,
    _ completion: lamina_view_animation_completion_fn?, _ userdata: UnsafeMutableRawPointer?,
    _ freeUserdata: lamina_free_fn?
) -> lamina_status_t {
    // Boxed first: whatever happens next, the free function runs exactly once.
    let boxed = completion.map { ViewCompletionBox($0, userdata, freeUserdata) }
    if completion == nil { freeUserdata?(userdata) }
    var done: (@Sendable (Bool) -> Void)? = nil
    if let boxed { done = { finished in boxed.call(finished) } }
    return withEngine(engine) { e throws(LaminaError) in
        let unknown = options & ~knownViewAnimationOptions
        guard unknown == 0 else {
            throw LaminaError(.invalidArgument, "unknown view animation option bits 0x\(String(unknown, radix: 16))")
        }
        try e.beginViewAnimation(
            withDuration: duration, delay: delay, options: ViewAnimationOptions(rawValue: options), completion: done)
    }
}

@_cdecl("lamina_view_animation_commit")
public func lamina_view_animation_commit(_ engine: OpaquePointer?) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in try e.commitViewAnimation() }
}
