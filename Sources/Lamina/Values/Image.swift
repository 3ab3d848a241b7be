// SPDX-License-Identifier: Apache-2.0
// Host images for `contents` (RS-4.1, R14): immutable, reference-counted pixel data or a
// reference to a texture the host owns. The engine never reads pixels; it hands images to the
// renderer through the draw list.

/// An image a layer can show as its `contents` (RS-4.1): premultiplied RGBA8 pixels in sRGB,
/// row 0 at the top, or an external handle (a texture id) with a pixel size, for hosts that own
/// their GPU resources.
///
/// Images are immutable and reference-counted (ARC); a layer holding one as its contents keeps
/// it alive. Any engine may show any image. ``id`` is unique in the process and never reused,
/// so a renderer can key a texture cache by it.
///
/// ```swift
/// let image = try Image(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 128],
///                       premultiplied: false)
/// try layer.setValue(.image(image), forKeyPath: "contents")
/// ```
public final class Image: Hashable, Sendable, CustomStringConvertible {
    /// Unique in the process, never reused (never 0).
    public let id: UInt64
    /// The width in pixels (≥ 1).
    public let width: Int
    /// The height in pixels (≥ 1).
    public let height: Int
    /// Premultiplied RGBA8, `width × height × 4` bytes, row 0 first (the top row, RS-4.2);
    /// empty for an external image.
    public let pixels: [UInt8]
    /// The host's handle (a texture id) for an external image, or nil.
    public let externalHandle: UInt64?

    /// The largest width or height accepted (a GL ES 3 renderer must support 2048; this only
    /// keeps `width × height × 4` far from overflow).
    public static let maxDimension = 1 << 15

    /// The most pixel bytes one RGBA8 image holds: 1 GiB (R18; 16384 × 16384, or 32768 × 8192).
    package static let maximumByteCount = 1 << 30

    /// Creates an image from RGBA8 pixels, copying them.
    ///
    /// - Parameters:
    ///   - width: The width in pixels, 1 … ``maxDimension``.
    ///   - height: The height in pixels, 1 … ``maxDimension``.
    ///   - rgba: `width × height × 4` bytes, row by row from the top.
    ///   - premultiplied: Whether the colour channels are already multiplied by alpha; when
    ///     false they are premultiplied here (rounded to nearest).
    /// - Throws: `invalidArgument` for a size out of range or a byte count that does not match;
    ///   `outOfMemory` for more than 1 GiB of pixels (R18).
    public convenience init<C: Collection>(width: Int, height: Int, rgba: C, premultiplied: Bool) throws(LaminaError)
    where C.Element == UInt8 {
        try Self.checkSize(width, height)
        // Checked before a byte is read or allocated: a copy the allocator cannot make would
        // abort the process (R18).
        guard width * height * 4 <= Self.maximumByteCount else {
            throw LaminaError(
                .outOfMemory,
                "an image holds at most \(Self.maximumByteCount >> 20) MiB of pixels; \(width)×\(height) needs \((width * height * 4) >> 20) MiB (R18)")
        }
        guard rgba.count == width * height * 4 else {
            throw LaminaError(.invalidArgument, "an RGBA8 image of \(width)×\(height) needs \(width * height * 4) bytes, got \(rgba.count)")
        }
        var bytes = Array(rgba)
        if !premultiplied {
            var i = 0
            while i < bytes.count {
                let a = UInt32(bytes[i + 3])
                if a != 255 {
                    for k in 0..<3 { bytes[i + k] = UInt8((UInt32(bytes[i + k]) * a + 127) / 255) }
                }
                i += 4
            }
        }
        self.init(width: width, height: height, pixels: bytes, externalHandle: nil)
    }

    /// Creates an image that stands for a texture the host owns (RS-4.1): Lamina stores the
    /// handle and size and never touches the pixels.
    ///
    /// - Throws: `invalidArgument` for a size out of range.
    public convenience init(externalHandle: UInt64, width: Int, height: Int) throws(LaminaError) {
        try Self.checkSize(width, height)
        self.init(width: width, height: height, pixels: [], externalHandle: externalHandle)
    }

    private init(width: Int, height: Int, pixels: [UInt8], externalHandle: UInt64?) {
        self.id = ImageIDs.next()
        self.width = width
        self.height = height
        self.pixels = pixels
        self.externalHandle = externalHandle
        ImageIDs.register(self)
    }

    /// The live image with this id, or nil (the C ABI resolves handles with it).
    package static func lookup(id: UInt64) -> Image? { ImageIDs.lookup(id) }

    private static func checkSize(_ width: Int, _ height: Int) throws(LaminaError) {
        guard (1...maxDimension).contains(width), (1...maxDimension).contains(height) else {
            throw LaminaError(.invalidArgument, "image size must be 1…\(maxDimension) pixels on each side, got \(width)×\(height)")
        }
    }

    /// Whether this image stands for a host texture.
    public var isExternal: Bool { externalHandle != nil }

    /// Identity: two images are equal only when they are the same object.
    public static func == (a: Image, b: Image) -> Bool { a === b }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// "Image(id, w×h)".
    public var description: String { "Image(\(id), \(width)×\(height)\(isExternal ? ", external" : ""))" }
}

/// The process-wide image ids and a weak table of live images, so that an id found in a draw
/// record resolves without any per-frame registration.
enum ImageIDs {
    final class Weak {
        weak var image: Image?
        init(_ image: Image) { self.image = image }
    }

    nonisolated(unsafe) private static var last: UInt64 = 0
    nonisolated(unsafe) private static var table: [UInt64: Weak] = [:]
    nonisolated(unsafe) private static var sweepAt = 64
    private static let lock = Lock()

    static func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }

    static func register(_ image: Image) {
        lock.lock()
        defer { lock.unlock() }
        table[image.id] = Weak(image)
        if table.count >= sweepAt {  // amortised O(1): drop entries of freed images
            table = table.filter { $0.value.image != nil }
            sweepAt = max(64, table.count * 2)
        }
    }

    static func lookup(_ id: UInt64) -> Image? {
        lock.lock()
        defer { lock.unlock() }
        return table[id]?.image
    }
}
