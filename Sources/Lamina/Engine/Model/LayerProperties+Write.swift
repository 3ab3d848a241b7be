// SPDX-License-Identifier: Apache-2.0
// Issue 28: an animation's value written into a presentation by a plain store. The general
// write (`get` the whole value, `KeyComponent.insert`, `set`) boxes the whole value, switches
// over (property, value) pairs twice and copies `Value`s on the way: ~340 instructions per
// animated key path and frame in a Lottie scene. A `PropertyWriter`, worked out once per
// animation from its resolved key path, stores the same bits straight into the field.
// `PropertyWriterTests` compares it with the general write over every key path of the table.

/// Where a key path's value goes in ``LayerProperties``, worked out once from its resolved key
/// (``make(_:)``): a whole inline, transform or colour property, a kind-specific or custom
/// property in the sorted table, or a component (`position.x`, `bounds.origin`,
/// `transform.rotation.z`) of an inline property or the transform. `.general` for the rest,
/// which the general write handles.
enum PropertyWriter: Sendable, Equatable {
    /// No direct store: `get`, `KeyComponent.insert`, `set`.
    case general
    case position, bounds, anchorPoint, zPosition, opacity, backgroundColor
    case transform, sublayerTransform
    case anchorPointZ, cornerRadius, borderWidth, shadowOpacity, shadowRadius
    case borderColor, shadowColor
    /// A boolean kept as a bit of ``LayerProperties/flags`` (`hidden`, `masksToBounds`…).
    case flag(UInt8)
    /// A kind-specific (shape, gradient, replicator, text) or registered custom property,
    /// whole: the value is stored in the layer's sorted table under this id, as `set` does.
    case table(UInt16)
    case positionX, positionY, anchorPointX, anchorPointY
    case boundsOrigin, boundsOriginX, boundsOriginY, boundsSize, boundsWidth, boundsHeight
    /// `transform.rotation.x` … `transform.translation.z`: `Transform3D.setting`.
    case transformPart(TransformComponent)
    /// `transform.scale`: the three scale factors set to one number.
    case transformScale
    /// `transform.translation`: `m41` and `m42` from a size.
    case transformTranslation

    /// The writer for `key` (`.general` when there is no direct store for it).
    static func make(_ key: ResolvedKey) -> PropertyWriter {
        let id = key.property
        switch key.component {
        case .whole:
            switch id {
            case .position: return .position
            case .bounds: return .bounds
            case .anchorPoint: return .anchorPoint
            case .zPosition: return .zPosition
            case .opacity: return .opacity
            case .backgroundColor: return .backgroundColor
            case .transform: return .transform
            case .sublayerTransform: return .sublayerTransform
            case .anchorPointZ: return .anchorPointZ
            case .cornerRadius: return .cornerRadius
            case .borderWidth: return .borderWidth
            case .shadowOpacity: return .shadowOpacity
            case .shadowRadius: return .shadowRadius
            case .borderColor: return .borderColor
            case .shadowColor: return .shadowColor
            case .hidden: return .flag(LayerProperties.Flags.hidden)
            case .doubleSided: return .flag(LayerProperties.Flags.doubleSided)
            case .masksToBounds: return .flag(LayerProperties.Flags.masksToBounds)
            case .shouldRasterize: return .flag(LayerProperties.Flags.shouldRasterize)
            case .allowsGroupOpacity: return .flag(LayerProperties.Flags.allowsGroupOpacity)
            case .geometryFlipped: return .flag(LayerProperties.Flags.geometryFlipped)
            case .allowsEdgeAntialiasing: return .flag(LayerProperties.Flags.allowsEdgeAntialiasing)
            case .opaque: return .flag(LayerProperties.Flags.opaque)
            default:
                // `set` stores these in the table once no named field and no look property
                // took them; a look property keeps the general write.
                guard id.isKindSpecific || id.isCustom, LayerProperties.defaultLook(id) == nil else { return .general }
                return .table(id.rawValue)
            }
        case .x: return id == .position ? .positionX : id == .anchorPoint ? .anchorPointX : .general
        case .y: return id == .position ? .positionY : id == .anchorPoint ? .anchorPointY : .general
        case .origin: return id == .bounds ? .boundsOrigin : .general
        case .originX: return id == .bounds ? .boundsOriginX : .general
        case .originY: return id == .bounds ? .boundsOriginY : .general
        case .size: return id == .bounds ? .boundsSize : .general
        case .sizeWidth: return id == .bounds ? .boundsWidth : .general
        case .sizeHeight: return id == .bounds ? .boundsHeight : .general
        case .scale: return id == .transform ? .transformScale : .general
        case .translation: return id == .transform ? .transformTranslation : .general
        default:
            guard id == .transform, let c = key.component.transformComponent else { return .general }
            return .transformPart(c)
        }
    }
}

extension PropertyWriter {
    /// Whether ``LayerProperties/write(number:with:)`` stores a number with this writer.
    var storesNumber: Bool {
        switch self {
        case .zPosition, .opacity, .anchorPointZ, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius,
             .positionX, .positionY, .anchorPointX, .anchorPointY, .boundsOriginX, .boundsOriginY, .boundsWidth,
             .boundsHeight, .transformPart, .transformScale, .table:
            return true
        default: return false
        }
    }

