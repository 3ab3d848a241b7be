// SPDX-License-Identifier: Apache-2.0
// Numeric animation tracks: the per-frame hot path (docs/architecture.md).
//
// An animation whose endpoints are numbers, points, sizes, rects or colours is sampled from a
// contiguous table of plain records: begin, duration, curve index and up to four components
// of `from`, `to` and the last output. A frame is one pass over this table; animations
// committed together share begin time, duration and curve, so the curve is solved about once
// per frame and each track costs a compare, a multiply-add and a store.

/// The state of a track slot.
enum TrackState: UInt8 {
    /// An unused slot, on the free list.
    case free
    /// Attached in an uncommitted transaction: not sampled.
    case pending
    /// Committed: sampled from its begin time.
    case committed
}

/// One numeric animation: `from → to` over `[begin, begin + duration)` with a timing curve.
struct Track {
    var from: SIMD4<Double>
    var to: SIMD4<Double>
    /// The value sampled by the last tick (valid when `hasOutput`).
    var out: SIMD4<Double> = .zero
    var begin: Double = 0
    var duration: Double
    /// Index into `Engine.curves`.
    var curve: Int32
    /// The layer slot that owns the animation.
    var owner: Int32
    var state: TrackState = .pending
    /// Whether `out` holds a value for the last tick (false outside the active interval).
    var hasOutput = false
}

extension Engine {
    /// Adds a pending track and returns its index. Lock held.
    func addTrack(_ track: Track) -> Int32 {
        if let free = freeTracks.popLast() {
            tracks[Int(free)] = track
            return free
        }
        tracks.append(track)
        return Int32(truncatingIfNeeded: tracks.count - 1)
    }

    /// Returns a track's slot to the free list. Lock held.
    func freeTrack(_ index: Int32) {
        tracks[Int(index)].state = .free
        tracks[Int(index)].hasOutput = false
        freeTracks.append(index)
    }

    /// Samples every committed track at `time`; the owners of tracks that ended are appended to
    /// `finishedOwners`. The loop reads and writes plain memory only. Lock held.
    func sampleTracks(at time: Double, finishedOwners: inout [Int32]) {
        var memo = TimingMemo()
        curves.withUnsafeBufferPointer { curves in
            tracks.withUnsafeMutableBufferPointer { buf in
                guard var p = buf.baseAddress else { return }
                let timed = timedLayers > 0
                for _ in 0..<buf.count {
                    if p.pointee.state == .committed {
                        // Layer time: engine time unless some layer is timed (CA-5.11).
                        let time = timed ? localTime(p.pointee.owner, at: time) : time
                        // The same interval test as AttachedAnimation.linearProgress and the
                        // retirement check: [begin, begin + duration).
                        let begin = p.pointee.begin
                        if time >= begin + p.pointee.duration {
                            p.pointee.hasOutput = false
                            finishedOwners.append(p.pointee.owner)
                        } else if time < begin {
                            p.pointee.hasOutput = false  // fill mode "removed" (CA-5.9)
                        } else {
                            let x = min((time - begin) / p.pointee.duration, 1)
                            let y = memo.progress(p.pointee.curve, x: x, curves)
                            p.pointee.out = p.pointee.from + (p.pointee.to - p.pointee.from) * y
                            p.pointee.hasOutput = true
                        }
                    }
                    p += 1
                }
            }
        }
    }

    /// A track's value at any `time`, or nil outside its active interval. Lock held.
    func trackValue(_ index: Int32, at time: Double) -> SIMD4<Double>? {
        let t = tracks[Int(index)]
        guard t.state == .committed, time >= t.begin, time < t.begin + t.duration else { return nil }
        var memo = TimingMemo()
        let x = min((time - t.begin) / t.duration, 1)
        let y = curves.withUnsafeBufferPointer { memo.progress(t.curve, x: x, $0) }
        if y == 0 { return t.from }
        return t.from + (t.to - t.from) * y
    }

    /// Re-packs the track table when more than half of it is free, so a frame's pass stays
    /// proportional to the live animations rather than to a past peak. Lock held.
    func compactTracksIfSparse() {
        guard freeTracks.count > 64, freeTracks.count * 2 > tracks.count else { return }
        var packed: [Track] = []
        packed.reserveCapacity(tracks.count - freeTracks.count)
        for a in animated.indices {
            animated[a].animations.withUnsafeMutableBufferPointer { buf in
                for k in buf.indices where buf[k].track >= 0 {
                    packed.append(tracks[Int(buf[k].track)])
                    buf[k].track = Int32(truncatingIfNeeded: packed.count - 1)
                }
            }
        }
        tracks = packed
        freeTracks.removeAll()
    }
}
