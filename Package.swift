// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
//
// Lamina: Core Animation's layer model for programs outside Apple's platforms.
//
// SwiftPM is the canonical build for Swift users. The CMake build (CMakeLists.txt) produces
// the shipped C library (liblamina.so.0 with a SONAME and only lamina_* exports).

import PackageDescription

let package = Package(
    name: "Lamina",
    products: [
        // MARK: Swift API
        .library(name: "Lamina", targets: ["Lamina"]),
        // MARK: C ABI (the shared library; ship the CMake build, which fixes SONAME/exports)
        .library(name: "lamina", type: .dynamic, targets: ["LaminaCABI"]),
        // MARK: Text layout (issue 26): the HarfBuzz text layout provider for Swift hosts
        .library(name: "LaminaText", targets: ["LaminaText"]),
        // MARK: Lottie importer (issue 28, R16): its own module and C library, beside the core
        .library(name: "LaminaLottie", targets: ["LaminaLottie"]),
        // liblamina-lottie: the importer's C exports over liblamina's C ABI (ship the CMake
        // build, which links it against liblamina.so.0 and fixes SONAME/exports).
        .library(name: "lamina-lottie", type: .dynamic, targets: ["LaminaLottieCABI"]),
    ],
    targets: [
        // The engine: math → timing → values → engine. Pure Swift, no Foundation.
        .target(name: "Lamina", dependencies: ["CLaminaPrefetch"], path: "Sources/Lamina"),
        // Software prefetch hints (static inline C), which Swift cannot spell. Internal.
        .systemLibrary(name: "CLaminaPrefetch", path: "Sources/CLaminaPrefetch"),
        // The hand-written header, as a Swift module, so the ABI's structs and constants have
        // one source of truth (include/lamina/lamina.h). Never installed.
        .systemLibrary(name: "CLamina", path: "Sources/CLamina"),
        // @_cdecl exports only: validation, handles, status codes, callback boxes.
        .target(name: "LaminaCABI", dependencies: ["Lamina", "CLamina", "CLaminaPrefetch"], path: "Sources/LaminaCABI"),

        // MARK: Text layout (issue 26, R15): liblamina-text's C sources (CMake builds the same
        // files as liblamina-text.so), the system libraries they use, and the Swift face.
        .systemLibrary(
            name: "CLaminaTextDeps", path: "Sources/CLaminaTextDeps", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev", "libfribidi-dev", "libunibreak-dev", "libfontconfig-dev"])]),
        .target(
            name: "CLaminaText", dependencies: ["CLaminaTextDeps"], path: "Sources/LaminaText",
            exclude: ["README.md", "CMakeLists.txt", "lamina_text.map"],
            sources: ["provider.c", "fonts.c", "layout.c"], publicHeadersPath: "include",
            cSettings: [.define("_POSIX_C_SOURCE", to: "200809L")],
            linkerSettings: [.linkedLibrary("harfbuzz"), .linkedLibrary("fribidi"), .linkedLibrary("unibreak"),
                             .linkedLibrary("fontconfig")]),
        .target(
            name: "LaminaText", dependencies: ["Lamina", "LaminaCABI", "CLamina", "CLaminaText"],
            path: "Sources/LaminaTextSwift"),
        // The Lottie importer (R16): Lamina's public API plus the toolchain's FoundationEssentials
        // (JSON, base64); the core never depends on it.
        .target(name: "LaminaLottie", dependencies: ["Lamina", "CLaminaPNG"], path: "Sources/LaminaLottie",
                exclude: ["README.md"]),
        // libpng, for the importer's embedded PNG assets (issue 28 item 4).
        .systemLibrary(name: "CLaminaPNG", path: "Sources/CLaminaPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // include/lamina/lamina_lottie.h (with lamina.h) as a Swift module. Never installed.
        .systemLibrary(name: "CLaminaLottie", path: "Sources/CLaminaLottie"),
        // @_cdecl lamina_lottie_* exports; they call liblamina's C functions, resolved against
        // the liblamina loaded in the process.
        .target(name: "LaminaLottieCABI", dependencies: ["LaminaLottie", "CLaminaLottie"],
                path: "Sources/LaminaLottieCABI"),

        // MARK: Demo (`swift run lamina-demo`)
        .executableTarget(name: "lamina-demo", dependencies: ["Lamina"], path: "examples/demo"),

        // MARK: Tests
        .testTarget(name: "LaminaTests", dependencies: ["Lamina"], path: "Tests/LaminaTests"),
        .testTarget(
            name: "LaminaCABITests", dependencies: ["LaminaCABI", "CLamina", "Lamina", "LaminaText"],
            path: "Tests/LaminaCABITests"),
        .testTarget(name: "LaminaLottieTests", dependencies: ["LaminaLottie", "Lamina"], path: "Tests/LaminaLottieTests",
                    exclude: ["Samples"]),
    ],
    swiftLanguageModes: [.v6]
)
