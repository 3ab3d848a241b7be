// SPDX-License-Identifier: Apache-2.0
// Typed fast paths for the hot reads (issue 12): a whole inline number or point property
// (opacity, zPosition, position, anchorPoint) is read straight from its stored field, and its
// presentation from its implicit animation's lanes, without building a `Value`, copying the
// layer or its animation records. Anything else answers `.general(key)` and the caller reads
// the general way (`value(of:forKey:)`, `presentationValue(_:_:_:at:)`), so the fast paths only
// ever return what the general ones would (Tests/LaminaTests/ReadFastPathTests.swift pins that).

/// A property value read without building a ``Value`` (the engine's typed fast paths).
package enum ScalarRead: Equatable, Sendable {
    /// A number property's value.
    case number(Double)
    /// A point property's value.
    case point(Point)
    /// Not for the fast path (another key, a key path with a component, an explicit animation,
    /// another time than the current frame): read the general way with this resolved key.
    case general(ResolvedKey)

    /// The same value as a ``Value`` (nil for `.general`): what the general path returns.
    package var value: Value? {
        switch self {
        case .number(let n): return .number(n)
        case .point(let p): return .point(p)
        case .general: return nil
        }
    }
}

extension Engine {
    /// Whether a key is a whole inline number or point property: the keys of the fast paths.
    @inline(__always)
    static func isInlineScalar(_ key: ResolvedKey) -> Bool {
        key.component == .whole
            && (key.property == .opacity || key.property == .position || key.property == .zPosition
                || key.property == .anchorPoint)
    }

    /// `resolve(_:)` with the check inlined into the fast paths, as an index known not to be
    /// negative (no sign checks after it): the same test, and the same error (from `resolve`)
    /// when it fails. (`resolve` also rejects a raw value of 0, whose engine tag 0 no engine
    /// has.) Lock held.
    @inline(__always)
    func resolveIndex(_ id: LayerID) throws(LaminaError) -> Int {
        let index = Int(id.slot)
        if id.engineTag == tag, index < slots.count, slots[head: index].names(id.generation) {
            return index
        }
        return Int(UInt32(bitPattern: try resolve(id)))  // (not negative: a slot index)
    }

    /// `resolveKey(_:)` with the built-in name lookup inlined into the fast paths (the same
    /// lookup `resolveKey` starts with), after a check of the name found last (equal length
    /// and words are equal names, see `PackedName`). Lock held.
    @inline(__always)
    func resolveKeyInline(_ bytes: UnsafeBufferPointer<UInt8>) throws(LaminaError) -> ResolvedKey {
        let n = bytes.count
        if n >= 4, n <= 16 {
            let w = PackedName.words(bytes)
            if n == lastKeyName.length, w.first == lastKeyName.first, w.last == lastKeyName.last {
                return .whole(lastKeyName.id)
            }
            if let id = Builtins.fastLookup(bytes, packedNames, packedStarts) {
                lastKeyName = (n, w.first, w.last, id)
                return .whole(id)
            }
        }
        return try resolveKeyPath(bytes)  // (the lookup finds no name outside 4–16 bytes)
    }

    // MARK: - Model

    /// Reads a layer's model value of a key given as UTF-8 bytes: the value itself for a whole
    /// inline number or point property, else `.general(key)` with the resolved key. Throws what
    /// ``value(of:forKeyBytes:)`` throws, in the same order (the layer, then the key).
    package func modelScalar(of layer: LayerID, forKeyBytes bytes: UnsafeBufferPointer<UInt8>) throws(LaminaError) -> ScalarRead {
        lock.lock()
        defer { lock.unlock() }
        let i = try resolveIndex(layer)
        return modelScalar(i, try resolveKeyInline(bytes))
    }

    /// ``modelScalar(of:forKeyBytes:)`` that also reads any other key under the same lock: for
    /// `.general` the key's value is stored in `general` (initialised; the caller moves it
    /// out), which is left uninitialised otherwise. One lock and one key lookup either way.
    package func modelScalar(
        of layer: LayerID, forKeyBytes bytes: UnsafeBufferPointer<UInt8>, orValueInto general: UnsafeMutablePointer<Value>
    ) throws(LaminaError) -> ScalarRead {
        lock.lock()
        defer { lock.unlock() }
        return try modelScalarLocked(of: layer, forKeyBytes: bytes, orValueInto: general)
    }

    /// ``modelScalar(of:forKeyBytes:orValueInto:)`` for a caller that holds the engine's lock
    /// (the C ABI's one-atomic calls, `init(clock:lock:)`).
    @inline(__always)
    package func modelScalarLocked(
        of layer: LayerID, forKeyBytes bytes: UnsafeBufferPointer<UInt8>, orValueInto general: UnsafeMutablePointer<Value>
    ) throws(LaminaError) -> ScalarRead {
        let i = try resolveIndex(layer)
        let r = modelScalar(i, try resolveKeyInline(bytes))
        if case .general(let key) = r {
            // Only the general keys can belong to one kind of layer (UNKNOWN_KEY elsewhere).
            let slot = Int32(truncatingIfNeeded: i)
            try checkKey(slot, key)
            general.initialize(to: modelValue(slot, key))
        }
        return r
    }

