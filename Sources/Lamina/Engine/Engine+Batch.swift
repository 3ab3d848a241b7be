// SPDX-License-Identifier: Apache-2.0
// One key on many layers in one call (the C ABI's lamina_layers_* functions): the lock is
// taken, and the key resolved, once per run of layers instead of once per layer, so a batch
// costs about one property write or read per element (docs/architecture.md#layer-storage).

/// A failure in a batch: the index of the layer it happened at, and the error.
package struct BatchFailure: Error {
    package let index: Int
    package let error: LaminaError
}

extension Engine {
    /// Sets `key` on `layer(i)` to `value(i)` for i in 0..<count, in order, exactly as that
    /// many calls of ``setValue(_:forKeyBytes:of:)`` would: a layer whose change needs the host
    /// (a delegate to ask before the change, custom actions or events to run after it) ends the
    /// locked run, and the host code runs with no lock held before the next layer, so every
    /// observable order is the single calls' one. The first failure stops the batch; the
    /// layers before it keep their changes.
    package func setValues(
        forKeyBytes bytes: UnsafeBufferPointer<UInt8>, count: Int,
        layer: (Int) -> LayerID, value: (Int) -> Value
    ) throws(BatchFailure) {
        var i = 0
        while i < count {
            var followups = Followups()
            var needsHost = false
            var failure: LaminaError? = nil
            lock.lock()
            do throws(LaminaError) {
                var key = ResolvedKey.whole(.bounds)
                var info = Builtins.table[0]
                var resolved = false
                while i < count {
                    let v = value(i)
                    // The single call's order of checks: the layer, then the key, then the value.
                    let slot = try resolve(layer(i))
                    if !resolved {
                        key = try resolveKey(bytes)
                        info = self.info(of: key.property)
                        resolved = true
                    }
                    try checkKind(slot, key.property)
                    try check(v, for: key, info)
                    if hostDelegate(slot) != nil, searchNeeded(slot, key, info, v) {
                        needsHost = true
                        break
                    }
                    setLocked(slot, key, info, v, answer: nil, followups: &followups)
                    i += 1
                    if !followups.isEmpty { break }
                }
            } catch {
                failure = error
            }
            lock.unlock()
            if let failure { throw BatchFailure(index: i, error: failure) }
            if !followups.isEmpty { runFollowups(followups) }
            if needsHost {
                do throws(LaminaError) {
                    try setValue(value(i), forKeyBytes: bytes, of: layer(i))
                } catch {
                    throw BatchFailure(index: i, error: error)
                }
                i += 1
            }
        }
    }

    /// Reads the model value of `key` of `layer(i)` for i in 0..<count under one lock, handing
    /// each to `write(i, value)` (which runs with the lock held and must not call the engine).
    package func values(
        forKeyBytes bytes: UnsafeBufferPointer<UInt8>, count: Int,
        layer: (Int) -> LayerID, write: (Int, Value) throws(LaminaError) -> Void
    ) throws(BatchFailure) {
        var i = 0
        do throws(LaminaError) {
            try lock.withLock { () throws(LaminaError) in
                var key = ResolvedKey.whole(.bounds)
                var resolved = false
                while i < count {
                    let slot = try resolve(layer(i))
                    if !resolved {
                        key = try resolveKey(bytes)
                        resolved = true
                    }
                    try checkKind(slot, key.property)
                    try write(i, modelValue(slot, key))
                    i += 1
                }
            }
        } catch {
            throw BatchFailure(index: i, error: error)
        }
    }

    /// Reads the presentation value of `key` of `layer(i)` at `time` (the engine's current
    /// time when nil) for i in 0..<count under one lock, handing each to `write(i, value)`:
    /// nil for a layer never committed (R3). `write` runs with the lock held and must not call
    /// the engine.
    package func presentationValues(
        forKeyBytes bytes: UnsafeBufferPointer<UInt8>, count: Int, at time: Double?,
        layer: (Int) -> LayerID, write: (Int, Value?) throws(LaminaError) -> Void
    ) throws(BatchFailure) {
        var i = 0
        do throws(LaminaError) {
            if let time, !time.isFinite {
                throw LaminaError(.invalidArgument, "presentation time must be finite, got \(time)")
            }
            try lock.withLock { () throws(LaminaError) in
                var key = ResolvedKey.whole(.bounds)
                var customDefault = Value.null
                var resolved = false
                let t = time ?? now
                while i < count {
                    let slot = try resolve(layer(i))
                    if !resolved {
                        key = try resolveKey(bytes)
                        customDefault = key.property.isCustom ? info(of: key.property).defaultValue : .null
                        resolved = true
                    }
                    try checkKind(slot, key.property)
                    let v = presentationValue(slot, key.property, customDefault, at: t)
                    try write(i, key.component == .whole ? v : v.map { key.component.extract(from: $0) })
                    i += 1
                }
            }
        } catch {
            throw BatchFailure(index: i, error: error)
        }
    }
}
