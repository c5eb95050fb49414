import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The access log: one line per request, on stderr or in a file, written by a thread of its
/// own so that no request ever waits for the log.
///
/// ``write(_:)`` only puts the line in a bounded queue. When the log's reader stalls (a full
/// pipe, a paused `tee`) or is gone (a closed pipe), the queue fills and further lines are
/// dropped and counted; once writing works again the log says how many went missing. A file
/// log is reopened by ``reopen()`` (on SIGHUP, after logrotate moved it). Lines carry the path,
/// never the query, so tokens stay out of the log.
///
/// ```swift
/// let log = try AccessLog(path: "/var/log/locator/access.log")   // or AccessLog() for stderr
/// log.write("127.0.0.1 GET /health 200 15 0.1ms")
/// ```
public final class AccessLog: @unchecked Sendable {
    /// Lines held while the reader is slow; more are dropped.
    public let capacity: Int
    private let path: String?
    private let condition = NSCondition()
    private var queue: [String] = []
    private var fd: Int32
    private var droppedTotal = 0
    private var droppedUnreported = 0
    private var reopenRequested = false
    private var writing = false
    private var flushRequests = 0

    /// A log on stderr.
    public init(capacity: Int = 10_000) {
        self.capacity = capacity
        path = nil
        fd = 2
        start()
    }

    /// A log appended to the file at `path` (created when missing).
    /// - Throws: ``ServerError`` naming the path and the cause when it cannot be opened.
    public init(path: String, capacity: Int = 10_000) throws {
        self.capacity = capacity
        self.path = path
        fd = try Self.open(path)
        start()
    }

    /// Lines dropped so far because the reader stalled or was gone.
    public var dropped: Int { condition.withLock { droppedTotal } }

    /// Queues one line; never blocks. A full queue drops the line and counts it.
    public func write(_ line: String) {
        condition.withLock {
            guard queue.count < capacity else {
                droppedTotal += 1
                droppedUnreported += 1
                return
            }
            queue.append(line)
            // The writer drains the queue every 50 ms on its own; waking it for each line
            // would cost a context switch per request.
            if queue.count == capacity / 8 { condition.signal() }
        }
    }

    /// Closes and reopens a file log at its path (after a rotation); on stderr it does nothing.
    public func reopen() {
        guard path != nil else { return }
        condition.withLock {
            reopenRequested = true
            condition.signal()
        }
    }

    /// Waits up to `seconds` for the queued lines to be written (at shutdown).
    public func flush(seconds: Double = 1) {
        let deadline = Date().addingTimeInterval(seconds)
        condition.withLock {
            flushRequests += 1
            condition.broadcast()
            while !queue.isEmpty || writing, Date() < deadline { _ = condition.wait(until: deadline) }
            flushRequests -= 1
        }
    }

    /// How often the writer looks for lines when nobody wakes it, seconds.
    static let drainInterval = 0.05

    private func start() {
        let thread = Thread { [self] in run() }
        thread.name = "locator-serve-log"
        thread.start()
    }

    private func run() {
        while true {
            let (lines, lost, reopening) = condition.withLock { () -> ([String], Int, Bool) in
                // Lines wait up to one drain interval, so a busy server writes them in batches.
                let due = Date().addingTimeInterval(Self.drainInterval)
                while !reopenRequested, flushRequests == 0, queue.count < capacity / 8, queue.isEmpty || Date() < due {
                    _ = condition.wait(until: queue.isEmpty ? Date().addingTimeInterval(Self.drainInterval) : due)
                }
                defer {
                    queue.removeAll(keepingCapacity: true)
                    droppedUnreported = 0
                    reopenRequested = false
                    writing = true
                }
                return (queue, droppedUnreported, reopenRequested)
            }
            if reopening, let path, let reopened = try? Self.open(path) {
                Glibc.close(fd)
                fd = reopened
            }
            var text = lost > 0 ? "access log: \(lost) lines dropped while its reader stalled\n" : ""
            for line in lines { text += line + "\n" }
            let written = Self.writeAll(fd, text)
            condition.withLock {
                if !written {  // the reader is gone: these lines are lost too
                    droppedTotal += lines.count
                    droppedUnreported += lines.count
                }
                writing = false
                condition.broadcast()
            }
        }
    }

    private static func open(_ path: String) throws -> Int32 {
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ServerError("cannot open the access log \(path): \(String(cString: strerror(errno)))")
        }
        return fd
    }

    /// One `write(2)` per batch where it can; false when the reader is gone (EPIPE, EBADF).
    private static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }
}