    /// Reads a layer's model value of an already-resolved key (see
    /// ``modelScalar(of:forKeyBytes:)``).
    package func modelScalar(of layer: LayerID, forKey key: ResolvedKey) throws(LaminaError) -> ScalarRead {
        lock.lock()
        defer { lock.unlock() }
        return try modelScalarLocked(of: layer, forKey: key)
    }

    /// ``modelScalar(of:forKey:)`` for a caller that holds the engine's lock.
    @inline(__always)
    package func modelScalarLocked(of layer: LayerID, forKey key: ResolvedKey) throws(LaminaError) -> ScalarRead {
        modelScalar(try resolveIndex(layer), key)
    }

    /// A layer's model position, for the C ABI's typed getter: the field read in place, with
    /// no key to compare and no ``ScalarRead`` to return, both of which grew when key paths
    /// learned filter inputs (issue 29: `get_position` went from 149 to 159 instructions).
    /// Lock held.
    package func modelPositionLocked(of layer: LayerID) throws(LaminaError) -> Point {
        slots[try resolveIndex(layer)].model.position
    }

    /// A layer's model opacity: ``modelPositionLocked(of:)`` for the typed opacity getter.
    /// Lock held.
    package func modelOpacityLocked(of layer: LayerID) throws(LaminaError) -> Double {
        slots[try resolveIndex(layer)].model.opacity
    }

    /// The model value of `key` of slot `i` read from its field, or `.general(key)`. Lock held.
    @inline(__always)
    func modelScalar(_ i: Int, _ key: ResolvedKey) -> ScalarRead {
        guard key.component == .whole else { return .general(key) }
        switch key.property {
        case .opacity: return .number(slots[i].model.opacity)
        case .position: return .point(slots[i].model.position)
        case .zPosition: return .number(slots[i].model.zPosition)
        case .anchorPoint: return .point(slots[i].model.anchorPoint)
        default: return .general(key)
        }
    }

    // MARK: - Presentation

    /// Reads a layer's presentation value of a key given as UTF-8 bytes at `time` (the current
    /// frame when nil): the value for a whole inline number or point property whose value
    /// comes from its committed value or an implicit animation's last sample, nil when the
    /// layer was never committed (R3), else `.general(key)`. Throws what
    /// ``presentationValue(of:forKeyBytes:at:)`` throws, in the same order.
    package func presentationScalar(
        of layer: LayerID, forKeyBytes bytes: UnsafeBufferPointer<UInt8>, at time: Double?
    ) throws(LaminaError) -> ScalarRead? {
        if let time, !time.isFinite {
            throw LaminaError(.invalidArgument, "presentation time must be finite, got \(time)")
        }
        lock.lock()
        defer { lock.unlock() }
        return try presentationScalarLocked(of: layer, forKeyBytes: bytes, at: time)
    }

    /// ``presentationScalar(of:forKeyBytes:at:)`` at the current frame.
    package func presentationScalar(of layer: LayerID, forKeyBytes bytes: UnsafeBufferPointer<UInt8>) throws(LaminaError) -> ScalarRead? {
        lock.lock()
        defer { lock.unlock() }
        return try presentationScalarLocked(of: layer, forKeyBytes: bytes, at: nil)
    }

    /// ``presentationScalar(of:forKeyBytes:at:)`` for a caller that holds the engine's lock
    /// (the C ABI's one-atomic calls, `init(clock:lock:)`).
    @inline(__always)
    package func presentationScalarLocked(
        of layer: LayerID, forKeyBytes bytes: UnsafeBufferPointer<UInt8>, at time: Double?
    ) throws(LaminaError) -> ScalarRead? {
        if let time, !time.isFinite {
            throw LaminaError(.invalidArgument, "presentation time must be finite, got \(time)")
        }
        let i = try resolveIndex(layer)
        let current = time.map { $0 == now } ?? true
        return presentationScalar(i, try resolveKeyInline(bytes), current: current)
    }

