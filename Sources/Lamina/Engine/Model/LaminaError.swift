// SPDX-License-Identifier: Apache-2.0
// Errors, shaped like swift-system's Errno: a code with static constants plus a message.
// The codes equal the C ABI's LAMINA_STATUS_* values.

/// An error reported by Lamina: a status code and a message saying what went wrong.
public struct LaminaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A status code; the raw values are the C ABI's `LAMINA_STATUS_*`.
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The C status value.
        public let rawValue: Int32
        /// Creates a code from its C status value.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// A NULL, NaN, infinite or out-of-range argument.
        public static let invalidArgument = Code(rawValue: 1)
        /// The call breaks a rule: an unbalanced commit, a cycle, a forbidden re-entrant call.
        public static let misuse = Code(rawValue: 2)
        /// The engine was destroyed or the layer is no longer alive.
        public static let staleHandle = Code(rawValue: 3)
        /// The key or key path names no property.
        public static let unknownKey = Code(rawValue: 4)
        /// The value's type does not fit the key.
        public static let typeMismatch = Code(rawValue: 5)
        /// No such entry.
        public static let notFound = Code(rawValue: 6)
        /// The layer has never been committed, so it has no presentation (R3).
        public static let noPresentation = Code(rawValue: 7)
        /// An allocation failed or a limit was reached.
        public static let outOfMemory = Code(rawValue: 8)
    }

    /// What kind of failure this is.
    public let code: Code
    /// A human-readable explanation. For a call about a layer it names the layer first, by its
    /// name and kind (`layer "card" (shape layer): ...`) or, without a name, by its handle and
    /// kind; an unknown key adds the closest valid key (`; did you mean 'cornerRadius'?`). The
    /// format is in docs/c-api/Errors.md; test ``code``, not the words.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
