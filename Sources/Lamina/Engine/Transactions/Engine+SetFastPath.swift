// SPDX-License-Identifier: Apache-2.0
// The typed setter fast path (issue 12): a C ABI set of a whole inline property (opacity,
// zPosition, position, anchorPoint, bounds) on a layer where no action is searched for (it was
// never committed, or actions are disabled) compares and stores the field directly, without a
// `Value`, the property metadata, the general checks or the setter's closure. Anything else
// answers false having done nothing, and the caller takes the general path
// (`setValue(_:forKeyBytes:of:)`), which also reports every error: the fast path never builds
// one. Tests/LaminaTests/TypedSetFastPathTests.swift pins that both paths give the same results.

/// A value for the setter fast path, typed so that no ``Value`` is built.
package enum InlineSetValue: Sendable {
    /// A number (opacity, zPosition).
    case number(Double)
    /// A point (position, anchorPoint).
    case point(Point)
    /// A rectangle (bounds).
    case rect(Rect)

    /// The same value as a ``Value``, for the general path.
    package var value: Value {
        switch self {
        case .number(let v): return .number(v)
        case .point(let v): return .point(v)
        case .rect(let v): return .rect(v)
        }
    }
}

extension Engine {
    /// The built-in property a key given as UTF-8 bytes names, when it is a whole property
    /// (no component) found by the inline name lookup; nil otherwise (the general path resolves
    /// it). Reads only immutable tables: no lock needed.
    @inline(__always)
    package func inlineSetKey(_ bytes: UnsafeBufferPointer<UInt8>) -> PropertyID? {
        Builtins.fastLookup(bytes, packedNames, packedStarts)
    }

    /// Sets a whole inline property of a layer on the fast path: true when done, false —
    /// having changed nothing — when the general path must run: a stale handle, a property the
    /// value does not fit or that is not inline, a value `check` rejects (not finite, magnitude
    /// over 1e15), or a layer with a host delegate that an action search would ask (CA-2.6:
    /// it runs without the lock, which is the general path's).
    ///
    /// The steps are `performSet`'s for such a set: an equal value does nothing (R4); where no
    /// action is searched for (the layer was never committed, or actions are disabled) the
    /// layer is marked dirty (its committed values snapshotted, CA-1.3) and the field stored
    /// (`setInlineWithoutSearch`); otherwise `setLocked` runs the action search and the action
    /// (R5, R6) as the general path does, and custom actions run after the lock is dropped.
    package func setInline(_ value: InlineSetValue, forKey property: PropertyID, of layer: LayerID) -> Bool {
        lock.lock()
        switch trySetInline(value, property, layer) {
        case .done:
            lock.unlock()
            return true
        case .general:
            lock.unlock()
            return false
        case .search(let slot):
            let followups = setSearching(slot, property, value)
            lock.unlock()
            if !followups.isEmpty { runFollowups(followups) }
            return true
        }
    }

    /// ``setInline(_:forKey:of:)`` for a caller that holds the engine's lock (the C ABI's
    /// one-atomic calls, `init(clock:lock:)`), for the changes that call no host code: true when
    /// done; false when `setInline` must run instead, with the lock dropped (a change that
    /// searches for an action, whose custom actions and delegate run unlocked, or one for the
    /// general path). A false answer has at most marked the layer dirty and saved the
    /// property's committed value, which the change made then does again harmlessly.
    @inline(__always)
    package func setInlineLocked(_ value: InlineSetValue, forKey property: PropertyID, of layer: LayerID) -> Bool {
        if case .done = trySetInline(value, property, layer) { return true }
        return false
    }

    /// A change that searches for an action: `setLocked` runs the search and the action, as on
    /// the general path (the value is checked and no host delegate is to be asked); returns the
    /// custom actions to run once the lock is dropped. Lock held.
    @inline(never)
    private func setSearching(_ slot: Int32, _ property: PropertyID, _ value: InlineSetValue) -> Followups {
        var followups = Followups()
        let key = ResolvedKey.whole(property)
        withInfo(property) { info in
            setLocked(slot, key, info, value.value, answer: nil, followups: &followups)
        }
        return followups
    }

