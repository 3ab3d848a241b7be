// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
//
// The first windowed program in Swift (issue 30 item 1): SDL2 (Debian's libsdl2-dev) through a
// system library target, Lamina's Swift API and its reference compositor (the LaminaGLES
// product), as an application would depend on them (by path here; see
// examples/consumers/swift-consumer for why the dependency is given the name "Lamina").
//
//   swift run --package-path examples/window/swift window
//   swift run --package-path examples/window/swift window --screenshot out.png --click 140,160
//   swift run --package-path examples/window/swift frosted --png out.png --at 0.5   (issue 32)

import PackageDescription

let package = Package(
    name: "LaminaWindow",
    dependencies: [
        .package(name: "Lamina", path: "../../.."),
    ],
    targets: [
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2",
                       providers: [.apt(["libsdl2-dev"])]),
        .executableTarget(
            name: "window",
            dependencies: [
                "CSDL2",
                .product(name: "Lamina", package: "Lamina"),
                .product(name: "LaminaGLES", package: "Lamina"),
            ]),
        // A frosted-glass card over a moving background (issue 32; frosted.c in C).
        .executableTarget(
            name: "frosted",
            dependencies: [
                "CSDL2",
                .product(name: "Lamina", package: "Lamina"),
                .product(name: "LaminaGLES", package: "Lamina"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
