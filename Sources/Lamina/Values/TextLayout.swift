// SPDX-License-Identifier: Apache-2.0
// Text layout as plain values (issue 26, R15): what a text layer asks a text layout provider
// for, and the positioned glyph runs and line boxes it gets back. The engine knows no font
// file, shaper or line breaker; a provider (the optional liblamina-text over HarfBuzz, or the
// host's own text stack) does the work behind ``TextLayoutProvider``.

/// How a text layer's lines sit between the left and right edges of its bounds
/// (`alignmentMode`, R15.3). The raw values are Core Animation's names.
public enum TextAlignment: String, Sendable, CaseIterable {
    /// Left for left-to-right paragraphs, right for right-to-left ones (the default).
    case natural
    /// Flush left.
    case left
    /// Flush right.
    case right
    /// Centred.
    case center
    /// Flush on both sides: the spaces of every line but a paragraph's last are widened.
    case justified

    /// The C ABI's LAMINA_TEXT_ALIGN_* number.
    package var code: Int32 {
        switch self {
        case .natural: return 0
        case .left: return 1
        case .right: return 2
        case .center: return 3
        case .justified: return 4
        }
    }
}

/// Where a line that does not fit is cut and marked with an ellipsis (U+2026)
/// (`truncationMode`, R15.4). The raw values are Core Animation's names.
public enum TextTruncation: String, Sendable, CaseIterable {
    /// Never cut (the default): a line too wide runs past the bounds.
    case none
    /// Cut at the start: "…end of the line".
    case start
    /// Cut in the middle: "start…end".
    case middle
    /// Cut at the end: "start of the line…".
    case end

    /// The C ABI's LAMINA_TEXT_TRUNCATE_* number.
    package var code: Int32 {
        switch self {
        case .none: return 0
        case .start: return 1
        case .middle: return 2
        case .end: return 3
        }
    }
}

/// A byte range of a text layer's string with its own look (an attributed run, R15.2). Each
/// span names its font, size and colour in full: the engine fills in the layer's values for
/// what a run leaves unset before it asks the provider.
public struct TextSpan: Hashable, Sendable {
    /// The first UTF-8 byte of the span in the string.
    public var start: Int
    /// The span's length in UTF-8 bytes.
    public var length: Int
    /// A fontconfig family name ("DejaVu Sans") or a font file's path (it contains a "/").
    public var font: String
    /// The size in points.
    public var fontSize: Double
    /// The colour, straight RGBA; nil: the layer's `foregroundColor` (which animates).
    public var color: Color?

    /// Creates a span.
    public init(start: Int, length: Int, font: String, fontSize: Double, color: Color? = nil) {
        self.start = start
        self.length = length
        self.font = font
        self.fontSize = fontSize
        self.color = color
    }
}

/// An attributed run as a host sets it (``TextLayer/runs``): a UTF-8 byte range of the string
/// and the attributes it overrides; nil attributes are the layer's.
public struct TextRun: Hashable, Sendable {
    /// The first UTF-8 byte of the run in the layer's string.
    public var start: Int
    /// The run's length in UTF-8 bytes.
    public var length: Int
    /// The run's font (family name or file path), or nil for the layer's ``TextLayer/font``.
    public var font: String?
    /// The run's size in points, or nil for the layer's ``TextLayer/fontSize``.
    public var fontSize: Double?
    /// The run's colour, or nil for the layer's ``TextLayer/foregroundColor``.
    public var color: Color?

    /// Creates a run.
    public init(start: Int, length: Int, font: String? = nil, fontSize: Double? = nil, color: Color? = nil) {
        self.start = start
        self.length = length
        self.font = font
        self.fontSize = fontSize
        self.color = color
    }
}

/// Everything a text layout depends on: the engine lays a text layer out again only when
/// one of these changes (R15.6).
public struct TextLayoutRequest: Hashable, Sendable {
    /// The text, UTF-8 (the engine passes only valid UTF-8: a Swift string is).
    public var string: String
    /// The looks of the string's bytes: in order, covering it without gaps (at least one span
    /// for a non-empty string).
    public var spans: [TextSpan]
    /// The width lines wrap and truncate at; `.infinity` for none.
    public var width: Double
    /// The height lines are kept within when truncating wrapped text; `.infinity` for none.
    public var height: Double
    /// Whether lines wrap at ``width`` (by the Unicode line breaking rules, UAX #14).
    public var isWrapped: Bool
    /// The horizontal alignment of the lines within ``width`` (when finite).
    public var alignment: TextAlignment
    /// Where a line that does not fit is cut.
    public var truncation: TextTruncation
    /// Device pixels per point the text will be drawn at (a hint for hinting and rounding).
    public var contentsScale: Double

    /// Creates a request.
    public init(
        string: String, spans: [TextSpan], width: Double = .infinity, height: Double = .infinity,
        isWrapped: Bool = false, alignment: TextAlignment = .natural, truncation: TextTruncation = .none,
        contentsScale: Double = 1
    ) {
        self.string = string
        self.spans = spans
        self.width = width
        self.height = height
        self.isWrapped = isWrapped
        self.alignment = alignment
        self.truncation = truncation
        self.contentsScale = contentsScale
    }
}

