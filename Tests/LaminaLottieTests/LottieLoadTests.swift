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

/// The 27 sample files (Samples/README.md).
let sampleNames: [String] = {
    guard let d = opendir(samplesDirectory) else { return [] }
    defer { closedir(d) }
    var names: [String] = []
    while let e = readdir(d) {
        let name = withUnsafeBytes(of: e.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if name.hasSuffix(".json") { names.append(name) }
    }
    return names.sorted()
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
    @Test func everySampleLoadsAndDraws() throws {
        #expect(sampleNames.count == 27)
        let names = sampleNames
        for name in names {
            let engine = Engine()
            let bytes = readFile(samplesDirectory + name)
            #expect(!bytes.isEmpty)
            let anim = try engine.loadLottie(data: bytes)
            #expect(anim.size.width > 0)
            anim.seek(progress: 0.5)
            engine.tick(0)
            let list = try engine.drawList(root: anim.root)
            #expect(!list.isEmpty, "\(name) draws nothing")
        }
    }
}
