// SPDX-License-Identifier: Apache-2.0
// Typed reads of a presentation snapshot beyond the five hot ones (issue 30 item 9), so a Swift
// host writes `presentation.strokeEnd` instead of matching `value(forKeyPath: "strokeEnd")`.
// A layer kind's own property reads nil on a layer of another kind, as `value(forKeyPath:)`
// does; a colour reads nil also when the colour itself is nil (no fill, no stroke).

extension Presentation {
    private func number(_ key: String) -> Double? {
        if case .number(let v)? = value(forKeyPath: key) { return v }
        return nil
    }

    private func color(_ key: String) -> Color? {
        if case .color(let c)? = value(forKeyPath: key) { return c }
        return nil
    }

    private func point(_ key: String) -> Point? {
        if case .point(let p)? = value(forKeyPath: key) { return p }
        return nil
    }

    private func transform(_ key: String) -> Transform3D? {
        if case .transform(let t)? = value(forKeyPath: key) { return t }
        return nil
    }

    // MARK: Every layer

    /// The zPosition on screen.
    public var zPosition: Double { number("zPosition") ?? 0 }
    /// The anchor point on screen.
    public var anchorPoint: Point { point("anchorPoint") ?? Point(x: 0.5, y: 0.5) }
    /// The sublayer transform on screen.
    public var sublayerTransform: Transform3D { transform("sublayerTransform") ?? .identity }
    /// The corner radius on screen.
    public var cornerRadius: Double { number("cornerRadius") ?? 0 }
    /// The border width on screen.
    public var borderWidth: Double { number("borderWidth") ?? 0 }
    /// The border colour on screen (nil: none).
    public var borderColor: Color? { color("borderColor") }
    /// The shadow opacity on screen.
    public var shadowOpacity: Double { number("shadowOpacity") ?? 0 }
    /// The shadow radius on screen.
    public var shadowRadius: Double { number("shadowRadius") ?? 3 }
    /// The shadow colour on screen (nil: none).
    public var shadowColor: Color? { color("shadowColor") }
    /// The shadow offset on screen.
    public var shadowOffset: Size {
        if case .size(let s)? = value(forKeyPath: "shadowOffset") { return s }
        return Size(width: 0, height: -3)
    }

    // MARK: Shape layers (RS-8); nil on other kinds

    /// A shape layer's fill colour on screen; nil for no fill or another kind.
    public var fillColor: Color? { color("fillColor") }
    /// A shape layer's stroke colour on screen; nil for no stroke or another kind.
    public var strokeColor: Color? { color("strokeColor") }
    /// A shape layer's line width on screen; nil for another kind.
    public var lineWidth: Double? { number("lineWidth") }
    /// A shape layer's strokeStart on screen; nil for another kind.
    public var strokeStart: Double? { number("strokeStart") }
    /// A shape layer's strokeEnd on screen; nil for another kind.
    public var strokeEnd: Double? { number("strokeEnd") }
    /// A shape layer's lineDashPhase on screen; nil for another kind.
    public var lineDashPhase: Double? { number("lineDashPhase") }
    /// A shape layer's path on screen; nil for no path or another kind.
    public var path: Path? {
        if case .path(let p)? = value(forKeyPath: "path") { return p }
        return nil
    }

    // MARK: Gradient layers (RS-9); nil on other kinds

    /// A gradient layer's colours on screen; nil for none or another kind.
    public var colors: [Color]? {
        if case .colorArray(let a)? = value(forKeyPath: "colors") { return a }
        return nil
    }
    /// A gradient layer's locations on screen; nil for none or another kind.
    public var locations: [Double]? {
        if case .numberArray(let a)? = value(forKeyPath: "locations") { return a }
        return nil
    }
    /// A gradient layer's start point on screen; nil for another kind.
    public var startPoint: Point? { point("startPoint") }
    /// A gradient layer's end point on screen; nil for another kind.
    public var endPoint: Point? { point("endPoint") }
    /// A gradient layer's focal offset on screen (RS-9.10); nil for another kind.
    public var focalOffset: Point? { point("focalOffset") }

    // MARK: Replicator layers (RS-13); nil on other kinds

    /// A replicator's instance count on screen (animatable: the count shown); nil for another kind.
    public var instanceCount: Int? { number("instanceCount").map { Int($0) } }
    /// A replicator's instance delay on screen; nil for another kind.
    public var instanceDelay: Double? { number("instanceDelay") }
    /// A replicator's instance transform on screen; nil for another kind.
    public var instanceTransform: Transform3D? { transform("instanceTransform") }
    /// A replicator's instance colour on screen; nil for another kind.
    public var instanceColor: Color? { color("instanceColor") }
}
