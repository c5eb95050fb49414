import Foundation

/// Any JSON a server sends, decoded without a schema: attribute values of any type, unknown
/// fields. Object members come out sorted by key (JSON objects carry no order to keep).
extension JSONValue: Decodable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            self = .object(
                try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                    ($0.stringValue, try object.decode(JSONValue.self, forKey: $0))
                })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try value.decode(String.self))
        }
    }

    /// The member named `key`, any case ("Score", "score").
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1 ?? members.first { $0.0.lowercased() == key.lowercased() }?.1
    }

    /// A number, or a string holding one ("8.04", "NaN" is not one).
    var number: Double? {
        switch self {
        case .number(let d): return d.isFinite ? d : nil
        case .string(let s): return Double(s.trimmedSpaces).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// A whole number that fits an `Int` (1e19 does not: converting it would trap).
    var integer: Int? {
        guard let number, let value = Int(exactly: number.rounded(.towardZero)) else { return nil }
        return value
    }

    /// The text of a string, or of a number or boolean.
    var text: String? {
        switch self {
        case .string(let s): return s
        case .number(let d): return AttributeValue.double(d).description
        case .bool(let b): return String(b)
        default: return nil
        }
    }

    /// As a result attribute: strings, numbers and booleans as they are, `null` as null, and
    /// arrays or objects as their JSON text.
    var attributeValue: AttributeValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let d): return .double(d)
        case .string(let s): return .string(s)
        case .array, .object: return .string(serialized())
        }
    }
}
