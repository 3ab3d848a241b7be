// SPDX-License-Identifier: Apache-2.0
// View-backed layers and UIView's block animation API (R11, CA-4.x).

/// Options of ``Engine/animate(withDuration:delay:options:animations:completion:)``, with
/// UIViewAnimationOptions' bit values (CA-4.8).
public struct ViewAnimationOptions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt64
    /// Creates options from raw bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Accepted for compatibility; Lamina lays nothing out.
    public static let layoutSubviews = ViewAnimationOptions(rawValue: 1 << 0)
    /// Accepted for compatibility; hit testing is the host's.
    public static let allowUserInteraction = ViewAnimationOptions(rawValue: 1 << 1)
    /// Non-additive properties start from the presentation value instead of the old model
    /// value (CA-4.5). Additive ones (position, bounds, transform) start smoothly either way.
    public static let beginFromCurrentState = ViewAnimationOptions(rawValue: 1 << 2)
    /// Repeat indefinitely (CA-4.6).
    public static let `repeat` = ViewAnimationOptions(rawValue: 1 << 3)
    /// Play forwards then backwards; UIKit expects it with `.repeat` (CA-4.6), Lamina alone
    /// plays one forward-and-back cycle.
    public static let autoreverse = ViewAnimationOptions(rawValue: 1 << 4)
    /// Use this block's duration even inside another block (CA-4.7).
    public static let overrideInheritedDuration = ViewAnimationOptions(rawValue: 1 << 5)
    /// Use this block's curve even inside another block (CA-4.7).
    public static let overrideInheritedCurve = ViewAnimationOptions(rawValue: 1 << 6)
    /// Use this block's repeat/autoreverse options even inside another block (CA-4.7).
    public static let overrideInheritedOptions = ViewAnimationOptions(rawValue: 1 << 9)
    /// Ease in and out (the default curve).
    public static let curveEaseInOut = ViewAnimationOptions(rawValue: 0 << 16)
    /// Ease in.
    public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 16)
    /// Ease out.
    public static let curveEaseOut = ViewAnimationOptions(rawValue: 2 << 16)
    /// Linear.
    public static let curveLinear = ViewAnimationOptions(rawValue: 3 << 16)

    /// The timing curve the options name.
    var curve: TimingFunction {
        switch (rawValue >> 16) & 0xF {
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .linear
        default: return .easeInEaseOut
        }
    }
}

/// Tracks whether every animation of one block finished (the completion's `finished`).
final class ViewBlockState: @unchecked Sendable {
    var allFinished = true
}

/// An open animation block on a thread's stack.
struct ViewBlock {
    var duration: Double
    var delay: Double
    var options: ViewAnimationOptions
    var curve: TimingFunction
    let state: ViewBlockState
    /// A spring block's spring (R17.22): numeric changes spring from the presentation value
    /// with the presentation velocity instead of following `curve`.
    var spring: SpringParameters? = nil
}

extension Engine {
    /// Runs `animations` as a UIView animation block (R11, CA-4.6, CA-4.7): changes to
    /// view-backed layers made inside animate with this block's duration, delay, curve and
    /// options — additively for position, bounds and transform, so that interrupted animations
    /// stack and stay smooth, with each block's completion still reported (CA-4.4, CA-14.3).
    /// Nested blocks inherit the outer duration, curve and options unless told to override
    /// them. A duration ≤ 0 makes the changes without animating (CA-4.6).
    ///
    /// `completion` runs at a later tick, once every animation of the block has stopped, with
    /// `finished` false if any was removed or replaced before its end (CA-4.6).
    ///
    /// - Throws: `invalidArgument` for a non-finite or negative duration or delay; errors
    ///   thrown by `animations` (the block is closed and its transaction committed first).
    public func animate(
        withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
        animations: () throws -> Void, completion: (@Sendable (_ finished: Bool) -> Void)? = nil
    ) throws {
        try beginViewAnimation(withDuration: duration, delay: delay, options: options, completion: completion)
        do {
            try animations()
        } catch {
            try? commitViewAnimation()
            throw error
        }
        try commitViewAnimation()
    }

