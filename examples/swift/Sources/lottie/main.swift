// SPDX-License-Identifier: Apache-2.0
// Plays a Lottie file (docs/lottie.md): load it with `engine.loadLottie(data:)`, scrub it with
// seek, play it with media timing, and count what a renderer would draw.
//
//   swift run --package-path examples/swift --scratch-path build/examples-swift lottie [FILE.json]

import Lamina
import LaminaLottie
#if canImport(Glibc)
import Glibc
#endif

let path = CommandLine.arguments.count > 1
    ? CommandLine.arguments[1] : "Tests/LaminaLottieTests/Samples/TwitterHeartButton.json"
guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
var bytes: [UInt8] = []
var buffer = [UInt8](repeating: 0, count: 65536)
while true {
    let n = fread(&buffer, 1, buffer.count, file)
    if n <= 0 { break }
    bytes.append(contentsOf: buffer[0..<n])
}
fclose(file)

let engine = Engine()
let anim = try engine.loadLottie(data: bytes)
let host = engine.makeLayer()
host.addSublayer(anim.root)
print("\(anim.size.width)x\(anim.size.height), \(anim.frameRate) fps, frames \(anim.inFrame)-\(anim.outFrame)")
for w in anim.warnings { print("  warning:", w) }
for k in 0...4 {
    anim.seek(progress: Double(k) / 4)   // speed 0 + timeOffset on the root
    engine.tick(Double(k))
    print("progress \(Double(k) / 4): \(try engine.drawList(root: host).count) records")
}
engine.tick(10)
anim.play(loop: true)                    // the host's ticks drive it
for k in 0...4 {
    let t = 10 + Double(k) * anim.duration / 4
    engine.tick(t)
    print("t = \(t): \(try engine.drawList(root: host).count) records")
}
