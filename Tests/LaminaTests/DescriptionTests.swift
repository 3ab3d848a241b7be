// SPDX-License-Identifier: Apache-2.0
// Issue 30 item 9: the value types print readably.

import Testing

@testable import Lamina

@Suite("Value descriptions")
struct DescriptionTests {
    @Test("geometry and colours print their fields, whole numbers without .0")
    func geometry() {
        #expect("\(Point(x: 10, y: 20.5))" == "Point(x: 10, y: 20.5)")
        #expect("\(Size(width: 30, height: 40))" == "Size(width: 30, height: 40)")
        #expect("\(Rect(x: 0, y: -1, width: 100, height: 50))" == "Rect(x: 0, y: -1, width: 100, height: 50)")
        #expect("\(Color(red: 1, green: 0, blue: 0.5))" == "Color(red: 1, green: 0, blue: 0.5, alpha: 1)")
        #expect("\(Transform3D.identity)" == "Transform3D.identity")
        #expect("\(Transform3D(translationX: 3, y: 4, z: 0))"
            == "Transform3D([1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [3, 4, 0, 1])")
        #expect("\(Point(x: .nan, y: 1e20))" == "Point(x: nan, y: 1e+20)")
    }

    @Test("a Value prints its payload")
    func values() {
        #expect("\(Value.number(0.25))" == "0.25")
        #expect("\(Value.point(Point(x: 1, y: 2)))" == "Point(x: 1, y: 2)")
        #expect("\(Value.null)" == "nil")
        #expect("\(Value.bool(true))" == "true")
        #expect("\(Value.string("card"))" == "\"card\"")
        #expect("\(Value.numberArray([1, 2.5]))" == "[1, 2.5]")
        #expect("\(Value.colorArray([Color(red: 0, green: 0, blue: 1)]))" == "[Color(red: 0, green: 0, blue: 1, alpha: 1)]")
        #expect("\(Value.transform(.identity))" == "Transform3D.identity")
    }
}
