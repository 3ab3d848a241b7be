// SPDX-License-Identifier: Apache-2.0
// Replicator time (RS-13.4): how far behind (or ahead) the instances of a layer's replicator
// ancestors run, so that the engine keeps an animation until its last instance is done and a
// host sleeping until `nextFrameTime` still sees every instance move. Every entry point here
// runs only while the engine has a replicator layer; plain trees never walk a chain for it.

extension Engine {
    /// The instance count a replicator shows for an `instanceCount` value (RS-13.1): the floor
    /// of the value clamped to 0 … `maximumInstanceCount`, so an animated count steps by
    /// whole instances and never exceeds the bound; a value that is not a number gives 1.
    @inline(__always)
    static func instanceCount(_ value: Value) -> Int {
        guard case .number(let v) = value else { return 1 }
        guard v > 0 else { return 0 }  // NaN included
        return Int(min(v, Double(maximumInstanceCount)))
    }

    /// The span of time shifts the instances above `slot` give it (RS-13.4), in engine
    /// seconds: instance k of a replicator ancestor evaluates the subtree k · instanceDelay
    /// earlier, nested replicators adding up, so the subtree is seen at times t − s for shifts
    /// s in `lo … hi` (both 0 outside every replicator; `hi` ≥ 0 ≥ `lo`, `lo` < 0 only for a
    /// negative delay). Read from the replicators' presentations at `now`. Only a replicator's
    /// sublayers are shifted, not the replicator itself; a mask (which has no superlayer) is not
    /// followed to its host. Walks the superlayer chain: call only when `replicatorLayers > 0`.
    /// Lock held.
    func instanceShift(_ slot: Int32) -> (lo: Double, hi: Double) {
        var lo = 0.0, hi = 0.0
        var s = slots[Int(slot)].parent
        while s >= 0 {
            if slots[Int(s)].kind == .replicator {
                let n = Engine.instanceCount(presentationValue(s, .instanceCount, .null, at: now) ?? .null)
                if n > 1, case .number(let d)? = presentationValue(s, .instanceDelay, .null, at: now) {
                    let span = Double(n - 1) * d
                    if span > 0 { hi += span } else if span < 0 { lo += span }
                }
            }
            s = slots[Int(s)].parent
        }
        return (lo, hi)
    }

    /// `instanceShift(_:)` looked up once: `cached` holds it after the first call (start
    /// with nil, or (0, 0) to look nothing up). Lock held.
    @inline(__always)
    func instanceShift(_ slot: Int32, cached: inout (lo: Double, hi: Double)?) -> (lo: Double, hi: Double) {
        if let span = cached { return span }
        let span = instanceShift(slot)
        cached = span
        return span
    }

    /// The layer time at which `slot`'s finished animations are judged at engine time `time`:
    /// that of its most delayed replicator instance, so that a finite animation is retired
    /// (removedOnCompletion) only once every instance has played it to its end (RS-13.4).
    /// Just the layer's time outside replicators. Lock held.
    @inline(__always)
    func retirementTime(_ slot: Int32, at time: Double) -> Double {
        guard replicatorLayers > 0 else { return localTime(slot, at: time) }
        return localTime(slot, at: time - instanceShift(slot).hi)
    }

    /// Checks the values of an explicit animation of `instanceCount` against the bound
    /// (RS-13.1): `fromValue`, `toValue` and keyframe values in 0 … `maximumInstanceCount`,
    /// `byValue` at most that in magnitude. What a frame computes beyond them (additive or
    /// cumulative sums, a spring's overshoot) is clamped to the bound when drawn.
    static func checkInstanceCountValues(_ a: Animation) throws(LaminaError) {
        let bound = Double(maximumInstanceCount)
        var values = [a.fromValue, a.toValue].compactMap { $0 }
        if case .keyframe(let spec, _, _) = a.kind { values += spec.values }
        for case .number(let v) in values where !(v >= 0 && v <= bound) {
            throw LaminaError(
                .invalidArgument,
                "'instanceCount' animates within 0…\(maximumInstanceCount) (RS-13.1), got \(v)")
        }
        if case .number(let by)? = a.byValue, !(abs(by) <= bound) {
            throw LaminaError(
                .invalidArgument,
                "'instanceCount' animates by at most \(maximumInstanceCount) (RS-13.1), got \(by)")
        }
    }
}
