// SPDX-License-Identifier: Apache-2.0
// MediaTiming: the CAMediaTiming model (CA-5.x), one table per rule, the time-space conversions
// measured on Apple (CA-16) and the pause/resume recipe (CA-5.12). Regression: zero duration
// must not divide by zero and fill modes must be read (CA-17).

import Testing

@testable import Lamina

// MARK: - Helpers (file-private, prefixed `mt`)

/// One expected state of a timing at a parent time.
struct MediaTimingRow: Sendable, CustomTestStringConvertible {
    let label: String
    let timing: MediaTiming
    let t: Double
    let phase: TimingPhase
    let contributing: Bool
    let iteration: Int
    let progress: Double
    var testDescription: String { label }
}

fileprivate func mtRow(
    _ label: String, _ timing: MediaTiming, at t: Double, _ phase: TimingPhase,
    contributing: Bool, iteration: Int = 0, progress: Double
) -> MediaTimingRow {
    MediaTimingRow(
        label: label, timing: timing, t: t, phase: phase, contributing: contributing,
        iteration: iteration, progress: progress)
}

/// Progress is compared to 1e-12 (it is a ratio of exact local times).
fileprivate let mtTolerance = 1e-12

fileprivate func mtCheck(_ row: MediaTimingRow, sourceLocation: SourceLocation = #_sourceLocation) {
    let s = row.timing.state(atParentTime: row.t)
    #expect(s.phase == row.phase, "phase", sourceLocation: sourceLocation)
    #expect(s.isContributing == row.contributing, "contributing", sourceLocation: sourceLocation)
    #expect(s.currentIteration == row.iteration, "iteration", sourceLocation: sourceLocation)
    #expect(
        approx(s.iterationProgress, row.progress, tolerance: mtTolerance),
        "progress \(s.iterationProgress) ≠ \(row.progress)", sourceLocation: sourceLocation)
    #expect(s.isFinished == (row.phase == .after), "finished", sourceLocation: sourceLocation)
    #expect(s.activeDuration == row.timing.activeDuration, sourceLocation: sourceLocation)
    #expect((0...1).contains(s.iterationProgress), sourceLocation: sourceLocation)
}

fileprivate func mt(
    begin: Double = 0, duration: Double = 1, speed: Double = 1, offset: Double = 0,
    repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
    fill: FillMode = .removed
) -> MediaTiming {
    MediaTiming(
        beginTime: begin, duration: duration, speed: speed, timeOffset: offset,
        repeatCount: repeatCount, repeatDuration: repeatDuration, autoreverses: autoreverses,
        fillMode: fill)
}

// MARK: - Tables

fileprivate let beginTimeRows: [MediaTimingRow] = [
    mtRow("before beginTime 2 at t 1", mt(begin: 2), at: 1, .before, contributing: false, progress: 0),
    mtRow("starts exactly at beginTime", mt(begin: 2), at: 2, .active, contributing: true, progress: 0),
    mtRow("halfway at 2.5", mt(begin: 2), at: 2.5, .active, contributing: true, progress: 0.5),
    mtRow("ends at beginTime + duration (half-open)", mt(begin: 2), at: 3, .after, contributing: false, progress: 1),
    mtRow("negative beginTime", mt(begin: -1), at: -0.75, .active, contributing: true, progress: 0.25),
]

fileprivate let durationRows: [MediaTimingRow] = [
    mtRow("duration 4 at 1", mt(duration: 4), at: 1, .active, contributing: true, progress: 0.25),
    mtRow("duration 0.5 at 0.25", mt(duration: 0.5), at: 0.25, .active, contributing: true, progress: 0.5),
    mtRow("duration 4 ends at 4", mt(duration: 4), at: 4, .after, contributing: false, progress: 1),
]

