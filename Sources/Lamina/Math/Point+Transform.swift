// SPDX-License-Identifier: Apache-2.0
// Points through transforms, spelled as Core Graphics does (`point.applying(t)`): the Swift API
// Design Guidelines' form for a non-mutating operation, instead of the engine's `apply(to:)`.

extension Point {
    /// The point `(x, y, 0)` mapped by `transform` and projected back to the plane (the
    /// homogeneous divide). A point on the perspective's vanishing plane (`w = 0`) comes back
    /// with non-finite coordinates.
    public func applying(_ transform: Transform3D) -> Point { transform.apply(to: self) }
}

extension Vector3 {
    /// The point mapped by `transform` as the row vector `(x, y, z, 1) · M`, divided by the
    /// resulting `w`. A point that maps to `w = 0` comes back with non-finite coordinates.
    public func applying(_ transform: Transform3D) -> Vector3 {
        let p = transform.apply(x: x, y: y, z: z)
        return Vector3(x: p.x, y: p.y, z: p.z)
    }
}
