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
        if head.headers["transfer-encoding"] != nil {
            return .failed(status: 400, message: "Chunked bodies are not supported; send Content-Length.")
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
        let bodyStart = headerEnd + 4
        guard buffer.count - bodyStart >= length else { return .incomplete }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        connection.buffer.removeSubrange(0..<(bodyStart + length))
        return .request(
            HTTPRequest(
                method: head.method, path: head.path, query: head.query, headers: head.headers, body: body,
                peer: connection.peer, keepAlive: head.keepAlive))
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
