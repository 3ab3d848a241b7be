// SPDX-License-Identifier: Apache-2.0
// The Swift face of the importer: `engine.loadLottie(data:)` builds the layers and returns a
// LottieAnimation that plays it with Core Animation's media timing (R16, docs/lottie.md#playback).

import Lamina

/// A Lottie animation loaded into an engine: ordinary layers under ``root`` with explicit
/// keyframe animations, played with media timing on the root.
///
/// ```swift
/// let anim = try engine.loadLottie(data: bytes)
/// host.addSublayer(anim.root)
/// anim.play(loop: true)            // begins at the engine's current time
/// anim.seek(progress: 0.5)         // or: show frame ip + 0.5·(op − ip), paused
/// ```
///
/// - `play` sets the root's beginTime to now, its duration to the animation's and its
///   repeatCount to infinity (or 1), with ``speed`` as its speed;
/// - `seek` is the `speed = 0` + `timeOffset` idiom: progress p shows frame ip + p·(op − ip),
///   p = 1 the out frame itself.
///
/// The engine's tick drives it like any other animation; after the load the layers are the
/// host's to add, hit-test and draw.
public final class LottieAnimation: @unchecked Sendable {
    /// The root layer: bounds (0, 0, w, h), position (w/2, h/2), so its frame is the canvas.
    public let root: Layer
    /// The file's size, frame rate and frames.
    public let info: LottieInfo
    /// What the file uses that the importer left out or approximated, one line each.
    public let warnings: [String]
    /// The playback rate (1 = the file's frame rate; finite and > 0). Set while playing, the
    /// frame on screen stays and playback goes on from it at the new rate (the pause/resume
    /// idiom: timeOffset = the root's time now, beginTime = now); otherwise it applies at the
    /// next ``play(loop:)``.
    public var speed: Double = 1 {
        didSet {
            precondition(speed.isFinite && speed > 0, "LaminaLottie: speed must be finite and > 0, got \(speed)")
            guard isPlaying, let local = try? root.convertTime(root.engine.time, from: nil) else { return }
            root.speed = 0
            root.timeOffset = local
            root.beginTime = parentNow()
            root.speed = speed
        }
    }
    /// Whether the last call was ``play(loop:)`` (not ``seek(progress:)``).
    public private(set) var isPlaying = false
    /// Whether the last ``play(loop:)`` loops.
    public private(set) var loops = true

    /// The canvas size.
    public var size: Size { info.size }
    /// Frames per second.
    public var frameRate: Double { info.frameRate }
    /// The in frame (ip).
    public var inFrame: Double { info.inFrame }
    /// The out frame (op).
    public var outFrame: Double { info.outFrame }
    /// (op − ip) / fr seconds.
    public var duration: Double { info.duration }

    /// The root's repeatCount while looping: Core Animation's idiom is HUGE_VALF, but a layer's
    /// setter takes numbers up to 1e15 only (Value.maximumMagnitude), so looping is 1e15 cycles
    /// (for a one-second animation, 31 million years; docs/lottie.md#playback).
    public static let loopRepeatCount = 1e15

    init(root: Layer, info: LottieInfo, warnings: [String]) {
        self.root = root
        self.info = info
        self.warnings = warnings
    }

    /// The root's superlayer's time now: the space the root's beginTime is in.
    private func parentNow() -> Double {
        let now = root.engine.time
        if let parent = root.superlayer, let t = try? parent.convertTime(now, from: nil) { return t }
        return now
    }

    /// Plays from the start, now: beginTime now, one cycle of ``duration``, forever when
    /// `loop` (Core Animation's repeatCount = infinity), else once and then holding the out frame.
    public func play(loop: Bool = true) {
        loops = loop
        root.speed = 0  // set the timing with the clock stopped, then start it
        root.timeOffset = 0
        root.duration = duration
        root.repeatCount = loop ? LottieAnimation.loopRepeatCount : 1
        root.fillMode = .both
        root.beginTime = parentNow()
        root.speed = speed
        isPlaying = true
    }

    /// Shows progress `p` (clamped to [0, 1]) paused: frame ip + p·(op − ip).
    public func seek(progress p: Double) {
        let q = p.isNaN ? 0 : min(max(p, 0), 1)
        root.speed = 0
        root.duration = 0  // no wrap: p = 1 shows the out frame, not the first
        root.repeatCount = 0
        root.beginTime = 0
        root.timeOffset = q * duration
        isPlaying = false
    }

    /// Sets whether playback loops, restarting playback if it is playing.
    public func setLoop(_ loop: Bool) {
        loops = loop
        if isPlaying { play(loop: loop) }
    }
}

extension Engine {
    /// Loads a Lottie (Bodymovin JSON) animation: parses it, builds its layers with their
    /// animations, and returns it paused at progress 0 (R16). The root is not added anywhere.
    ///
    /// - Throws: ``LottieError`` with the JSON path of the problem for malformed JSON, wrong
    ///   types, missing fields, absurd sizes and cyclic precompositions.
    public func loadLottie(data: [UInt8]) throws(LottieError) -> LottieAnimation {
        let scene = try LottieScene.load(data)
        let root: Layer
        do {
            root = try realize(scene.root)
        } catch {
            throw LottieError("$", "the engine refused a layer: \(error.message)")
        }
        return LottieAnimation(root: root, info: scene.info, warnings: scene.warnings)
    }

    /// Makes the layers of `node`'s tree, iteratively (a deep file cannot exhaust the stack).
    func realize(_ top: LottieNode) throws(LaminaError) -> Layer {
        func make(_ n: LottieNode) throws(LaminaError) -> Layer {
            let layer: Layer
            switch n.kind {
            case .shape: layer = makeShapeLayer()
            case .gradient: layer = makeGradientLayer()
            case .replicator: layer = makeReplicatorLayer()
            case .plain: layer = makeLayer()
            case .text: layer = makeTextLayer()  // the importer makes none today (text is warned)
            }
            for (k, v) in n.values { try layer.setValue(v, forKeyPath: k) }
            for (k, a) in n.animations { try layer.add(a, forKey: k) }
            return layer
        }
        let root = try make(top)
        var work: [(LottieNode, Layer)] = [(top, root)]
        while let (node, layer) = work.popLast() {
            for child in node.sublayers {
                let l = try make(child)
                layer.addSublayer(l)
                work.append((child, l))
            }
            if let m = node.mask {
                let l = try make(m)
                layer.mask = l
                work.append((m, l))
            }
        }
        return root
    }
}
