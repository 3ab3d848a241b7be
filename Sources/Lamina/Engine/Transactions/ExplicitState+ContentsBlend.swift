// SPDX-License-Identifier: Apache-2.0
// Explicit animations of `contents` cross-fade (CA-3.15, RS-4.8): two images cannot be mixed
// into one value, so the presentation keeps the nearer image and the draw record carries both
// with the fade's progress, as the implicit change's fade transition does.

/// What an explicit animation of `contents` shows at one time.
enum ContentsBlend {
    /// A cross-fade: `to` with weight `fraction`, `from` with 1 − fraction (RS-4.8 (a)); either
    /// may be nil (fading from or to no contents).
    case fade(from: Image?, to: Image?, fraction: Double)
    /// One image, the presentation's own: a discrete flip (discrete keyframes, a spring, an
    /// additive animation).
    case single
}

extension ExplicitState {
    /// Whether this animation, or one in its group, animates `contents`. One compare for an
    /// animation that is not a group.
    var touchesContents: Bool {
        if let target { return target.property == .contents }
        return children.contains { $0.touchesContents }
    }

    /// What this animation shows of `contents` at `parentTime` (the layer's local time), or nil
    /// when it does not change `contents` then (another key path, or not contributing). In a
    /// group the last child that changes `contents` decides, as it wins the presentation.
    /// `model` gives the committed contents, which an animation without a from or to value
    /// runs from or to (CA-7.1).
    func contentsBlend(at parentTime: Double, model: () -> Value) -> ContentsBlend? {
        guard touchesContents else { return nil }
        let st = animation.timing.state(atParentTime: parentTime)
        guard st.isContributing else { return nil }
        let y = easedProgress(st)
        let ends: (from: Value, to: Value, weight: Double)
        switch animation.kind {
        case .group:
            let childTime = y * animation.timing.duration
            for child in children.reversed() {
                if let blend = child.contentsBlend(at: childTime, model: model) { return blend }
            }
            return nil
        case .transition:
            return nil
        case .spring:
            return .single
        case .keyframe:
            guard !animation.isAdditive, let segment = keyframes?.linearSegment(atProgress: y) else { return .single }
            ends = segment
        case .basic:
            guard !animation.isAdditive else { return .single }
            let resolved: (from: Value, to: Value)?
            if animation.fromValue == nil, animation.toValue == nil, animation.byValue == nil {
                resolved = capturedFrom.map { ($0, model()) }
            } else {
                resolved = BasicEndpoints.resolve(
                    from: animation.fromValue, to: animation.toValue, by: animation.byValue, underlying: model())
            }
            guard let resolved else { return .single }
            ends = (resolved.from, resolved.to, y)
        }
        guard let from = Self.image(ends.from), let to = Self.image(ends.to) else { return .single }
        return .fade(from: from, to: to, fraction: ends.weight)
    }

    /// An image value as an optional image (nil for no contents), or nil for another type.
    private static func image(_ v: Value) -> Image?? {
        switch v {
        case .image(let i): return .some(i)
        case .null: return .some(nil)
        default: return nil
        }
    }
}

extension Engine {
    /// The draw list's one pass over an animated layer's animations (newest first): the
    /// running transition, as ``runningTransition(_:at:)`` finds it, and what the newest
    /// explicit animation of `contents` shows (nil when none changes it). A layer without an
    /// animation of `contents` pays one compare per explicit animation. Lock held.
    func runningLook(_ slot: Int32, at time: Double)
        -> (transition: (state: TransitionState, before: LayerProperties, sublayers: [DrawRecord]?)?, contents: ContentsBlend?)
    {
        let a = slots[head: Int(slot)].animIndex
        guard a >= 0 else { return (nil, nil) }
        var local: Double? = nil
        var transition: (state: TransitionState, before: LayerProperties, sublayers: [DrawRecord]?)? = nil
        var contents: ContentsBlend? = nil
        var contentsDone = false
        for anim in animated[Int(a)].animations.reversed() where anim.state != .pending {
            guard let e = anim.explicit else { continue }
            if case .transition(let spec) = e.animation.kind {
                guard transition == nil else { continue }
                if local == nil { local = localTime(slot, at: time) }
                let st = e.animation.timing.state(atParentTime: local!)
                guard st.isContributing else { continue }
                transition = (spec.state(atProgress: e.easedProgress(st)), e.transitionBefore ?? committedProperties(slot),
                              e.transitionBeforeSublayers)
                if contentsDone { break }
            } else if !contentsDone, e.touchesContents {
                if local == nil { local = localTime(slot, at: time) }
                contents = e.contentsBlend(at: local!) { committedProperties(slot).get(.contents) }
                contentsDone = contents != nil
                if contentsDone, transition != nil { break }
            }
        }
        return (transition, contents)
    }
}
