// SPDX-License-Identifier: Apache-2.0
// The JSON document of a Lottie file, parsed by simdjson (Sources/CLaminaJSON, Debian's
// libsimdjson-dev) into one flat array of nodes, and typed access to it that names the JSON path
// of every problem (R16). The toolchain's JSONDecoder, used before, built a generic tree at
// 8-75x the peers' whole load (a thrown DecodingError per type probe; benchmarks/README.md).

import CLaminaJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An error of the Lottie importer: what is wrong and where, as a JSON path
/// (`layers[3].ks.p.k[2].s`). Malformed input is always answered with one of these.
public struct LottieError: Error, CustomStringConvertible, Sendable {
    /// The JSON path of the problem (`$` for the whole document).
    public var path: String
    /// What is wrong there.
    public var message: String

    /// Creates an error at `path`.
    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// "path: message".
    public var description: String { "\(path): \(message)" }
}

/// A JSON number as an Int, clamped to ±10⁹ first: converting a Double out of Int's range (or
/// NaN) traps in Swift, and a file may say anything ("lc": 1e300).
@inline(__always)
func clampedInt(_ d: Double) -> Int {
    guard d == d else { return 0 }
    return Int(min(max(d, -1e9), 1e9))
}

private let kindNull = UInt32(LAMINA_JSON_NULL), kindFalse = UInt32(LAMINA_JSON_FALSE)
private let kindTrue = UInt32(LAMINA_JSON_TRUE), kindNumber = UInt32(LAMINA_JSON_NUMBER)
private let kindString = UInt32(LAMINA_JSON_STRING), kindArray = UInt32(LAMINA_JSON_ARRAY)
private let kindObject = UInt32(LAMINA_JSON_OBJECT)

/// A parsed JSON document: its values in document order, each container followed by its
/// subtree (`lamina_json.h`). Nodes are read in place; no tree of Swift values is built, and a
/// node's JSON path is worked out only when an error needs it.
final class JSONDocument {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    private let handle: OpaquePointer
    fileprivate let nodes: UnsafePointer<lamina_json_node>
    /// How many nodes the document has.
    let count: Int

    private init(_ handle: OpaquePointer) {
        self.handle = handle
        nodes = lamina_json_nodes(handle)
        count = lamina_json_node_count(handle)
    }

    deinit { lamina_json_free(handle) }

    /// The root value.
    var root: JNode { JNode(self, 0) }

    /// Parses `bytes`, or throws a ``LottieError`` naming where the JSON is malformed.
    static func parse(_ bytes: [UInt8]) throws(LottieError) -> JSONDocument {
        guard !bytes.isEmpty else { throw LottieError("$", "malformed JSON (the file is empty)") }
        var handle: OpaquePointer?
        var message: UnsafePointer<CChar>?
        let status = bytes.withUnsafeBytes { b in
            lamina_json_parse(b.baseAddress!.assumingMemoryBound(to: CChar.self), b.count, maximumDepth, &handle, &message)
        }
        guard status == 0, let handle else {
            throw LottieError("$", "malformed JSON (\(message.map { String(cString: $0) } ?? "unknown error"))")
        }
        return JSONDocument(handle)
    }

    /// The JSON path of node `target` (`$.layers[3].ks`), found by walking down from the root
    /// past the subtrees that end before it.
    func path(of target: Int) -> String {
        var s = "$"
        var i = 0
        while i != target, i < count {
            let n = nodes[i]
            if n.kind == kindArray {
                var child = i + 1, k = 0
                while Int(nodes[child].end) <= target { child = Int(nodes[child].end); k += 1 }
                s += "[\(k)]"
                i = child
            } else if n.kind == kindObject {
                var key = i + 1
                while Int(nodes[key + 1].end) <= target { key = Int(nodes[key + 1].end) }
                s += "." + string(at: key)
                i = key + 1
            } else {
                break
            }
        }
        return s
    }

    /// The string (or object key) at node `i`.
    fileprivate func string(at i: Int) -> String {
        let n = nodes[i]
        return String(decoding: UnsafeRawBufferPointer(start: n.u.string, count: Int(n.count)), as: UTF8.self)
    }
}

/// A JSON value of a document, for reading with errors that say where.
struct JNode {
    let document: JSONDocument
    /// Its index in the document's nodes.
    let index: Int

    init(_ document: JSONDocument, _ index: Int) {
        self.document = document
        self.index = index
    }

    private var node: lamina_json_node { document.nodes[index] }

    /// Its JSON path (`$.layers[3].ks.p`), worked out when asked: errors ask, reading does not.
    var path: String { document.path(of: index) }

    /// The member `key` of an object, or nil when absent, null, or this is not an object.
    subscript(key: String) -> JNode? {
        guard let v = member(key), v.node.kind != kindNull else { return nil }
        return v
    }

