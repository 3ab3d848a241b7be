// SPDX-License-Identifier: Apache-2.0
// Layer filters (issue 32, R19): Core Image's filters by name as plain values, their inputs by
// key path, and the blend modes of `compositingFilter`. Pure values: the engine stores and
// animates them, the draw list hands them to a renderer (docs/draw-records.md section 18).

/// The type of a layer filter (R19.1): Core Image's filters by their short names.
public enum FilterType: Int32, Sendable, CaseIterable {
    /// `gaussianBlur` (CIGaussianBlur): `inputRadius`, the Gaussian's σ in layer space.
    case gaussianBlur = 1
    /// `colorMatrix` (CIColorMatrix): a 4×5 matrix on straight RGBA.
    case colorMatrix = 2
    /// `colorControls` (CIColorControls): saturation, brightness, contrast.
    case colorControls = 3
    /// `colorInvert` (CIColorInvert): one minus each colour channel.
    case colorInvert = 4
    /// `colorMonochrome` (CIColorMonochrome): the luminance tinted by a colour.
    case colorMonochrome = 5
    /// `alpha` (Lamina's; CSS `opacity()`): multiplies alpha by `inputAmount`.
    case alpha = 6

    /// The short name (`gaussianBlur`), what key-value APIs and Python take.
    public var name: String {
        switch self {
        case .gaussianBlur: return "gaussianBlur"
        case .colorMatrix: return "colorMatrix"
        case .colorControls: return "colorControls"
        case .colorInvert: return "colorInvert"
        case .colorMonochrome: return "colorMonochrome"
        case .alpha: return "alpha"
        }
    }

    /// The type of a name, with or without Core Image's `CI` prefix (`CIGaussianBlur`), or
    /// nil for an unknown name.
    public init?(name: String) {
        var n = Substring(name)
        if n.hasPrefix("CI"), n.count > 2 {
            n = n.dropFirst(2)
            // CIGaussianBlur → gaussianBlur: the first letter lowered.
            let first = n.first!.lowercased()
            guard let t = FilterType.allCases.first(where: { $0.name == first + n.dropFirst() }) else { return nil }
            self = t
            return
        }
        guard let t = FilterType.allCases.first(where: { $0.name == n }) else { return nil }
        self = t
    }

    /// The inputs this type has, in the order of Core Image's attributes.
    public var inputs: [FilterInput] {
        switch self {
        case .gaussianBlur: return [.inputRadius]
        case .colorMatrix: return [.inputRVector, .inputGVector, .inputBVector, .inputAVector, .inputBiasVector]
        case .colorControls: return [.inputSaturation, .inputBrightness, .inputContrast]
        case .colorInvert: return []
        case .colorMonochrome: return [.inputColor, .inputIntensity]
        case .alpha: return [.inputAmount]
        }
    }

    /// Core Image's default parameters (R19.1), laid out as ``Filter/parameters``.
    public var defaultParameters: [Double] {
        var p = [Double](repeating: 0, count: Filter.parameterCount)
        switch self {
        case .gaussianBlur: p[0] = 10
        case .colorMatrix: p[0] = 1; p[6] = 1; p[12] = 1; p[18] = 1
        case .colorControls: p[0] = 1; p[2] = 1
        case .colorInvert: break
        case .colorMonochrome: p[0] = 0.6; p[1] = 0.45; p[2] = 0.3; p[3] = 1; p[4] = 1
        case .alpha: p[0] = 1
        }
        return p
    }
}

/// One input of a filter, by Core Image's name: what `filters.<name>.<input>` key paths name.
public enum FilterInput: UInt8, Sendable, CaseIterable {
    /// `gaussianBlur`'s radius (a number, ≥ 0).
    case inputRadius
    /// `colorControls`' saturation (a number; 1 keeps the colours).
    case inputSaturation
    /// `colorControls`' brightness (a number added to each channel).
    case inputBrightness
    /// `colorControls`' contrast (a number; 1 keeps the colours).
    case inputContrast
    /// `colorMonochrome`'s intensity (a number; 0 keeps the colours).
    case inputIntensity
    /// `alpha`'s amount (a number multiplying alpha).
    case inputAmount
    /// `colorMonochrome`'s colour.
    case inputColor
    /// `colorMatrix`'s red row (four numbers: the weights of r, g, b, a).
    case inputRVector
    /// `colorMatrix`'s green row.
    case inputGVector
    /// `colorMatrix`'s blue row.
    case inputBVector
    /// `colorMatrix`'s alpha row.
    case inputAVector
    /// `colorMatrix`'s bias (four numbers added to r, g, b, a).
    case inputBiasVector

