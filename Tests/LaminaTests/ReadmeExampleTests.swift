// SPDX-License-Identifier: Apache-2.0
// The README's Swift snippets, compiled and run, so the README stays true.

import Testing
@testable import Lamina

@Suite("README examples")
struct ReadmeExampleTests {
    @Test("The Swift quick start, explicit animations, actions and per-frame queries run as written")
    func readme() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        engine.tick(0)

        try engine.withTransaction(duration: 1.0) {
            layer.position = Point(x: 200, y: 100)
        }
        engine.tick(0.1)  // the commit above begins here (R2: at the next tick)
        engine.tick(0.5)
        let now = try layer.presentationValue(forKeyPath: "position")
        guard case .point(let p)? = now else {
            Issue.record("no presentation position")
            return
        }
        #expect(p.x > 0 && p.x < 200)

        var pulse = Animation.basic(keyPath: "transform.scale", from: .number(1), to: .number(1.2), duration: 0.5)
        pulse.timing.autoreverses = true
        pulse.timing.repeatCount = .infinity
        pulse.timingFunction = .easeInEaseOut
        try layer.add(pulse, forKey: "pulse")
        try layer.add(.spring(keyPath: "position.y", from: .number(0), to: .number(300)), forKey: "drop")
        try layer.add(.keyframe(keyPath: "opacity", values: [.number(0), .number(1), .number(0.5)]), forKey: "blink")
        try layer.add(.transition(.push, subtype: .fromLeft), forKey: nil)
        #expect(layer.animationKeys == ["position", "pulse", "drop", "blink", "transition"])

        try layer.setAction(.noAction, forKey: "opacity")
        layer.isViewBacked = true
        try engine.animate(withDuration: 0.3, options: .curveEaseOut, animations: {
            layer.position = Point(x: 200, y: 80)
        }, completion: { finished in _ = finished })

        let root = layer
        engine.tick(0.6)  // commits the animations above: they begin now (R2)
        engine.tick(0.7)
        #expect(try engine.drawList(root: root.id).count == 1)
        _ = try root.hitTest(Point(x: 120, y: 40), in: .presentation())
        #expect(engine.nextFrameTime == 0.7)  // animations in flight: draw again now
    }
}
