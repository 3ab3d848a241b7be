// SPDX-License-Identifier: Apache-2.0
// Text layers' layout (issue 26, R15): the engine's side of the text layout provider. A text
// layer's presented values make a request; the provider's answer is cached per layer and asked
// for again only when an input changes (R15.6), so an idle text layer costs its draw record and
// a comparison, never a layout.

/// A text layer's drawing in a ``DrawRecord`` (R15.5): its cached layout, where the layout's
/// origin lies in layer space, and the presented `foregroundColor` that runs without their own
/// colour take. A class, so that a record stays small for every other kind of layer; an idle
/// text layer's records share one object frame after frame (no allocation).
public final class DrawText: Hashable, Sendable {
    /// The layout (shared with the engine's cache: equal records hold the same object).
    public let layout: TextLayout
    /// Where the layout's (0, 0) (the first line's top-left) lies in layer space: the bounds'
    /// origin (R15.3).
    public let origin: Point
    /// The presented `foregroundColor`, straight RGBA; nil: runs without a colour draw nothing.
    public let color: Color?

    /// Creates a text record.
    public init(layout: TextLayout, origin: Point, color: Color?) {
        self.layout = layout
        self.origin = origin
        self.color = color
    }

    /// The colour a run draws in: its own, or the layer's.
    public func color(of run: GlyphRun) -> Color? { run.color ?? color }

    /// Records are equal when they show the same layout at the same place in the same colour.
    public static func == (a: DrawText, b: DrawText) -> Bool {
        a === b || (a.layout == b.layout && a.origin == b.origin && a.color == b.color)
    }

    /// Hashes the layout, origin and colour.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(layout)
        hasher.combine(origin)
        hasher.combine(color)
    }
}

/// The inputs of one layout that the draw list compares frame by frame, without building a
/// request: the string, font and the rest by value, the host's runs by a version number.
struct TextKey: Equatable {
    var string: String
    var font: String
    var fontSize: Double
    var width: Double
    var height: Double
    var isWrapped: Bool
    var alignment: TextAlignment
    var truncation: TextTruncation
    var contentsScale: Double
    var runsVersion: UInt64
}

/// A text layer's cache and attributed runs (lock held for every access).
final class TextState {
    /// The host's runs (``TextLayer/runs``), validated against the string they were set with.
    var runs: [TextRun] = []
    /// Bumped whenever `runs` change, so cached layouts made with other runs miss.
    var runsVersion: UInt64 = 0
    /// The last two layouts, most recent first: two, so that a transition's before-state and
    /// the new state (CA-10.1) do not evict each other frame after frame.
    var cache: [(key: TextKey, layout: TextLayout)] = []
    /// How many layouts this layer has asked the provider for (tests read it: R15.6).
    var layoutCount = 0
    /// The last record made, handed out again while nothing in it changes.
    var lastDraw: DrawText? = nil
}

extension Engine {
    /// The text layout provider (R15.1). Setting it (nil removes it) drops every cached layout,
    /// so text layers lay out again with the new provider at their next draw list.
    public var textLayoutProvider: TextLayoutProvider? {
        get { lock.withLock { textProvider } }
        set {
            lock.withLock {
                textProvider = newValue
                for (_, state) in textStates { state.cache.removeAll() }
            }
        }
    }

    /// The text record of a text layer's presented values `p` (lock held): the cached layout
    /// when no input changed, else a new one from the provider (or an empty one with a status).
    func drawText(_ slot: Int32, _ p: UnsafePointer<LayerProperties>, contentsScale: Double) -> DrawText {
        let props = p.pointee
        let bounds = props.bounds
        let color: Color?
        if case .color(let c) = props.textValue(.foregroundColor) { color = c } else { color = nil }
        let key = textKey(slot, props, width: bounds.size.width, height: bounds.size.height, contentsScale: contentsScale)
        let layout = textLayout(slot, key)
        let state = textStates[slot]!  // textLayout made it
        if let last = state.lastDraw, last.layout === layout, last.origin == bounds.origin, last.color == color {
            return last
        }
        let made = DrawText(layout: layout, origin: bounds.origin, color: color)
        state.lastDraw = made
        return made
    }