fileprivate let speedRows: [MediaTimingRow] = [
    mtRow("speed 2 runs twice as fast", mt(begin: 1, speed: 2), at: 1.25, .active, contributing: true, progress: 0.5),
    mtRow("speed 2 ends after duration/2", mt(begin: 1, speed: 2), at: 1.5, .after, contributing: false, progress: 1),
    mtRow("speed 0.5 runs half as fast", mt(begin: 1, speed: 0.5), at: 2, .active, contributing: true, progress: 0.5),
    mtRow("speed 0 freezes at timeOffset, before beginTime", mt(begin: 5, speed: 0, offset: 0.3), at: -100, .active, contributing: true, progress: 0.3),
    mtRow("speed 0 freezes at timeOffset, later", mt(begin: 5, speed: 0, offset: 0.3), at: 1e9, .active, contributing: true, progress: 0.3),
    mtRow("speed 0 with offset 0 holds progress 0", mt(speed: 0), at: 10, .active, contributing: true, progress: 0),
    mtRow("speed 0 with a zero duration is finished", mt(duration: 0, speed: 0), at: 10, .after, contributing: false, progress: 1),
    mtRow("NaN speed counts as 0", mt(speed: .nan, offset: 0.5), at: 3, .active, contributing: true, progress: 0.5),
    // Negative speed: plays from the local end back to the start over [beginTime, beginTime + AD/|speed|).
    mtRow("speed −1 before it begins: removed", mt(speed: -1), at: -0.5, .before, contributing: false, progress: 1),
    mtRow("speed −1 before it begins: forwards holds the local end", mt(speed: -1, fill: .forwards), at: -0.5, .before, contributing: true, progress: 1),
    mtRow("speed −1 before it begins: backwards does not", mt(speed: -1, fill: .backwards), at: -0.5, .before, contributing: false, progress: 1),
    mtRow("speed −1 begins at the end", mt(speed: -1), at: 0, .active, contributing: true, progress: 1),
    mtRow("speed −1 runs backwards", mt(speed: -1), at: 0.25, .active, contributing: true, progress: 0.75),
    mtRow("speed −2 runs backwards twice as fast", mt(speed: -2), at: 0.25, .active, contributing: true, progress: 0.5),
    mtRow("speed −1 finishes at the local start", mt(speed: -1), at: 1, .after, contributing: false, progress: 0),
    mtRow("speed −1 after: backwards holds the local start", mt(speed: -1, fill: .backwards), at: 7, .after, contributing: true, progress: 0),
    mtRow("speed −1 after: forwards does not", mt(speed: -1, fill: .forwards), at: 7, .after, contributing: false, progress: 0),
    mtRow("speed −1 repeatCount 2 starts in the last iteration", mt(speed: -1, repeatCount: 2), at: 0, .active, contributing: true, iteration: 1, progress: 1),
    mtRow("speed −1 repeatCount 2 mid last iteration", mt(speed: -1, repeatCount: 2), at: 0.5, .active, contributing: true, iteration: 1, progress: 0.5),
    mtRow("speed −1: a cycle boundary belongs to the iteration being played", mt(speed: -1, repeatCount: 2), at: 1, .active, contributing: true, iteration: 0, progress: 1),
    mtRow("speed −1 repeatCount 2 in the first iteration", mt(speed: -1, repeatCount: 2), at: 1.5, .active, contributing: true, iteration: 0, progress: 0.5),
    mtRow("speed −1 repeatCount 2.5 starts mid-cycle", mt(speed: -1, repeatCount: 2.5), at: 0, .active, contributing: true, iteration: 2, progress: 0.5),
    mtRow("speed −1 forever runs backwards from a cycle end", mt(speed: -1, repeatCount: .infinity), at: 0.25, .active, contributing: true, iteration: -1, progress: 0.75),
]