    /// Whether ``LayerProperties/write(point:with:)`` stores a point with this writer.
    var storesPoint: Bool {
        switch self {
        case .position, .anchorPoint, .boundsOrigin, .table: return true
        default: return false
        }
    }

    /// Whether ``LayerProperties/write(bool:with:)`` stores a boolean with this writer.
    var storesBool: Bool {
        if case .flag = self { return true }
        return false
    }

    /// Whether ``LayerProperties/write(color:with:)`` stores a colour with this writer.
    var storesColor: Bool {
        switch self {
        case .backgroundColor, .borderColor, .shadowColor, .table: return true
        default: return false
        }
    }
}

extension LayerProperties {
    /// Whether `id` is stored outside the rare box (an inline field or a flag), so that a
    /// write to it never touches the box.
    static func isInline(_ id: PropertyID) -> Bool {
        switch id {
        case .bounds, .position, .anchorPoint, .zPosition, .opacity, .backgroundColor, .hidden, .doubleSided,
             .masksToBounds, .shouldRasterize, .allowsGroupOpacity, .geometryFlipped, .allowsEdgeAntialiasing, .opaque:
            return true
        default: return false
        }
    }

    /// A look property's value on a layer of defaults, nil for any other property: tells
    /// ``PropertyWriter/make(_:)`` which ids `setLook` claims.
    static func defaultLook(_ id: PropertyID) -> Value? { LayerProperties().getLook(id) }

    /// Writes `v`, a value of the key path's type (checked by the caller), with `writer`:
    /// what `set(property, component.insert(v, into: get(property, customDefault:)))` stores,
    /// bit for bit. False, with nothing written, for `.general` or a value of another case
    /// (the caller then takes the general write).
    @inline(__always)
    mutating func write(_ v: Value, with writer: PropertyWriter) -> Bool {
        switch writer {
        case .general: return false
        case .table(let id):
            // The table takes any value of the property's type, `.null` included.
            rare.custom[id] = v
            return true
        default: break
        }
        switch v {
        case .number(let x): return write(number: x, with: writer)
        case .point(let x): return write(point: x, with: writer)
        case .color(let x): return write(color: x, with: writer)
        case .rect(let x):
            switch writer {
            case .bounds: bounds = x
            default: return false
            }
        case .size(let x):
            switch writer {
            case .boundsSize: bounds.size = x
            case .transformTranslation:
                rare.transform.m41 = x.width
                rare.transform.m42 = x.height
            default: return false
            }
        case .transform(let m):
            switch writer {
            case .transform: rare.transform = m
            case .sublayerTransform: rare.sublayerTransform = m
            default: return false
            }
        case .bool(let x): return write(bool: x, with: writer)
        case .null:
            switch writer {
            case .backgroundColor: backgroundColor = nil
            case .borderColor: rare.borderColor = nil
            case .shadowColor: rare.shadowColor = nil
            default: return false
            }
        default: return false
        }
        return true
    }

    /// ``write(_:with:)`` of a number.
    @inline(__always)
    mutating func write(number x: Double, with writer: PropertyWriter) -> Bool {
        switch writer {
        case .zPosition: zPosition = x
        case .opacity: opacity = x
        case .anchorPointZ: rare.anchorPointZ = x
        case .cornerRadius: rare.cornerRadius = x
        case .borderWidth: rare.borderWidth = x
        case .shadowOpacity: rare.shadowOpacity = x
        case .shadowRadius: rare.shadowRadius = x
        case .positionX: position.x = x
        case .positionY: position.y = x
        case .anchorPointX: anchorPoint.x = x
        case .anchorPointY: anchorPoint.y = x
        case .boundsOriginX: bounds.origin.x = x
        case .boundsOriginY: bounds.origin.y = x
        case .boundsWidth: bounds.size.width = x
        case .boundsHeight: bounds.size.height = x
        case .transformPart(let c):
            // Read in place, then one write (`rare` copies the box only when shared).
            let m = rareStorage.value.transform.setting(c, to: x)
            rare.transform = m
        case .transformScale:
            let m = rareStorage.value.transform.setting(.scaleX, to: x).setting(.scaleY, to: x).setting(.scaleZ, to: x)
            rare.transform = m
        case .table(let id): rare.custom[id] = .number(x)
        default: return false
        }
        return true
    }

    /// ``write(_:with:)`` of a point.
    @inline(__always)
    mutating func write(point x: Point, with writer: PropertyWriter) -> Bool {
        switch writer {
        case .position: position = x
        case .anchorPoint: anchorPoint = x
        case .boundsOrigin: bounds.origin = x
        case .table(let id): rare.custom[id] = .point(x)
        default: return false
        }
        return true
    }

    /// ``write(_:with:)`` of a boolean.
    @inline(__always)
    mutating func write(bool x: Bool, with writer: PropertyWriter) -> Bool {
        guard case .flag(let bit) = writer else { return false }
        setFlag(bit, x)
        return true
    }

    /// ``write(_:with:)`` of a colour.
    @inline(__always)
    mutating func write(color x: Color, with writer: PropertyWriter) -> Bool {
        switch writer {
        case .backgroundColor: backgroundColor = x
        case .borderColor: rare.borderColor = x
        case .shadowColor: rare.shadowColor = x
        case .table(let id): rare.custom[id] = .color(x)
        default: return false
        }
        return true
    }
}
