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
        String(decoding: utf8(pretty: pretty), as: UTF8.self)
    }

    /// The value as compact JSON text in UTF-8 bytes (or indented with `pretty`): what a
    /// server sends, written straight into one buffer.
    public func utf8(pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let d): Self.writeNumber(d, to: &out)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            guard !items.isEmpty else { return out.append(contentsOf: "[]".utf8) }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(indent + 1, to: &out) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { Self.newline(indent, to: &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return out.append(contentsOf: "{}".utf8) }
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(indent + 1, to: &out) }
                Self.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { Self.newline(indent, to: &out) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ indent: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// Integers without a fraction, others in Swift's shortest round-tripping form; NaN and
    /// infinities (not JSON) as the string "NaN", as ArcGIS servers do for missing extents.
    private static func writeNumber(_ d: Double, to out: inout [UInt8]) {
        guard d.isFinite else { return out.append(contentsOf: "\"NaN\"".utf8) }
        // Whole numbers a double holds exactly (up to 2^53) print as integers.
        guard d.rounded() == d, abs(d) <= 9_007_199_254_740_992 else {
            return out.append(contentsOf: d.description.utf8)
        }
        var value = Int64(d)
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            value = -value
        }
        // Digits into a small stack buffer, most significant first.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[19 - count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0
            out.append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }

    private static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escaping: append their bytes whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out.append(contentsOf: s.utf8)
        } else {
            for byte in s.utf8 {
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
                case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
                case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
                case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 15)])
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
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
