// SPDX-License-Identifier: Apache-2.0
// UIView's block API as a begin/commit pair, for callers that cannot pass a closure (the C
// ABI's lamina_view_animation_begin/commit); ``Engine/animate(withDuration:delay:options:
// animations:completion:)`` is this pair around its closure.

extension Engine {
    /// The key of the marker that the block's own transaction frame carries: it tells
    /// ``commitViewAnimation()`` that the innermost transaction is a block's and whether the
    /// block was pushed. U+0001 keeps it out of the way of host keys.
    static let viewAnimationMarker = "\u{1}viewAnimation"

    /// Opens an animation block on the calling thread, as
    /// ``animate(withDuration:delay:options:animations:completion:)`` does before it runs its
    /// closure: begins a transaction, sets the completion on it, and pushes the block, with the
    /// inheritance rules of nested blocks (CA-4.7), unless its duration is ≤ 0 (CA-4.6). Close
    /// it with ``commitViewAnimation()``.
    ///
    /// - Throws: `invalidArgument` for a non-finite duration or a non-finite or negative delay,
    ///   `outOfMemory` when transactions nest too deeply. Nothing changes then.
    package func beginViewAnimation(
        withDuration duration: Double, delay: Double, options: ViewAnimationOptions,
        completion: (@Sendable (_ finished: Bool) -> Void)?
    ) throws(LaminaError) {
        guard duration.isFinite, delay.isFinite, delay >= 0 else {
            throw LaminaError(.invalidArgument, "animation block duration and delay must be finite, delay >= 0")
        }
        let state = ViewBlockState()
        let t = transaction
        try t.begin()
        if let completion { t.setCompletion { completion(state.allFinished) } }
        lock.withLock {
            let s = stack()
            var block = ViewBlock(duration: duration, delay: delay, options: options, curve: options.curve, state: state)
            if let outer = s.viewBlocks.last {
                if !options.contains(.overrideInheritedDuration) { block.duration = outer.duration }
                if !options.contains(.overrideInheritedCurve) { block.curve = outer.curve }
                if !options.contains(.overrideInheritedOptions) {
                    let inherited: ViewAnimationOptions = [.repeat, .autoreverse]
                    block.options = options.subtracting(inherited).union(outer.options.intersection(inherited))
                }
            }
            let pushed = block.duration > 0
            if pushed { s.viewBlocks.append(block) }
            // The frame just begun is the innermost: mark it as this block's.
            s.frames[s.frames.count - 1].values[Self.viewAnimationMarker] = .bool(pushed)
        }
    }

    /// Closes the calling thread's innermost block opened by
    /// ``beginViewAnimation(withDuration:delay:options:completion:)``: pops it and commits its
    /// transaction, as `animate` does after its closure.
    ///
    /// - Throws: `misuse` when the innermost open transaction is not such a block's (none is
    ///   open, or a transaction begun inside it is still open); nothing changes then.
    package func commitViewAnimation() throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let s = stack()
            guard s.explicitDepth > 0, let last = s.frames.last,
                  case .bool(let pushed)? = last.values[Self.viewAnimationMarker] else {
                throw LaminaError(
                    .misuse,
                    "no animation block begun by lamina_view_animation_begin() is the innermost open transaction on this thread")
            }
            if pushed { _ = s.viewBlocks.popLast() }
            s.frames[s.frames.count - 1].values[Self.viewAnimationMarker] = nil
        }
        // Only this thread touches its own stack, so the frame checked above is still the
        // innermost explicit one.
        try transaction.commit()
    }
}