    /// The presentation value of an already-resolved key at `time` (the current frame when
    /// nil) the general way: the fallback of ``presentationScalar(of:forKeyBytes:at:)``, which
    /// has checked `time`.
    package func presentationValue(of layer: LayerID, forKey key: ResolvedKey, at time: Double?) throws(LaminaError) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return try presentationValueLocked(of: layer, forKey: key, at: time)
    }

    /// ``presentationValue(of:forKey:at:)`` for a caller that holds the engine's lock.
    package func presentationValueLocked(of layer: LayerID, forKey key: ResolvedKey, at time: Double?) throws(LaminaError) -> Value? {
        if let time, !time.isFinite {
            throw LaminaError(.invalidArgument, "presentation time must be finite, got \(time)")
        }
        let slot = try resolve(layer)
        try checkKey(slot, key)
        let customDefault = key.property.isCustom ? info(of: key.property).defaultValue : .null
        guard let v = presentationValue(slot, key.property, customDefault, at: time ?? now) else { return nil }
        return key.component == .whole ? v : key.component.extract(from: v)
    }

    /// The presentation of `key` of slot `i` at a time that is the current frame or not
    /// (`current`; see ``presentationScalar(of:forKeyBytes:at:)``). Lock held.
    @inline(__always)
    func presentationScalar(_ i: Int, _ key: ResolvedKey, current: Bool) -> ScalarRead? {
        guard Self.isInlineScalar(key) else { return .general(key) }
        guard slots[head: i].everCommitted else { return nil }
        let a = Int(slots[head: i].animIndex)
        if a >= 0 {
            // Other times are sampled on the general path (the layer's own timing applies).
            guard current else { return .general(key) }
            if let r = currentImplicitScalar(a, key) { return r }
        }
        return committedScalar(i, key.property)
    }

    /// `presentationScalar(i, .whole(property), current: true)` for a typed implicit change
    /// of a committed layer (`setImplicit`), with the saved values looked up in line: every
    /// such change after a layer's first one in a transaction finds them. Lock held.
    @inline(__always)
    func presentationForChange(_ i: Int, _ property: PropertyID) -> ScalarRead? {
        let a = Int(slots[head: i].animIndex)
        if a >= 0, let r = currentImplicitScalar(a, .whole(property)) { return r }
        guard slots[i].snapshot < -1 else { return committedScalar(i, property) }
        return savedOrModelScalar(i, property)
    }

    /// The committed value of an inline scalar property: the snapshot taken before the
    /// uncommitted changes or the value saved then if there is one, else the model (CA-1.3).
    /// Lock held.
    @inline(__always)
    func committedScalar(_ i: Int, _ property: PropertyID) -> ScalarRead {
        let snap = Int(slots[i].snapshot)
        if snap < -1 { return savedScalar(i, property) }
        switch property {
        case .opacity: return .number(snap < 0 ? slots[i].model.opacity : snapshotPool[snap].opacity)
        case .position: return .point(snap < 0 ? slots[i].model.position : snapshotPool[snap].position)
        case .zPosition: return .number(snap < 0 ? slots[i].model.zPosition : snapshotPool[snap].zPosition)
        default: return .point(snap < 0 ? slots[i].model.anchorPoint : snapshotPool[snap].anchorPoint)
        }
    }

    /// `committedScalar` for a layer with saved values (rare: reads between a typed implicit
    /// change and its commit), kept out of line so the common read stays small. Lock held.
    @inline(never)
    private func savedScalar(_ i: Int, _ property: PropertyID) -> ScalarRead { savedOrModelScalar(i, property) }

    /// The committed value of an inline scalar of a layer with saved values: the saved one, or
    /// the model's when that property has none. Lock held.
    @inline(__always)
    private func savedOrModelScalar(_ i: Int, _ property: PropertyID) -> ScalarRead {
        if let v = savedValue(slots[i].snapshot, property) { return SavedValue.scalar(v, of: property) }
        return modelScalar(i, .whole(property))
    }

    /// What the layer's animations make of `key` at the current frame, read in place as
    /// `implicitValue` does: the last evaluated animation of the property with a sample
    /// decides (implicit animations are non-additive, CA-1.9); nil when none has one (the
    /// committed value shows); `.general` when an explicit animation or a general-path
    /// record is involved. The records are read in place through
    /// `withUnsafeMutableBufferPointer`: they may be inline in the entry (AnimationList), whose
    /// subscript returns copies, and a read-only buffer of an array costs a retain and release.
    /// Lock held.
    @inline(__always)
    private func currentImplicitScalar(_ a: Int, _ key: ResolvedKey) -> ScalarRead? {
        animated[a].animations.withUnsafeMutableBufferPointer { buf -> ScalarRead? in
            var k = buf.count
            while k > 0 {
                k -= 1
                if buf[k].explicit != nil { return .general(key) }
                guard buf[k].target == key.property, buf[k].state != .pending else { continue }
                let g = Int(buf[k].track)
                guard g >= 0 else { return .general(key) }
                // Through UInt32: a negative index fails the bounds check, with no sign test first.
                let member = groups[g].members[Int(UInt32(bitPattern: buf[k].member))]
                // No sample at this frame (as `memberOutput`): an earlier animation may have one.
                guard groups[g].perMember ? member.hasOutput : groups[g].hasOutput else { continue }
                let lane = Int(UInt32(bitPattern: member.lane))
                switch buf[k].valueType {
                case .number: return .number(groups[g].out[lane])
                case .point: return .point(Point(x: groups[g].out[lane], y: groups[g].out[lane + 1]))
                default: return .general(key)  // not expected: inline scalars animate as numbers or points
                }
            }
            return nil
        }
    }
}