    /// Runs `animations` as a UIView spring animation block (R17.22), UIKit's
    /// `animate(springDuration:bounce:…)`: changes to view-backed layers made inside, and
    /// implicit changes of other layers, animate as `spring` — numeric properties from the
    /// presentation value *with the presentation velocity*, so a spring that catches a running
    /// animation keeps position and velocity continuous (R17.6); other properties follow the
    /// block's options with the spring's settling duration and the default curve.
    ///
    /// ```swift
    /// try engine.animate(with: .perceptual(duration: 0.5, bounce: 0.2)) {
    ///     card.position = Point(x: 300, y: 200)   // a view-backed card springs there
    /// }
    /// ```
    ///
    /// - Throws: `invalidArgument` for a spring that cannot animate (R17.8) or a bad delay;
    ///   errors thrown by `animations` (the block is closed and committed first).
    public func animate(
        with spring: SpringParameters, delay: Double = 0, options: ViewAnimationOptions = [],
        animations: () throws -> Void, completion: (@Sendable (_ finished: Bool) -> Void)? = nil
    ) throws {
        let checked = try spring.validated()
        try beginViewAnimation(
            withDuration: checked.settlingDuration, delay: delay,
            options: options.union([.overrideInheritedDuration, .overrideInheritedCurve]), completion: completion)
        do {
            try setViewAnimationSpring(checked)
            try animations()
        } catch {
            try? commitViewAnimation()
            throw error
        }
        try commitViewAnimation()
    }

    /// Makes the calling thread's innermost open animation block a spring block (R17.22): the
    /// C ABI's `lamina_view_animation_set_spring`, right after `lamina_view_animation_begin`.
    /// The block's duration becomes the spring's settling duration; its transaction's implicit
    /// changes spring too (R17.6).
    ///
    /// - Throws: `invalidArgument` for a spring that cannot animate; `misuse` when the innermost
    ///   open transaction is not an animation block's.
    package func setViewAnimationSpring(_ spring: SpringParameters) throws(LaminaError) {
        let checked = try spring.validated()
        try lock.withLock { () throws(LaminaError) in
            let s = stack()
            guard s.explicitDepth > 0, let last = s.frames.last,
                  case .bool(let pushed)? = last.values[Self.viewAnimationMarker] else {
                throw LaminaError(.misuse, "no animation block is the innermost open transaction on this thread")
            }
            s.frames[s.frames.count - 1].spring = .some(checked)
            if pushed, !s.viewBlocks.isEmpty {
                s.viewBlocks[s.viewBlocks.count - 1].spring = checked
                s.viewBlocks[s.viewBlocks.count - 1].duration = checked.settlingDuration
            } else {
                // A block whose duration was <= 0 animates now: as a spring's.
                var block = ViewBlock(
                    duration: checked.settlingDuration, delay: 0, options: [], curve: .default, state: ViewBlockState())
                block.spring = checked
                s.viewBlocks.append(block)
                s.frames[s.frames.count - 1].values[Self.viewAnimationMarker] = .bool(true)
            }
        }
    }

    /// A spring block's change of a numeric property (R17.22): the in-flight view animations
    /// of the property (stacked additive ones included) give way to one spring from the value
    /// on screen with its velocity. False for a non-numeric value: the caller animates it with
    /// the curve. Lock held.
    func attachViewSpring(
        _ block: ViewBlock, _ spring: SpringParameters, _ slot: Int32, _ property: PropertyID, _ info: PropertyInfo,
        current: Value, new: Value, in s: TransactionStack
    ) -> Bool {
        guard current.vector != nil, new.vector != nil, current.type == new.type else { return false }
        retireViewStack(info.name, slot)
        let state = block.state
        let delegate = AnimationDelegate(didStop: { _, _, finished in
            if !finished { state.allFinished = false }
        })
        return attachImplicitSpring(
            slot, property, info, from: current, to: new, spring: spring, in: s,
            delay: block.delay, delegate: delegate)
    }

