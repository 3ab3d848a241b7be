// SPDX-License-Identifier: Apache-2.0
// The Swift face of explicit animations, layer time and presentation snapshots (CA-5, CA-11).

extension Layer {
    /// Adds a copy of an animation under `key` (nil adds an unnamed entry; a transition with no
    /// key is stored under "transition"), replacing an animation with the same key (R8,
    /// CA-11.1–11.3). It starts when the calling thread's transaction commits.
    public func add(_ animation: Animation, forKey key: String?) throws(LaminaError) {
        try onLayer(key: animation.keyPath) { () throws(LaminaError) in try engine.addAnimation(animation, forKey: key, to: id) }
    }

    /// The attached copy under `key`, or nil (CA-11.5).
    public func animation(forKey key: String) -> Animation? {
        (try? engine.animation(forKey: key, of: id)) ?? nil
    }

    /// The animation keys in evaluation order (CA-11.6).
    public var animationKeys: [String] { (try? engine.animationKeys(of: id)) ?? [] }

    /// Removes the animation under `key` at once (CA-11.7).
    public func removeAnimation(forKey key: String) throws(LaminaError) {
        try onLayer { () throws(LaminaError) in try engine.removeAnimation(forKey: key, from: id) }
    }

    /// Removes every animation at once (CA-11.7).
    public func removeAllAnimations() throws(LaminaError) {
        try onLayer { () throws(LaminaError) in try engine.removeAllAnimations(from: id) }
    }

    /// Timing introspection for the animation under `key` at `time` (now when nil).
    public func timingInfo(forKey key: String, at time: Double? = nil) throws(LaminaError) -> AnimationTimingInfo? {
        try onLayer { () throws(LaminaError) in try engine.timingInfo(forKey: key, of: id, at: time) }
    }

    /// The transition running at `time` and the presentation from before it (CA-10.2).
    public func transition(at time: Double? = nil) throws(LaminaError) -> (state: TransitionState, before: Presentation)? {
        try engine.transition(of: id, at: time)
    }

    /// Converts a time from another layer's time space (nil: engine time) into this layer's
    /// (CALayer.convertTime(_:from:), CA-5.11).
    public func convertTime(_ t: Double, from layer: Layer?) throws(LaminaError) -> Double {
        try engine.convertTime(t, from: layer?.id, to: id)
    }

    /// Converts a time from this layer's time space into another's (nil: engine time).
    public func convertTime(_ t: Double, to layer: Layer?) throws(LaminaError) -> Double {
        try engine.convertTime(t, from: id, to: layer?.id)
    }

    /// A snapshot of the layer's presentation at `time` (now when nil), or nil before its first
    /// commit (R3).
    public func presentation(at time: Double? = nil) throws(LaminaError) -> Presentation? {
        try engine.presentation(of: id, at: time)
    }

    /// The layer's beginTime in its superlayer's time (CA-5.11).
    public var beginTime: Double {
        get { if case .number(let v)? = try? value(forKeyPath: "beginTime") { return v }; return 0 }
        set { setTiming("beginTime", newValue) }
    }

    /// The layer's speed (CA-5.7); 0 pauses its animations and sublayers (CA-5.12).
    public var speed: Double {
        get { if case .number(let v)? = try? value(forKeyPath: "speed") { return v }; return 1 }
        set { setTiming("speed", newValue) }
    }

    /// The layer's timeOffset (CA-5.8).
    public var timeOffset: Double {
        get { if case .number(let v)? = try? value(forKeyPath: "timeOffset") { return v }; return 0 }
        set { setTiming("timeOffset", newValue) }
    }
}

extension Layer {
    /// Typed setters trap on programmer errors (a dead layer, NaN), as Layer's others do.
    fileprivate func setTiming(_ key: String, _ value: Double) {
        do {
            try setValue(.number(value), forKeyPath: key)
        } catch {
            preconditionFailure("Lamina: \(error.message)")
        }
    }
}

extension Engine {
    /// A snapshot of a layer's presentation at `time` (now when nil), or nil before its first
    /// commit (R3).
    package func presentation(of layer: LayerID, at time: Double? = nil) throws(LaminaError) -> Presentation? {
        if let time, !time.isFinite { throw LaminaError(.invalidArgument, "time must be finite") }
        return try lock.withLock { () throws(LaminaError) -> Presentation? in
            let slot = try resolve(layer)
            let kind = slots[Int(slot)].kind
            return presentation(slot, at: time ?? now).map {
                var p = Presentation(properties: $0, engine: self, kind: kind)
                p.source = (self, layer, time ?? now)  // for velocity(for:) (R17.1)
                return p
            }
        }
    }
}
