import Foundation

/// One value in a result's ``GeocodeResult/attributeValues``: ArcGIS fields are strings or
/// numbers (``GeocodeResult/attributes`` gives the same values untyped, for `as?`).
///
/// ```swift
/// if case .string(let name) = result.attributeValues["PlaceName"] { print(name) }
/// result.attributeValues["Distance"]?.doubleValue   // 312.4
/// ```
public enum AttributeValue: Sendable, Hashable, CustomStringConvertible {
    /// Text, such as `PlaceName` or `Place_addr`.
    case string(String)
    /// A number, such as `Score`, `Distance`, `X` or `Y`.
    case double(Double)
    /// A whole number, such as `Rank`.
    case integer(Int)
    /// A boolean flag.
    case bool(Bool)
    /// JSON `null`.
    case null

    /// The value as text, or `nil` when it is not a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value as a number, or `nil` when it is neither a number nor text holding one.
    public var doubleValue: Double? {
        switch self {
        case .double(let d): return d
        case .integer(let i): return Double(i)
        case .string(let s): return Double(s)
        default: return nil
        }
    }

    /// The value as ``GeocodeResult/attributes`` gives it: `String`, `Double`, `Int` or `Bool`
    /// (nil for `null`, which is left out).
    public var anyValue: (any Sendable)? {
        switch self {
        case .string(let s): return s
        case .double(let d): return d
        case .integer(let i): return i
        case .bool(let b): return b
        case .null: return nil
        }
    }

    /// A value set through ``GeocodeResult/attributes``: strings, numbers and flags keep their
    /// kind (any integer type is `.integer`, any floating-point type `.double`), and anything
    /// else becomes its text.
    public init(any value: any Sendable) {
        switch value {
        case let value as AttributeValue: self = value
        case let value as String: self = .string(value)
        case let value as Substring: self = .string(String(value))
        case let value as Bool: self = .bool(value)
        case let value as any BinaryInteger:
            self = Int(exactly: value).map(AttributeValue.integer) ?? .string("\(value)")
        case let value as any BinaryFloatingPoint: self = .double(Double(value))
        case is NSNull: self = .null
        default: self = .string(String(describing: value))
        }
    }

    /// The value as text: numbers without a needless ".0", `null` as "".
    public var description: String {
        switch self {
        case .string(let s): return s
        case .double(let d): return d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .integer(let i): return String(i)
        case .bool(let b): return String(b)
        case .null: return ""
        }
    }
}

extension AttributeValue: ExpressibleByStringLiteral {
    /// A string attribute from a literal: `"Coffee Shop"`.
    public init(stringLiteral value: String) { self = .string(value) }
}
