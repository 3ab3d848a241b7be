// SPDX-License-Identifier: Apache-2.0
// The draw list asks the CPU for the record four ahead, one line at a time, by offsets
// (Exports+Geometry.swift, issue 12). A line it misses only costs speed, so this test is what
// keeps the offsets honest: every line of every field the plain fill compares is asked for,
// wherever in a line the record starts.

import CLamina
import Lamina
@testable import LaminaCABI
import Testing

@Suite("The draw list's look-ahead covers the lines the plain fill reads (issue 12)")
struct DrawListPrefetchTests {
    @Test("every byte of every compared field lies in a line one of the offsets names")
    func coversFields() {
        #expect(!plainFillRanges.isEmpty)
        // Records are 8-byte aligned in the buffer: every start within a line.
        for base in stride(from: 0, to: 64, by: 8) {
            let asked = Set(plainFillPrefetchOffsets.map { (base + $0) / 64 })
            for r in plainFillRanges {
                for byte in r { #expect(asked.contains((base + byte) / 64), "base \(base), byte \(byte)") }
            }
        }
        // The ranges include the fields that change in a typical frame, and stay in the record.
        let size = MemoryLayout<lamina_draw_record_t>.size
        let opacity = MemoryLayout<lamina_draw_record_t>.offset(of: \.opacity)!
        let transform = MemoryLayout<lamina_draw_record_t>.offset(of: \.transform)!
        #expect(plainFillRanges.contains { $0.contains(opacity) } && plainFillRanges.contains { $0.contains(transform) })
        #expect(plainFillRanges.allSatisfy { $0.upperBound <= size })
        // And they leave out the lines of fields the template fixes (the point of the list).
        #expect(plainFillPrefetchOffsets.count < (size + 63) / 64)
    }

    @Test("the ranges name every field the plain fill stores: a second list kept in step")
    func rangesMatchTheFill() throws {
        // A clipped, coloured, translucent sublayer: its record has non-zero fields throughout.
        let engine = Engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        root.masksToBounds = true
        let child = engine.makeLayer()
        child.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        child.position = Point(x: 30, y: 40)
        child.opacity = 0.5
        child.backgroundColor = Color(red: 1, green: 0.5, blue: 0.25)
        root.addSublayer(child)
        engine.tick(0)
        let ranges = plainFillRanges
        for record in try engine.drawList(root: root) {
            // Every byte set to a value no field holds here, then the fill: each byte that
            // changed is one it stored, and it must lie in a range.
            var c = lamina_draw_record_t()
            withUnsafeMutableBytes(of: &c) { for i in $0.indices { $0[i] = 0xAB } }
            let before = withUnsafeBytes(of: c) { Array($0) }
            withUnsafePointer(to: record) { c.setPlainVarying(from: $0) }
            let after = withUnsafeBytes(of: c) { Array($0) }
            let stored = before.indices.filter { before[$0] != after[$0] }
            #expect(stored.count > 100)  // the fill did store (transform, bounds, colours...)
            for byte in stored { #expect(ranges.contains { $0.contains(byte) }, "byte \(byte) stored outside the ranges") }
        }
    }
}