    /// The member `key` of an object, null included; nil when absent or this is not an object.
    /// With a key written twice, the first.
    func member(_ key: String) -> JNode? {
        let n = node
        guard n.kind == kindObject, n.count > 0 else { return nil }
        let nodes = document.nodes
        var key = key
        return key.withUTF8 { k -> JNode? in
            var i = index + 1
            for _ in 0..<n.count {
                let kn = nodes[i]
                if Int(kn.count) == k.count && (k.isEmpty || memcmp(kn.u.string, k.baseAddress!, k.count) == 0) {
                    return JNode(document, i + 1)
                }
                i = Int(nodes[i + 1].end)
            }
            return nil
        }
    }

    var isObject: Bool { node.kind == kindObject }
    var isArray: Bool { node.kind == kindArray }
    var isNull: Bool { node.kind == kindNull }

    /// How many elements an array has (0 for anything else).
    var count: Int { node.kind == kindArray ? Int(node.count) : 0 }

    /// An array's first element, or nil when this is not an array or it is empty.
    var first: JNode? { node.kind == kindArray && node.count > 0 ? JNode(document, index + 1) : nil }

    /// The member `key`, which must be present.
    func required(_ key: String) throws(LottieError) -> JNode {
        guard isObject else { throw LottieError(path, "expected an object") }
        guard let v = self[key] else { throw LottieError("\(path).\(key)", "missing") }
        return v
    }

    /// This value as a finite number (a boolean counts as 0 or 1, as Bodymovin writes flags).
    func number() throws(LottieError) -> Double {
        let n = node
        switch n.kind {
        case kindNumber:
            let v = n.u.number
            guard v.isFinite else { throw LottieError(path, "not a finite number") }
            // Far beyond any drawing, and sums of such numbers stay inside what the engine
            // takes (Value.maximumMagnitude, 1e15).
            guard v.magnitude <= 1e12 else { throw LottieError(path, "\(v) is beyond ±1e12") }
            return v
        case kindTrue: return 1
        case kindFalse: return 0
        case kindArray where n.count == 1:
            return try JNode(document, index + 1).number()
        default: throw LottieError(path, "expected a number, found \(kindName)")
        }
    }

    /// This value as an array.
    func array() throws(LottieError) -> [JNode] {
        let n = node
        guard n.kind == kindArray else { throw LottieError(path, "expected an array, found \(kindName)") }
        var out: [JNode] = []
        out.reserveCapacity(Int(n.count))
        var i = index + 1
        for _ in 0..<n.count {
            out.append(JNode(document, i))
            i = Int(document.nodes[i].end)
        }
        return out
    }

    /// This value as numbers: a number gives one, an array of numbers gives them all.
    func numbers() throws(LottieError) -> [Double] {
        let n = node
        switch n.kind {
        case kindNumber, kindTrue, kindFalse: return [try number()]
        case kindArray:
            var out: [Double] = []
            out.reserveCapacity(Int(n.count))
            var i = index + 1
            for _ in 0..<n.count {
                let e = JNode(document, i)
                out.append(try e.number())
                i = Int(document.nodes[i].end)
            }
            return out
        default: throw LottieError(path, "expected a number or an array of numbers, found \(kindName)")
        }
    }

    /// Appends the first two numbers of each of this array's first `count` elements (x and y of
    /// a path's vertices or tangents; missing ones are 0) to `out`, checking every number as
    /// ``numbers()`` does, without an array per element: the inner loop of reading paths.
    func appendPoints(_ count: Int, to out: inout [Double]) throws(LottieError) {
        let n = node
        guard n.kind == kindArray else { throw LottieError(path, "expected an array, found \(kindName)") }
        let nodes = document.nodes
        var i = index + 1
        for k in 0..<count {
            guard k < Int(n.count) else { out.append(0); out.append(0); continue }
            let e = nodes[i]
            var x = 0.0, y = 0.0
            switch e.kind {
            case kindNumber, kindTrue, kindFalse:
                x = try JNode(document, i).number()
            case kindArray:
                var j = i + 1
                for m in 0..<Int(e.count) {
                    let v = try JNode(document, j).number()
                    if m == 0 { x = v } else if m == 1 { y = v }
                    j = Int(nodes[j].end)
                }
            default:
                throw LottieError(JNode(document, i).path, "expected a number or an array of numbers, found \(JNode(document, i).kindName)")
            }
            out.append(x); out.append(y)
            i = Int(e.end)
        }
    }

    /// This value as a string.
    func string() throws(LottieError) -> String {
        guard node.kind == kindString else { throw LottieError(path, "expected a string, found \(kindName)") }
        return document.string(at: index)
    }

    /// An optional number member with a default.
    func number(_ key: String, default d: Double) throws(LottieError) -> Double {
        try self[key]?.number() ?? d
    }

    /// An optional string member.
    func string(_ key: String) -> String? {
        guard let v = self[key], v.node.kind == kindString else { return nil }
        return document.string(at: v.index)
    }

    var kindName: String {
        switch node.kind {
        case kindNull: return "null"
        case kindTrue, kindFalse: return "a boolean"
        case kindNumber: return "a number"
        case kindString: return "a string"
        case kindArray: return "an array"
        default: return "an object"
        }
    }
}
