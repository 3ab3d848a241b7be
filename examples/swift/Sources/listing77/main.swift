// SPDX-License-Identifier: Apache-2.0
// Listing 7.7: tapping a moving layer. The handler hit tests the presentation
// (where the layer is on screen now, CA-12.11): a tap on the layer changes its colour; a tap
// elsewhere moves the layer there over 4 s. Mid-flight the model is already at the
// destination, so hit testing the model (what CALayer's own hitTest: reads) would miss the
// layer where the user sees it and find it where it is not yet; the trace prints both answers
// for each tap.

import Lamina
import Trace

final class Scene {
    let engine = Engine()
    let screen: Layer
    let box: Layer
    // The book picks a random colour; a fixed sequence keeps the trace repeatable.
    let colours = [Color(red: 0, green: 0, blue: 1), Color(red: 0, green: 1, blue: 0)]
    var tapsOnBox = 0

    init() throws {
        screen = engine.makeLayer()
        screen.bounds = Rect(x: 0, y: 0, width: 400, height: 400)
        screen.position = Point(x: 200, y: 200)
        screen.backgroundColor = Color(red: 1, green: 1, blue: 1)
        box = engine.makeLayer()
        box.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        box.position = Point(x: 25, y: 200)
        box.backgroundColor = Color(red: 1, green: 0, blue: 0)
        screen.addSublayer(box)
    }

    func name(_ layer: Layer?) -> String {
        if layer == box { return "box" }
        if layer == screen { return "screen" }
        return "nothing"
    }

    /// The tap handler: hit test the presentation at the engine's time, as the book does.
    func tap(_ p: Point) throws {
        let shown = try screen.hitTest(p, in: .presentation())
        let model = try screen.hitTest(p, in: .model)
        print("t=\(num(engine.time)) tap at \(point(p)): presentation hit \(name(shown)), model hit \(name(model))")
        if shown != model {
            print("  (hit testing the model would have found \(name(model)))")
        }
        if shown == box {
            let c = colours[tapsOnBox % 2]
            tapsOnBox += 1
            print("  -> change the box's colour to \(colour(c))")
            box.backgroundColor = c
        } else {
            print("  -> move the box there over 4 s")
            try engine.withTransaction(duration: 4) { box.position = p }
        }
    }

    func presentedPosition() throws -> Point {
        guard case .point(let p)? = try box.presentationValue(forKeyPath: "position") else {
            fail("position is not a point")
        }
        return p
    }

    func frame(_ t: Double) throws {
        engine.tick(t)
        let shown = try box.presentationValue(forKeyPath: "backgroundColor")
        print("t=\(num(t)) box on screen at \(point(try presentedPosition())) "
            + "(model \(point(box.position))) colour \(colour(shown))")
    }
}

run {
    print("listing 7.7: tapping a moving layer, hit testing its presentation")
    let s = try Scene()
    print("screen 400 x 400, box 50 x 50 at (25.000, 200.000)")
    try s.frame(0)

    try s.tap(Point(x: 375, y: 200))  // elsewhere: the box starts moving
    try s.frame(1)
    try s.frame(2)
    try s.tap(try s.presentedPosition())  // on the box where it is seen, mid-flight
    try s.tap(Point(x: 375, y: 200))  // where the model already is, but the box is not
    try s.frame(2.1)
    try s.frame(2.25)
    try s.frame(3)
    try s.frame(4)
    try s.tap(Point(x: 375, y: 200))  // arrived: both trees agree
    try s.frame(4.1)
}
