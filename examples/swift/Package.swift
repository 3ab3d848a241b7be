// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
//
// The reference listings 7.1 to 7.7 and the layer-kind examples in Swift, through
// `import Lamina`, as a separate package that depends on Lamina by path (the way
// examples/consumers/swift-consumer does; see there why the dependency is given a fixed
// name). Each program prints a trace that
// examples/check-examples.sh compares with examples/expected/NAME.txt, the same text the
// C and Python versions print.
//
//   swift run --package-path examples/swift --scratch-path build/examples-swift listing71

import PackageDescription

// The listings, then the layer-kind examples (issue 15).
let listings = [
    "listing71", "listing72", "listing73", "listing74", "listing75", "listing76", "listing77",
    "progressring", "gradient", "spinner",
    // Interaction (issue 27).
    "fling", "animator",
    // The gesture-driven card (issue 27 item 7).
    "drag",
]

let package = Package(
    name: "LaminaExamples",
    dependencies: [
        .package(name: "Lamina", path: "../.."),
    ],
    targets: [
        // Formatting shared by the listings: numbers with 3 decimals, colours, animation keys.
        .target(name: "Trace", dependencies: [.product(name: "Lamina", package: "Lamina")]),
    ] + listings.map { name in
        .executableTarget(
            name: name,
            dependencies: ["Trace", .product(name: "Lamina", package: "Lamina")])
    } + [
        // The Lottie player (issue 28): the LaminaLottie product beside Lamina.
        .executableTarget(
            name: "lottie",
            dependencies: [
                .product(name: "Lamina", package: "Lamina"),
                .product(name: "LaminaLottie", package: "Lamina"),
            ]),
        // The text card (issue 26): the LaminaText product, liblamina-text's HarfBuzz provider.
        .executableTarget(
            name: "textcard",
            dependencies: [
                "Trace",
                .product(name: "Lamina", package: "Lamina"),
                .product(name: "LaminaText", package: "Lamina"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
