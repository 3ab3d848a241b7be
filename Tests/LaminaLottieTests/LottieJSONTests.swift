// SPDX-License-Identifier: Apache-2.0
// The importer's JSON document (Sources/LaminaLottie/JSON.swift over simdjson): values read in
// place from the flat node array, and JSON paths worked out only for errors, past siblings of
// every kind (escaped and non-ASCII keys, empty and nested containers, nulls).

@testable import LaminaLottie
import Testing

@Suite struct LottieJSONTests {
    func parse(_ text: String) throws(LottieError) -> JSONDocument { try JSONDocument.parse(Array(text.utf8)) }

    @Test func membersAndElementsAreReadInPlace() throws {
        let d = try parse(#"{"a":[1,[2,3],{"b":null}],"c":"x\"y","d":true,"é":{"k":[]},"e":2.5}"#)
        let root = d.root
        #expect(root.isObject)
        #expect(try root.required("a").count == 3)
        #expect(try root["a"]?.array()[1].numbers() == [2, 3])
        #expect(try root["a"]?.array().count == 3)
        #expect(try root.required("c").string() == "x\"y")
        #expect(try root.required("d").number() == 1)
        #expect(try root.required("e").number() == 2.5)
        #expect(root["é"]?["k"]?.isArray == true)
        // A null member reads as absent, but is there.
        let b = try #require(try root.required("a").array()[2])
        #expect(b["b"] == nil && b.member("b")?.isNull == true && b.member("z") == nil)
        #expect(root["zz"] == nil && root.string("c") == "x\"y" && root.string("e") == nil)
    }

    @Test func pathsAreWorkedOutPastEverySibling() throws {
        let d = try parse(#"{"x":{"q":[[],{},[1,2]]},"a\"b":[0,{"é":[null,"s",[{"t":7}]]}],"z":1}"#)
        let t = try #require(d.root["a\"b"]?.array()[1]["é"]?.array()[2].first?["t"])
        #expect(t.path == "$.a\"b[1].é[2][0].t")
        #expect(try t.number() == 7)
        let last = try #require(d.root["x"]?["q"]?.array()[2].array()[1])
        #expect(last.path == "$.x.q[2][1]")
        #expect(try #require(d.root["z"]).path == "$.z")
        #expect(d.root.path == "$")
    }

    @Test func errorsNameTheValuesPath() throws {
        let d = try parse(#"{"layers":[{"ks":{}},{"ks":{"o":{"k":"x"}}}]}"#)
        let k = try #require(d.root["layers"]?.array()[1]["ks"]?["o"]?["k"])
        #expect(throws: LottieError.self) { try k.number() }
        do { _ = try k.number() } catch { #expect(error.path == "$.layers[1].ks.o.k" && error.message.contains("a string")) }
        do { _ = try d.root.required("layers").array()[0].required("ip") } catch {
            #expect(error.path == "$.layers[0].ip" && error.message == "missing")
        }
    }

    @Test(arguments: ["", "{", "[1,]", "NaN", #"{"a":1e999}"#, "123456789012345678901234567890", "[1] x"])
    func malformedDocumentsAreRefused(_ text: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.path == "$" && error.message.hasPrefix("malformed JSON ("), "\(error)")
        }
    }

    @Test func nestingIsBoundedByTheParser() throws {
        let ok = String(repeating: "[", count: JSONDocument.maximumDepth) + String(repeating: "]", count: JSONDocument.maximumDepth)
        #expect(try parse(ok).count == JSONDocument.maximumDepth)
        let deep = "[" + ok + "]"
        #expect(throws: LottieError.self) { try parse(deep) }
    }
}
