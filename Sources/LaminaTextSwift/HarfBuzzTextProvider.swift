// SPDX-License-Identifier: Apache-2.0
// liblamina-text for Swift hosts (issue 26, R15.1): the HarfBuzz provider, compiled by SwiftPM
// from Sources/LaminaText (the C target CLaminaText), behind the engine's TextLayoutProvider.

import CLamina
import CLaminaText
import Lamina
import LaminaCABI

/// The HarfBuzz text layout provider (liblamina-text: HarfBuzz, FriBidi, libunibreak and
/// fontconfig) for Swift hosts.
///
/// ```swift
/// engine.textLayoutProvider = try HarfBuzzText.makeProvider(fontDirectories: ["/app/fonts"])
/// ```
public enum HarfBuzzText {
    /// A new provider. `fontDirectories` are added to fontconfig's fonts for this provider only
    /// (an application's or a test's own fonts); family names resolve through fontconfig, a font
    /// containing "/" is a file path.
    ///
    /// - Throws: `notFound` for a font directory that cannot be read; `outOfMemory` when
    ///   fontconfig cannot start.
    public static func makeProvider(fontDirectories: [String] = []) throws(LaminaError) -> TextLayoutProvider {
        let dirs = fontDirectories.map { cStringCopy($0) }
        defer { for d in dirs { d.deallocate() } }
        var userData: UnsafeMutableRawPointer? = nil
        var layout: UnsafeMutableRawPointer? = nil
        var release: UnsafeMutableRawPointer? = nil
        var destroy: UnsafeMutableRawPointer? = nil
        let status = dirs.map { UnsafePointer<CChar>?(UnsafePointer($0)) }.withUnsafeBufferPointer { buffer in
            lamina_text_entry_create(buffer.baseAddress, buffer.count, &userData, &layout, &release, &destroy)
        }
        guard status == 0, let layout, let release, let destroy else {
            throw LaminaError(
                LaminaError.Code(rawValue: status == 0 ? 8 : status),
                "liblamina-text could not make a provider (is every font directory readable? \(fontDirectories))")
        }
        typealias Layout = @convention(c) (
            UnsafeMutableRawPointer?, UnsafePointer<lamina_text_request_t>?, UnsafeMutablePointer<lamina_text_layout_t>?
        ) -> lamina_status_t
        typealias Release = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<lamina_text_layout_t>?) -> Void
        typealias Destroy = @convention(c) (UnsafeMutableRawPointer?) -> Void
        var provider = lamina_text_provider_t()
        provider.struct_size = UInt32(MemoryLayout<lamina_text_provider_t>.size)
        provider.user_data = userData
        provider.layout = unsafeBitCast(layout, to: Layout.self)
        provider.release = unsafeBitCast(release, to: Release.self)
        provider.destroy = unsafeBitCast(destroy, to: Destroy.self)
        return CTextProvider(provider)
    }
}
