import Foundation

/// Reads requests out of a connection's buffer, with the server's size limits; no I/O.
enum RequestParser {
    enum Outcome {
        /// More bytes are needed.
        case incomplete
        /// A whole request, taken out of the buffer.
        case request(HTTPRequest)
        /// A request the server refuses with this status and one-line message.
        case failed(status: Int, message: String)
    }

    static func next(from connection: Connection, limits: HTTPServer.Limits) -> Outcome {
        let buffer = connection.buffer
        guard let end = find([13, 10, 13, 10], in: buffer) else {
            // The request line so far: up to its CRLF, or all that has come when none has.
            let requestLine = find([13, 10], in: buffer)?.lowerBound ?? buffer.count
            if requestLine > limits.maxRequestLine {
                return .failed(status: 414, message: "The request line is too long.")
            }
            if buffer.count > limits.maxRequestLine + limits.maxHeaderBytes {
                return .failed(status: 431, message: "The request headers are too large.")
            }
            return .incomplete
        }
        let headerEnd = end.lowerBound
        let head: HTTPRequestHead
        do {
            head = try HTTPRequestHead(buffer[..<headerEnd])
        } catch {
            return .failed(status: error.status, message: error.message)
        }
        if head.requestLineLength > limits.maxRequestLine {
            return .failed(status: 414, message: "The request line is too long.")
        }
        if headerEnd - head.requestLineLength > limits.maxHeaderBytes {
            return .failed(status: 431, message: "The request headers are too large.")
        }
        let bodyStart = headerEnd + 4
        if let codings = head.headers["transfer-encoding"] {
            return chunkedRequest(
                head, codings: codings, bodyStart: bodyStart, connection: connection, limits: limits)
        }
        let length =
            head.headers["content-length"].map { text in
                !text.isEmpty && text.utf8.count <= 18 && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
                    ? Int(text) ?? -1 : -1
            } ?? 0
        guard length >= 0 else { return .failed(status: 400, message: "Malformed Content-Length.") }
        guard length <= limits.maxBodyBytes else {
            return .failed(status: 413, message: "The request body is too large.")
        }
        guard buffer.count - bodyStart >= length else { return .incomplete }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        connection.buffer.removeSubrange(0..<(bodyStart + length))
        return .request(
            HTTPRequest(
                method: head.method, path: head.path, query: head.query, headers: head.headers, body: body,
                peer: connection.peer, keepAlive: head.keepAlive))
    }

    /// A request whose body comes in chunks (RFC 9112 §7.1): only the `chunked` coding, never
    /// beside Content-Length (a request read two ways is how requests are smuggled), nor on
    /// HTTP/1.0, which has no chunks.
    private static func chunkedRequest(
        _ head: HTTPRequestHead, codings: String, bodyStart: Int, connection: Connection, limits: HTTPServer.Limits
    ) -> Outcome {
        guard head.version == "HTTP/1.1" else {
            return .failed(status: 400, message: "Transfer-Encoding needs HTTP/1.1.")
        }
        guard head.headers["content-length"] == nil else {
            return .failed(status: 400, message: "Transfer-Encoding and Content-Length together are refused.")
        }
        let names = codings.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard names == ["chunked"] else {
            return .failed(status: 501, message: "Only the chunked Transfer-Encoding is supported.")
        }
        switch ChunkedBody.decode(
            connection.buffer, from: bodyStart, maxBody: limits.maxBodyBytes,
            maxFramed: limits.maxRequestBytes - bodyStart, maxTrailer: limits.maxHeaderBytes)
        {
        case .incomplete: return .incomplete
        case .failed(let status, let message): return .failed(status: status, message: message)
        case .body(let body, let end):
            connection.buffer.removeSubrange(0..<end)
            return .request(
                HTTPRequest(
                    method: head.method, path: head.path, query: head.query, headers: head.headers, body: body,
                    peer: connection.peer, keepAlive: head.keepAlive))
        }
    }

    /// Where `pattern` first occurs in `bytes` (a plain scan for its first byte: the generic
    /// `firstRange(of:)` showed in profiles).
    static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        return bytes.withUnsafeBufferPointer { haystack in
            var index = 0
            let last = haystack.count - pattern.count
            while index <= last {
                if haystack[index] == first {
                    var matched = true
                    for offset in 1..<pattern.count where haystack[index + offset] != pattern[offset] {
                        matched = false
                        break
                    }
                    if matched { return index..<(index + pattern.count) }
                }
                index += 1
            }
            return nil
        }
    }
}

