// SPDX-License-Identifier: Apache-2.0
// One key on many layers in one call (the C ABI's lamina_layers_* functions): the lock is
// taken, and the key resolved, once per run of layers instead of once per layer, so a batch
// costs about one property write or read per element (docs/architecture.md#layer-storage).

extension Engine {
    /// How far ahead a batch loop asks for slots: far enough for a DRAM miss to land while the
    /// elements between are worked on, near enough to stay in L1.
    static let prefetchDistance = 16

    /// Starts loading what element `i + prefetchDistance` of a batch will read: its slot's
    /// first lines, or for a presentation read of a layer with animations, its `animated` entry
    /// instead (its first two animation records are inline there, AnimationList; such a read
    /// finds its value there without the slot). The slot heads that decide are a dense array
    /// the hardware streams. Hints only: nothing observable changes. Lock held.
    @inline(__always)
    func prefetchAhead(_ layers: UnsafePointer<UInt64>, _ i: Int, _ count: Int, animations: Bool) {
        guard i + Self.prefetchDistance < count else { return }
        let s = Int(LayerID(rawValue: layers[i + Self.prefetchDistance]).slot)
        if animations, UInt(bitPattern: s) < UInt(bitPattern: slots.count), slots[head: s].animIndex >= 0 {
            animated.prefetch(Int(slots[head: s].animIndex))
        } else {
            slots.prefetchHead(s)
        }
    }
}

/// A failure in a batch: the index of the layer it happened at, and the error.
package struct BatchFailure: Error {
    package let index: Int
    package let error: LaminaError
}

/// The values of a batch set, read in place from the caller's array.
package enum BatchInput {
    /// `count` numbers.
    case numbers(UnsafePointer<Double>)
    /// `count` points, each an (x, y) pair of doubles.
    case points(UnsafePointer<Double>)

    /// Whether element `i` passes `Value.isFiniteAndBounded`.
    @inline(__always)
    func isFiniteAndBounded(_ i: Int) -> Bool {
        switch self {
        case .numbers(let p): return p[i].magnitude <= Value.maximumMagnitude
        case .points(let p):
            return p[2 * i].magnitude <= Value.maximumMagnitude && p[2 * i + 1].magnitude <= Value.maximumMagnitude
        }
    }

    /// Element `i` as a ``Value`` (for the general path).
    @inline(__always)
    func value(_ i: Int) -> Value {
        switch self {
        case .numbers(let p): return .number(p[i])
        case .points(let p): return .point(Point(x: p[2 * i], y: p[2 * i + 1]))
        }
    }
}

/// Where a batch read stores the values of the typed fast path (whole inline number or point
/// properties, ``ScalarRead``); every other value goes to the batch's `write` closure.
package enum BatchOutput {
    /// `count` numbers.
    case numbers(UnsafeMutablePointer<Double>)
    /// `count` points, each an (x, y) pair of doubles.
    case points(UnsafeMutablePointer<Double>)

    /// Whether a fast-path read of `key` gives this output's type.
    @inline(__always)
    func fits(_ key: ResolvedKey) -> Bool {
        guard Engine.isInlineScalar(key) else { return false }
        let isNumber = key.property == .opacity || key.property == .zPosition
        if case .numbers = self { return isNumber }
        return !isNumber
    }

    /// Stores a fast-path value at `i`; false when it is not of this output's type.
    @inline(__always)
    func store(_ r: ScalarRead, at i: Int) -> Bool {
        switch (self, r) {
        case (.numbers(let p), .number(let n)):
            p[i] = n
        case (.points(let p), .point(let q)):
            p[2 * i] = q.x
            p[2 * i + 1] = q.y
        default:
            return false
        }
        return true
    }
}

