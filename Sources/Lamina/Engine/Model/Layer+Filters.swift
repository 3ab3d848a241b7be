// SPDX-License-Identifier: Apache-2.0
// Typed accessors for a layer's filters and blend mode (issue 32, R19). The key-value API
// reaches the same properties as "filters", "backgroundFilters" and "compositingFilter", and a
// named filter's inputs as "filters.<name>.<input>".

extension Layer {
    private func filterValue(_ key: PropertyID) -> Value {
        do { return try engine.value(of: id, forKey: .whole(key)) } catch { preconditionFailure("Lamina: \(error.message)") }
    }

    private func setFilterValue(_ key: PropertyID, _ value: Value) {
        do { try engine.setValue(value, forKey: .whole(key), of: id) } catch { preconditionFailure("Lamina: \(error.message)") }
    }

    /// The filters applied, in order, to the layer and its sublayers as one group (R19.2;
    /// default none). A change inside a transaction animates (R19.4). Filters the engine
    /// refuses (R19.6: a negative radius, more than 64) trap; use
    /// ``setValue(_:forKeyPath:)`` with `.filterArray` to get the error instead.
    public var filters: [Filter] {
        get { if case .filterArray(let a) = filterValue(.filters) { return a }; return [] }
        set { setFilterValue(.filters, newValue.isEmpty ? .null : .filterArray(newValue)) }
    }

    /// The filters applied to what lies behind the layer, shown inside its bounds shape (R19.5;
    /// default none). Like ``filters`` otherwise.
    public var backgroundFilters: [Filter] {
        get { if case .filterArray(let a) = filterValue(.backgroundFilters) { return a }; return [] }
        set { setFilterValue(.backgroundFilters, newValue.isEmpty ? .null : .filterArray(newValue)) }
    }

    /// How the layer blends with what lies behind it (R19.3; default `.normal`, nil in Core
    /// Animation). Changes at once.
    public var compositingFilter: BlendMode {
        get { if case .string(let v) = filterValue(.compositingFilter) { return BlendMode(name: v) ?? .normal }; return .normal }
        set { setFilterValue(.compositingFilter, newValue == .normal ? .null : .string(newValue.name)) }
    }
}