fileprivate let timeOffsetRows: [MediaTimingRow] = [
    // CA-5.8: duration 3, timeOffset 1 plays 1→3 then 0→1.
    mtRow("offset 1 starts one second in", mt(duration: 3, offset: 1), at: 0, .active, contributing: true, progress: 1.0 / 3),
    mtRow("offset 1 plays 1→3 first", mt(duration: 3, offset: 1), at: 1.5, .active, contributing: true, progress: 2.5 / 3),
    mtRow("offset 1 wraps to 0 after 2 s (next iteration)", mt(duration: 3, offset: 1), at: 2, .active, contributing: true, iteration: 1, progress: 0),
    mtRow("offset 1 then plays 0→1", mt(duration: 3, offset: 1), at: 2.5, .active, contributing: true, iteration: 1, progress: 0.5 / 3),
    mtRow("offset does not shorten the active period", mt(duration: 3, offset: 1), at: 2.999, .active, contributing: true, iteration: 1, progress: 0.999 / 3),
    mtRow("offset: ends after the full duration", mt(duration: 3, offset: 1), at: 3, .after, contributing: false, iteration: 1, progress: 1.0 / 3),
    mtRow("offset: forwards holds where it stopped (1/3)", mt(duration: 3, offset: 1, fill: .forwards), at: 3, .after, contributing: true, iteration: 1, progress: 1.0 / 3),
    mtRow("offset: backwards holds the start at the offset", mt(begin: 1, duration: 3, offset: 1, fill: .backwards), at: 0, .before, contributing: true, progress: 1.0 / 3),
    mtRow("offset larger than a cycle counts from iteration 1", mt(duration: 3, offset: 4), at: 0, .active, contributing: true, iteration: 1, progress: 1.0 / 3),
    mtRow("negative offset counts from iteration −1", mt(duration: 3, offset: -1), at: 0, .active, contributing: true, iteration: -1, progress: 2.0 / 3),
    mtRow("offset equal to duration starts a whole cycle later", mt(duration: 3, offset: 3), at: 0, .active, contributing: true, iteration: 1, progress: 0),
    mtRow("offset is not scaled by speed", mt(duration: 4, speed: 2, offset: 1), at: 0.5, .active, contributing: true, progress: 0.5),
]

fileprivate let repeatCountRows: [MediaTimingRow] = [
    mtRow("repeatCount 0 plays once", mt(repeatCount: 0), at: 1, .after, contributing: false, progress: 1),
    mtRow("negative repeatCount plays once", mt(repeatCount: -3), at: 0.5, .active, contributing: true, progress: 0.5),
    mtRow("repeatCount 2.5: first iteration", mt(repeatCount: 2.5), at: 0.5, .active, contributing: true, progress: 0.5),
    mtRow("repeatCount 2.5: boundary starts iteration 1", mt(repeatCount: 2.5), at: 1, .active, contributing: true, iteration: 1, progress: 0),
    mtRow("repeatCount 2.5: last, partial iteration", mt(repeatCount: 2.5), at: 2.25, .active, contributing: true, iteration: 2, progress: 0.25),
    mtRow("repeatCount 2.5: ends at 2.5", mt(repeatCount: 2.5), at: 2.5, .after, contributing: false, iteration: 2, progress: 0.5),
    mtRow("repeatCount 2.5: forwards holds mid-cycle", mt(repeatCount: 2.5, fill: .forwards), at: 10, .after, contributing: true, iteration: 2, progress: 0.5),
    mtRow("repeatCount 0.5 ends halfway", mt(repeatCount: 0.5, fill: .both), at: 0.5, .after, contributing: true, progress: 0.5),
    mtRow("repeatCount 3 forwards ends at exactly 1 of iteration 2", mt(repeatCount: 3, fill: .forwards), at: 3, .after, contributing: true, iteration: 2, progress: 1),
    mtRow("repeatCount ∞ never ends", mt(repeatCount: .infinity), at: 1_000_000.25, .active, contributing: true, iteration: 1_000_000, progress: 0.25),
    mtRow("repeatCount Double.greatestFiniteMagnitude is forever", mt(repeatCount: .greatestFiniteMagnitude), at: 1_000_000.25, .active, contributing: true, iteration: 1_000_000, progress: 0.25),
    mtRow("repeatCount HUGE_VALF (Float.greatestFiniteMagnitude) is forever", mt(repeatCount: Double(Float.greatestFiniteMagnitude)), at: 1e7 + 0.5, .active, contributing: true, iteration: 10_000_000, progress: 0.5),
]

