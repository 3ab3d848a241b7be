// SPDX-License-Identifier: Apache-2.0
// A sheet opened by a drag (R17.9-R17.17): a property animator moves it from y = 500 to
// y = 100; the drag pauses it and scrubs it to 40 % (linearly, as UIKit scrubs), then lets go
// with the sheet flung back: reversed, the animator heads home from where the sheet is, with its
// ease-in-out curve, and its completion hears that it ended at the start. The trace prints the
// scrubbed positions, then the fraction and y every 0.05 s until the animator is inactive.

import Lamina
import Trace

run {
    print("animator: a sheet opened by a drag, let go at 40 % and flung back")
    let engine = Engine()
    let sheet = engine.makeLayer()
    sheet.bounds = Rect(x: 0, y: 0, width: 300, height: 200)
    sheet.position = Point(x: 150, y: 500)
    try engine.tick(0)

    let animator = try engine.makeAnimator(duration: 0.6, timing: .curve(.easeInEaseOut))
    try animator.addAnimations { sheet.position = Point(x: 150, y: 100) }
    animator.addCompletion { at in print("completion: ended at the \(at.name)") }
    func progress() throws -> String {
        let y = try sheet.presentation()?.position.y ?? .nan
        return "fraction=\(num(animator.fractionComplete)) y=\(num(y))"
    }
    try animator.pause()  // the drag begins: active and paused at the start
    for k in 1...4 {
        try animator.setFractionComplete(Double(k) / 10)
        print("drag: \(try progress())")
    }

    try animator.setReversed(true)  // flung back: home from where it is
    try animator.continueAnimation()
    print("released: \(try progress()) state=\(animator.state.name)")
    for k in 1...1000 {
        let t = Double(k) * 0.05
        try engine.tick(t)
        print("t=\(num(t)): \(try progress()) state=\(animator.state.name)")
        if animator.state == .inactive { break }
    }
    print("model: y=\(num(sheet.position.y))")
}
