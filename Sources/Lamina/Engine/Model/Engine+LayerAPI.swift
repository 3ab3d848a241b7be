// SPDX-License-Identifier: Apache-2.0
// The `Layer`-typed public face of engine operations whose engine-level form takes a `LayerID`
// (kept `package` for the C ABI and tests). Issue 14: the Swift surface speaks in `Layer`s.

extension Engine {
    /// Builds the draw list of `root`'s subtree at `time` (the engine's current time when nil)
    /// into `list`, reusing its buffers (R14; docs/draw-records.md): records in painter's order, presentation values,
    /// hidden, never-committed and fully transparent subtrees left out. The list is remembered
    /// for ``damage(root:)``. When nothing the list depends on changed since the last list of
    /// `root` filled into the same `list`, `list` is handed back as it is, without a walk.
    ///
    /// - Throws: `invalidArgument` for a non-finite time; `noPresentation` when `root` was
    ///   never committed; `staleHandle` when `root` is a dead layer object from a callback;
    ///   `outOfMemory` when replicators would add more than 2²² records (RS-13.1).
    public func drawList(root: Layer, at time: Double? = nil, into list: DrawList) throws(LaminaError) {
        try checkOwn(root)
        try drawListReusing(root: root.id, at: time, into: list)
    }

    /// The draw list of `root`'s subtree at `time` as a new array; see
    /// ``drawList(root:at:into:)``. When nothing changed since the last array of `root`, that
    /// array is handed back (shared: copied only if written).
    public func drawList(root: Layer, at time: Double? = nil) throws(LaminaError) -> [DrawRecord] {
        try checkOwn(root)
        return try drawListReusing(root: root.id, at: time)
    }

    /// The rectangles of `root`'s space that changed between its last two draw lists (RS-10.1, RS-10.3):
    /// empty when nothing changed; the whole root on the first call, which starts tracking (the
    /// list just built is the baseline when nothing changed since, so the next frame's answer is
    /// exact; otherwise the whole root until two draw lists have been built).
    ///
    /// - Throws: `staleHandle` when `root` is a dead layer object from a callback.
    public func damage(root: Layer) throws(LaminaError) -> [Rect] {
        try checkOwn(root)
        return try damage(root: root.id)
    }

    /// A layer of another engine is a programming error for the typed API, but the throwing
    /// methods report it like the C ABI does (a foreign handle is stale here, R13).
    private func checkOwn(_ layer: Layer) throws(LaminaError) {
        guard layer.engine === self else {
            throw LaminaError(.staleHandle, "the layer belongs to another engine")
        }
    }
}