    /// The calling thread's transaction stack, borrowed: `stack()`'s common case (the thread
    /// that called last) without a retain and release. Lock held.
    @inline(__always)
    func withStack<R>(_ body: (TransactionStack) -> R) -> R {
        if let p = pthread_getspecific(threadKey), let u = lastStackRef,
           Unmanaged<ThreadState>.fromOpaque(p)._withUnsafeGuaranteedRef({ $0.token }) == lastToken {
            return u._withUnsafeGuaranteedRef(body)
        }
        return body(stack())
    }

    /// `setInline`'s work. Lock held.
    @inline(__always)
    private func trySetInline(_ value: InlineSetValue, _ property: PropertyID, _ layer: LayerID) -> InlineResult {
        // `resolve(_:)`'s test, without its error.
        let i = Int(layer.slot)
        guard layer.rawValue != 0, layer.engineTag == tag, i < slots.count else { return .general }
        let head = slots.headPointer(i)
        guard head.pointee.names(layer.generation) else { return .general }
        let ls = slots.pointer(i)
        switch Self.field(ls, property, value) {
        case .unfit: return .general
        case .equal: return .done  // R4: no change
        case .differs: break
        }
        switch change(ls, head.pointee.everCommitted, i, property, value) {
        case .store:
            Self.store(ls, property, value)
            return .done
        case .done: return .done
        case .search: return .search(Int32(truncatingIfNeeded: i))
        case .general: return .general
        }
    }

    /// How a value compares with the field it would set.
    private enum FieldMatch {
        /// Not for the fast path: another property, a value of another type, or one `check`
        /// rejects (not finite, magnitude over 1e15).
        case unfit
        /// The field holds the value already.
        case equal
        /// A change.
        case differs
    }

    /// The field of `property` that `value` sets, compared with it.
    @inline(__always)
    private static func field(
        _ ls: UnsafeMutablePointer<LayerSlot>, _ property: PropertyID, _ value: InlineSetValue
    ) -> FieldMatch {
        let limit = Value.maximumMagnitude
        let same: Bool
        switch value {
        case .number(let v):
            guard v.magnitude <= limit else { return .unfit }
            if property == .opacity {
                same = ls.pointee.model.opacity == v
            } else if property == .zPosition {
                same = ls.pointee.model.zPosition == v
            } else {
                return .unfit
            }
        case .point(let v):
            guard v.x.magnitude <= limit, v.y.magnitude <= limit else { return .unfit }
            if property == .position {
                same = ls.pointee.model.position == v
            } else if property == .anchorPoint {
                same = ls.pointee.model.anchorPoint == v
            } else {
                return .unfit
            }
        case .rect(let v):
            guard property == .bounds, v.origin.x.magnitude <= limit, v.origin.y.magnitude <= limit,
                  v.size.width.magnitude <= limit, v.size.height.magnitude <= limit
            else { return .unfit }
            same = ls.pointee.model.bounds == v
        }
        return same ? .equal : .differs
    }

    /// Stores `value` in the field of `property` (a pair `field` found fit).
    @inline(__always)
    private static func store(_ ls: UnsafeMutablePointer<LayerSlot>, _ property: PropertyID, _ value: InlineSetValue) {
        switch value {
        case .number(let v) where property == .opacity: ls.pointee.model.opacity = v
        case .number(let v): ls.pointee.model.zPosition = v
        case .point(let v) where property == .position: ls.pointee.model.position = v
        case .point(let v): ls.pointee.model.anchorPoint = v
        case .rect(let v): ls.pointee.model.bounds = v
        }
    }

    /// The outcome of `trySetInline`.
    private enum InlineResult {
        /// The set is done (stored, or an equal value: nothing to do).
        case done
        /// The change searches for an action: `setSearching` makes it, on this slot.
        case search(Int32)
        /// The general path must make it (nothing done).
        case general
    }

