// SPDX-License-Identifier: Apache-2.0
// PlainStack (issue 12): the engine's growable stack of plain values. The draw list keeps its
// work stack's room from frame to frame; transaction lists give a big transaction's room back.

import Testing

@testable import Lamina

@Suite("PlainStack: a stack of plain values the engine owns (issue 12)")
struct PlainStackTests {
    @Test("push, pop and index in order; emptying gives large room back unless told to keep it")
    func basics() {
        var s = PlainStack<Int32>()
        for i in 0..<5000 { s.push(Int32(i)) }
        #expect(s.count == 5000 && s[0] == 0 && s[4999] == 4999)
        #expect(s.pop() == 4999)
        let room = s.capacity
        s.removeAllKeepingCapacity()
        #expect(s.isEmpty && s.capacity == room)  // the draw list's work stack: no allocation next frame
        for i in 0..<5000 { s.push(Int32(i)) }
        s.removeAll()
        #expect(s.isEmpty && s.capacity == 16)  // a big transaction's list goes back to 16
        #expect(s.pop() == nil)
    }
}
