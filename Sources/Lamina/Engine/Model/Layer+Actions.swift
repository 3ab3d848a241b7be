// SPDX-License-Identifier: Apache-2.0
// The Swift face of the action model (R5, R11, CA-3.x, CA-4.x).

extension Layer {
    /// Sets (nil removes) the layer's action entry for an event key (CA-3.4 step 2).
    public func setAction(_ entry: ActionEntry?, forKey key: String) throws(LaminaError) {
        try onLayer { () throws(LaminaError) in try engine.setAction(entry, forKey: key, of: id) }
    }

    /// Sets (nil removes) the layer's delegate (CA-3.4 step 1).
    public func setDelegate(_ delegate: LayerDelegate?) throws(LaminaError) {
        try onLayer { () throws(LaminaError) in try engine.setDelegate(delegate, of: id) }
    }

    /// Sets (nil removes) the layer's style (CA-3.4 step 3).
    public func setStyle(_ style: LayerStyle?) throws(LaminaError) {
        try onLayer { () throws(LaminaError) in try engine.setStyle(style, of: id) }
    }

    /// Whether the layer is view-backed (R11): the built-in UIView policy answers its action
    /// search, "no action" outside animation blocks and an animation inside them (none for
    /// `contents`, CA-4.9). A delegate set with ``setDelegate(_:)`` answers first: its
    /// ``DelegateAnswer/continueSearch`` continues the layer's own search, its
    /// ``DelegateAnswer/viewPolicy`` asks the view.
    public var isViewBacked: Bool {
        get { (try? engine.isViewBacked(id)) ?? false }
        set {
            do {
                try engine.setViewBacked(newValue, id)
            } catch {
                preconditionFailure("Lamina: \(error.message)")
            }
        }
    }

    /// What the action search finds for an event key now, without running it (nil: no action).
    /// The built-in implicit animation reads as the animation a change runs: a basic animation
    /// of the property, or for `contents` the fade transition (RS-4.8).
    public func action(forKey event: String) throws(LaminaError) -> Action? {
        try onLayer { () throws(LaminaError) in try engine.action(forKey: event, of: id) }
    }
}
