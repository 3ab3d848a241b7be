// SPDX-License-Identifier: Apache-2.0
// Error messages that say which layer they concern (issue 23 item 9, docs/decisions.md "Error
// messages"): the layer's name and kind in front of the message, and for an unknown key the
// closest known key. Built only on the error path, after the failing call let go of the lock,
// so no call that succeeds pays for any of it.

extension Engine {
    /// `error` with the layer it concerns named in front of its message:
    /// `layer "card" (shape layer): …` when the layer has a name, `layer 4294967298 (plain
    /// layer): …` (the handle) when it has none. An `unknownKey` error for a key whose
    /// property name matches nothing gets `; did you mean 'cornerRadius'?` when a key valid
    /// for this layer (its kind's built-ins and the engine's custom properties) is close. A
    /// stale handle is left as it is: the layer is gone, so only its handle can be shown.
    ///
    /// Call it with the engine's lock free or held by this thread (it reads the layer).
    package func naming(_ error: LaminaError, layer: LayerID, keyBytes: UnsafeBufferPointer<UInt8>?) -> LaminaError {
        naming(error, layer: layer, key: keyBytes.map { String(decoding: $0, as: UTF8.self) })
    }

    /// ``naming(_:layer:keyBytes:)`` for a key given as a Swift string (nil: no key).
    package func naming(_ error: LaminaError, layer: LayerID, key: String?) -> LaminaError {
        guard error.code != .staleHandle else { return error }
        let took = lock.lockUnlessHeldByCurrentThread()
        defer { if took { lock.unlock() } }
        guard let slot = try? resolve(layer) else { return error }
        let subject = describe(slot)
        // Nested calls (a Swift layer call through another) name the layer once.
        guard !error.message.hasPrefix(subject) else { return error }
        var message = "\(subject): \(error.message)"
        if error.code == .unknownKey, let key, let guess = suggestion(for: key, kind: slots[Int(slot)].kind) {
            message += "; did you mean '\(guess)'?"
        }
        return LaminaError(error.code, message)
    }

    /// `layer "card" (shape layer)`, or `layer <handle> (plain layer)` without a name. Lock held.
    func describe(_ slot: Int32) -> String {
        let kind = slots[Int(slot)].kind
        if case .string(let name) = slots[Int(slot)].model.get(.name), !name.isEmpty {
            return "layer \"\(name)\" (\(kind) layer)"
        }
        return "layer \(handle(slot).rawValue) (\(kind) layer)"
    }

    /// The known key closest to `key`'s property name, with `key`'s component (".x") kept, or
    /// nil when that name is known (the error is about something else) or nothing is close.
    /// Candidates: the built-in keys of every layer and of `kind`, and the custom properties.
    /// Lock held.
    func suggestion(for key: String, kind: LayerKind) -> String? {
        let dot = key.firstIndex(of: ".")
        let head = String(key[..<(dot ?? key.endIndex)])
        let rest = dot.map { String(key[$0...]) } ?? ""
        guard !head.isEmpty, Builtins.byName[head] == nil, customByName[head] == nil else { return nil }
        let typed = Array(head.utf8)
        var best: (name: String, distance: Int)? = nil
        func consider(_ name: String) {
            let limit = Self.suggestionLimit(name.utf8.count)
            let d = Self.editDistance(typed, Array(name.utf8), limit: limit)
            guard d <= limit, d < typed.count else { return }
            if best == nil || d < best!.distance { best = (name, d) }
        }
        for info in Builtins.table where info.kind == .plain || info.kind == kind { consider(info.name) }
        for info in customProperties { consider(info.name) }
        return best.map { $0.name + rest }
    }

    /// How many edits a suggestion may be away from a name of `length` bytes: 1 for short
    /// names (4 or fewer), 2 up to 8, else 3, so garbage is not "corrected" to a real key.
    static func suggestionLimit(_ length: Int) -> Int {
        length <= 4 ? 1 : length <= 8 ? 2 : 3
    }

    /// The optimal-string-alignment distance (Damerau–Levenshtein with adjacent swaps) between
    /// two byte strings (a case difference is one edit). Answers `limit + 1` early when the
    /// lengths alone differ by more than `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let w = b.count + 1
        var d = [Int](repeating: 0, count: (a.count + 1) * w)
        for j in 0...b.count { d[j] = j }
        for i in 1...a.count {
            d[i * w] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    v = min(v, d[(i - 2) * w + j - 2] + 1)
                }
                d[i * w + j] = v
            }
        }
        return d[a.count * w + b.count]
    }
}
