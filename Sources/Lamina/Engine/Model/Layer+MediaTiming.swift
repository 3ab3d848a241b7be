// SPDX-License-Identifier: Apache-2.0
// The rest of CAMediaTiming on layers (CA-5.11, CA-13.6; issue 8 item 7): duration, repeats,
// autoreverse and fill shape the layer's time space for its animations and sublayers.

extension Layer {
    /// The length of one cycle of the layer's time space; 0 (the default) means it neither
    /// ends nor repeats, and only beginTime, speed and timeOffset apply.
    public var duration: Double {
        get { if case .number(let v)? = try? value(forKeyPath: "duration") { return v }; return 0 }
        set { setMediaTiming("duration", .number(newValue)) }
    }

    /// How many cycles the layer's time space plays (with a ``duration``; 0 = once).
    public var repeatCount: Double {
        get { if case .number(let v)? = try? value(forKeyPath: "repeatCount") { return v }; return 0 }
        set { setMediaTiming("repeatCount", .number(newValue)) }
    }

    /// How long the layer's time space repeats (with a ``duration``; 0 = unused).
    public var repeatDuration: Double {
        get { if case .number(let v)? = try? value(forKeyPath: "repeatDuration") { return v }; return 0 }
        set { setMediaTiming("repeatDuration", .number(newValue)) }
    }

    /// Whether each cycle of the layer's time space runs forwards then backwards.
    public var autoreverses: Bool {
        get { if case .bool(let v)? = try? value(forKeyPath: "autoreverses") { return v }; return false }
        set { setMediaTiming("autoreverses", .bool(newValue)) }
    }

    /// What the layer's time space holds outside its active period (CA-5.9): without a fill
    /// its animations see a time before any begin (−∞) there.
    public var fillMode: FillMode {
        get {
            if case .string(let s)? = try? value(forKeyPath: "fillMode"), let m = FillMode(name: s) { return m }
            return .removed
        }
        set { setMediaTiming("fillMode", .string(newValue.name)) }
    }

    /// Typed setters trap on programmer errors (a dead layer, NaN), as Layer's others do.
    private func setMediaTiming(_ key: String, _ value: Value) {
        do {
            try setValue(value, forKeyPath: key)
        } catch {
            preconditionFailure("Lamina: \(error.message)")
        }
    }
}