    /// The input named `name` (`inputRadius`), or nil.
    public init?(name: String) {
        guard let i = FilterInput.allCases.first(where: { $0.name == name }) else { return nil }
        self = i
    }

    /// Core Image's name of the input.
    public var name: String {
        switch self {
        case .inputRadius: return "inputRadius"
        case .inputSaturation: return "inputSaturation"
        case .inputBrightness: return "inputBrightness"
        case .inputContrast: return "inputContrast"
        case .inputIntensity: return "inputIntensity"
        case .inputAmount: return "inputAmount"
        case .inputColor: return "inputColor"
        case .inputRVector: return "inputRVector"
        case .inputGVector: return "inputGVector"
        case .inputBVector: return "inputBVector"
        case .inputAVector: return "inputAVector"
        case .inputBiasVector: return "inputBiasVector"
        }
    }

    /// The type of value the input takes: a number, a colour, or four numbers.
    public var valueType: ValueType {
        switch self {
        case .inputColor: return .color
        case .inputRVector, .inputGVector, .inputBVector, .inputAVector, .inputBiasVector: return .numberArray
        default: return .number
        }
    }

    /// The indices of ``Filter/parameters`` the input occupies in a filter of `type`, or nil
    /// when that type has no such input.
    func indices(in type: FilterType) -> [Int]? {
        switch (type, self) {
        case (.gaussianBlur, .inputRadius): return [0]
        case (.colorControls, .inputSaturation): return [0]
        case (.colorControls, .inputBrightness): return [1]
        case (.colorControls, .inputContrast): return [2]
        case (.colorMonochrome, .inputColor): return [0, 1, 2, 3]
        case (.colorMonochrome, .inputIntensity): return [4]
        case (.alpha, .inputAmount): return [0]
        case (.colorMatrix, .inputRVector): return [0, 1, 2, 3]
        case (.colorMatrix, .inputGVector): return [5, 6, 7, 8]
        case (.colorMatrix, .inputBVector): return [10, 11, 12, 13]
        case (.colorMatrix, .inputAVector): return [15, 16, 17, 18]
        case (.colorMatrix, .inputBiasVector): return [4, 9, 14, 19]
        default: return nil
        }
    }
}

/// A layer filter (R19.1): a type, a name that key paths reach it by
/// (`filters.<name>.inputRadius`), and its parameters.
///
/// ```swift
/// layer.filters = [.gaussianBlur(name: "blur", radius: 8), .colorControls(name: "tone", saturation: 0.2)]
/// try layer.setValue(.number(20), forKeyPath: "filters.blur.inputRadius")   // animates
/// ```
public struct Filter: Hashable, Sendable {
    /// How many numbers ``parameters`` holds: the largest type's (`colorMatrix`'s 4×5).
    public static let parameterCount = 20
    /// The most filters one `filters` or `backgroundFilters` array may hold (R19.6).
    public static let maximumCount = 64
    /// The largest root-space σ the draw list carries (R19.6): bigger radii clamp to it.
    public static let maximumSigma = 256.0

    /// The filter's type.
    public var type: FilterType
    /// The name key paths use; "" for none (the filter is applied but not reachable).
    public var name: String
    /// The inputs, always ``parameterCount`` numbers, laid out per type as `lamina_filter_t`'s
    /// `params` (a blur's radius at 0; a colour matrix's rows R, G, B, A of r, g, b, a, bias;
    /// colorControls' saturation, brightness, contrast; colorMonochrome's colour then
    /// intensity; alpha's amount). Unused entries are 0.
    public var parameters: [Double]

    /// A filter of `type` with Core Image's defaults, or the given parameters (padded with
    /// zeros, or cut, to ``parameterCount``).
    public init(type: FilterType, name: String = "", parameters: [Double]? = nil) {
        self.type = type
        self.name = name
        var p = parameters ?? type.defaultParameters
        if p.count < Filter.parameterCount { p += [Double](repeating: 0, count: Filter.parameterCount - p.count) }
        if p.count > Filter.parameterCount { p.removeLast(p.count - Filter.parameterCount) }
        self.parameters = p
    }

    /// A Gaussian blur; `radius` is σ in the layer's space (as shadowRadius, RS-3.6).
    public static func gaussianBlur(name: String = "", radius: Double = 10) -> Filter {
        Filter(type: .gaussianBlur, name: name, parameters: [radius])
    }

    /// A colour matrix: 20 numbers, rows R, G, B, A of (r, g, b, a, bias). Any other count
    /// is kept as given, so that the engine refuses the filter (``problem``, R19.6) instead of
    /// padding a wrong matrix silently.
    public static func colorMatrix(name: String = "", matrix: [Double]) -> Filter {
        var f = Filter(type: .colorMatrix, name: name)
        f.parameters = matrix
        return f
    }

