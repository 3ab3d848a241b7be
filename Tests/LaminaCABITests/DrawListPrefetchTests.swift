// SPDX-License-Identifier: Apache-2.0
// The draw list asks the CPU for the record four ahead, one line at a time, by offsets
// (Exports+Geometry.swift, issue 12). A line it misses only costs speed, so this test is what
// keeps the offsets honest: every line of every field the plain fill compares is asked for,
// wherever in a line the record starts.

import CLamina
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
}
