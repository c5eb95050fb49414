import Foundation

/// A JSON value whose objects keep their key order, so responses list fields the way ArcGIS
/// does (`address`, `location`, `score`, `attributes`, `extent`).
public indirect enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in order.
    case object([(String, JSONValue)])

    /// Whether two values serialize to the same JSON text.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
    /// Hashes the serialized JSON text.
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// The value as compact JSON text (or indented with `pretty`).
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        let newline = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        let closing = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += Self.format(d)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                out += (i == 0 ? "" : ",") + newline
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            out += closing + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                out += (i == 0 ? "" : ",") + newline
                Self.writeString(key, to: &out)
                out += pretty ? ": " : ":"
                value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            out += closing + "}"
        }
    }

    /// Integers without a fraction, others in Swift's shortest round-tripping form; NaN and
    /// infinities (not JSON) as the string "NaN", as ArcGIS servers do for missing extents.
    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "\"NaN\"" }
        if d.rounded() == d, abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    private static func writeString(_ s: String, to out: inout String) {
        // Most strings need no escaping: append them whole (the scalar loop showed in profiles).
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += "\""
            out += s
            out += "\""
            return
        }
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// An attribute value as JSON.
    init(_ value: AttributeValue) {
        switch value {
        case .string(let s): self = .string(s)
        case .double(let d): self = .number(d)
        case .integer(let i): self = .number(Double(i))
        case .bool(let b): self = .bool(b)
        case .null: self = .null
        }
    }
}