    /// The key of a layout of `props` at `width` × `height`. Lock held.
    private func textKey(
        _ slot: Int32, _ props: LayerProperties, width: Double, height: Double, contentsScale: Double
    ) -> TextKey {
        var string = ""
        if case .string(let s) = props.textValue(.string) { string = s }
        var font = "Helvetica"
        if case .string(let f) = props.textValue(.font) { font = f }
        var size = 36.0
        if case .number(let v) = props.textValue(.fontSize) { size = v }
        var wrapped = false
        if case .bool(let b) = props.textValue(.wrapped) { wrapped = b }
        var alignment = TextAlignment.natural
        if case .string(let a) = props.textValue(.alignmentMode) { alignment = TextAlignment(rawValue: a) ?? .natural }
        var truncation = TextTruncation.none
        if case .string(let m) = props.textValue(.truncationMode) { truncation = TextTruncation(rawValue: m) ?? .none }
        return TextKey(
            string: string, font: font, fontSize: size, width: width, height: height, isWrapped: wrapped,
            alignment: alignment, truncation: truncation, contentsScale: contentsScale,
            runsVersion: textStates[slot]?.runsVersion ?? 0)
    }

    /// The layout for `key`: cached, or laid out now (R15.6). Lock held.
    private func textLayout(_ slot: Int32, _ key: TextKey) -> TextLayout {
        let state: TextState
        if let s = textStates[slot] {
            state = s
            if let hit = s.cache.firstIndex(where: { $0.key == key }) {
                let found = s.cache[hit]
                if hit != 0 { s.cache.swapAt(0, hit) }
                return found.layout
            }
        } else {
            state = TextState()
            textStates[slot] = state
        }
        let layout = layOut(key, runs: state.runs)
        state.layoutCount += 1
        state.cache.insert((key, layout), at: 0)
        if state.cache.count > 2 { state.cache.removeLast() }
        return layout
    }

    /// Asks the provider for a layout of `key` with `runs`; an empty layout with a status when
    /// there is none or it fails (R15.1). Lock held.
    private func layOut(_ key: TextKey, runs: [TextRun]) -> TextLayout {
        guard let provider = textProvider else {
            return .empty(.noProvider, "no text layout provider is registered with the engine")
        }
        if key.string.isEmpty || !(key.fontSize > 0) {
            // Nothing to shape: an empty string, or a size of 0 (R15.2), lays out as no lines.
            return TextLayout(size: Size(width: 0, height: 0), runs: [], lines: [])
        }
        let request = TextLayoutRequest(
            string: key.string, spans: textSpans(key, runs), width: key.width, height: key.height,
            isWrapped: key.isWrapped, alignment: key.alignment, truncation: key.truncation,
            contentsScale: key.contentsScale)
        do {
            return try provider.layout(request)
        } catch {
            return .empty(.failed, error.message)
        }
    }

    /// The spans of `key`'s string: the host's runs, clipped to the string (a run set for a
    /// longer string keeps what still exists) and completed with the layer's attributes, and
    /// the layer's look in the gaps between them.
    private func textSpans(_ key: TextKey, _ runs: [TextRun]) -> [TextSpan] {
        let utf8 = key.string.utf8
        let n = utf8.count
        var spans: [TextSpan] = []
        var at = 0
        func boundary(_ i: Int) -> Int {
            // A byte offset moved back to the start of its character.
            var k = min(max(i, 0), n)
            while k > 0 && k < n && (utf8[utf8.index(utf8.startIndex, offsetBy: k)] & 0xC0) == 0x80 { k -= 1 }
            return k
        }
        func plain(_ from: Int, _ to: Int) {
            if to > from {
                spans.append(TextSpan(start: from, length: to - from, font: key.font, fontSize: key.fontSize))
            }
        }
        for run in runs {
            let start = boundary(run.start)
            let end = boundary(run.start + run.length)
            guard start >= at, end > start else { continue }
            plain(at, start)
            spans.append(TextSpan(
                start: start, length: end - start, font: run.font ?? key.font,
                fontSize: run.fontSize ?? key.fontSize, color: run.color))
            at = end
        }
        plain(at, n)
        return spans
    }

    // MARK: - The host's face (TextLayer, the C ABI)