fileprivate let repeatDurationRows: [MediaTimingRow] = [
    mtRow("repeatDuration 2.5 repeats", mt(repeatDuration: 2.5), at: 1.25, .active, contributing: true, iteration: 1, progress: 0.25),
    mtRow("repeatDuration 2.5 ends at 2.5", mt(repeatDuration: 2.5), at: 2.5, .after, contributing: false, iteration: 2, progress: 0.5),
    mtRow("repeatDuration 2.5 forwards holds mid-cycle", mt(repeatDuration: 2.5, fill: .forwards), at: 3, .after, contributing: true, iteration: 2, progress: 0.5),
    mtRow("repeatDuration shorter than one cycle", mt(repeatDuration: 0.25, fill: .forwards), at: 0.25, .after, contributing: true, progress: 0.25),
    mtRow("repeatDuration wins over repeatCount", mt(repeatCount: 10, repeatDuration: 1.5), at: 1.5, .after, contributing: false, iteration: 1, progress: 0.5),
    mtRow("repeatDuration 2 forwards ends at 1 of iteration 1", mt(repeatDuration: 2, fill: .forwards), at: 2, .after, contributing: true, iteration: 1, progress: 1),
    mtRow("repeatDuration ∞ never ends", mt(repeatDuration: .infinity), at: 50.5, .active, contributing: true, iteration: 50, progress: 0.5),
    mtRow("negative repeatDuration is ignored", mt(repeatDuration: -2), at: 1, .after, contributing: false, progress: 1),
]

fileprivate let autoreverseRows: [MediaTimingRow] = [
    mtRow("autoreverses: forward half", mt(autoreverses: true), at: 0.25, .active, contributing: true, progress: 0.25),
    mtRow("autoreverses: turns at 1", mt(autoreverses: true), at: 1, .active, contributing: true, progress: 1),
    mtRow("autoreverses: backward half mirrors", mt(autoreverses: true), at: 1.25, .active, contributing: true, progress: 0.75),
    mtRow("autoreverses: one cycle lasts 2 × duration", mt(autoreverses: true), at: 1.999, .active, contributing: true, progress: 0.001),
    mtRow("autoreverses: ends at 2", mt(autoreverses: true), at: 2, .after, contributing: false, progress: 0),
    mtRow("autoreverses: forwards holds the start (0)", mt(autoreverses: true, fill: .forwards), at: 2, .after, contributing: true, progress: 0),
    mtRow("autoreverses × repeatCount 2: iteration 1 forward", mt(repeatCount: 2, autoreverses: true), at: 2.25, .active, contributing: true, iteration: 1, progress: 0.25),
    mtRow("autoreverses × repeatCount 2: iteration 1 backward", mt(repeatCount: 2, autoreverses: true), at: 3.5, .active, contributing: true, iteration: 1, progress: 0.5),
    mtRow("autoreverses × repeatCount 2: ends at 4", mt(repeatCount: 2, autoreverses: true, fill: .forwards), at: 4, .after, contributing: true, iteration: 1, progress: 0),
    mtRow("autoreverses × repeatCount 1.5 ends at the turn", mt(repeatCount: 1.5, autoreverses: true, fill: .forwards), at: 3, .after, contributing: true, iteration: 1, progress: 1),
    mtRow("autoreverses × repeatCount 1.25 ends mid forward half", mt(repeatCount: 1.25, autoreverses: true, fill: .forwards), at: 9, .after, contributing: true, iteration: 1, progress: 0.5),
    mtRow("autoreverses × timeOffset 1.5 starts in the backward half", mt(offset: 1.5, autoreverses: true), at: 0, .active, contributing: true, progress: 0.5),
]

fileprivate let fillModeRows: [MediaTimingRow] = {
    var rows: [MediaTimingRow] = []
    for fill in FillMode.allCases {
        let timing = mt(begin: 1, duration: 2, fill: fill)
        let back = fill == .backwards || fill == .both
        let fwd = fill == .forwards || fill == .both
        rows.append(mtRow("\(fill) before", timing, at: 0, .before, contributing: back, progress: 0))
        rows.append(mtRow("\(fill) active", timing, at: 2, .active, contributing: true, progress: 0.5))
        rows.append(mtRow("\(fill) after", timing, at: 4, .after, contributing: fwd, progress: 1))
    }
    return rows
}()

