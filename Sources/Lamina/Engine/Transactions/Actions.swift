// SPDX-License-Identifier: Apache-2.0
// The action model (R5, CA-3.x): what a change or event runs, and the search that finds it.

/// What an action search finds (CA-3.10): an animation, which running adds a copy of under the
/// event's key, or a host callback run with the layer and the event key.
public enum Action: Sendable {
    /// An animation. A basic animation without a key path, found for a property event, animates
    /// that property (a convenience over Core Animation, which needs the key path set). Boxed:
    /// an `Animation` is large, and search results are passed around on every change.
    indirect case animation(Animation)
    /// A custom action, run after the change is stored, on the changing thread, with no engine
    /// lock held.
    case custom(@Sendable (_ layer: Layer, _ event: String) -> Void)
}

/// An entry in a layer's `actions`, a style's `actions` or the engine's default actions.
public enum ActionEntry: Sendable {
    /// An explicit "no action" (NSNull's role): ends the search with no action (CA-3.5).
    case noAction
    /// An action: ends the search with it.
    case action(Action)
}

/// A layer delegate's answer to "what action for this event?" (CA-3.4 step 1, CA-3.5).
public enum DelegateAnswer: Sendable {
    /// No opinion (nil): the search continues with the layer's own actions, its style chain,
    /// the engine's default actions and the built-in implicit animation, on a view-backed layer
    /// too (CA-3.5: a delegate's nil, not UIView's answer; see ``viewPolicy``).
    case continueSearch
    /// Stop the search with no action (NSNull).
    case noAction
    /// Stop the search with this action.
    case action(Action)
    /// On a view-backed layer, UIView's own answer (a UIView subclass returning
    /// `super.action(for:forKey:)`, CA-4.2): no action outside an animation block, the block's
    /// animation inside one (none for `contents` and the shadow, CA-4.9). On another layer the
    /// same as ``continueSearch``.
    case viewPolicy
}

/// A layer's delegate (CALayerDelegate's `actionForLayer:forKey:` role). Called on the
/// changing thread, before the new value is stored (CA-2.6), with no engine lock held, so it may
/// read the layer (it sees the old value).
public struct LayerDelegate: Sendable {
    /// Answers for an event key: a property name or one of ``LayerEvent``'s keys.
    public var action: (@Sendable (_ layer: Layer, _ event: String) -> DelegateAnswer)?

    /// Creates a delegate.
    public init(action: (@Sendable (_ layer: Layer, _ event: String) -> DelegateAnswer)? = nil) {
        self.action = action
    }
}

/// A layer style (CALayer.style's role): `actions` searched after the layer's own, then the
/// nested `style`, and so on (CA-3.4 step 3).
public final class LayerStyle: @unchecked Sendable {
    /// The style's actions.
    public let actions: [String: ActionEntry]
    /// The next style in the chain. Immutable after init (hence Sendable); a `var` only so
    /// that deinit can release a long chain node by node instead of recursively (R13).
    public private(set) var style: LayerStyle?

    /// Creates a style.
    public init(actions: [String: ActionEntry] = [:], style: LayerStyle? = nil) {
        self.actions = actions
        self.style = style
    }

    deinit {
        var rest = style
        style = nil
        while var node = rest {
            rest = nil
            guard isKnownUniquelyReferenced(&node) else { break }
            rest = node.style
            node.style = nil
        }
    }
}

/// Event keys that are not properties (CA-3.2, CA-3.3).
public enum LayerEvent {
    /// The layer joins a committed tree, or is unhidden.
    public static let orderIn = "onOrderIn"
    /// The layer leaves a committed tree, or is hidden.
    public static let orderOut = "onOrderOut"
    /// Posted on a committed superlayer when a sublayer is added or removed.
    public static let sublayers = "sublayers"
    /// Posted on the layer that replaces another with `replaceSublayer`.
    public static let transition = "transition"
}

