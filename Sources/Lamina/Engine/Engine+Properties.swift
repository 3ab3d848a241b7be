// Reading and writing properties, the action search (R5) and the built-in implicit
// animation (R6).

extension Engine {
    // MARK: - Keys

    /// Parses a key or key path ("opacity", "position.x", "transform.rotation.z"). Lock held.
    func resolveKey(_ keyPath: String) throws(LaminaError) -> (ResolvedKey, PropertyInfo) {
        let dot = keyPath.firstIndex(of: ".")
        let head = dot.map { keyPath[..<$0] } ?? keyPath[...]
        let id: PropertyID
        let info: PropertyInfo
        if let b = Builtins.byName[String(head)] {
            id = b
            info = Builtins.table[Int(b.rawValue)]
        } else if let c = customByName[String(head)] {
            id = c
            info = customProperties[Int(c.rawValue - PropertyID.customBase)]
        } else {
            throw LaminaError(.unknownKey, "unknown property key '\(keyPath)'")
        }
        guard let dot else { return (ResolvedKey(property: id, component: .whole), info) }
        let suffix = keyPath[keyPath.index(after: dot)...]
        guard let component = KeyComponent.parse(suffix, for: info.type) else {
            throw LaminaError(.unknownKey, "unknown key path '\(keyPath)': '\(info.name)' has no component '\(suffix)'")
        }
        return (ResolvedKey(property: id, component: component), info)
    }

    func info(of id: PropertyID) -> PropertyInfo {
        id.isCustom
            ? customProperties[Int(id.rawValue - PropertyID.customBase)]
            : Builtins.table[Int(id.rawValue)]
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
        guard defaultValue.isFinite else {
            throw LaminaError(.invalidArgument, "a custom property's default must be finite")
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
    public func value(of layer: LayerID, forKeyPath keyPath: String) throws(LaminaError) -> Value {
        try lock.withLock { () throws(LaminaError) -> Value in
            let slot = try resolve(layer)
            let (key, info) = try resolveKey(keyPath)
            return key.component.extract(from: slots[Int(slot)].model.get(key.property, customDefault: info.defaultValue))
        }
    }

    /// Sets a property or key path. See ``setValue(_:forKey:of:)`` for the rules.
    public func setValue(_ value: Value, forKeyPath keyPath: String, of layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            let (key, info) = try resolveKey(keyPath)
            try check(value, for: key, info, keyPath)
            setLocked(slot, key, info, value)
        }
    }

    /// Sets an already-resolved property of a layer. The fast entry for typed setters.
    public func setValue(_ value: Value, forKey key: ResolvedKey, of layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            let info = info(of: key.property)
            try check(value, for: key, info, info.name)
            setLocked(slot, key, info, value)
        }
    }

    /// Reads an already-resolved model property of a layer.
    public func value(of layer: LayerID, forKey key: ResolvedKey) throws(LaminaError) -> Value {
        try lock.withLock { () throws(LaminaError) -> Value in
            let slot = try resolve(layer)
            return key.component.extract(
                from: slots[Int(slot)].model.get(key.property, customDefault: info(of: key.property).defaultValue))
        }
    }

    /// Resolves a key path once, for callers that set the same key often.
    public func resolve(keyPath: String) throws(LaminaError) -> ResolvedKey {
        try lock.withLock { () throws(LaminaError) -> ResolvedKey in try resolveKey(keyPath).0 }
    }

    private func check(_ value: Value, for key: ResolvedKey, _ info: PropertyInfo, _ keyPath: String) throws(LaminaError) {
        let expected = key.component.valueType(in: info.type)
        let nullOK = value == .null && info.nullable && key.component == .whole
        guard value.type == expected || nullOK else {
            throw LaminaError(.typeMismatch, "'\(keyPath)' takes a \(expected) value, not a \(value.type)")
        }
        guard value.isFinite else {
            throw LaminaError(.invalidArgument, "'\(keyPath)' needs finite numbers")
        }
    }

    /// The setter flow (CA-2.6, R4–R6): compute the new whole value; if it differs, record the
    /// change in the calling thread's transaction; look up the action before storing (so it
    /// sees the old value); store; run the action. Lock held; value already checked.
    func setLocked(_ slot: Int32, _ key: ResolvedKey, _ info: PropertyInfo, _ value: Value) {
        let i = Int(slot)
        let old = slots[i].model.get(key.property, customDefault: info.defaultValue)
        let new = key.component.insert(value, into: old)
        if new == old { return }  // R4: an equal value looks up no action and adds nothing
        let s = stack()
        markDirty(slot, in: s)
        let action: SearchResult =
            slots[i].everCommitted && !s.disableActions ? actionSearch(slot, event: info) : .noAction
        slots[i].model.set(key.property, new)
        if case .implicit = action {
            // R6: from the presentation value at the moment of the change (smooth
            // interruption), to the new value, with the transaction's duration and curve.
            let from = presentation(slot, at: now)?.get(key.property, customDefault: info.defaultValue) ?? old
            attach(AttachedAnimation(
                key: info.name, target: key.property, from: from, to: new,
                duration: s.duration, timing: s.timingFunction ?? .default), to: slot, in: s)
        }
    }

    enum SearchResult {
        case noAction
        case implicit
    }

    /// The action search (R5, CA-3.4): the layer's actions, then the built-in implicit animation
    /// for animatable properties. An explicit "no action" ends it (CA-3.5). Lock held.
    func actionSearch(_ slot: Int32, event info: PropertyInfo) -> SearchResult {
        if let actions = slots[Int(slot)].actions, let entry = actions[info.name] {
            switch entry {
            case .none: return .noAction
            }
        }
        return info.animatable ? .implicit : .noAction
    }

    // MARK: - Actions

    /// Puts an explicit "no action" in the layer's actions for `key` (CA-3.5).
    public func setNoAction(forKey key: String, of layer: LayerID) throws(LaminaError) {
        guard !key.isEmpty else { throw LaminaError(.invalidArgument, "an action key must not be empty") }
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            if slots[Int(slot)].actions == nil { slots[Int(slot)].actions = [:] }
            slots[Int(slot)].actions![key] = ActionEntry.none
        }
    }

    /// Removes the layer's action entry for `key`.
    ///
    /// - Throws: `notFound` if there is none.
    public func removeAction(forKey key: String, of layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            guard slots[Int(slot)].actions?.removeValue(forKey: key) != nil else {
                throw LaminaError(.notFound, "layer \(layer.rawValue) has no action for '\(key)'")
            }
        }
    }

    // MARK: - Presentation

    /// Whether the layer has a presentation (it was committed at least once, CA-1.2).
    public func hasPresentation(_ layer: LayerID) throws(LaminaError) -> Bool {
        try lock.withLock { () throws(LaminaError) -> Bool in
            slots[Int(try resolve(layer))].everCommitted
        }
    }

    /// The presentation value of a key path at `time` (the engine's current time when nil):
    /// committed value plus animations (CA-1.9); nil if the layer was never committed (R3).
    public func presentationValue(
        of layer: LayerID, forKeyPath keyPath: String, at time: Double? = nil
    ) throws(LaminaError) -> Value? {
        if let time, !time.isFinite {
            throw LaminaError(.invalidArgument, "presentation time must be finite, got \(time)")
        }
        return try lock.withLock { () throws(LaminaError) -> Value? in
            let slot = try resolve(layer)
            let (key, info) = try resolveKey(keyPath)
            guard let p = presentation(slot, at: time ?? now) else { return nil }
            return key.component.extract(from: p.get(key.property, customDefault: info.defaultValue))
        }
    }
}
