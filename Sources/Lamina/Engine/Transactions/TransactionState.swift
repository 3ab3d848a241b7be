// SPDX-License-Identifier: Apache-2.0
// Per-thread transaction stacks (CA-2.x, R2, R12). Everything here is touched only under the
// engine lock.

/// A completion callback registered on a transaction (CA-2.9, CA-16).
///
/// It waits for the animations added after it was set in its transaction group, and for the
/// transaction it was set on to commit; it then runs at a tick after that commit.
final class CompletionRecord {
    let callback: () -> Void
    /// Animations still attached that this record waits for.
    var pendingAnimations = 0
    /// The tick count at which the transaction it was set on committed; nil until then.
    var committedAtTick: UInt64? = nil
    /// Set once handed to the ready list, so it is never queued twice.
    var queued = false

    init(callback: @escaping () -> Void) { self.callback = callback }

    var isReady: Bool { committedAtTick != nil && pendingAnimations == 0 }
}

/// One transaction on a thread's stack: explicit (begin/commit) or the implicit one.
struct TransactionFrame {
    let isImplicit: Bool
    /// Values set in this frame only (CA-2.8); reads search outward.
    var duration: Double? = nil
    /// `.some(nil)` means explicitly set to nil in this frame.
    var timingFunction: TimingFunction?? = nil
    var disableActions: Bool? = nil
    /// A spring for implicit animations (R17.6); `.some(nil)` hides an outer frame's.
    var spring: SpringParameters?? = nil
    /// `.some(false)` after setting nil: the getter reads "none" (CA-16).
    var completionVisible: Bool? = nil
    var values: [String: Value] = [:]
    /// Completions set on this frame; they commit with it.
    var completions: [CompletionRecord] = []
}

/// A thread's stack of transactions for one engine.
final class TransactionStack {
    /// frames[0] is the implicit transaction when `hasImplicit`; explicit frames follow.
    var frames: [TransactionFrame] = [] {
        // The effective settings are read on every change: computed here, once per edit of
        // the stack, instead of a walk of the frames per change (issue 12).
        didSet { settle() }
    }
    var hasImplicit = false
    /// flush() was called while explicit transactions were open (CA-2.5).
    var flushRequested = false
    /// Layers changed in the current transaction group, with their generation.
    var dirty = PlainStack<(slot: Int32, generation: UInt32)>()
    /// The list `Engine.publish` walks: it takes `dirty`'s contents (leaving `dirty` empty).
    var publishing = PlainStack<(slot: Int32, generation: UInt32)>()
    /// A small identifier used to avoid adding a layer twice to `dirty`.
    let mark: UInt32
    /// Open UIView-style animation blocks (R11), innermost last.
    var viewBlocks: [ViewBlock] = []
    /// The property animator whose block runs on this thread (R17.10): changes become its
    /// animations instead of searching for actions.
    var animatorCapture: PropertyAnimator? = nil

    init(mark: UInt32) { self.mark = mark }

    var explicitDepth: Int { frames.count - (hasImplicit ? 1 : 0) }

    /// The innermost frame, creating the implicit transaction if none is open (CA-2.4).
    @inline(__always)
    func ensureOpen() {
        if frames.isEmpty { openImplicit() }
    }

    @inline(never)
    private func openImplicit() {
        frames.append(TransactionFrame(isImplicit: true))
        hasImplicit = true
    }

    /// The innermost frame's duration, else 0.25 s (CA-2.4). Kept current by `settle`.
    private(set) var duration: Double = 0.25

    /// The innermost frame's timing function, if any frame set one. Kept current by `settle`.
    private(set) var timingFunction: TimingFunction? = nil

    /// The innermost frame's disableActions, else false (CA-2.4). Kept current by `settle`.
    private(set) var disableActions = false

    /// The innermost frame's spring, if any frame set one (R17.6). Kept current by `settle`.
    private(set) var spring: SpringParameters? = nil

    /// Whether an open frame has a completion block (`openCompletions` is not empty). Kept
    /// current by `settle`: every implicit change asks.
    private(set) var hasOpenCompletions = false

    /// The engine's curve index for `timingFunction ?? .default`, or -1 until
    /// `Engine.curveID(for:)` looks it up; forgotten whenever the frames change.
    var curve: Int32 = -1

    /// Recomputes the effective settings from the frames, innermost first.
    private func settle() {
        var d: Double? = nil
        var t: TimingFunction?? = nil
        var a: Bool? = nil
        var sp: SpringParameters?? = nil
        hasOpenCompletions = frames.contains { !$0.completions.isEmpty }
        for f in frames.reversed() {
            if d == nil { d = f.duration }
            if t == nil { t = f.timingFunction }
            if a == nil { a = f.disableActions }
            if sp == nil { sp = f.spring }
            if d != nil, t != nil, a != nil, sp != nil { break }
        }
        duration = d ?? 0.25
        timingFunction = t ?? nil
        disableActions = a ?? false
        spring = sp ?? nil
        curve = -1
    }

    var hasCompletion: Bool {
        for f in frames.reversed() { if let v = f.completionVisible { return v } }
        return false
    }

    func value(forKey key: String) -> Value? {
        for f in frames.reversed() { if let v = f.values[key] { return v } }
        return nil
    }

    /// Every completion an animation added now must wait for: those set so far in any open
    /// frame of this group (CA-2.9 "added after the block was set").
    var openCompletions: [CompletionRecord] {
        var out: [CompletionRecord] = []
        for f in frames where !f.completions.isEmpty { out.append(contentsOf: f.completions) }
        return out
    }
}