fileprivate let zeroDurationRows: [MediaTimingRow] = [
    mtRow("zero duration before: removed", mt(begin: 1, duration: 0), at: 0, .before, contributing: false, progress: 0),
    mtRow("zero duration before: backwards holds progress 0", mt(begin: 1, duration: 0, fill: .backwards), at: 0, .before, contributing: true, progress: 0),
    mtRow("zero duration is finished at its begin time", mt(begin: 1, duration: 0), at: 1, .after, contributing: false, progress: 1),
    mtRow("zero duration forwards holds progress 1", mt(begin: 1, duration: 0, fill: .forwards), at: 5, .after, contributing: true, progress: 1),
    mtRow("zero duration with autoreverses ends at 0", mt(duration: 0, autoreverses: true, fill: .both), at: 5, .after, contributing: true, progress: 0),
    mtRow("zero duration ignores repeatCount", mt(duration: 0, repeatCount: 3, fill: .forwards), at: 0, .after, contributing: true, progress: 1),
    mtRow("zero duration ignores repeatDuration", mt(duration: 0, repeatDuration: 3, fill: .forwards), at: 1, .after, contributing: true, progress: 1),
    mtRow("zero duration ignores timeOffset", mt(duration: 0, offset: 0.7, fill: .both), at: 1, .after, contributing: true, progress: 1),
    mtRow("negative duration is an instant", mt(duration: -2, fill: .forwards), at: 0, .after, contributing: true, progress: 1),
    mtRow("NaN duration is an instant", mt(duration: .nan, fill: .forwards), at: 0, .after, contributing: true, progress: 1),
    mtRow("zero duration at speed −1: before shows the local end", mt(duration: 0, speed: -1, fill: .both), at: -1, .before, contributing: true, progress: 1),
    mtRow("zero duration at speed −1: after shows the local start", mt(duration: 0, speed: -1, fill: .both), at: 1, .after, contributing: true, progress: 0),
]

// MARK: - Suite

@Suite("MediaTiming (CA-5, CA-16, CA-17)")
struct MediaTimingTests {
    @Test("CA-13.6 defaults: begin 0, duration 0, speed 1, offset 0, repeats 0, no autoreverse, fill removed")
    func defaults() {
        let t = MediaTiming()
        #expect(t.beginTime == 0 && t.duration == 0 && t.speed == 1 && t.timeOffset == 0)
        #expect(t.repeatCount == 0 && t.repeatDuration == 0 && !t.autoreverses)
        #expect(t.fillMode == .removed)
        #expect(FillMode.removed.rawValue == 0 && FillMode.both.rawValue == 3)
    }

    @Test("CA-5.3 beginTime places the active period in the parent's time", arguments: beginTimeRows)
    func beginTime(_ row: MediaTimingRow) { mtCheck(row) }

    @Test("CA-5.4 duration is the length of one pass", arguments: durationRows)
    func duration(_ row: MediaTimingRow) { mtCheck(row) }

    @Test("CA-5.7 speed scales time; 0 freezes at timeOffset; negative plays from the end", arguments: speedRows)
    func speed(_ row: MediaTimingRow) { mtCheck(row) }

    @Test("CA-5.8 timeOffset wraps playback and does not shorten the active period", arguments: timeOffsetRows)
    func timeOffset(_ row: MediaTimingRow) { mtCheck(row) }

    @Test("CA-5.5 repeatCount: fractional, whole and forever", arguments: repeatCountRows)
    func repeatCount(_ row: MediaTimingRow) { mtCheck(row) }

    @Test("CA-5.5 repeatDuration repeats for a time, even part of a cycle", arguments: repeatDurationRows)
    func repeatDuration(_ row: MediaTimingRow) { mtCheck(row) }

    @Test("CA-5.6 autoreverses: a cycle is forward then backward, alone and with repeats", arguments: autoreverseRows)
    func autoreverses(_ row: MediaTimingRow) { mtCheck(row) }

    @Test("CA-5.9 and CA-17 each fillMode is read before and after the active period", arguments: fillModeRows)
    func fillModes(_ row: MediaTimingRow) { mtCheck(row) }

    @Test("CA-17 a zero duration never divides by zero: an instant with start 0 and end 1", arguments: zeroDurationRows)
    func zeroDuration(_ row: MediaTimingRow) { mtCheck(row) }

