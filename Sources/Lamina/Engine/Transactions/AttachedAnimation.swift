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

/// The endpoints and last sample of an animation on the general path (transforms, booleans,
/// nil colours), boxed so that the common numeric records stay small.
final class GeneralEnds {
    /// The start value: an implicit animation's is resolved when it begins (R6).
    var from: Value
    let to: Value
    /// The value at `Engine.now` (sampled by the last tick, or `from` when committed since), or
    /// nil when inactive then.
    var current: Value? = nil

    init(from: Value, to: Value) {
        self.from = from
        self.to = to
    }
}

/// What an attached animation holds besides its plain fields (see `AttachedAnimation.ends`
/// and `AttachedAnimation.explicit`): a single pointer-sized word.
enum AttachedPayload {
    case none
    case ends(GeneralEnds)
    case explicit(ExplicitState)
}

/// A basic from → to animation of one property (what the built-in implicit action makes,
/// R6), or an explicit animation. 64 bytes: the endpoints of numeric ones live in their
/// timing group's lanes (TimingGroups.swift), those of others in a `GeneralEnds` box.
struct AttachedAnimation {
    var key: String
    var target: PropertyID
    var state: AttachmentState = .pending
    /// How to rebuild a value from a numeric animation's lanes.
    var valueType: ValueType = .null
    /// Committed between two hand-driven ticks: its begin time is the next tick's (R2), set
    /// by `Engine.stampDeferredBegins`. Until then it holds its start value.
    var awaitingTick = false
    /// Explicit only: its `beginTime` was 0 and so is filled in by the commit (CA-5.3).
    var beginFromCommit = false
    /// Index into `Engine.curves`.
    var curve: Int32
    /// Index into `Engine.completionLists`, or -1 when no completion waits for it (CA-2.9).
    var completionList: Int32 = -1
    /// Index into `Engine.groups` when the endpoints are numeric (then `member` is its index
    /// in that group), or -1 for the general path.
    var track: Int32 = -1
    var member: Int32 = -1
    /// The engine time of the commit that published it; meaningless while pending.
    var beginTime: Double = 0
    var duration: Double
    /// The general path's endpoints or an explicit animation's state, never both: one word
    /// for the two (a record is 64 bytes, not 72; issue 12: memory per animation).
    private var payload: AttachedPayload = .none

    /// General path only: endpoints and last sample.
    var ends: GeneralEnds? {
        get { if case .ends(let e) = payload { e } else { nil } }
        set { payload = newValue.map { .ends($0) } ?? .none }
    }

    /// An explicit animation (then `ends` and `track` are unused), or nil for an implicit one.
    var explicit: ExplicitState? {
        get { if case .explicit(let e) = payload { e } else { nil } }
        set { payload = newValue.map { .explicit($0) } ?? .none }
    }

    init(key: String, target: PropertyID, from: Value, to: Value, duration: Double, curve: Int32) {
        self.key = key
        self.target = target
        self.duration = duration
        self.curve = curve
        if from != .null || to != .null { payload = .ends(GeneralEnds(from: from, to: to)) }
    }

    /// ``explicit`` of the record at `r`, read in place: a computed property of an element of
    /// a buffer may copy the whole record first (its key and payload retained and released).
    @inline(__always)
    static func explicit(_ r: UnsafePointer<AttachedAnimation>) -> ExplicitState? {
        if case .explicit(let e) = r.pointee.payload { return e }
        return nil
    }

    /// ``explicit(_:)`` without a reference taken: for the per-frame loops (the tick's
    /// sampling, the presentation's application), which use the state while the record holds
    /// it and remove no record meanwhile; a retain and a release per animation and frame
    /// otherwise (issue 28). Use it through `_withUnsafeGuaranteedRef`.
    @inline(__always)
    static func explicitUnretained(_ r: UnsafePointer<AttachedAnimation>) -> Unmanaged<ExplicitState>? {
        if case .explicit(let e) = r.pointee.payload { return Unmanaged.passUnretained(e) }
        return nil
    }

    /// A record without endpoints (a numeric animation's live in its timing group).
    init(key: String, target: PropertyID, duration: Double, curve: Int32) {
        self.key = key
        self.target = target
        self.duration = duration
        self.curve = curve
    }

    /// General path: the start value (`.null` otherwise).
    var from: Value { ends?.from ?? .null }
    /// General path: the end value (`.null` otherwise).
    var to: Value { ends?.to ?? .null }
    /// General path: the value at `Engine.now`, or nil.
    var current: Value? {
        get { ends?.current }
        nonmutating set { ends?.current = newValue }
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
