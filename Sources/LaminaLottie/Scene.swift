// SPDX-License-Identifier: Apache-2.0
// What an import builds, before any engine is touched: a tree of layer descriptions (kind,
// property values, animations, sublayers, mask). The Swift API realises it with Lamina's
// layers; the C library (LaminaLottieCABI) realises the same tree through liblamina's C ABI, so
// one importer serves both and the core library never sees Foundation.

import Lamina

/// One layer to make: its kind, its values (set in order, before the first commit, so none
/// animates implicitly), its explicit animations, sublayers (bottom to top) and mask.
package final class LottieNode {
    /// The layer's kind.
    package var kind: LayerKind
    /// Property values in the order they are set.
    package var values: [(key: String, value: Value)] = []
    /// Explicit animations with their keys.
    package var animations: [(key: String, animation: Animation)] = []
    /// Sublayers, bottom first.
    package var sublayers: [LottieNode] = []
    /// The mask layer, or nil.
    package var mask: LottieNode?
    /// The share of the frames its composition can show at which it is visible (its in and
    /// out points; 1 without them), for the wrapper pass (LottieSimplify): a hidden layer's
    /// subtree is skipped by the draw list, its animations unapplied, so a visibility moves
    /// down onto an animated layer only where the layer shows at least half the time.
    package var visibleShare = 1.0

    package init(_ kind: LayerKind = .plain) { self.kind = kind }

    func set(_ key: String, _ value: Value) { values.append((key, value)) }

    func add(_ key: String, _ animation: Animation) { animations.append((key, animation)) }

    /// Sets a mapped property: its first value, and its animation if it has one.
    func apply(_ key: String, _ mapped: LottieMapped) {
        switch mapped {
        case .constant(let v): set(key, v)
        case .animated(let v, let a):
            set(key, v)
            add(key, a)
        }
    }

    /// Every node of the tree (this one first), iteratively.
    package var allNodes: [LottieNode] {
        var out: [LottieNode] = []
        var work: [LottieNode] = [self]
        while let n = work.popLast() {
            out.append(n)
            work.append(contentsOf: n.sublayers)
            if let m = n.mask { work.append(m) }
        }
        return out
    }
}

/// What a Lottie file says about itself.
public struct LottieInfo: Hashable, Sendable {
    /// The canvas size (`w`, `h`), in points.
    public var size: Size
    /// Frames per second (`fr`).
    public var frameRate: Double
    /// The first frame (`ip`).
    public var inFrame: Double
    /// The frame the animation ends at (`op`).
    public var outFrame: Double
    /// (op − ip) / fr seconds.
    public var duration: Double { (outFrame - inFrame) / frameRate }
    /// The file's name (`nm`), or empty.
    public var name: String
    /// The Bodymovin version that wrote the file (`v`), or empty.
    public var version: String
}

/// A parsed, mapped Lottie file: the tree to build and what was left out.
package struct LottieScene {
    /// The root: bounds (0, 0, w, h), position (w/2, h/2), holding the frame-space layer.
    package var root: LottieNode
    /// The file's description.
    package var info: LottieInfo
    /// One line per feature the file uses that the importer left out or approximated.
    package var warnings: [String]

    /// Parses `data` (a Bodymovin JSON document) and maps it onto layer descriptions.
    package static func load(_ data: [UInt8]) throws(LottieError) -> LottieScene {
        try LottieImporter.importScene(data)
    }
}
