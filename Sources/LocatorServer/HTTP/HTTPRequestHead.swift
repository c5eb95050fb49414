import Foundation

/// The request line and headers of an HTTP/1.1 request, parsed from the bytes before the
/// blank line, with the strictness of RFC 9112 where being lenient would let a request be
/// read two ways (a space before a colon, a bare CR or LF, two different Content-Lengths).
///
/// ```swift
/// let head = try HTTPRequestHead(ArraySlice("GET /health HTTP/1.1\r\nHost: x".utf8))
/// head.target   // "/health"
/// ```
struct HTTPRequestHead {
    var method: String
    /// The request target as sent: path and query, still percent-encoded.
    var target: String
    var version: String
    /// Header names lowercased; a repeated header keeps its first value (Transfer-Encoding: all
    /// of them, joined by commas).
    var headers: [String: String]
    /// The bytes of the request line, for the 414 limit.
    var requestLineLength: Int

    /// A head the server answers with an error status and a one-line message.
    struct Malformed: Error {
        let status: Int
        let message: String
    }

    /// Parses `bytes`, the head without its final CRLF CRLF.
    init(_ bytes: ArraySlice<UInt8>) throws(Malformed) {
        var lines = Self.lines(bytes)
        let requestLine = lines.removeFirst()
        requestLineLength = requestLine.count
        let parts = requestLine.split(separator: UInt8(ascii: " "))
        guard parts.count == 3, ["HTTP/1.1", "HTTP/1.0"].contains(String(decoding: parts[2], as: UTF8.self)),
            parts[1].first == UInt8(ascii: "/"), !requestLine.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 })
        else {
            throw Malformed(status: 400, message: "Malformed request line.")
        }
        method = String(decoding: parts[0], as: UTF8.self)
        target = String(decoding: parts[1], as: UTF8.self)
        version = String(decoding: parts[2], as: UTF8.self)
        headers = [:]
        for line in lines where !line.isEmpty {
            // RFC 9112: no space before the colon, no bare CR/LF or NUL in a field.
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == 0x20 || $0 == 0x09 }),
                !line.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 })
            else {
                throw Malformed(status: 400, message: "Malformed header.")
            }
            let name = String(decoding: line[..<colon].map(Self.asciiLowercased), as: UTF8.self)
            let value = String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self)
            if let earlier = headers[name] {
                // Two different lengths are a smuggling attempt; other repeats keep the first.
                if name == "content-length", earlier != value {
                    throw Malformed(status: 400, message: "Conflicting Content-Length headers.")
                }
                // Codings add up across lines (RFC 9110 §5.3): "gzip" then "chunked" is "gzip, chunked".
                if name == "transfer-encoding" { headers[name] = earlier + ", " + value }
                continue
            }
            headers[name] = value
        }
        // RFC 9112 §3.2: a server must answer 400 to an HTTP/1.1 request without a Host header.
        if version == "HTTP/1.1", headers["host"] == nil {
            throw Malformed(status: 400, message: "An HTTP/1.1 request needs a Host header.")
        }
    }

    /// The target's path, before any "?", percent-decoded.
    var path: String {
        let raw = target.utf8.split(separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard raw.contains(UInt8(ascii: "%")) else { return String(decoding: raw, as: UTF8.self) }
        let text = String(decoding: raw, as: UTF8.self)
        return text.removingPercentEncoding ?? text
    }

    /// The query string after the first "?", or "".
    var query: String {
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return "" }
        return String(target[target.utf8.index(after: mark)...])
    }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless "Connection:
    /// close", HTTP/1.0 only with "Connection: keep-alive".
    var keepAlive: Bool {
        let connection = headers["connection"]?.lowercased() ?? ""
        return version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
    }

    /// The lines of the head, split at CRLF (a bare CR or LF stays inside its line).
    private static func lines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x0D, index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A {
                lines.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(bytes[start..<bytes.endIndex])
        return lines
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// Without leading and trailing spaces and tabs.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }),
            let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }
}
