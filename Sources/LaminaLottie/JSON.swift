// SPDX-License-Identifier: Apache-2.0
// The JSON tree of a Lottie file, read with the toolchain's JSONDecoder (FoundationEssentials,
// no ICU), and typed access to it that names the JSON path of every problem (R16).

import FoundationEssentials

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

/// A parsed JSON value. Objects keep their members in a dictionary: Lottie never depends on
/// member order.
indirect enum JSON: Decodable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    private struct Key: CodingKey {
        var stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        // Numbers are most of a Lottie file: try them first, so the common leaf costs no thrown
        // error (each failed attempt below throws a DecodingError, which is not cheap).
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Double.self) {
            self = .number(n)
            return
        }
        if c.decodeNil() {
            self = .null
            return
        }
        if var u = try? decoder.unkeyedContainer() {
            var items: [JSON] = []
            if let n = u.count { items.reserveCapacity(n) }
            while !u.isAtEnd { items.append(try u.decode(JSON.self)) }
            self = .array(items)
            return
        }
        if let k = try? decoder.container(keyedBy: Key.self) {
            var members: [String: JSON] = [:]
            members.reserveCapacity(k.allKeys.count)
            for key in k.allKeys { members[key.stringValue] = try k.decode(JSON.self, forKey: key) }
            self = .object(members)
            return
        }
        if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else {
            throw LottieError(Self.path(decoder.codingPath), "a number that does not fit a double")
        }
    }

    /// A coding path as a JSON path.
    static func path(_ keys: [any CodingKey]) -> String {
        var s = "$"
        for k in keys {
            if let i = k.intValue { s += "[\(i)]" } else { s += ".\(k.stringValue)" }
        }
        return s
    }

    /// Parses `data`, or throws a ``LottieError`` naming where the JSON is malformed.
    static func parse(_ data: Data) throws(LottieError) -> JSON {
        do {
            return try JSONDecoder().decode(JSON.self, from: data)
        } catch let e as LottieError {
            throw e
        } catch let DecodingError.dataCorrupted(ctx) {
            let detail = (ctx.underlyingError.map { "\($0)" }) ?? ctx.debugDescription
            throw LottieError(path(ctx.codingPath), "malformed JSON (\(detail))")
        } catch let DecodingError.typeMismatch(_, ctx) {
            throw LottieError(path(ctx.codingPath), "malformed JSON (\(ctx.debugDescription))")
        } catch {
            throw LottieError("$", "malformed JSON (\(error))")
        }
    }
}

/// A JSON value with its path, for reading with errors that say where.
struct JNode {
    let value: JSON
    let path: String

    init(_ value: JSON, _ path: String) {
        self.value = value
        self.path = path
    }

    /// The member `key` of an object, or nil when absent, null, or this is not an object.
    subscript(key: String) -> JNode? {
        guard case .object(let m) = value, let v = m[key] else { return nil }
        if case .null = v { return nil }
        return JNode(v, "\(path).\(key)")
    }

    var isObject: Bool { if case .object = value { return true }; return false }
    var isArray: Bool { if case .array = value { return true }; return false }

    /// The member `key`, which must be present.
    func required(_ key: String) throws(LottieError) -> JNode {
        guard isObject else { throw LottieError(path, "expected an object") }
        guard let v = self[key] else { throw LottieError("\(path).\(key)", "missing") }
        return v
    }

    /// This value as a finite number (a boolean counts as 0 or 1, as Bodymovin writes flags).
    func number() throws(LottieError) -> Double {
        switch value {
        case .number(let n):
            guard n.isFinite else { throw LottieError(path, "not a finite number") }
            // Far beyond any drawing, and sums of such numbers stay inside what the engine
            // takes (Value.maximumMagnitude, 1e15).
            guard n.magnitude <= 1e12 else { throw LottieError(path, "\(n) is beyond ±1e12") }
            return n
        case .bool(let b): return b ? 1 : 0
        case .array(let a) where a.count == 1:
            return try JNode(a[0], "\(path)[0]").number()
        default: throw LottieError(path, "expected a number, found \(kindName)")
        }
    }

    /// This value as an array.
    func array() throws(LottieError) -> [JNode] {
        guard case .array(let a) = value else { throw LottieError(path, "expected an array, found \(kindName)") }
        var out: [JNode] = []
        out.reserveCapacity(a.count)
        for (i, v) in a.enumerated() { out.append(JNode(v, "\(path)[\(i)]")) }
        return out
    }

    /// This value as numbers: a number gives one, an array of numbers gives them all.
    func numbers() throws(LottieError) -> [Double] {
        switch value {
        case .number, .bool: return [try number()]
        case .array(let a):
            var out: [Double] = []
            out.reserveCapacity(a.count)
            for (i, v) in a.enumerated() { out.append(try JNode(v, "\(path)[\(i)]").number()) }
            return out
        default: throw LottieError(path, "expected a number or an array of numbers, found \(kindName)")
        }
    }

    /// This value as a string.
    func string() throws(LottieError) -> String {
        guard case .string(let s) = value else { throw LottieError(path, "expected a string, found \(kindName)") }
        return s
    }

    /// An optional number member with a default.
    func number(_ key: String, default d: Double) throws(LottieError) -> Double {
        try self[key]?.number() ?? d
    }

    /// An optional string member.
    func string(_ key: String) -> String? {
        if case .string(let s)? = self[key]?.value { return s }
        return nil
    }

    var kindName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
