// SPDX-License-Identifier: Apache-2.0
// The Swift face of a text layer (issue 26, R15): CATextLayer's keys, its attributed runs and
// its preferred size. The layout itself is the engine's text layout provider's (Engine+Text).

/// A text layer (`CATextLayer`, R15): draws its ``string`` laid out by the engine's
/// ``Engine/textLayoutProvider`` (shaped, bidirectional, wrapped and truncated by the
/// provider), above its background and contents and below its sublayers. Made by
/// ``Engine/makeTextLayer()``.
///
/// ```swift
/// let title = engine.makeTextLayer()
/// title.string = "Hello, world"
/// title.font = "DejaVu Sans"
/// title.fontSize = 24
/// title.bounds = Rect(x: 0, y: 0, width: 200, height: 40)
/// title.truncationMode = .end
/// ```
public final class TextLayer: Layer, @unchecked Sendable {
    /// `.text`.
    public override var kind: LayerKind { .text }

    /// The text, plain UTF-8 (default nil: nothing drawn, R15.2). Not animatable; a transition
    /// shows the old string in its before-state.
    public var string: String? {
        get { if case .string(let v) = get(.string) { return v }; return nil }
        set { set(.string, newValue.map(Value.string) ?? .null) }
    }

    /// The font: a fontconfig family name ("DejaVu Sans") or a font file's path (default
    /// "Helvetica", which fontconfig maps to an installed sans-serif face). Not animatable.
    public var font: String {
        get { if case .string(let v) = get(.font) { return v }; return "Helvetica" }
        set { set(.font, .string(newValue)) }
    }

    /// The size in points (default 36; 0 draws nothing; negative sizes trap, the key-value
    /// API throws `invalidArgument`). Animatable.
    public var fontSize: Double {
        get { if case .number(let v) = get(.fontSize) { return v }; return 36 }
        set { set(.fontSize, .number(newValue)) }
    }

    /// The text colour (default opaque white; nil draws runs without their own colour not at
    /// all). Animatable.
    public var foregroundColor: Color? {
        get { if case .color(let v) = get(.foregroundColor) { return v }; return nil }
        set { set(.foregroundColor, newValue.map(Value.color) ?? .null) }
    }

    /// How lines sit in the bounds' width (default ``TextAlignment/natural``). Not animatable.
    public var alignmentMode: TextAlignment {
        get { if case .string(let v) = get(.alignmentMode) { return TextAlignment(rawValue: v) ?? .natural }; return .natural }
        set { set(.alignmentMode, .string(newValue.rawValue)) }
    }

    /// Whether lines wrap at the bounds' width (default false: only line breaks in the string
    /// start new lines). Core Animation's key is "wrapped". Not animatable.
    public var isWrapped: Bool {
        get { if case .bool(let v) = get(.wrapped) { return v }; return false }
        set { set(.wrapped, .bool(newValue)) }
    }

    /// Where a line too wide for the bounds is cut with an ellipsis, U+2026 (default
    /// ``TextTruncation/none``). Wrapped text is cut on the last line that fits the bounds'
    /// height. Not animatable.
    public var truncationMode: TextTruncation {
        get { if case .string(let v) = get(.truncationMode) { return TextTruncation(rawValue: v) ?? .none }; return .none }
        set { set(.truncationMode, .string(newValue.rawValue)) }
    }

    /// Attributed runs: byte ranges of ``string`` with their own font, size or colour
    /// (R15.2). Set them after the string; they apply at once (not through transactions).
    /// Setting traps on a run outside the string; ``setRuns(_:)`` throws instead.
    public var runs: [TextRun] {
        get {
            do { return try engine.textRuns(id) } catch { preconditionFailure("Lamina: \(error.message)") }
        }
        set {
            do { try setRuns(newValue) } catch { preconditionFailure("Lamina: \(error.message)") }
        }
    }

    /// Sets ``runs``, throwing instead of trapping.
    ///
    /// - Throws: `invalidArgument` for a run outside the string, inside a character, overlapping
    ///   another, with a NaN, infinite or negative size or an empty font name.
    public func setRuns(_ runs: [TextRun]) throws(LaminaError) {
        try onLayer { () throws(LaminaError) in try engine.setTextRuns(id, runs) }
    }

    /// The size the text lays out to (CATextLayer's `preferredFrameSize`, R15.7): the widest
    /// line and the lines' height, at `width` (nil: the bounds' width when wrapped, unlimited
    /// otherwise), from the model values, with no truncation.
    ///
    /// - Throws: `notFound` when the engine has no text layout provider; `invalidArgument` for
    ///   a width that is NaN or not positive; the provider's error (a missing font, ...).
    public func preferredFrameSize(width: Double? = nil) throws(LaminaError) -> Size {
        try onLayer { () throws(LaminaError) -> Size in try engine.preferredTextFrameSize(id, width: width) }
    }

    /// How many layouts this layer has asked the provider for: it grows only when an input of
    /// the layout changes (R15.6).
    public var layoutCount: Int {
        (try? engine.textLayoutCount(id)) ?? 0
    }
}
