// SPDX-License-Identifier: Apache-2.0
// Reading and writing properties, the action search (R5) and the built-in implicit
// animation (R6).

extension Engine {
    // MARK: - Keys

    /// Resolves a key or key path given as UTF-8 bytes ("opacity", "position.x",
    /// "transform.rotation.z"), through a small direct-mapped cache so that a host setting the
    /// same keys every frame pays a hash and a compare, not a parse. Lock held.
    func resolveKey(_ bytes: UnsafeBufferPointer<UInt8>) throws(LaminaError) -> ResolvedKey {
        // Built-in names come first in `parseKey` too (a custom property cannot take one), so
        // this shortcut resolves them exactly as the parse would.
        if let id = Builtins.fastLookup(bytes, packedNames, packedStarts) { return .whole(id) }
        return try resolveKeyPath(bytes)
    }

    /// `resolveKey` after the built-in name lookup missed: key paths, custom properties and
    /// unknown keys, through the cache. Lock held.
    func resolveKeyPath(_ bytes: UnsafeBufferPointer<UInt8>) throws(LaminaError) -> ResolvedKey {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        let i = Int(h & UInt64(keyCache.count - 1))
        if keyCache[i].hash == h, keyCache[i].bytes.count == bytes.count,
           keyCache[i].bytes.withUnsafeBufferPointer({ cached in
               bytes.isEmpty || memcmp(cached.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
            return keyCache[i].key
        }
        let key = try parseKey(bytes)
        // Only keys that parsed are cached: registering a property later cannot stale them.
        keyCache[i] = KeyCacheEntry(hash: h, bytes: Array(bytes), key: key)
        return key
    }

    /// Parses a key path: a property name, then an optional component after the first '.'.
    private func parseKey(_ bytes: UnsafeBufferPointer<UInt8>) throws(LaminaError) -> ResolvedKey {
        let text = String(decoding: bytes, as: UTF8.self)
        let dot = bytes.firstIndex(of: UInt8(ascii: "."))
        let head = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(dot ?? bytes.count)]), as: UTF8.self)
        let id: PropertyID
        if let b = Builtins.byName[head] {
            id = b
        } else if let c = customByName[head] {
            id = c
        } else {
            throw LaminaError(.unknownKey, "unknown property key '\(text)'")
        }
        guard let dot else { return .whole(id) }
        let info = info(of: id)
        let suffix = String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
        guard let component = KeyComponent.parse(suffix[...], for: info.type) else {
            throw LaminaError(.unknownKey, "unknown key path '\(text)': '\(info.name)' has no component '\(suffix)'")
        }
        return ResolvedKey(property: id, component: component)
    }

    /// Runs `body` with the UTF-8 bytes of a Swift string key path.
    func withKey<R>(
        _ keyPath: String, _ body: (UnsafeBufferPointer<UInt8>) throws(LaminaError) -> R
    ) throws(LaminaError) -> R {
        var keyPath = keyPath
        let result: Result<R, LaminaError> = keyPath.withUTF8 { bytes in
            Result { () throws(LaminaError) -> R in try body(bytes) }
        }
        return try result.get()
    }

    func info(of id: PropertyID) -> PropertyInfo {
        id.isCustom
            ? customProperties[Int(id.rawValue - PropertyID.customBase)]
            : Builtins.table[Int(id.rawValue)]
    }

    /// Runs `body` with a property's metadata borrowed in place: no copy (a retain of its name
    /// and default) per call, which `info(of:)` costs (issue 12). Lock held.
    @inline(__always)
    func withInfo<R>(_ id: PropertyID, _ body: (PropertyInfo) -> R) -> R {
        id.isCustom
            ? customProperties.withUnsafeBufferPointer { body($0[Int(id.rawValue - PropertyID.customBase)]) }
            : Builtins.table.withUnsafeBufferPointer { body($0[Int(id.rawValue)]) }
    }

    /// Registers a custom animatable property (CA-3.16, CA-7.7) for every layer.
    ///
    /// - Throws: `invalidArgument` (empty or dotted name, non-finite default), `misuse` (name
    ///   taken), `typeMismatch` (a default that is not a number, point, size, rect, colour or
    ///   transform).
    public func registerProperty(_ name: String, defaultValue: Value) throws(LaminaError) {
        guard !name.isEmpty, !name.contains(".") else {
            throw LaminaError(.invalidArgument, "a custom property name must be non-empty and contain no '.', got '\(name)'")
        }
        switch defaultValue.type {
        case .number, .point, .size, .rect, .color, .transform: break
        default:
            throw LaminaError(.typeMismatch, "a custom property's default must be a number, point, size, rect, colour or transform")
        }
        guard defaultValue.isFiniteAndBounded else {
            throw LaminaError(.invalidArgument, "a custom property's default must be finite, of magnitude at most 1e15")
        }
        try lock.withLock { () throws(LaminaError) in
            guard Builtins.byName[name] == nil, customByName[name] == nil else {
                throw LaminaError(.misuse, "property '\(name)' is already defined")
            }
            guard customProperties.count < Int(UInt16.max - PropertyID.customBase) else {
                throw LaminaError(.outOfMemory, "too many custom properties")
            }
            let id = PropertyID(rawValue: PropertyID.customBase + UInt16(customProperties.count))
            customProperties.append(PropertyInfo(
                name: name, type: defaultValue.type, defaultValue: defaultValue, nullable: false,
                animatable: true))
            customByName[name] = id
        }
    }

    // MARK: - Get and set

    /// Reads a model property or key path (the value set last, committed or not).
    package func value(of layer: LayerID, forKeyPath keyPath: String) throws(LaminaError) -> Value {
        try withKey(keyPath) { bytes throws(LaminaError) in try value(of: layer, forKeyBytes: bytes) }
    }

    /// Reads a model property or key path given as UTF-8 bytes (the C ABI's entry).
    package func value(of layer: LayerID, forKeyBytes bytes: UnsafeBufferPointer<UInt8>) throws(LaminaError) -> Value {
        try lock.withLock { () throws(LaminaError) -> Value in
            let slot = try resolve(layer)
            let key = try resolveKey(bytes)
            try checkKey(slot, key)
            return modelValue(slot, key)
        }
    }

    /// Sets a property or key path; see ``Layer`` for the rules.
    package func setValue(_ value: Value, forKeyPath keyPath: String, of layer: LayerID) throws(LaminaError) {
        try withKey(keyPath) { bytes throws(LaminaError) in try setValue(value, forKeyBytes: bytes, of: layer) }
    }

    /// Sets a property or key path given as UTF-8 bytes (the C ABI's entry).
    package func setValue(_ value: Value, forKeyBytes bytes: UnsafeBufferPointer<UInt8>, of layer: LayerID) throws(LaminaError) {
        try performSet(value, of: layer, key: nil, bytes: bytes)
    }

    /// Sets an already-resolved property of a layer. The fast entry for typed setters.
    package func setValue(_ value: Value, forKey key: ResolvedKey, of layer: LayerID) throws(LaminaError) {
        try performSet(value, of: layer, key: key, bytes: UnsafeBufferPointer(start: nil, count: 0))
    }

    /// The setter: one locked pass, unless a host delegate must be asked first — it runs with
    /// no lock held and sees the old value (CA-2.6) — and then custom actions and posted events
    /// run, also without the lock.
    /// The key is `given`, or else resolved from `bytes` (no closure: it cost a retain of the
    /// engine per call).
    private func performSet(
        _ value: Value, of layer: LayerID, key given: ResolvedKey?, bytes: UnsafeBufferPointer<UInt8>
    ) throws(LaminaError) {
        var ask: (@Sendable (Layer, String) -> DelegateAnswer)? = nil
        var key = ResolvedKey.whole(.bounds)
        var followups = Followups()
        var askName = ""
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            if let given { key = given } else { key = try resolveKey(bytes) }
            try checkKey(slot, key)
            let k = key
            // The metadata is borrowed, so the body cannot throw: a failed check is returned.
            let failure: LaminaError? = withInfo(k.property) { info -> LaminaError? in
                do throws(LaminaError) { try check(value, for: k, info) } catch { return error }
                if let d = hostDelegate(slot), searchNeeded(slot, k, info, value) {
                    ask = d
                    askName = info.name
                    return nil
                }
                setLocked(slot, k, info, value, answer: nil, followups: &followups)
                return nil
            }
            if let failure { throw failure }
        }
        if let ask {
            let name = askName
            let answer = callingOut { ask(Layer(engine: self, id: layer), name) }
            try lock.withLock { () throws(LaminaError) in
                setLocked(try resolve(layer), key, info(of: key.property), value, answer: answer, followups: &followups)
            }
        }
        if !followups.isEmpty { runFollowups(followups) }
    }

    /// Whether a change would consult the action search (R4, CA-2.7). Lock held.
    func searchNeeded(_ slot: Int32, _ key: ResolvedKey, _ info: PropertyInfo, _ value: Value) -> Bool {
        let s = stack()
        guard slots[head: Int(slot)].everCommitted, !s.disableActions, s.animatorCapture == nil else { return false }
        let old = slots[Int(slot)].model.get(key.property, customDefault: info.defaultValue)
        return key.component.insert(value, into: old) != old
    }

    /// Reads an already-resolved model property of a layer.
    package func value(of layer: LayerID, forKey key: ResolvedKey) throws(LaminaError) -> Value {
        try lock.withLock { () throws(LaminaError) -> Value in
            let slot = try resolve(layer)
            try checkKey(slot, key)
            return modelValue(slot, key)
        }
    }

    /// Resolves a key path once, for callers that set the same key often.
    package func resolve(keyPath: String) throws(LaminaError) -> ResolvedKey {
        try withKey(keyPath) { bytes throws(LaminaError) in
            try lock.withLock { () throws(LaminaError) -> ResolvedKey in try resolveKey(bytes) }
        }
    }

    /// The type of value a key path takes, and whether it also takes nil (a nullable whole
    /// property: colours, images, paths). The declared type, which a nil model value does not
    /// tell (the C ABI's type check of animation values).
    package func valueType(forKeyPath keyPath: String) throws(LaminaError) -> (type: ValueType, nullable: Bool) {
        let key = try resolve(keyPath: keyPath)
        return lock.withLock {
            withInfo(key.property) { info in
                (key.component.valueType(in: info.type), info.nullable && key.component == .whole)
            }
        }
    }

    @inline(__always)
    func modelValue(_ slot: Int32, _ key: ResolvedKey) -> Value {
        let whole: Value
        // Read through the buffer: the layer's values are borrowed, not copied, for the call.
        if key.property.isCustom {
            let customDefault = info(of: key.property).defaultValue
            whole = slots.withUnsafeBufferPointer { $0[Int(slot)].model.get(key.property, customDefault: customDefault) }
        } else {
            whole = slots.withUnsafeBufferPointer { $0[Int(slot)].model.get(key.property) }
        }
        return key.component == .whole ? whole : key.component.extract(from: whole)
    }

    func check(_ value: Value, for key: ResolvedKey, _ info: PropertyInfo) throws(LaminaError) {
        // Built only on failure: the success path builds no string.
        var keyPath: String { key.component == .whole ? info.name : "\(info.name).\(key.component.keyPathSuffix)" }
        let expected = key.component.valueType(in: info.type)
        let nullOK = info.nullable && key.component == .whole && value == .null
        guard value.type == expected || nullOK else {
            throw LaminaError(.typeMismatch, "'\(keyPath)' takes a \(expected) value, not a \(value.type)")
        }
        var items = 0
        switch value {
        case .numberArray(let a): items = a.count
        case .colorArray(let a): items = a.count
        default: break
        }
        guard items <= Value.maximumArrayCount else {
            throw LaminaError(.invalidArgument, "'\(keyPath)' takes at most \(Value.maximumArrayCount) items, got \(items)")
        }
        guard value.isFiniteAndBounded else {
            throw LaminaError(.invalidArgument, "'\(keyPath)' needs finite numbers of magnitude at most 1e15")
        }
        if case .filterInput(let k) = key.component {
            // R19.6: a radius is never negative; a vector is four numbers.
            if k.input == .inputRadius, case .number(let v) = value, v < 0 {
                throw LaminaError(.invalidArgument, "'\(keyPath)' must not be negative, got \(v) (R19.6)")
            }
            if case .numberArray(let a) = value, a.count != 4 {
                throw LaminaError(.invalidArgument, "'\(keyPath)' takes 4 numbers, got \(a.count) (R19.6)")
            }
            return
        }
        // Only these keys have range rules: others skip the (value-copying) match.
        guard key.property == .fillMode || key.property == .repeatCount || key.property == .repeatDuration
        else { return try checkLook(key.property, value) }
        switch (key.property, value) {
        case (.fillMode, .string(let s)) where FillMode(name: s) == nil:
            throw LaminaError(.invalidArgument, "'fillMode' is \"removed\", \"forwards\", \"backwards\" or \"both\", not '\(s)'")
        case (.repeatCount, .number(let v)) where v < 0, (.repeatDuration, .number(let v)) where v < 0:
            throw LaminaError(.invalidArgument, "'\(keyPath)' must be >= 0, got \(v)")
        default: break
        }
        try checkLook(key.property, value)
    }

    /// The setter flow (CA-2.6, R4–R6, R11): compute the new whole value; if it differs, record
    /// the change in the calling thread's transaction; search for the action before storing (a
    /// host delegate's answer was fetched before the lock was taken); store; run the action.
    /// Lock held; value already checked.
    func setLocked(
        _ slot: Int32, _ key: ResolvedKey, _ info: PropertyInfo, _ value: Value,
        answer: DelegateAnswer?, followups: inout Followups
    ) {
        let i = Int(slot)
        let s = stack()  // once per set: the fast path and the general one share it
        let committed = slots[head: i].everCommitted
        if let animator = s.animatorCapture, committed, !s.disableActions {
            // R17.10: a property animator's block: the change becomes its animation.
            let old = slots[i].model.get(key.property, customDefault: info.defaultValue)
            let new = key.component == .whole ? value : key.component.insert(value, into: old)
            if new == old { return }
            markDirty(slot, in: s)
            slots[i].model.set(key.property, new)
            if info.animatable { animator.capture(slot, info, property: key.property, old: old, new: new, in: s) }
            return
        }
        let searching = committed && !s.disableActions
        if !searching, setInlineWithoutSearch(i, key, value, s) { return }
        let old = slots[i].model.get(key.property, customDefault: info.defaultValue)
        let new = key.component == .whole ? value : key.component.insert(value, into: old)
        if new == old { return }  // R4: an equal value looks up no action and adds nothing
        markDirty(slot, in: s)
        let found: Found = searching
            ? search(slot, event: info.name, animatable: info.animatable, answer: answer, in: s) : .none
        slots[i].model.set(key.property, new)
        if key.property.isLayerTiming, !slots[i].everTimed, slots[i].model.isTimed {
            slots[i].everTimed = true
            timedLayers += 1
        }
        if key.property == .hidden, committed, case .bool(let hidden) = new {
            // Hiding orders the layer out, unhiding orders it in (CA-3.2).
            followups.events.append((handle(slot), hidden ? LayerEvent.orderOut : LayerEvent.orderIn))
        }
        switch found {
        case .implicit where key.property == .contents:
            // RS-4.8: the default action of contents is a fade transition (CA-10.2) under the
            // key "contents"; the draw list shows both images and the fade's progress.
            var fade = Animation.transition(.fade, duration: s.duration)
            fade.timingFunction = s.timingFunction ?? .default
            _ = try? addAnimationLocked(fade, forKey: info.name, slot: slot, in: s)
        case .implicit:
            // R6: from the presentation value at the moment of the change (smooth
            // interruption), to the new value, with the transaction's duration and curve.
            let from = presentationValue(slot, key.property, info.defaultValue, at: now) ?? old
            // R17.6: a transaction's spring makes numeric changes springs that keep the velocity.
            if let spring = s.spring {
                if case .filterInput = key.component {
                    // R19.4: a numeric or colour filter input springs by its key path.
                    if attachImplicitSpring(
                        slot, key.property, info, from: key.component.extract(from: from),
                        to: key.component.extract(from: new), spring: spring, in: s, component: key.component) { break }
                } else if attachImplicitSpring(slot, key.property, info, from: from, to: new, spring: spring, in: s) {
                    break
                }
            }
            attachImplicit(
                key: info.name, target: key.property, from: from, to: new,
                duration: s.duration, curve: curveID(for: s), to: slot, in: s)
        case .viewBlock(let block):
            let current = presentationValue(slot, key.property, info.defaultValue, at: now) ?? old
            // R17.22: a spring block's numeric change springs with the velocity on screen.
            if let spring = block.spring,
               attachViewSpring(block, spring, slot, key.property, info, current: current, new: new, in: s) { break }
            let a = viewAnimation(block, info, old: old, new: new, current: current, slot: slot)
            let storage = viewAnimationKey(info.name, additive: a.isAdditive, slot: slot)
            _ = try? addAnimationLocked(
                a, forKey: storage, slot: slot, in: s, commitDelay: block.delay > 0 ? block.delay : nil,
                fromAtBegin: block.options.contains(.beginFromCurrentState))
        case .none:
            break  // no action: nothing to run (and no copy of the metadata to pass)
        case .action:
            run(found, event: info.name, on: slot, property: info, in: s, followups: &followups)
        }
    }

    /// The setter's fast path (issue 12): a whole value of an inline property (opacity,
    /// position, bounds, zPosition, anchorPoint) where no action is searched for (the layer was
    /// never committed, or actions are disabled). The field is compared and stored directly,
    /// without building `Value`s of the old and new values; otherwise the same as the general
    /// path: an equal value does nothing (R4), else the layer is marked dirty and the value
    /// stored. None of these is `hidden` or a media timing property, so there is no event or
    /// timing bookkeeping to do. Returns false when the general path must run. The caller has
    /// checked that no search runs. Lock held.
    @inline(__always)
    private func setInlineWithoutSearch(_ i: Int, _ key: ResolvedKey, _ value: Value, _ s: TransactionStack) -> Bool {
        guard key.component == .whole else { return false }
        switch key.property {
        case .opacity, .zPosition, .position, .anchorPoint, .bounds: break
        default: return false
        }
        let slot = Int32(truncatingIfNeeded: i)
        switch value {
        case .number(let v) where key.property == .opacity:
            if slots[i].model.opacity == v { return true }
            markDirty(slot, in: s)
            slots[i].model.opacity = v
        case .number(let v) where key.property == .zPosition:
            if slots[i].model.zPosition == v { return true }
            markDirty(slot, in: s)
            slots[i].model.zPosition = v
        case .point(let v) where key.property == .position:
            if slots[i].model.position == v { return true }
            markDirty(slot, in: s)
            slots[i].model.position = v
        case .point(let v) where key.property == .anchorPoint:
            if slots[i].model.anchorPoint == v { return true }
            markDirty(slot, in: s)
            slots[i].model.anchorPoint = v
        case .rect(let v) where key.property == .bounds:
            if slots[i].model.bounds == v { return true }
            markDirty(slot, in: s)
            slots[i].model.bounds = v
        default:
            return false
        }
        return true
    }

    // MARK: - Actions

    /// Puts an explicit "no action" in the layer's actions for `key` (CA-3.5).
    package func setNoAction(forKey key: String, of layer: LayerID) throws(LaminaError) {
        try setAction(.noAction, forKey: key, of: layer)
    }

    /// Removes the layer's action entry for `key`.
    ///
    /// - Throws: `notFound` if there is none.
    package func removeAction(forKey key: String, of layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            guard let old = slots[Int(slot)].extras?.actions.removeValue(forKey: key) else {
                throw LaminaError(.notFound, "no action for '\(key)'")
            }
            graveyard.append(old)
        }
    }

    // MARK: - Presentation

    /// Whether the layer has a presentation (it was committed at least once, CA-1.2).
    package func hasPresentation(_ layer: LayerID) throws(LaminaError) -> Bool {
        try lock.withLockForReading { () throws(LaminaError) -> Bool in  // a read (Engine+ListReuse.swift)
            slots[head: Int(try resolve(layer))].everCommitted
        }
    }

    /// The presentation value of a key path at `time` (the engine's current time when nil):
    /// committed value plus animations (CA-1.9); nil if the layer was never committed (R3).
    package func presentationValue(
        of layer: LayerID, forKeyPath keyPath: String, at time: Double? = nil
    ) throws(LaminaError) -> Value? {
        try withKey(keyPath) { bytes throws(LaminaError) in
            try presentationValue(of: layer, forKeyBytes: bytes, at: time)
        }
    }

    /// The presentation value of a key path given as UTF-8 bytes (the C ABI's entry).
    package func presentationValue(
        of layer: LayerID, forKeyBytes bytes: UnsafeBufferPointer<UInt8>, at time: Double?
    ) throws(LaminaError) -> Value? {
        if let time, !time.isFinite {
            throw LaminaError(.invalidArgument, "presentation time must be finite, got \(time)")
        }
        return try lock.withLock { () throws(LaminaError) -> Value? in
            let slot = try resolve(layer)
            let key = try resolveKey(bytes)
            try checkKey(slot, key)
            let customDefault = key.property.isCustom ? info(of: key.property).defaultValue : .null
            guard let v = presentationValue(slot, key.property, customDefault, at: time ?? now) else { return nil }
            return key.component == .whole ? v : key.component.extract(from: v)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