/// A font face as a host opens it: a file and a face in it, with a number that names the pair
/// for as long as the provider lives (R15.5).
public struct FontFace: Hashable, Sendable {
    /// A number the provider gives this face; equal ids are the same face.
    public var id: UInt64
    /// The font file's path.
    public var path: String
    /// The face's index in the file (0 except in collections).
    public var faceIndex: Int

    /// Creates a face.
    public init(id: UInt64, path: String, faceIndex: Int) {
        self.id = id
        self.path = path
        self.faceIndex = faceIndex
    }
}

/// Glyphs of one face, size and colour, positioned in the layout's space (y down, the first
/// line's top at 0; the engine moves them into the layer's bounds).
public struct GlyphRun: Hashable, Sendable {
    /// The face the glyph ids index.
    public var face: FontFace
    /// The size in points (pixels per em at contents scale 1).
    public var size: Double
    /// Glyph ids in the face.
    public var glyphs: [UInt32]
    /// Each glyph's origin on its baseline, one per glyph.
    public var positions: [Point]
    /// The run's own colour, or nil for the layer's `foregroundColor`.
    public var color: Color?
    /// The line the run is on (an index into ``TextLayout/lines``).
    public var line: Int
    /// Whether the run reads right to left (its bidi level is odd).
    public var isRightToLeft: Bool

    /// Creates a run.
    public init(
        face: FontFace, size: Double, glyphs: [UInt32], positions: [Point], color: Color?, line: Int,
        isRightToLeft: Bool
    ) {
        self.face = face
        self.size = size
        self.glyphs = glyphs
        self.positions = positions
        self.color = color
        self.line = line
        self.isRightToLeft = isRightToLeft
    }
}

/// One laid-out line: its box (ascent above the baseline to descent below it, from the fonts'
/// metrics), its baseline and the bytes of the string it shows.
public struct LineBox: Hashable, Sendable {
    /// The line's box: its inked advance width and its height (ascent + descent + line gap).
    public var rect: Rect
    /// The baseline's y.
    public var baseline: Double
    /// The first UTF-8 byte of the string on the line.
    public var start: Int
    /// The line's length in UTF-8 bytes (before truncation).
    public var length: Int
    /// Whether the line was cut and ends (or starts, or breaks) with an ellipsis.
    public var isTruncated: Bool

    /// Creates a line box.
    public init(rect: Rect, baseline: Double, start: Int, length: Int, isTruncated: Bool) {
        self.rect = rect
        self.baseline = baseline
        self.start = start
        self.length = length
        self.isTruncated = isTruncated
    }
}

/// How a text layer's layout came about.
public enum TextLayoutStatus: Int32, Sendable {
    /// Laid out.
    case ok = 0
    /// No provider is registered with the engine: the layout is empty (R15.1).
    case noProvider = 1
    /// The provider could not lay the text out (its message says why): the layout is empty.
    case failed = 2
}

/// A provider's answer: glyph runs and line boxes, and the size they take. Immutable and
/// shared: the engine keeps it per layer until an input changes, and draw records hold it.
public final class TextLayout: Hashable, Sendable {
    /// The laid-out width (the widest line) and height (the lines' boxes).
    public let size: Size
    /// The glyph runs, in visual order within each line.
    public let runs: [GlyphRun]
    /// The lines, top to bottom.
    public let lines: [LineBox]
    /// Whether the layout is real, or empty and why.
    public let status: TextLayoutStatus
    /// Why the layout failed ("" when it did not).
    public let message: String

    /// Creates a layout.
    public init(size: Size, runs: [GlyphRun], lines: [LineBox], status: TextLayoutStatus = .ok, message: String = "") {
        self.size = size
        self.runs = runs
        self.lines = lines
        self.status = status
        self.message = message
    }

    /// An empty layout with a status saying why.
    public static func empty(_ status: TextLayoutStatus, _ message: String) -> TextLayout {
        TextLayout(size: Size(width: 0, height: 0), runs: [], lines: [], status: status, message: message)
    }

    /// Layouts are equal when they are the same object or hold equal values.
    public static func == (a: TextLayout, b: TextLayout) -> Bool {
        a === b || (a.size == b.size && a.runs == b.runs && a.lines == b.lines && a.status == b.status
            && a.message == b.message)
    }

    /// Hashes the size and counts (enough to tell layouts apart cheaply).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(runs.count)
        hasher.combine(lines.count)
        hasher.combine(status)
    }
}

/// Lays text out for text layers (R15): shaping, bidirectional reordering, line breaking, font
/// fallback, alignment and truncation. Register one with ``Engine/textLayoutProvider``. The
/// engine calls it with its lock held, from whichever thread builds a draw list or asks for a
/// preferred size, so it must be thread-safe and must not call back into the engine.
public protocol TextLayoutProvider: AnyObject, Sendable {
    /// Lays `request` out. Throws (a ``LaminaError`` with a message) when it cannot: a font
    /// that does not exist, a face that cannot be read. An empty string lays out as no runs.
    func layout(_ request: TextLayoutRequest) throws(LaminaError) -> TextLayout
}