    /// Saturation, brightness and contrast (CIColorControls; defaults 1, 0, 1).
    public static func colorControls(
        name: String = "", saturation: Double = 1, brightness: Double = 0, contrast: Double = 1
    ) -> Filter {
        Filter(type: .colorControls, name: name, parameters: [saturation, brightness, contrast])
    }

    /// One minus each colour channel.
    public static func colorInvert(name: String = "") -> Filter {
        Filter(type: .colorInvert, name: name, parameters: [])
    }

    /// The luminance tinted by `color`, mixed in by `intensity` (CIColorMonochrome).
    public static func colorMonochrome(
        name: String = "", color: Color = Color(red: 0.6, green: 0.45, blue: 0.3), intensity: Double = 1
    ) -> Filter {
        Filter(type: .colorMonochrome, name: name,
               parameters: [color.red, color.green, color.blue, color.alpha, intensity])
    }

    /// Multiplies alpha by `amount` (CSS `opacity()`).
    public static func alpha(name: String = "", amount: Double = 1) -> Filter {
        Filter(type: .alpha, name: name, parameters: [amount])
    }

    /// The value of one input, or nil when this type has no such input.
    public func value(of input: FilterInput) -> Value? {
        guard let idx = input.indices(in: type), parameters.count == Filter.parameterCount else { return nil }
        switch input.valueType {
        case .color:
            return .color(Color(red: parameters[idx[0]], green: parameters[idx[1]],
                                blue: parameters[idx[2]], alpha: parameters[idx[3]]))
        case .numberArray: return .numberArray(idx.map { parameters[$0] })
        default: return .number(parameters[idx[0]])
        }
    }

    /// Writes one input; false when this type has no such input or the value does not fit it
    /// (a wrong type, a vector that is not four numbers).
    @discardableResult
    public mutating func setValue(_ value: Value, of input: FilterInput) -> Bool {
        guard let idx = input.indices(in: type), parameters.count == Filter.parameterCount else { return false }
        switch (input.valueType, value) {
        case let (.number, .number(v)): parameters[idx[0]] = v
        case let (.color, .color(c)):
            parameters[idx[0]] = c.red; parameters[idx[1]] = c.green
            parameters[idx[2]] = c.blue; parameters[idx[3]] = c.alpha
        case let (.numberArray, .numberArray(a)) where a.count == 4:
            for k in 0..<4 { parameters[idx[k]] = a[k] }
        default: return false
        }
        return true
    }

    /// Why the filter cannot be stored (R19.6), or nil: a parameter count other than
    /// ``parameterCount``, a NaN or infinite number, one beyond 1e15, a negative radius.
    public var problem: String? {
        guard parameters.count == Filter.parameterCount else {
            return "a filter has \(Filter.parameterCount) parameters, got \(parameters.count)"
        }
        guard parameters.allSatisfy({ $0.isFinite && $0.magnitude <= Value.maximumMagnitude }) else {
            return "filter '\(name)' (\(type.name)) needs finite parameters of magnitude at most 1e15"
        }
        if type == .gaussianBlur, parameters[0] < 0 {
            return "filter '\(name)': inputRadius must not be negative, got \(parameters[0])"
        }
        return nil
    }

    /// The luminance weights of the colour filters: CSS `saturate()`'s (docs/draw-records.md
    /// section 18), within 0.001 of Core Image's.
    static let luminance = (0.213, 0.715, 0.072)

    /// The filter as one 4×5 matrix, row-major (rows R, G, B, A; columns r, g, b, a, 1), on
    /// straight RGBA (docs/draw-records.md section 18); the identity for a blur.
    public var colorMatrix: [Double] {
        var m: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]
        let (wr, wg, wb) = Filter.luminance
        let p = parameters
        guard p.count == Filter.parameterCount else { return m }  // malformed: never stored
        switch type {
        case .gaussianBlur: break
        case .colorMatrix: m = p
        case .colorControls:
            // Saturation (lerp from the luminance to the colour), then brightness, then contrast.
            let (s, b, c) = (p[0], p[1], p[2])
            let w = [wr, wg, wb]
            for row in 0..<3 {
                for col in 0..<3 {
                    let sat = w[col] * (1 - s) + (row == col ? s : 0)
                    m[row * 5 + col] = c * sat
                }
                m[row * 5 + 4] = c * b + 0.5 * (1 - c)
            }
        case .colorInvert:
            for row in 0..<3 { m[row * 5 + row] = -1; m[row * 5 + 4] = 1 }
        case .colorMonochrome:
            let i = p[4]
            let tint = [p[0], p[1], p[2]]
            let w = [wr, wg, wb]
            for row in 0..<3 {
                for col in 0..<3 {
                    m[row * 5 + col] = (row == col ? 1 - i : 0) + i * w[col] * tint[row]
                }
            }
        case .alpha: m[18] = p[0]
        }
        return m
    }
}

