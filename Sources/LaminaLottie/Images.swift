// SPDX-License-Identifier: Apache-2.0
// Image layers' embedded assets (docs/lottie.md): `"e":1` with a data URI `data:image/png;
// base64,…`, decoded with FoundationEssentials' base64 and libpng's simplified API into a
// Lamina image; each asset is decoded once per load. What cannot be decoded (another format,
// an external file, a broken PNG, a picture past the limits) is named in the warnings and the
// layer draws nothing, never a failure of the load.

#if canImport(CLaminaPNG)
internal import CLaminaPNG
#endif
import FoundationEssentials
import Lamina

/// Why an image asset shows nothing: the load's warning.
struct LottieImageFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

enum LottieImages {
    /// The largest side and pixel count of a decoded asset (a 64 MiB RGBA picture): bounds the
    /// memory one file can ask for (R16.6).
    static let maximumSide = 8192
    static let maximumPixels = 16 << 20

    /// The image of an asset, or the warning that says why there is none.
    static func image(of asset: JNode) -> Result<Image, LottieImageFailure> {
        let id = asset.string("id") ?? "?"
        let p = asset.string("p") ?? ""
        let embedded = ((try? asset["e"]?.number()) ?? 0) == 1 || p.hasPrefix("data:")
        guard embedded else { return .failure(LottieImageFailure("image asset '\(id)' is an external file: not loaded")) }
        guard let comma = p.firstIndex(of: ","), p.hasPrefix("data:") else {
            return .failure(LottieImageFailure("image asset '\(id)' is not a data URI"))
        }
        let header = p[p.index(p.startIndex, offsetBy: 5)..<comma].lowercased()
        guard header.hasSuffix(";base64") else { return .failure(LottieImageFailure("image asset '\(id)' is not base64")) }
        let type = header.dropLast(7)
        guard type == "image/png" else { return .failure(LottieImageFailure("image asset '\(id)' of type \(type): only PNG is decoded")) }
        guard let data = Data(base64Encoded: String(p[p.index(after: comma)...]), options: .ignoreUnknownCharacters) else {
            return .failure(LottieImageFailure("image asset '\(id)': malformed base64"))
        }
        return decodePNG(Array(data), id: id)
    }

    static func decodePNG(_ bytes: [UInt8], id: String) -> Result<Image, LottieImageFailure> {
        #if canImport(CLaminaPNG)
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { b in png_image_begin_read_from_memory(&png, b.baseAddress, b.count) }
        guard begun != 0 else {
            png_image_free(&png)
            return .failure(LottieImageFailure("image asset '\(id)': not a PNG libpng can read"))
        }
        let w = Int(png.width), h = Int(png.height)
        guard w > 0, h > 0, w <= maximumSide, h <= maximumSide, w * h <= maximumPixels else {
            png_image_free(&png)
            return .failure(LottieImageFailure("image asset '\(id)' of \(w)×\(h) pixels: past the limit of \(maximumSide) a side and \(maximumPixels >> 20) M pixels"))
        }
        png.format = 3  // PNG_FORMAT_RGBA: straight RGBA8
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let finished = rgba.withUnsafeMutableBytes { b in png_image_finish_read(&png, nil, b.baseAddress, 0, nil) }
        png_image_free(&png)
        guard finished != 0 else { return .failure(LottieImageFailure("image asset '\(id)': a broken PNG")) }
        do throws(LaminaError) {
            return .success(try Image(width: w, height: h, rgba: rgba, premultiplied: false))
        } catch {
            return .failure(LottieImageFailure("image asset '\(id)': \(error.message)"))
        }
        #else
        return .failure(LottieImageFailure("image asset '\(id)': this build has no PNG decoder (libpng)"))
        #endif
    }
}