    /// What a fast-path change still needs after `change`.
    private enum InlineChange {
        /// Store the field: the layer is marked dirty, no action is searched for.
        case store
        /// Made whole: the implicit animation is attached and the field stored (`setImplicit`).
        case done
        /// An action search runs (`setSearching`; nothing done yet).
        case search
        /// The general path must make it (nothing done).
        case general
    }

    /// A changed value (not equal to the field): marks the layer dirty when no action is
    /// searched for (the caller stores the field); makes the change whole when the search
    /// would find the implicit action (`setImplicit`); else `.search`, or `.general` when a
    /// host delegate would have to be asked. `committed` is the layer's `everCommitted` (from
    /// its head, which the caller has read). Lock held.
    @inline(__always)
    private func change(
        _ ls: UnsafeMutablePointer<LayerSlot>, _ committed: Bool, _ i: Int, _ property: PropertyID,
        _ value: InlineSetValue
    ) -> InlineChange {
        let slot = Int32(truncatingIfNeeded: i)
        return withStack { s -> InlineChange in
            if s.animatorCapture != nil, committed, !s.disableActions { return .general }  // R17.10: the animator takes it
            if !committed || s.disableActions {
                // `markDirty` does nothing for a layer already recorded in this transaction
                // group with its snapshot taken (if it needs one) while a frame is open.
                if ls.pointee.dirtyMark != s.mark || (committed && ls.pointee.snapshot < 0) || s.frames.isEmpty {
                    markDirty(slot, in: s)
                }
                return .store
            }
            if ls.pointee.extras == nil, defaultActions.isEmpty {
                return setImplicit(ls, slot, property, value, s) ? .done : .search
            }
            return hostDelegate(slot) == nil ? .search : .general
        }
    }

    /// A change whose action search is known to find the implicit action: the layer has no
    /// actions, style, delegate or view (no extras) and the engine no default actions (CA-2.6,
    /// R5). For a number or a point it makes the change as `setLocked` would, typed: the layer
    /// is marked dirty, the field stored, and the animation runs from the presentation value at
    /// the current frame to the new value with the transaction's duration and curve (R6), in
    /// its timing group; with a transaction spring, a spring in its spring group that starts
    /// with the presentation velocity (R17.6). False, having at most marked the layer dirty and saved the property's
    /// committed value (the general path's `markDirty` turns that into a snapshot), when
    /// `setSearching` must make it: a rectangle, or a property an
    /// explicit or general-path animation drives. Lock held.
    @inline(never)
    private func setImplicit(
        _ ls: UnsafeMutablePointer<LayerSlot>, _ slot: Int32, _ property: PropertyID, _ value: InlineSetValue,
        _ s: TransactionStack
    ) -> Bool {
        let to: SIMD4<Double>
        let type: ValueType
        switch value {
        case .number(let v): (to, type) = (SIMD4(v, 0, 0, 0), .number)
        case .point(let p): (to, type) = (SIMD4(p.x, p.y, 0, 0), .point)
        case .rect: return false
        }
        markDirty(slot, saving: property, in: s)
        let from: SIMD4<Double>
        switch presentationForChange(Int(slot), property) {
        case .number(let v)?: from = SIMD4(v, 0, 0, 0)
        case .point(let p)?: from = SIMD4(p.x, p.y, 0, 0)
        default: return false
        }
        Self.store(ls, property, value)
        if let spring = s.spring {
            // R17.6: a transaction's spring, in its spring group, with the velocity on screen.
            attachGroupSpring(slot, property, type: type, from: from, to: to, spring: spring, in: s)
            return true
        }
        attachImplicit(
            key: Self.implicitKey(property), target: property, type: type, from: from, to: to,
            duration: s.duration, curve: curveID(for: s), to: slot, in: s)
        return true
    }

    /// The key of an inline number or point property's implicit animation: its name (CA-3.10),
    /// as a literal, which costs no reference counting (TypedSetFastPathTests compares the
    /// keys with the general path's).
    @inline(__always)
    private static func implicitKey(_ property: PropertyID) -> String {
        switch property {
        case .opacity: "opacity"
        case .zPosition: "zPosition"
        case .position: "position"
        default: "anchorPoint"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