extension Engine {
    /// Sets `key` on `layers[i]` to element i of `values` for i in 0..<count, in order, exactly
    /// as that many calls of ``setValue(_:forKeyBytes:of:)`` would: a layer whose change needs
    /// the host (a delegate to ask before the change, custom actions or events to run after
    /// it) ends the locked run, and the host code runs with no lock held before the next
    /// layer, so every observable order is the single calls' one. The first failure stops the
    /// batch; the layers before it keep their changes.
    ///
    /// A whole inline property of the values' type (opacity, zPosition for numbers; position,
    /// anchorPoint for points) set where no action is searched for (the layer was never
    /// committed, or actions are disabled) takes the setter's fast path in the loop itself:
    /// the field is compared and stored directly, as `setLocked` does then.
    package func setValues(
        forKeyBytes bytes: UnsafeBufferPointer<UInt8>, count: Int,
        layers: UnsafePointer<UInt64>, values: BatchInput
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
                var fast = false
                // The calling thread's stack and whether it disables actions: fixed while the
                // lock is held and no host code runs (recomputed after a general-path element).
                // Unretained (the engine's `stacks` holds it): a retain and release per element
                // were two atomic operations, most of an element's time (issue 12).
                var stack: Unmanaged<TransactionStack>? = nil
                var disabled = false
                var opened = false
                while i < count {
                    prefetchAhead(layers, i, count, animations: false)
                    // The single call's order of checks: the layer, then the key, then the value.
                    let index = try resolveIndex(LayerID(rawValue: layers[i]))
                    let slot = Int32(truncatingIfNeeded: index)
                    if !resolved {
                        key = try resolveKey(bytes)
                        info = self.info(of: key.property)
                        resolved = true
                        switch values {
                        case .numbers: fast = Self.isInlineScalar(key) && (key.property == .opacity || key.property == .zPosition)
                        case .points: fast = Self.isInlineScalar(key) && (key.property == .position || key.property == .anchorPoint)
                        }
                    }
                    if fast {
                        // The calling thread's stack, as `setLocked` takes it (so not for a
                        // value `check` rejects), once per locked run.
                        if stack == nil, values.isFiniteAndBounded(i) {
                            let s = self.stack()
                            stack = Unmanaged.passUnretained(s)
                            disabled = s.disableActions
                        }
                        if let u = stack, u._withUnsafeGuaranteedRef({
                            setInlineFast(index, key.property, values, i, $0, disabled, &opened)
                        }) {
                            i += 1
                            continue
                        }
                        stack = nil  // the general path may open a frame: read the stack again
                        opened = false
                    }
                    let v = values.value(i)
                    // The fast keys belong to every kind; others may not (UNKNOWN_KEY).
                    try checkKey(slot, key)
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
                    try setValue(values.value(i), forKeyBytes: bytes, of: LayerID(rawValue: layers[i]))
                } catch {
                    throw BatchFailure(index: i, error: error)
                }
                i += 1
            }
        }
    }

    /// The batch setter's fast path for element `i`: a finite, bounded value of a whole inline
    /// number or point property, on a layer where no action is searched for (never committed,
    /// or actions disabled), is compared with the field and, if it differs, stored after the
    /// layer is marked dirty (`setInlineWithoutSearch`'s steps). false (having done nothing)
    /// when the element needs the general path: a value `check` rejects, or an action search.
    /// `opened` is false until this run's first `markDirty` (which opens the transaction if
    /// needed); after it, `markDirty` is skipped for a layer it already recorded in this
    /// transaction with its snapshot taken, where it would do nothing. The comparison and store
    /// are written out per property rather than taken from the single setter's `field` and
    /// `store` (Engine+SetFastPath.swift), which cost ~20 more instructions per element here.
    /// Lock held.
    @inline(__always)
    private func setInlineFast(
        _ s: Int, _ property: PropertyID, _ values: BatchInput, _ i: Int,
        _ stack: TransactionStack, _ disabled: Bool, _ opened: inout Bool
    ) -> Bool {
        let ls = slots.pointer(s)
        guard disabled || !slots[head: s].everCommitted else { return false }
        let slot = Int32(truncatingIfNeeded: s)
        let limit = Value.maximumMagnitude
        switch values {
        case .numbers(let p):
            let v = p[i]
            guard v.magnitude <= limit else { return false }
            if property == .opacity {
                if ls.pointee.model.opacity == v { return true }
                dirty(ls, slot, stack, &opened)
                ls.pointee.model.opacity = v
            } else {
                if ls.pointee.model.zPosition == v { return true }
                dirty(ls, slot, stack, &opened)
                ls.pointee.model.zPosition = v
            }
        case .points(let p):
            let v = Point(x: p[2 * i], y: p[2 * i + 1])
            guard v.x.magnitude <= limit, v.y.magnitude <= limit else { return false }
            if property == .position {
                if ls.pointee.model.position == v { return true }
                dirty(ls, slot, stack, &opened)
                ls.pointee.model.position = v
            } else {
                if ls.pointee.model.anchorPoint == v { return true }
                dirty(ls, slot, stack, &opened)
                ls.pointee.model.anchorPoint = v
            }
        }
        return true
    }

    /// `markDirty(slot, in: stack)`, skipped when it would do nothing (see `setInlineFast`).
    @inline(__always)
    private func dirty(
        _ ls: UnsafeMutablePointer<LayerSlot>, _ slot: Int32, _ stack: TransactionStack, _ opened: inout Bool
    ) {
        if opened, ls.pointee.dirtyMark == stack.mark, ls.pointee.snapshot >= 0 || !slots[head: Int(slot)].everCommitted { return }
        markDirty(slot, in: stack)
        opened = true
    }

    /// Reads the model value of `key` of `layers[i]` for i in 0..<count under one lock. A
    /// whole inline property of `out`'s type is stored in `out` directly; any other value is
    /// handed to `write(i, value)` (which runs with the lock held and must not call the
    /// engine).
    package func values(
        forKeyBytes bytes: UnsafeBufferPointer<UInt8>, count: Int, layers: UnsafePointer<UInt64>,
        into out: BatchOutput, write: (Int, Value) throws(LaminaError) -> Void
    ) throws(BatchFailure) {
        var i = 0
        lock.lock()
        defer { lock.unlock() }
        do throws(LaminaError) {
            var key = ResolvedKey.whole(.bounds)
            var resolved = false
            var fast = false
            while i < count {
                prefetchAhead(layers, i, count, animations: false)
                let index = try resolveIndex(LayerID(rawValue: layers[i]))
                let slot = Int32(truncatingIfNeeded: index)
                if !resolved {
                    key = try resolveKey(bytes)
                    resolved = true
                    fast = out.fits(key)
                }
                if !fast || !out.store(modelScalar(index, key), at: i) {
                    try checkKey(slot, key)
                    try write(i, modelValue(slot, key))
                }
                i += 1
            }
        } catch {
            throw BatchFailure(index: i, error: error)
        }
    }

    /// Reads the presentation value of `key` of `layers[i]` at `time` (the engine's current
    /// time when nil) for i in 0..<count under one lock. A whole inline property of `out`'s
    /// type is stored in `out` directly when the typed fast path can read it; any other value
    /// is handed to `write(i, value)`: nil for a layer never committed (R3). `write` runs with
    /// the lock held and must not call the engine.
    package func presentationValues(
        forKeyBytes bytes: UnsafeBufferPointer<UInt8>, count: Int, at time: Double?,
        layers: UnsafePointer<UInt64>, into out: BatchOutput, write: (Int, Value?) throws(LaminaError) -> Void
    ) throws(BatchFailure) {
        var i = 0
        do throws(LaminaError) {
            if let time, !time.isFinite {
                throw LaminaError(.invalidArgument, "presentation time must be finite, got \(time)")
            }
            lock.lock()
            defer { lock.unlock() }
            var key = ResolvedKey.whole(.bounds)
            var customDefault = Value.null
            var resolved = false
            var fast = false
            let t = time ?? now
            let current = t == now
            while i < count {
                prefetchAhead(layers, i, count, animations: true)
                let index = try resolveIndex(LayerID(rawValue: layers[i]))
                let slot = Int32(truncatingIfNeeded: index)
                if !resolved {
                    key = try resolveKey(bytes)
                    customDefault = key.property.isCustom ? info(of: key.property).defaultValue : .null
                    resolved = true
                    fast = out.fits(key)
                }
                if fast, let r = presentationScalar(index, key, current: current), out.store(r, at: i) {
                    i += 1
                    continue
                }
                try checkKey(slot, key)
                let v = presentationValue(slot, key.property, customDefault, at: t)
                try write(i, key.component == .whole ? v : v.map { key.component.extract(from: $0) })
                i += 1
            }
        } catch {
            throw BatchFailure(index: i, error: error)
        }
    }
}