/// Per-layer action state, out of the layer slot since most layers have none.
final class LayerExtras {
    var actions: [String: ActionEntry] = [:]
    var delegate: LayerDelegate? = nil
    var style: LayerStyle? = nil
    /// R11: the built-in UIView policy is the delegate.
    var isViewBacked = false
    /// The layer's mask (RS-5.1), held by one engine reference; nil for none.
    var mask: LayerID? = nil
    /// For a mask: the layer it masks.
    var maskHost: LayerID? = nil
}

/// What the search decided (lock held).
enum Found {
    case none
    /// The built-in implicit animation (R6).
    case implicit
    /// The view-backed policy inside an animation block (R11).
    case viewBlock(ViewBlock)
    case action(Action)

    init(_ entry: ActionEntry) {
        switch entry {
        case .noAction: self = .none
        case .action(let a): self = .action(a)
        }
    }
}

/// A custom action or an event to run once the engine lock is released.
struct Followups {
    var customs: [(action: @Sendable (Layer, String) -> Void, layer: LayerID, event: String)] = []
    var events: [(layer: LayerID, event: String)] = []

    var isEmpty: Bool { customs.isEmpty && events.isEmpty }
}

extension Engine {
    /// The search after the delegate (CA-3.4 steps 2–4, R5): the layer's actions, its style
    /// chain, the engine's default actions, then the built-in implicit animation for animatable
    /// properties; other events default to no action. Lock held.
    func searchAfterDelegate(_ slot: Int32, event: String, animatable: Bool) -> Found {
        if let extras = slots[Int(slot)].extras {
            if let entry = extras.actions[event] { return Found(entry) }
            var style = extras.style
            while let s = style {
                if let entry = s.actions[event] { return Found(entry) }
                style = s.style
            }
        }
        // Most engines set no default actions: skip hashing the event name (issue 12).
        if !defaultActions.isEmpty, let entry = defaultActions[event] { return Found(entry) }
        return animatable ? .implicit : .none
    }

    /// The whole search with the delegate's answer already known (or no delegate). Lock held.
    func search(_ slot: Int32, event: String, animatable: Bool, answer: DelegateAnswer?, in s: TransactionStack) -> Found {
        // R11, CA-4.2: the view is the delegate of a view-backed layer. A host delegate set on
        // it overrides actionForLayer:forKey: (CA-4.1): its nil continues the layer's own search,
        // as a delegate's nil does in CALayer (CA-3.5), inside and outside blocks alike; its
        // call to super is `.viewPolicy`. With no host delegate the view answers.
        var viewAnswers = answer == nil
        if let answer {
            switch answer {
            case .noAction: return .none
            case .action(let a): return .action(a)
            case .continueSearch: break
            case .viewPolicy: viewAnswers = true
            }
        }
        if viewAnswers, slots[Int(slot)].extras?.isViewBacked == true {
            // UIView: "no action" outside an animation block.
            guard let block = s.viewBlocks.last else { return .none }
            return animatable && Self.viewAnimates(event) ? .viewBlock(block) : .none
        }
        return searchAfterDelegate(slot, event: event, animatable: animatable)
    }

    /// Whether UIKit's view policy animates a property inside a block (CA-4.9, CA-16): not the
    /// shadow's offset, opacity or radius, and never a layer's `contents`.
    static func viewAnimates(_ event: String) -> Bool {
        switch event {
        case "shadowOffset", "shadowOpacity", "shadowRadius", "contents": return false
        default: return true
        }
    }

    /// The host delegate to ask before a change, if the search must consult one; on a
    /// view-backed layer it answers before the view policy (CA-4.1). Lock held.
    func hostDelegate(_ slot: Int32) -> (@Sendable (Layer, String) -> DelegateAnswer)? {
        slots[Int(slot)].extras?.delegate?.action
    }

