// SPDX-License-Identifier: Apache-2.0
// An animation attached to a layer under a key, as the engine stores it: plain data that the
// per-frame loop reads in place. The timing curve and completion records live in engine side
// tables, referenced by index, so sampling an animation touches no reference counts.

/// The life of an attached animation relative to commits (CA-1.3: uncommitted changes are
/// invisible to the presentation).
enum AttachmentState: UInt8 {
    /// Added in a transaction that has not committed yet: not evaluated.
    case pending
    /// Committed: evaluated from its begin time.
    case committed
    /// Committed, then removed or replaced in a transaction that has not committed yet: still
    /// evaluated until that commit.
    case pendingRemoval
}

/// A basic from → to animation of one property (what the built-in implicit action makes,
/// R6). Explicit animation kinds extend this in later work.
struct AttachedAnimation {
    var key: String
    var target: PropertyID
    var state: AttachmentState = .pending
    /// Index into `Engine.curves`.
    var curve: Int32
    /// Index into `Engine.completionLists`, or -1 when no completion waits for it (CA-2.9).
    var completionList: Int32 = -1
    /// Index into `Engine.tracks` when the endpoints are numeric (then `from`/`to` are unused
    /// and `valueType` says how to rebuild a value), or -1 for the general path.
    var track: Int32 = -1
    var valueType: ValueType = .null
    /// The engine time of the commit that published it; meaningless while pending.
    var beginTime: Double = 0
    var duration: Double
    var from: Value
    var to: Value
    /// An explicit animation (then `from`/`to`/`track` are unused), or nil for an implicit one.
    var explicit: ExplicitState? = nil
    /// Committed between two hand-driven ticks: its begin time is the next tick's (R2), set
    /// by `Engine.stampDeferredBegins`. Until then it holds its start value.
    var awaitingTick = false
    /// Explicit only: its `beginTime` was 0 and so is filled in by the commit (CA-5.3).
    var beginFromCommit = false
    /// General path only: the value at `Engine.now` (sampled by the last tick, or `from` when
    /// committed since), or nil when inactive then.
    var current: Value? = nil

    init(key: String, target: PropertyID, from: Value, to: Value, duration: Double, curve: Int32) {
        self.key = key
        self.target = target
        self.from = from
        self.to = to
        self.duration = duration
        self.curve = curve
    }

    var isEvaluated: Bool { state != .pending }
    var endTime: Double { beginTime + duration }

    /// Timing progress in [0, 1) at `time`, or nil outside the active interval
    /// [begin, begin + duration): fill mode "removed" contributes nothing there (CA-5.9). A zero
    /// duration is never active rather than dividing by zero (CA-17).
    @inline(__always)
    func linearProgress(at time: Double) -> Double? {
        guard time >= beginTime, time < endTime else { return nil }
        return min((time - beginTime) / duration, 1)
    }

    /// The animated value at `time`, or nil outside the active interval.
    @inline(__always)
    func sample(
        at time: Double, _ curves: UnsafeBufferPointer<TimingFunction>, _ memo: inout TimingMemo
    ) -> Value? {
        guard let x = linearProgress(at: time) else { return nil }
        return from.interpolated(to: to, progress: memo.progress(curve, x: x, curves))
    }
}
