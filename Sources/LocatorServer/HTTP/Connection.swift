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