    /// Runs what `found` says for `event` on `slot`. Animations are added under the event key
    /// (CA-3.10); custom actions are queued in `followups` to run without the lock. Lock held.
    func run(_ found: Found, event: String, on slot: Int32, property: PropertyInfo?, in s: TransactionStack, followups: inout Followups) {
        switch found {
        case .none, .implicit, .viewBlock:
            break  // property changes handle these in setLocked
        case .action(.custom(let f)):
            followups.customs.append((f, handle(slot), event))
        case .action(.animation(var a)):
            if a.keyPath == nil, let property {
                switch a.kind {
                case .basic, .spring, .keyframe: a.keyPath = property.name
                default: break
                }
            }
            // An action's animation that cannot be added (say, an unknown key path) is skipped:
            // the change itself has already happened.
            _ = try? addAnimationLocked(a, forKey: event, slot: slot, in: s)
        }
    }

    /// Whether posting the non-property `event` on `slot` now could run anything (R5): false
    /// when ``post(_:to:)`` would stop before its search (a layer never committed, actions
    /// disabled in `s`, the calling thread's transaction) or its search would find no action —
    /// no host delegate to ask, and neither the layer's actions, its style chain nor the
    /// engine's default actions hold an entry for `event` (an explicit "no action" entry runs
    /// nothing either). A tree edit asks this before posting its events (issue 29 item 4):
    /// nearly every edit then skips the post. Lock held.
    @inline(__always)
    func eventMayReact(_ slot: Int32, _ event: @autoclosure () -> String, in s: TransactionStack) -> Bool {
        guard slots[head: Int(slot)].everCommitted, !s.disableActions else { return false }
        // No delegate, actions or style, and no default actions: nothing to search.
        if slots[Int(slot)].extras == nil && defaultActions.isEmpty { return false }
        return eventMayReactSearching(slot, event())
    }

    /// ``eventMayReact(_:_:in:)`` past its first checks. Lock held.
    @inline(never)
    private func eventMayReactSearching(_ slot: Int32, _ event: String) -> Bool {
        // `searchAfterDelegate`'s order (actions, style chain, default actions), answering
        // whether the entry found runs anything: an explicit "no action" does not.
        func runs(_ entry: ActionEntry) -> Bool {
            if case .noAction = entry { return false }
            return true
        }
        if let extras = slots[Int(slot)].extras {
            if extras.delegate?.action != nil { return true }
            if let entry = extras.actions[event] { return runs(entry) }
            var style = extras.style
            while let st = style {
                if let entry = st.actions[event] { return runs(entry) }
                style = st.style
            }
        }
        if !defaultActions.isEmpty, let entry = defaultActions[event] { return runs(entry) }
        return false  // a non-property event has no built-in action (R5)
    }

    /// Posts a non-property event (R5): searches (asking a host delegate without the lock) and
    /// runs the action. Called without the lock.
    func post(_ event: String, to layer: LayerID) {
        var delegate: (@Sendable (Layer, String) -> DelegateAnswer)? = nil
        let proceed: Bool = lock.withLock {
            guard let slot = try? resolve(layer), slots[head: Int(slot)].everCommitted,
                  !stack().disableActions else { return false }
            delegate = hostDelegate(slot)
            return true
        }
        guard proceed else { return }
        let answer = delegate.map { d in callingOut { d(Layer(engine: self, id: layer), event) } }
        var followups = Followups()
        lock.withLock {
            guard let slot = try? resolve(layer) else { return }
            let s = stack()
            let found = search(slot, event: event, animatable: false, answer: answer, in: s)
            run(found, event: event, on: slot, property: nil, in: s, followups: &followups)
        }
        runFollowups(followups)
    }

    /// Runs queued custom actions and posts queued events. Called without the lock.
    func runFollowups(_ followups: Followups) {
        for c in followups.customs { callingOut { c.action(Layer(engine: self, id: c.layer), c.event) } }
        for e in followups.events { post(e.event, to: e.layer) }
    }

    // MARK: - Configuration

    func extras(_ slot: Int32) -> LayerExtras {
        if let e = slots[Int(slot)].extras { return e }
        let e = LayerExtras()
        slots[Int(slot)].extras = e
        return e
    }

