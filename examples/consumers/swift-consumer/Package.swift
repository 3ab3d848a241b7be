// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
//
// A separate Swift package that uses Lamina's Swift API through a path dependency, the way an
// application would.
//
// A path dependency's package identity is its directory name, which depends on how the
// repository was cloned. `.package(name: "Lamina", path:)` gives the dependency a fixed name
// for `.product(..., package: "Lamina")` whatever the directory is called (checked with clones
// named "main", "snap" and "some-other-name"; a symlink named Lamina does not help, because
// SwiftPM resolves the real path).
//
//   swift run --package-path examples/consumers/swift-consumer --scratch-path build/swift-consumer

import PackageDescription

let package = Package(
    name: "LaminaSwiftConsumer",
    dependencies: [
        .package(name: "Lamina", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "LaminaSwiftConsumer",
            dependencies: [.product(name: "Lamina", package: "Lamina")]),
    ],
    swiftLanguageModes: [.v6]
)