/// A `Transfer-Encoding: chunked` body (RFC 9112 §7.1): chunks of a hexadecimal size, their
/// extensions skipped, then a zero-size chunk and trailer fields, which are dropped. No I/O:
/// the bytes so far are read again as more come, a chunk's data skipped by its size.
enum ChunkedBody {
    enum Outcome: Equatable {
        /// More bytes are needed.
        case incomplete
        /// The body, and where in the buffer the request ends.
        case body(Data, end: Int)
        /// A body refused with this status and one-line message.
        case failed(status: Int, message: String)
    }

    /// The longest chunk-size line (size and extensions) read.
    static let maxChunkLine = 4096

    /// Decodes the chunked body starting at `start` in `bytes`: at most `maxBody` bytes of data
    /// (413 beyond), in at most `maxFramed` bytes with the framing (413 beyond: the
    /// connection's buffer holds no more), with at most `maxTrailer` bytes of trailers (431).
    static func decode(_ bytes: [UInt8], from start: Int, maxBody: Int, maxFramed: Int, maxTrailer: Int) -> Outcome {
        let tooLarge = Outcome.failed(status: 413, message: "The request body is too large.")
        let malformed = Outcome.failed(status: 400, message: "Malformed chunked body.")
        var body: [UInt8] = []
        var index = start
        /// The line from `index` to its CRLF, or nil when it has not all come.
        func line(limit: Int) -> Range<Int>?? {
            var end = index
            while end + 1 < bytes.count, end - index <= limit {
                if bytes[end] == 13 {
                    return bytes[end + 1] == 10 ? .some(index..<end) : .some(nil)  // a bare CR: malformed
                }
                if bytes[end] == 10 || bytes[end] == 0 { return .some(nil) }
                end += 1
            }
            return end - index > limit ? .some(nil) : nil
        }
        while true {
            if index - start > maxFramed { return tooLarge }
            guard let found = line(limit: maxChunkLine) else {
                return bytes.count - start >= maxFramed ? tooLarge : .incomplete
            }
            guard let sizeLine = found else { return malformed }
            var size = 0
            var digits = 0
            var cursor = sizeLine.lowerBound
            while cursor < sizeLine.upperBound, let digit = hexValue(bytes[cursor]) {
                size = size * 16 + digit
                digits += 1
                if size > maxBody { return tooLarge }
                cursor += 1
            }
            // After the size only extensions may follow: `;name[=value]`, blanks before the `;`.
            while cursor < sizeLine.upperBound, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
            guard digits > 0, cursor == sizeLine.upperBound || bytes[cursor] == UInt8(ascii: ";") else {
                return malformed
            }
            index = sizeLine.upperBound + 2
            if size == 0 { break }
            guard body.count + size <= maxBody else { return tooLarge }
            guard bytes.count >= index + size + 2 else {
                return index + size + 2 - start > maxFramed ? tooLarge : .incomplete
            }
            guard bytes[index + size] == 13, bytes[index + size + 1] == 10 else { return malformed }
            body.append(contentsOf: bytes[index..<(index + size)])
            index += size + 2
        }
        // Trailer fields, each `name: value`, until an empty line.
        let trailerStart = index
        while true {
            guard let found = line(limit: maxTrailer) else {
                if bytes.count - trailerStart > maxTrailer {
                    return .failed(status: 431, message: "The request trailers are too large.")
                }
                return bytes.count - start >= maxFramed ? tooLarge : .incomplete
            }
            guard let field = found else {
                return bytes.count - trailerStart > maxTrailer
                    ? .failed(status: 431, message: "The request trailers are too large.") : malformed
            }
            index = field.upperBound + 2
            if index - trailerStart > maxTrailer + 2 {
                return .failed(status: 431, message: "The request trailers are too large.")
            }
            if field.isEmpty { return .body(Data(body), end: index) }
            guard let colon = bytes[field].firstIndex(of: UInt8(ascii: ":")), colon != field.lowerBound,
                !bytes[field.lowerBound..<colon].contains(where: { $0 == 0x20 || $0 == 0x09 })
            else { return malformed }
        }
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x37)
        case 0x61...0x66: return Int(byte - 0x57)
        default: return nil
        }
    }
}