    /// Marks the stacked additive view animations of `name` ("name-2", …) replaced: they go
    /// with the commit that adds the spring taking over from them. Lock held.
    private func retireViewStack(_ name: String, _ slot: Int32) {
        let a = Int(slots[head: Int(slot)].animIndex)
        guard a >= 0 else { return }
        let prefix = name + "-"
        animated[a].animations.withUnsafeMutableBufferPointer { buf in
            for k in buf.indices where buf[k].state == .committed && buf[k].key.hasPrefix(prefix) {
                let rest = buf[k].key.dropFirst(prefix.count)
                if !rest.isEmpty, rest.allSatisfy(\.isNumber) { buf[k].state = .pendingRemoval }
            }
        }
    }

    /// Whether the calling thread is inside a UIView-style animation block that animates
    /// (duration > 0): what a host delegate on a view-backed layer asks to decide, as UIKit's
    /// `+[UIView inheritedAnimationDuration] > 0` does.
    public var isViewAnimationBlockOpen: Bool {
        lock.withLock { !stack().viewBlocks.isEmpty }
    }

    /// Marks a layer as view-backed (see ``setViewBacked(_:_:)``) — the Swift spelling.
    package func isViewBacked(_ layer: LayerID) throws(LaminaError) -> Bool {
        try lock.withLock { () throws(LaminaError) -> Bool in
            slots[Int(try resolve(layer))].extras?.isViewBacked ?? false
        }
    }

    /// The animation the view policy makes for one property change inside a block (CA-4.3,
    /// CA-4.4). Lock held.
    func viewAnimation(
        _ block: ViewBlock, _ info: PropertyInfo, old: Value, new: Value, current: Value, slot: Int32
    ) -> Animation {
        var a: Animation
        if let delta = additiveDelta(from: old, to: new, property: info.name), let zero = additiveZero(of: new) {
            // iOS 8+: from = old − new, to = zero, additive (CA-4.4).
            a = .basic(keyPath: info.name, from: delta, to: zero)
            a.isAdditive = true
            // Filling backwards holds the old value through a block's delay (CA-4.3, CA-4.6):
            // old − new added to the new model value is the old value.
            a.timing.fillMode = .both
        } else {
            // iOS 7: from the old model value (or the presentation with beginFromCurrentState),
            // no toValue: it ends on the live model value (CA-4.3, CA-4.5).
            a = .basic(keyPath: info.name, from: block.options.contains(.beginFromCurrentState) ? current : old)
            a.timing.fillMode = .both
        }
        a.timing.duration = block.duration
        if block.delay > 0 { a.timing.beginTime = localTime(slot, at: now) + block.delay }
        if block.options.contains(.repeat) { a.timing.repeatCount = .infinity }
        if block.options.contains(.autoreverse) { a.timing.autoreverses = true }
        a.timingFunction = block.curve
        let state = block.state
        a.delegate = AnimationDelegate(didStop: { _, _, finished in
            if !finished { state.allFinished = false }
        })
        return a
    }

    /// `old − new` for the properties UIKit animates additively (position, bounds, transform,
    /// cornerRadius; CA-4.4), nil for the others.
    private func additiveDelta(from old: Value, to new: Value, property: String) -> Value? {
        switch (old, new) {
        case let (.number(a), .number(b)) where property == "cornerRadius": return .number(a - b)
        case let (.point(a), .point(b)): return .point(Point(x: a.x - b.x, y: a.y - b.y))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y,
                              width: a.size.width - b.size.width, height: a.size.height - b.size.height))
        case let (.transform(a), .transform(b)):
            // Additive transforms apply the animated one first (v · underlying): v₀ · new = old.
            guard b.isInvertible else { return nil }
            return .transform(a.concatenating(b.inverted()))
        default: return nil
        }
    }

    private func additiveZero(of v: Value) -> Value? {
        switch v {
        case .point: return .point(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(.identity)
        case .number: return .number(0)
        default: return nil
        }
    }

    /// The key a view animation is stored under: the property name, or for additive ones a
    /// fresh key when one is in flight, so that they stack (CA-4.4). Lock held.
    func viewAnimationKey(_ name: String, additive: Bool, slot: Int32) -> String {
        guard additive, attachment(name, slot) != nil else { return name }
        var n = 2
        while attachment("\(name)-\(n)", slot) != nil { n += 1 }
        return "\(name)-\(n)"
    }
}