    @Test("CA-5.10 the forwards fill ends a whole iteration at exactly 1, not 0 from the wrap")
    func exactEndpoint() {
        // 0.3 × 3 rounds in binary: the end must still be exactly progress 1 of iteration 2.
        let timing = mt(duration: 0.3, repeatCount: 3, fill: .forwards)
        let s = timing.state(atParentTime: timing.endTime)
        #expect(s.isFinished && s.isContributing)
        #expect(s.currentIteration == 2)
        #expect(s.iterationProgress == 1)
        let once = mt(duration: 1, fill: .forwards).state(atParentTime: 1)
        #expect(once.iterationProgress == 1 && once.currentIteration == 0)
        // Just before the end the active sample is continuous with the held end.
        let before = timing.state(atParentTime: 0.9 - 1e-9)
        #expect(before.phase == .active && approx(before.iterationProgress, 1, tolerance: 1e-7))
    }

    @Test("CA-5.10 one decision: finished exactly from endTime on, for every rule")
    func endTimeAgreesWithState() {
        let timings: [MediaTiming] = [
            mt(begin: 2), mt(begin: 1, speed: 2), mt(speed: -0.5), mt(duration: 3, offset: 1),
            mt(repeatCount: 2.5), mt(repeatDuration: 0.25), mt(autoreverses: true, fill: .both),
            mt(duration: 0), mt(begin: 3, duration: 0.3, repeatCount: 3),
        ]
        for timing in timings {
            let end = timing.endTime
            #expect(timing.state(atParentTime: end).isFinished, "\(timing)")
            #expect(!timing.state(atParentTime: end.nextDown).isFinished, "\(timing)")
            #expect(timing.state(atParentTime: end + 100).isFinished, "\(timing)")
        }
        #expect(mt(repeatCount: .infinity).endTime == .infinity)
        #expect(mt(speed: 0).endTime == .infinity)
        #expect(mt(duration: 0, speed: 0).endTime == -.infinity)
        #expect(mt(begin: 1, duration: 2, speed: 4, repeatCount: 3).endTime == 2.5)
    }

    @Test("activeDuration: P × repeatCount, repeatDuration, ∞ forever, 0 for an instant")
    func activeDurations() {
        #expect(mt(duration: 2).activeDuration == 2)
        #expect(mt(duration: 2, autoreverses: true).activeDuration == 4)
        #expect(mt(duration: 2, repeatCount: 2.5, autoreverses: true).activeDuration == 10)
        #expect(mt(duration: 2, repeatCount: 5, repeatDuration: 3).activeDuration == 3)
        #expect(mt(repeatCount: .infinity).activeDuration == .infinity)
        #expect(mt(duration: 0, repeatCount: 4).activeDuration == 0)
        #expect(mt(duration: 2).period == 2 && mt(duration: 2, autoreverses: true).period == 4)
        #expect(MediaTiming.foreverRepeatCount == Double(Float.greatestFiniteMagnitude))
    }

    @Test("non-finite parent times and huge iterations do not trap")
    func nonFiniteTimes() {
        let forever = mt(repeatCount: .infinity, fill: .both)
        #expect(forever.state(atParentTime: .nan).phase == .before)
        #expect(forever.state(atParentTime: -.infinity).phase == .before)
        let far = forever.state(atParentTime: .infinity)
        #expect(far.phase == .after && far.currentIteration == Int.max)
        let huge = forever.state(atParentTime: 1e300)
        #expect(huge.phase == .active && huge.currentIteration == Int.max)
        #expect((0...1).contains(huge.iterationProgress))
        let layerLike = mt(duration: .infinity)
        let s = layerLike.state(atParentTime: 5)
        #expect(s.phase == .active && s.iterationProgress == 0 && s.currentIteration == 0)
    }

    // MARK: Time spaces (CA-5.2, CA-5.11, CA-16)

    @Test("CA-5.2 localTime = (t − beginTime) × speed + timeOffset; parentTime inverts it", arguments: [
        (MediaTiming(beginTime: 2, speed: 3, timeOffset: 0.25), 10.0, 24.25),
        (MediaTiming(beginTime: 1, speed: 2, timeOffset: 0.5), 10.0, 18.5),
        (MediaTiming(beginTime: -1, speed: -0.5, timeOffset: 1), 3.0, -1.0),
        (MediaTiming(), 7.5, 7.5),
    ])
    func localTime(_ timing: MediaTiming, _ parent: Double, _ local: Double) {
        #expect(timing.localTime(forParentTime: parent) == local)
        #expect(timing.parentTime(forLocalTime: local) == parent)
    }

