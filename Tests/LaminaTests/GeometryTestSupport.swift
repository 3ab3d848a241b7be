// SPDX-License-Identifier: Apache-2.0
// Helpers of the geometry, hit-testing and draw-list suites (issue 4). Names start with `geo`
// so they never clash with other suites' helpers.

import Testing

@testable import Lamina

/// √2, for rotated bounding boxes.
let geoSqrt2 = 2.0.squareRoot()

/// |a − b| ≤ tolerance, for every component.
func geoNear(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

func geoNear(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    geoNear(a.x, b.x, tolerance) && geoNear(a.y, b.y, tolerance)
}

func geoNear(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    geoNear(a.origin, b.origin, tolerance) && geoNear(a.size.width, b.size.width, tolerance)
        && geoNear(a.size.height, b.size.height, tolerance)
}

func geoNear(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24,
             a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
    let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24,
             b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
    return zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
}

/// The LaminaError code `body` throws, or nil when it returns.
func geoError(_ body: () throws -> Void) -> LaminaError.Code? {
    do {
        try body()
        return nil
    } catch let error as LaminaError {
        return error.code
    } catch {
        return nil
    }
}

/// A layer with the given bounds and position (CA-16's `layerWithBounds`).
func geoLayer(_ engine: Engine, _ bounds: Rect, _ position: Point) -> Layer {
    let layer = engine.makeLayer()
    layer.bounds = bounds
    layer.position = position
    return layer
}

func geoRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}

func geoPoint(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// A perspective transform with m34 = −1/d (the usual "eye at distance d").
func geoPerspective(_ d: Double) -> Transform3D {
    var m = Transform3D.identity
    m.m34 = -1 / d
    return m
}
