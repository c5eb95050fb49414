import Foundation

extension JSONValue {
    /// A JSON text that is not valid JSON, with the byte offset where reading stopped.
    public struct SyntaxError: Error, CustomStringConvertible {
        public let offset: Int
        public let reason: String
        public var description: String { "invalid JSON at byte \(offset + 1): \(reason)" }
    }

    /// Parses JSON text, keeping object members in the order written (the `Decodable` path
    /// sorts them), for data whose order users see again: a JSONL row's columns, say.
    ///
    /// ```swift
    /// let row = try JSONValue.parse(Array(#"{"id":7,"address":"Mannerheimintie 10"}"#.utf8))
    /// ```
    /// Nesting is limited to 512 levels, so hostile input cannot exhaust the stack.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        try parseKeepingMemberText(bytes).0
    }

    /// Parses JSON text and also returns, for a top-level object, where each member's value
    /// lies in `bytes`: a number's digits as written, beyond what a `Double` keeps.
    static func parseKeepingMemberText(_ bytes: [UInt8]) throws(SyntaxError) -> (JSONValue, [Range<Int>]) {
        var parser = JSONParser(bytes: bytes)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
        return (value, parser.topLevelMemberText)
    }

    /// Parses JSON text from a string.
    public static func parse(_ text: String) throws(SyntaxError) -> JSONValue { try parse(Array(text.utf8)) }
}

/// A recursive-descent reader over UTF-8 bytes (RFC 8259).
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    /// Where the values of the top-level object's members lie, in order.
    var topLevelMemberText: [Range<Int>] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ reason: String) -> JSONValue.SyntaxError {
        JSONValue.SyntaxError(offset: min(index, bytes.count), reason: reason)
    }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        guard depth < 512 else { throw error("nested too deeply") }
        skipSpace()
        guard index < bytes.count else { throw error("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return .number(try number())
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONValue.SyntaxError) -> JSONValue {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw error("unexpected character")
        }
        index += expected.count
        return value
    }

    private mutating func object(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        index += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipSpace()
            let start = index
            members.append((key, try value(depth: depth + 1)))
            if depth == 0 { topLevelMemberText.append(start..<index) }
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end in an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end in an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            } else {
                throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func number() throws(JSONValue.SyntaxError) -> Double {
        let start = index
        func digits() {
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        digits()
        guard index > integerStart else { throw error("unexpected character") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 { throw error("leading zero") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            digits()
            guard index > fraction else { throw error("expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            let exponent = index
            digits()
            guard index > exponent else { throw error("expected an exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw error("bad number")
        }
        return value
    }

    private mutating func string() throws(JSONValue.SyntaxError) -> String {
        index += 1  // the opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
            bytes[index] >= 0x20
        {
            index += 1
        }
        guard index < bytes.count else { throw error("unterminated string") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var out = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw error("unterminated string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("bad surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    // A lone surrogate is not a scalar: it becomes U+FFFD, as invalid UTF-8 does.
                    out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                default: throw error("bad escape")
                }
            case ..<0x20:
                throw error("control character in a string")
            default:
                out.append(byte)
            }
        }
        throw error("unterminated string")
    }

    private mutating func hex4() throws(JSONValue.SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("bad \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let digit: UInt32
            switch c {
            case 0x30...0x39: digit = UInt32(c - 0x30)
            case 0x41...0x46: digit = UInt32(c - 0x37)
            case 0x61...0x66: digit = UInt32(c - 0x57)
            default: throw error("bad \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