extension Array where Element == Filter {
    /// Interpolates two filter arrays (R19.4): the same types and names in the same order
    /// blend parameter by parameter; anything else switches at progress 0.5 (R9).
    @usableFromInline
    func interpolated(to other: [Filter], progress p: Double) -> [Filter] {
        guard interpolates(to: other) else { return p < 0.5 ? self : other }
        return zip(self, other).map { a, b in
            var f = a
            for k in 0..<Filter.parameterCount { f.parameters[k] = lerp(a.parameters[k], b.parameters[k], p) }
            return f
        }
    }

    /// Whether these blend with `other` parameter by parameter (R19.4): the same types and
    /// names in the same order; otherwise an animation between them switches at 0.5 (R9).
    func interpolates(to other: [Filter]) -> Bool {
        count == other.count && zip(self, other).allSatisfy({ $0.type == $1.type && $0.name == $1.name
            && $0.parameters.count == Filter.parameterCount && $1.parameters.count == Filter.parameterCount })
    }

    /// Adds `other`'s parameters to these (additive animations, CA-7.3) when the arrays
    /// match as for interpolation; otherwise `other`.
    func added(_ other: [Filter]) -> [Filter] {
        guard count == other.count, zip(self, other).allSatisfy({ $0.type == $1.type && $0.name == $1.name
            && $0.parameters.count == Filter.parameterCount && $1.parameters.count == Filter.parameterCount })
        else { return other }
        return zip(self, other).map { a, b in
            var f = a
            for k in 0..<Filter.parameterCount { f.parameters[k] = a.parameters[k] + b.parameters[k] }
            return f
        }
    }
}

/// How a layer blends with what lies behind it (`compositingFilter`, R19.3): the W3C
/// Compositing and Blending modes, by Core Image's names.
public enum BlendMode: Int32, Sendable, CaseIterable {
    /// Source-over: no compositing filter (the default).
    case normal = 0
    /// `multiplyBlendMode`.
    case multiply = 1
    /// `screenBlendMode`.
    case screen = 2
    /// `overlayBlendMode`.
    case overlay = 3
    /// `darkenBlendMode`.
    case darken = 4
    /// `lightenBlendMode`.
    case lighten = 5
    /// `colorDodgeBlendMode`.
    case colorDodge = 6
    /// `colorBurnBlendMode`.
    case colorBurn = 7
    /// `softLightBlendMode`.
    case softLight = 8
    /// `hardLightBlendMode`.
    case hardLight = 9
    /// `differenceBlendMode`.
    case difference = 10
    /// `exclusionBlendMode`.
    case exclusion = 11
    /// `hueBlendMode`.
    case hue = 12
    /// `saturationBlendMode`.
    case saturation = 13
    /// `colorBlendMode`.
    case color = 14
    /// `luminosityBlendMode`.
    case luminosity = 15

    /// Core Image's short name (`multiplyBlendMode`); `sourceOverCompositing` for normal.
    public var name: String {
        switch self {
        case .normal: return "sourceOverCompositing"
        case .multiply: return "multiplyBlendMode"
        case .screen: return "screenBlendMode"
        case .overlay: return "overlayBlendMode"
        case .darken: return "darkenBlendMode"
        case .lighten: return "lightenBlendMode"
        case .colorDodge: return "colorDodgeBlendMode"
        case .colorBurn: return "colorBurnBlendMode"
        case .softLight: return "softLightBlendMode"
        case .hardLight: return "hardLightBlendMode"
        case .difference: return "differenceBlendMode"
        case .exclusion: return "exclusionBlendMode"
        case .hue: return "hueBlendMode"
        case .saturation: return "saturationBlendMode"
        case .color: return "colorBlendMode"
        case .luminosity: return "luminosityBlendMode"
        }
    }

    /// The mode of a Core Image name, with or without the `CI` prefix
    /// (`CIMultiplyBlendMode`), or nil for an unknown name.
    public init?(name: String) {
        var n = Substring(name)
        if n.hasPrefix("CI"), n.count > 2 {
            n = n.dropFirst(2)
            let lowered = n.first!.lowercased() + n.dropFirst()
            guard let m = BlendMode.allCases.first(where: { $0.name == lowered }) else { return nil }
            self = m
            return
        }
        guard let m = BlendMode.allCases.first(where: { $0.name == n }) else { return nil }
        self = m
    }
}
