// SPDX-License-Identifier: Apache-2.0
// Reusing an unchanged draw list (issue 28, Engine+ListReuse.swift) on real designer content:
// every sample plays on two engines, draw-list reuse on and off, and every frame's records
// must agree (layer handles aside: the engines differ). Three passes: the bench's frame times,
// times a quarter frame in, and every frame asked twice with seeks and plays between.

@testable import Lamina
import LaminaLottie
import Testing

@Suite("Lottie: a handed-back draw list is the list a fresh walk builds (issue 28)")
struct LottieListReuseTests {
    @Test("Every frame of every sample, reuse on against reuse off", arguments: sampleNames)
    func sameFrames(name: String) throws {
        let bytes = readFile(samplesDirectory + name)
        let engines = [Engine(), Engine()]
        let anims = try engines.map { try $0.loadLottie(data: bytes) }
        engines[1].testingSetDrawListReuse(false)
        for (e, a) in zip(engines, anims) {
            e.tick(0)
            a.play()
        }
        let frames = min(max(Int(anims[0].outFrame - anims[0].inFrame), 8), 240)
        let rate = anims[0].frameRate
        var differing = 0
        func strip(_ records: [DrawRecord]) -> [DrawRecord] {
            records.map { r -> DrawRecord in
                var r = r
                r.layer = LayerID(rawValue: 0)
                // Each engine's load decodes its own images (their ids differ): compare sizes.
                if let c = r.contents { r.contents = nil; r.contentsDestination.size.width += Double(c.width * 7 + c.height) }
                if r.contentsPrevious != nil { r.contentsPrevious = nil }
                return r
            }
        }
        for pass in 0..<3 {
            for k in 0..<frames {
                let t = 100.0 * Double(pass) + (Double(k) + (pass == 1 ? 0.25 : 0.5)) / rate
                if pass == 2, k % 50 == 7 { for a in anims { a.seek(progress: Double(k) / Double(frames)) } }
                if pass == 2, k % 50 == 20 { for a in anims { a.play() } }
                var lists: [[DrawRecord]] = [[], []]
                for _ in 0..<(pass == 2 ? 2 : 1) {
                    for j in 0..<2 {
                        engines[j].tick(t)
                        lists[j] = try engines[j].drawList(root: anims[j].root, at: t)
                    }
                }
                if strip(lists[0]) != strip(lists[1]) { differing += 1 }
            }
        }
        #expect(differing == 0, "\(name): \(differing) frames differ")
    }
}