    @Test("CA-5.7 speed 0: local time is timeOffset everywhere; the inverse answers beginTime")
    func speedZeroTimeSpace() {
        let paused = MediaTiming(beginTime: 4, speed: 0, timeOffset: 2.5)
        #expect(paused.localTime(forParentTime: -1e9) == 2.5)
        #expect(paused.localTime(forParentTime: .infinity) == 2.5)
        #expect(paused.parentTime(forLocalTime: 99) == 4)
    }

    @Test("CA-16 worked example comes out exactly (leaf under mid under root)")
    func ca16WorkedExample() {
        let mid = MediaTiming(beginTime: 2, speed: 3, timeOffset: 0.25)
        let leaf = MediaTiming(beginTime: 1, speed: 2, timeOffset: 0.5)
        // leaf.convertTime(10, fromLayer: mid) and fromLayer: root
        #expect(MediaTiming.convert(10, from: [mid], to: [mid, leaf]) == 18.5)
        #expect(MediaTiming.convert(10, from: [], to: [mid, leaf]) == 47)
        // leaf.convertTime(10, toLayer: mid) and toLayer: root
        #expect(MediaTiming.convert(10, from: [mid, leaf], to: [mid]) == 5.75)
        #expect(MediaTiming.convert(10, from: [mid, leaf], to: []) == 23.0 / 6.0)
        // The same, with chains starting below the common ancestor (mid).
        #expect(MediaTiming.convert(10, from: [], to: [leaf]) == 18.5)
        #expect(MediaTiming.convert(10, from: [leaf], to: []) == 5.75)
    }

    @Test("CA-5.2 vector: timeOffset 1, speed 0.5, converting 0.5 from a default layer gives 1.25")
    func ca52Vector() {
        let layer = MediaTiming(speed: 0.5, timeOffset: 1)
        #expect(MediaTiming.convert(0.5, from: [MediaTiming()], to: [layer]) == 1.25)
        #expect(MediaTiming.convert(0.5, from: [], to: [layer]) == 1.25)
        #expect(MediaTiming.convert(1.25, from: [layer], to: [MediaTiming()]) == 0.5)
    }

    @Test("CA-5.11 converting between sibling subtrees goes up one chain and down the other")
    func siblingConversion() {
        let a = [MediaTiming(beginTime: 1, speed: 2), MediaTiming(timeOffset: 3)]
        let b = [MediaTiming(beginTime: -2, speed: 0.5, timeOffset: 1)]
        let t = 7.0
        let absolute = MediaTiming.convert(t, from: a, to: [])      // ((7 − 3) / 2) + 1 = 3
        #expect(absolute == 3)
        #expect(MediaTiming.convert(t, from: a, to: b) == (3 + 2) * 0.5 + 1)
        #expect(approx(MediaTiming.convert(MediaTiming.convert(t, from: a, to: b), from: b, to: a), t, tolerance: 1e-12))
    }

    @Test("CA-5.12 pause/resume recipe (QA1673): local time stops, then continues from the pause")
    func pauseResume() {
        let mid = MediaTiming(beginTime: 1, speed: 2)  // an ancestor with its own timing
        var layer = MediaTiming()
        func local(_ now: Double) -> Double { MediaTiming.convert(now, from: [], to: [mid, layer]) }

        // Pause at absolute time 5: t = convertTime(now, nil); speed = 0; timeOffset = t.
        let pausedAt = local(5)
        #expect(pausedAt == 8)
        layer.speed = 0
        layer.timeOffset = pausedAt
        #expect(local(5) == 8 && local(6) == 8 && local(100) == 8)

        // Resume at absolute time 9: p = timeOffset; speed 1; timeOffset 0; beginTime 0;
        // beginTime = convertTime(now, nil) − p.
        let p = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = local(9) - p
        #expect(local(9) == 8)  // continues from p
        #expect(local(9.5) == 9)  // at the parent's rate (mid's speed 2)
        // An animation in the layer's time that was halfway when paused is halfway on resume.
        let animation = MediaTiming(beginTime: 7, duration: 2)
        #expect(animation.state(atParentTime: pausedAt).iterationProgress == 0.5)
        #expect(animation.state(atParentTime: local(9)).iterationProgress == 0.5)
        #expect(animation.state(atParentTime: local(9.25)).iterationProgress == 0.75)
    }
}
