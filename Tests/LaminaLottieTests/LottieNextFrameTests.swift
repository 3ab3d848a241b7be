// SPDX-License-Identifier: Apache-2.0
// nextFrameTime (R14) while a Lottie file plays: a host that sleeps until it must not miss a
// change. A playing root loops (CA-5.10), so an animation holding its end value inside it
// plays again at the next cycle; before the fix, such a hold answered a time far in the future
// (gradient_square at t = 1.0167 answered 33333.3) and a sleeping host froze the loop.

@testable import Lamina
import LaminaLottie
import Testing

@Suite("Lottie: nextFrameTime never sleeps through a change of a playing file (R14)")
struct LottieNextFrameTests {
    @Test("Every sample, looping and playing once: no frame before nextFrameTime differs", arguments: sampleNames)
    func noChangeBeforeNextFrame(name: String) throws {
        let engine = Engine()
        engine.testingSetDrawListReuse(false)  // every list below is a fresh walk
        let anim = try engine.loadLottie(data: readFile(samplesDirectory + name))
        let d = anim.duration
        for loop in [true, false] {
            let start = loop ? 0.0 : 1000.0
            engine.tick(start)
            anim.play(loop: loop)
            let frames = min(max(Int(anim.outFrame - anim.inFrame), 8), 120)
            for k in 0..<(frames * 3 / 2) {
                let t = start + (Double(k) + 0.5) / anim.frameRate
                engine.tick(t)
                let next = engine.nextFrameTime
                guard next > t else { continue }
                let now = try engine.drawList(root: anim.root.id, at: t)
                // Probe the span the host would sleep through (up to two cycles ahead).
                for j in 1...9 {
                    let probe = t + Double(j) * 2 * d / 9
                    guard probe < next else { break }
                    let later = try engine.drawList(root: anim.root.id, at: probe)
                    #expect(later == now, "\(name) loop=\(loop): t = \(t) slept until \(next), changed at \(probe)")
                    if later != now { return }
                }
            }
            // Playing once and then holding the out frame, the host may sleep for ever.
            if !loop {
                engine.tick(start + 3 * d + 1)
                #expect(engine.nextFrameTime == .infinity, "\(name): finished, yet not idle")
            }
        }
    }
}
