// SPDX-License-Identifier: Apache-2.0
// The Lottie importer (R16): load, layer tree, transforms, keyframes, playback and errors.

import Lamina
@testable import LaminaLottie
import Testing

/// The sample files' directory (Tests/LaminaLottieTests/Samples).
let samplesDirectory: String = {
    var p = #filePath
    while let last = p.last, last != "/" { p.removeLast() }
    return p + "Samples/"
}()

func readFile(_ path: String) -> [UInt8] {
    guard let f = fopen(path, "rb") else { return [] }
    defer { fclose(f) }
    var out: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n <= 0 { break }
        out.append(contentsOf: buf[0..<n])
    }
    return out
}

#if canImport(Glibc)
import Glibc
#endif

@Suite struct LottieSmokeTests {
    @Test func everySampleLoads() throws {
        let names = ["9squares_AlBoardman.json", "TwitterHeartButton.json", "LottieFiles-gradient_1.json", "timeremap.json"]
        for name in names {
            let engine = Engine()
            let bytes = readFile(samplesDirectory + name)
            #expect(!bytes.isEmpty)
            let anim = try engine.loadLottie(data: bytes)
            #expect(anim.size.width > 0)
            anim.seek(progress: 0.5)
            try engine.tick(0)
            let list = try engine.drawList(root: anim.root)
            #expect(!list.isEmpty, "\(name) draws nothing")
            print(name, list.count, anim.warnings)
        }
    }
}