    /// A text layer's preferred size (CATextLayer's `preferredFrameSize`, R15.7): the size its
    /// model values lay out to at `width` (nil: the bounds' width when the layer wraps,
    /// unlimited when it does not), with no height limit and no truncation.
    ///
    /// - Throws: `staleHandle`; `unknownKey` for a layer of another kind; `invalidArgument` for
    ///   a width that is NaN or not positive; `notFound` when no provider is registered; the
    ///   provider's error when it cannot lay the text out.
    package func preferredTextFrameSize(_ layer: LayerID, width: Double?) throws(LaminaError) -> Size {
        try lock.withLock { () throws(LaminaError) -> Size in
            let slot = try resolve(layer)
            guard slots[Int(slot)].kind == .text else {
                throw LaminaError(.unknownKey, "preferredFrameSize is a text layer's; this is a \(slots[Int(slot)].kind) layer")
            }
            if let w = width, !(w > 0) {
                throw LaminaError(.invalidArgument, "the width must be > 0 (or none), got \(w)")
            }
            guard let provider = textProvider else {
                throw LaminaError(.notFound, "no text layout provider is registered with the engine")
            }
            let model = slots[Int(slot)].model
            var key = textKey(slot, model, width: .infinity, height: .infinity, contentsScale: model.rareStorage.value.contentsScale)
            key.width = width ?? (key.isWrapped ? model.bounds.size.width : .infinity)
            key.truncation = .none
            if key.string.isEmpty || !(key.fontSize > 0) { return Size(width: 0, height: 0) }
            let request = TextLayoutRequest(
                string: key.string, spans: textSpans(key, textStates[slot]?.runs ?? []), width: key.width,
                height: .infinity, isWrapped: key.isWrapped, alignment: key.alignment, truncation: .none,
                contentsScale: key.contentsScale)
            return try provider.layout(request).size
        }
    }

    /// Sets a text layer's attributed runs (R15.2). They apply at once, with no animation and
    /// outside transactions (like a new string's layout, they show at the next draw list).
    ///
    /// - Throws: `staleHandle`; `unknownKey` for a layer of another kind; `invalidArgument` for
    ///   a run outside the layer's current string, one that starts or ends inside a character,
    ///   overlapping runs, a NaN, infinite or negative size or an empty font name.
    package func setTextRuns(_ layer: LayerID, _ runs: [TextRun]) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            guard slots[Int(slot)].kind == .text else {
                throw LaminaError(.unknownKey, "runs are a text layer's; this is a \(slots[Int(slot)].kind) layer")
            }
            var string = ""
            if case .string(let s) = slots[Int(slot)].model.textValue(.string) { string = s }
            let bytes = Array(string.utf8)
            let sorted = runs.sorted { $0.start < $1.start }
            var end = 0
            for (i, run) in sorted.enumerated() {
                guard run.start >= 0, run.length >= 0, run.start <= bytes.count - run.length else {
                    throw LaminaError(
                        .invalidArgument,
                        "run \(i) (bytes \(run.start)..<\(run.start + run.length)) is outside the string's \(bytes.count) bytes")
                }
                for k in [run.start, run.start + run.length] where k < bytes.count && bytes[k] & 0xC0 == 0x80 {
                    throw LaminaError(.invalidArgument, "run \(i) starts or ends inside a character (byte \(k))")
                }
                guard run.start >= end else {
                    throw LaminaError(.invalidArgument, "run \(i) overlaps the run before it")
                }
                if let size = run.fontSize, !(size >= 0 && size.isFinite) {
                    throw LaminaError(.invalidArgument, "run \(i)'s font size must be finite and >= 0, got \(size)")
                }
                if let font = run.font, font.isEmpty {
                    throw LaminaError(.invalidArgument, "run \(i)'s font must name a font family or file")
                }
                if let c = run.color, !(c.red.isFinite && c.green.isFinite && c.blue.isFinite && c.alpha.isFinite) {
                    throw LaminaError(.invalidArgument, "run \(i)'s colour must be finite")
                }
                end = run.start + run.length
            }
            let state = textStates[slot] ?? TextState()
            textStates[slot] = state
            state.runs = sorted
            state.runsVersion &+= 1
        }
    }

    /// A text layer's attributed runs (empty when it has none).
    package func textRuns(_ layer: LayerID) throws(LaminaError) -> [TextRun] {
        try lock.withLock { () throws(LaminaError) -> [TextRun] in
            let slot = try resolve(layer)
            return textStates[slot]?.runs ?? []
        }
    }

    /// How many layouts a text layer has asked its provider for (R15.6; for tests and
    /// benchmarks).
    package func textLayoutCount(_ layer: LayerID) throws(LaminaError) -> Int {
        try lock.withLock { () throws(LaminaError) -> Int in
            let slot = try resolve(layer)
            return textStates[slot]?.layoutCount ?? 0
        }
    }
}

extension LayerProperties {
    /// A text layer's property (its stored value or the default).
    @inline(__always)
    func textValue(_ id: PropertyID) -> Value {
        hasRare ? kindValue(id) : Builtins.table[Int(id.rawValue)].defaultValue
    }
}
