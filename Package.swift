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
        // MARK: Reference compositor for Swift (issue 30 item 2): liblamina-gles's C sources
        // behind a Swift face that renders a Swift `Engine` (headless images, the host's GL
        // context). Needs EGL, OpenGL ES 3, libpng and FreeType (Scripts/install-deps.sh).
        .library(name: "LaminaGLES", targets: ["LaminaGLES"]),
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
        .target(name: "LaminaLottie", dependencies: ["Lamina", "CLaminaPNG", "CLaminaJSON"], path: "Sources/LaminaLottie",
                exclude: ["README.md"]),
        // The importer's JSON parser: simdjson (Debian's libsimdjson-dev) behind a C shim that
        // lays its DOM out as flat nodes (Sources/CLaminaJSON/include/lamina_json.h).
        .target(name: "CLaminaJSON", path: "Sources/CLaminaJSON",
                linkerSettings: [.linkedLibrary("simdjson"), .linkedLibrary("stdc++")]),
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

        // MARK: Reference compositor for Swift (issue 30 item 2)
        // EGL, GLES 3, libpng and FreeType for the compositor's C sources (SwiftPM only; CMake
        // finds them with pkg-config).
        .systemLibrary(
            name: "CLaminaGLESDeps", path: "Sources/CLaminaGLESDeps", pkgConfig: "freetype2",
            providers: [.apt(["libegl-dev", "libgles-dev", "libpng-dev", "libfreetype-dev"])]),
        // renderer/gles compiled as it is for liblamina-gles, with the shaders as C from
        // renderer/gles/swiftpm (Scripts/update-swiftpm-shaders.sh: SwiftPM cannot run the
        // CMake step that embeds them). Its lamina_* calls bind to LaminaCABI in the same link,
        // so they reach the Swift engines (docs/decisions.md, "Swift can render").
        .target(
            name: "LaminaGLESCompositor", dependencies: ["CLaminaGLESDeps", "LaminaCABI"], path: "renderer/gles",
            exclude: ["shaders", "CMakeLists.txt", "embed_shaders.cmake", "lamina_gles.map"],
            publicHeadersPath: "swiftpm/include",
            cSettings: [.headerSearchPath("swiftpm"), .headerSearchPath("../../include"),
                        .define("_POSIX_C_SOURCE", to: "200809L")],
            // The module map's `link` lines reach only Swift code that imports it: a C target
            // names its libraries itself (as CLaminaText does).
            linkerSettings: [.linkedLibrary("EGL"), .linkedLibrary("GLESv2"), .linkedLibrary("png"),
                             .linkedLibrary("freetype"), .linkedLibrary("m")]),
        // include/lamina/lamina_gles.h (with lamina.h) as a Swift module. Never installed.
        .systemLibrary(name: "CLaminaGLES", path: "Sources/CLaminaGLES"),
        .target(
            name: "LaminaGLES", dependencies: ["Lamina", "LaminaCABI", "CLamina", "CLaminaGLES", "LaminaGLESCompositor"],
            path: "Sources/LaminaGLES"),
        .testTarget(
            name: "LaminaGLESTests", dependencies: ["LaminaGLES", "Lamina", "CLaminaGLESDeps"],
            path: "Tests/LaminaGLESTests"),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