    /// Sets (or with nil removes) the layer's action entry for an event key (CA-3.4 step 2).
    package func setAction(_ entry: ActionEntry?, forKey key: String, of layer: LayerID) throws(LaminaError) {
        guard !key.isEmpty else { throw LaminaError(.invalidArgument, "an action key must not be empty") }
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            let e = extras(slot)
            if let old = e.actions[key] { graveyard.append(old) }
            e.actions[key] = entry
        }
    }

    /// Sets (or with nil removes) the engine's default action for an event key (R5's registry,
    /// `+defaultActionForKey:`'s role).
    public func setDefaultAction(_ entry: ActionEntry?, forKey key: String) throws(LaminaError) {
        guard !key.isEmpty else { throw LaminaError(.invalidArgument, "an action key must not be empty") }
        lock.withLock {
            if let old = defaultActions[key] { graveyard.append(old) }
            defaultActions[key] = entry
        }
    }

    /// Sets the layer's delegate (nil removes it).
    package func setDelegate(_ delegate: LayerDelegate?, of layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let e = extras(try resolve(layer))
            if let old = e.delegate { graveyard.append(old) }
            e.delegate = delegate
        }
    }

    /// Sets the layer's style (nil removes it).
    package func setStyle(_ style: LayerStyle?, of layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let e = extras(try resolve(layer))
            if let old = e.style { graveyard.append(old) }
            e.style = style
        }
    }

    /// Makes a layer view-backed (R11): the built-in UIView policy answers for it, "no action"
    /// outside ``animate(withDuration:delay:options:animations:completion:)`` blocks and an
    /// animation inside them (except shadowOffset, shadowOpacity and shadowRadius, which UIKit
    /// does not animate, nor `contents`; CA-4.9). A host delegate set on it answers first, as a
    /// UIView subclass overriding `actionForLayer:forKey:` does: ``DelegateAnswer/viewPolicy``
    /// is its call to super (the view policy), ``DelegateAnswer/continueSearch`` its nil (the
    /// layer's own search: actions, style, default actions, built-in implicit animation). It may
    /// ask ``isViewAnimationBlockOpen``.
    package func setViewBacked(_ viewBacked: Bool, _ layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in extras(try resolve(layer)).isViewBacked = viewBacked }
    }

    /// What the action search finds for an event key now, without running it
    /// (`-actionForKey:`'s role): nil for no action. The built-in implicit animation is reported
    /// as what a change runs: a basic animation of the property with no values (CA-3.6,
    /// CA-3.7), and for `contents` the fade transition (RS-4.8), with the transaction's duration
    /// and curve. disableActions does not change the answer (CA-16).
    package func action(forKey event: String, of layer: LayerID) throws(LaminaError) -> Action? {
        var delegate: (@Sendable (Layer, String) -> DelegateAnswer)? = nil
        try lock.withLock { () throws(LaminaError) in delegate = hostDelegate(try resolve(layer)) }
        let answer = delegate.map { d in callingOut { d(Layer(engine: self, id: layer), event) } }
        return try lock.withLock { () throws(LaminaError) -> Action? in
            let slot = try resolve(layer)
            let info = propertyInfo(named: event)
            let s = stack()
            switch search(slot, event: event, animatable: info?.animatable ?? false, answer: answer, in: s) {
            case .none: return nil
            case .action(let a): return a
            case .implicit:
                // The same animation the change would run (Engine+Properties.swift setLocked).
                var a = info?.id == .contents
                    ? Animation.transition(.fade, duration: s.duration)
                    : Animation.basic(keyPath: event, duration: s.duration)
                a.timingFunction = s.timingFunction ?? .default
                return .animation(a)
            case .viewBlock(let block):
                let v = slots[Int(slot)].model.get(info!.id, customDefault: info!.info.defaultValue)
                return .animation(viewAnimation(block, info!.info, old: v, new: v, current: v, slot: slot))
            }
        }
    }

    /// A property's info by event name, or nil for non-property events.
    func propertyInfo(named name: String) -> (id: PropertyID, info: PropertyInfo, animatable: Bool)? {
        if let b = Builtins.byName[name] {
            let info = Builtins.table[Int(b.rawValue)]
            return (b, info, info.animatable)
        }
        if let c = customByName[name] { return (c, info(of: c), true) }
        return nil
    }
}
