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
