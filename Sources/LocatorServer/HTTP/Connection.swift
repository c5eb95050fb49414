import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An open client connection: what it has sent that is not yet answered, what is left to
/// write to it, and the clocks its deadlines run on.
///
/// Owned by one thread at a time: the event loop while it waits for bytes or writes an
/// answer, a worker while it answers a request. It moves between them through locked queues.
final class Connection: @unchecked Sendable {
    enum State {
        /// Waiting for (the rest of) a request; the event loop reads it.
        case reading
        /// A worker is answering it.
        case working
        /// The event loop is writing `pending` to a client that reads slowly.
        case writing
    }

    let fd: Int32
    let peer: String
    var state = State.reading
    /// Bytes received and not yet parsed into a request.
    var buffer: [UInt8] = []
    /// When the first byte of the request being read came (nil while idle).
    var requestStarted: UInt64?
    /// When the connection last finished a request or was opened; idle time counts from here.
    var lastActive: UInt64
    /// An answer still to write, from `written` on, and whether to close after it.
    var pending: [UInt8] = []
    var written = 0
    var closeAfterWrite = false
    var writeStarted: UInt64 = 0

    init(fd: Int32, peer: String, now: UInt64) {
        self.fd = fd
        self.peer = peer
        lastActive = now
    }

    /// Reads what the socket holds without blocking, up to `limit` bytes in the buffer.
    /// Returns false when the peer closed or the socket failed.
    func receiveAvailable(limit: Int) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 * 1024) { chunk in
            while buffer.count < limit {
                let count = recv(fd, chunk.baseAddress, chunk.count, Int32(MSG_DONTWAIT))
                if count > 0 {
                    buffer.append(contentsOf: chunk[..<count])
                    continue
                }
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return true }
                if count < 0, errno == EINTR { continue }
                return false  // 0: the peer closed; <0: an error
            }
            return true
        }
    }

    /// Writes as much of `pending` as the socket takes now. Returns false on a failed socket.
    func sendAvailable() -> Bool {
        pending.withUnsafeBytes { raw in
            while written < raw.count {
                let sent = send(fd, raw.baseAddress! + written, raw.count - written, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                if sent > 0 {
                    written += sent
                    continue
                }
                if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK { return true }
                if sent < 0, errno == EINTR { continue }
                return false
            }
            return true
        }
    }

    var isWriteComplete: Bool { written >= pending.count }

    /// Forgets an answer written in full.
    func clearPending() {
        pending = []
        written = 0
        writeStarted = 0
    }

    /// Sets an answer to write, replacing any earlier one.
    func setPending(_ bytes: [UInt8], closeAfter: Bool, now: UInt64) {
        pending = bytes
        written = 0
        closeAfterWrite = closeAfter
        writeStarted = now
    }
}

/// Reads requests out of a connection's buffer, with the server's size limits; no I/O.
enum RequestParser {
    enum Outcome {
        /// More bytes are needed; `headComplete` once the whole head has come.
        case incomplete(headComplete: Bool)
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
            return .incomplete(headComplete: false)
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
        guard buffer.count - bodyStart >= length else { return .incomplete(headComplete: true) }
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
