import Foundation
import OpenLocator

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server: keep-alive, a bounded pool of worker threads, limits on the
/// request line, headers and body, read and idle timeouts, and graceful shutdown.
///
/// One event thread polls the listening socket and every idle connection; a connection with a
/// request arriving goes to a worker, which reads that one request (within ``Limits/readTimeout``),
/// answers it, and hands the connection back. So an idle or stalled client never holds a
/// worker for longer than the read timeout, and a busy server queues work instead of starting
/// threads.
///
/// ```swift
/// let server = HTTPServer(limits: .init()) { request in .json("{}") }
/// let port = try server.start(host: "127.0.0.1", port: 0)
/// server.shutdown()   // finishes requests in flight
/// ```
public final class HTTPServer: @unchecked Sendable {
    /// What the server accepts and how long it waits.
    public struct Limits: Sendable {
        /// Worker threads answering requests (default: twice the cores, at least 4).
        public var workers = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)
        /// Longest request line ("GET /… HTTP/1.1"), bytes; longer gets 414.
        public var maxRequestLine = 16 * 1024
        /// Longest header block, bytes; longer gets 431.
        public var maxHeaderBytes = 32 * 1024
        /// Largest body, bytes; larger gets 413 (1,000 batch records fit in a few hundred KB).
        public var maxBodyBytes = 2 * 1024 * 1024
        /// Seconds a client may take to send a whole request once it has begun; then 408.
        public var readTimeout: TimeInterval = 10
        /// Seconds a kept-alive connection may stay idle before it is closed.
        public var idleTimeout: TimeInterval = 30
        /// Most open connections; more are closed at once.
        public var maxConnections = 4096

        public init() {}
    }

    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    private let limits: Limits
    private let handler: Handler
    private let log: @Sendable (String) -> Void
    private var listener: Int32 = -1
    private var wakeRead: Int32 = -1
    private var wakeWrite: Int32 = -1

    private let lock = NSCondition()
    private var ready: [Connection] = []  // connections with a request arriving, for workers
    private var returned: [Connection] = []  // connections workers gave back to the event loop
    private var open = 0
    private var stopping = false
    private var eventLoopDone = false
    private var running = 0  // threads still running
    private let allStopped = NSCondition()

    /// ``Limits/maxConnections``, but never more than the process may open files (less some
    /// for the gazetteer and logs): accept failing with EMFILE would spin the event loop.
    private let connectionCap: Int

    public init(limits: Limits, log: @escaping @Sendable (String) -> Void = { _ in }, handler: @escaping Handler) {
        self.limits = limits
        var files = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        let available = files.rlim_cur == rlim_t.max ? Int.max : Int(clamping: files.rlim_cur)  // RLIM_INFINITY
        connectionCap = max(1, min(limits.maxConnections, available - 64))
        self.handler = handler
        self.log = log
    }

    /// Listens on host:port (port 0 picks a free one) and returns the port.
    public func start(host: String, port: UInt16) throws -> UInt16 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw ServerError("'\(host)' is not an IPv4 address; use 127.0.0.1 or 0.0.0.0")
        }
        // Close-on-exec everywhere: a process the host spawns must not inherit the sockets.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError("cannot open a socket (errno \(errno))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 1024) == 0 else {
            let reason = errno == EADDRINUSE ? "is in use" : "cannot be listened on (errno \(errno))"
            Glibc.close(fd)
            throw ServerError("\(host):\(port) \(reason)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            Glibc.close(fd)
            throw ServerError("cannot make a wake-up pipe (errno \(errno))")
        }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        listener = fd
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        allStopped.withLock { running = limits.workers + 1 }
        for index in 0..<limits.workers {
            let thread = Thread { [self] in workerLoop() }
            thread.name = "locator-serve-worker-\(index)"
            thread.start()
        }
        let events = Thread { [self] in eventLoop() }
        events.name = "locator-serve-events"
        events.start()
        return UInt16(bigEndian: address.sin_port)
    }

    /// Stops accepting, lets workers finish the requests they are answering (and those
    /// already queued), closes idle connections, and returns when every thread has ended.
    public func shutdown() {
        let first = lock.withLock {
            defer {
                stopping = true
                lock.broadcast()
            }
            return !stopping
        }
        guard first, listener >= 0 else { return }
        wake()
        allStopped.withLock {
            while running > 0 { allStopped.wait() }
        }
        // Connections a worker handed back after the event loop ended.
        for connection in lock.withLock({ ready + returned }) { close(connection) }
        lock.withLock {
            ready.removeAll()
            returned.removeAll()
        }
        Glibc.close(listener)
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func threadEnded() {
        allStopped.withLock {
            running -= 1
            allStopped.broadcast()
        }
    }

    // MARK: - Event loop

    private func eventLoop() {
        defer { threadEnded() }
        var idle: [Connection] = []
        while true {
            let (isStopping, back) = lock.withLock { () -> (Bool, [Connection]) in
                defer { returned.removeAll() }
                return (stopping, returned)
            }
            idle += back
            if isStopping {
                for connection in idle { close(connection) }
                lock.withLock {
                    eventLoopDone = true  // workers may end once the queue is drained
                    lock.broadcast()
                }
                return
            }
            let now = Date()
            idle.removeAll { connection in
                guard now.timeIntervalSince(connection.lastActive) > limits.idleTimeout else { return false }
                close(connection)
                return true
            }
            var fds = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            fds += idle.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let count = poll(&fds, nfds_t(fds.count), 1000)
            guard count > 0 else { continue }
            if fds[1].revents != 0 {
                var sink = [UInt8](repeating: 0, count: 256)
                while read(wakeRead, &sink, sink.count) > 0 {}
            }
            let accepted = fds[0].revents & Int16(POLLIN) != 0 ? acceptAll() : []
            var stillIdle: [Connection] = accepted
            var arriving: [Connection] = []
            for (index, connection) in idle.enumerated() {
                let revents = fds[index + 2].revents
                if revents & Int16(POLLIN) != 0 {
                    arriving.append(connection)
                } else if revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                    close(connection)
                } else {
                    stillIdle.append(connection)
                }
            }
            idle = stillIdle
            if !arriving.isEmpty {
                lock.withLock {
                    ready += arriving
                    lock.broadcast()
                }
            }
        }
    }

    /// Accepts every pending connection; they wait in the event loop until they send something,
    /// so a client that connects and says nothing holds no worker.
    private func acceptAll() -> [Connection] {
        var accepted: [Connection] = []
        while true {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            guard fd >= 0 else {
                if errno == EMFILE || errno == ENFILE { usleep(50_000) }  // out of files: do not spin
                return accepted
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let tooMany = lock.withLock { () -> Bool in
                guard open < connectionCap else { return true }
                open += 1
                return false
            }
            if tooMany {
                Glibc.close(fd)
                continue
            }
            var yes: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(INET_ADDRSTRLEN))
            let peer = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            accepted.append(Connection(fd: fd, peer: peer))
        }
    }

    private func close(_ connection: Connection) {  // a client connection, counted
        Glibc.close(connection.fd)
        lock.withLock { open -= 1 }
    }

    // MARK: - Workers

    private func workerLoop() {
        defer { threadEnded() }
        while true {
            let next = lock.withLock { () -> Connection? in
                while ready.isEmpty && !(stopping && eventLoopDone) { lock.wait() }
                return ready.isEmpty ? nil : ready.removeFirst()
            }
            guard let connection = next else { return }
            serve(connection)
        }
    }

    /// Answers the requests a connection has sent, then gives it back or closes it.
    private func serve(_ connection: Connection) {
        while true {
            let outcome = readRequest(connection)
            let response: HTTPResponse
            var keepAlive = false
            var request: HTTPRequest?
            let started = DispatchTime.now().uptimeNanoseconds
            switch outcome {
            case .closed:
                close(connection)
                return
            case .failed(let status, let message):
                response = .json(
                    #"{"error":{"code":\#(status),"message":"\#(message)","details":[]}}"#, status: status)
            case .request(let parsed):
                request = parsed
                response = handler(parsed)
                keepAlive = parsed.keepAlive && !lock.withLock({ stopping })
            }
            let bytes = response.serialized(keepAlive: keepAlive, includeBody: request?.method != "HEAD")
            let sent = sendAll(connection.fd, bytes)
            let micros = (DispatchTime.now().uptimeNanoseconds - started) / 1000
            log(
                "\(connection.peer) \(Self.printable(request?.method ?? "-")) \(Self.printable(request?.path ?? "-")) \(response.status) \(response.body.count) \(micros / 1000).\(micros % 1000 / 100)ms"
            )
            guard sent, keepAlive else {
                close(connection)
                return
            }
            connection.lastActive = Date()
            // A pipelined request already fully read is answered now; anything less goes back
            // to the event loop, so a client trickling its next request holds no worker.
            // With nothing else queued, wait a moment for this client's next request: a busy
            // keep-alive client usually sends it within a round trip, and answering it here
            // saves two thread hand-offs through the event loop.
            if connection.buffer.isEmpty, lock.withLock({ ready.isEmpty }) {
                var poller = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, Self.lingerMilliseconds) > 0, poller.revents & Int16(POLLIN) != 0 {
                    connection.receive()
                }
            }
            if !Self.holdsCompleteHead(connection.buffer) {
                let pending = !connection.buffer.isEmpty
                lock.withLock {
                    if pending { ready.append(connection) } else { returned.append(connection) }
                    lock.broadcast()
                }
                if !pending { wake() }
                return
            }
        }
    }

    private enum ReadOutcome {
        case request(HTTPRequest)
        case failed(status: Int, message: String)
        case closed
    }

    /// Reads one request within the read timeout and the size limits.
    private func readRequest(_ connection: Connection) -> ReadOutcome {
        let deadline = Date().addingTimeInterval(limits.readTimeout)
        let headerEnd: Int
        while true {
            if let end = Self.find([13, 10, 13, 10], in: connection.buffer) {
                headerEnd = end.lowerBound
                break
            }
            // The request line so far: up to its CRLF, or all that has come when none has.
            let requestLine = Self.find([13, 10], in: connection.buffer)?.lowerBound ?? connection.buffer.count
            if requestLine > limits.maxRequestLine {
                return .failed(status: 414, message: "The request line is too long.")
            }
            if connection.buffer.count > limits.maxRequestLine + limits.maxHeaderBytes {
                return .failed(status: 431, message: "The request headers are too large.")
            }
            switch receive(connection, until: deadline) {
            case .data: continue
            case .end: return connection.buffer.isEmpty ? .closed : .failed(status: 400, message: "Incomplete request.")
            case .timeout:
                return connection.buffer.isEmpty ? .closed : .failed(status: 408, message: "The request took too long.")
            }
        }
        let head: HTTPRequestHead
        do {
            head = try HTTPRequestHead(connection.buffer[..<headerEnd])
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
        while connection.buffer.count - bodyStart < length {
            switch receive(connection, until: deadline) {
            case .data: continue
            case .end: return .failed(status: 400, message: "Incomplete request body.")
            case .timeout: return .failed(status: 408, message: "The request took too long.")
            }
        }
        let body = Data(connection.buffer[bodyStart..<(bodyStart + length)])
        connection.buffer.removeSubrange(0..<(bodyStart + length))
        return .request(
            HTTPRequest(
                method: head.method, path: head.path, query: head.query, headers: head.headers, body: body,
                peer: connection.peer, keepAlive: head.keepAlive))
    }

    /// Text for the log with control characters escaped, so a request cannot forge log lines.
    static func printable(_ text: String) -> String { TerminalText.printable(text) }

    /// How long a worker with nothing else to do waits for a kept-alive client's next request.
    static let lingerMilliseconds: Int32 = 2

    /// Whether a buffer holds a whole request head (a pipelined request to answer at once).
    static func holdsCompleteHead(_ buffer: [UInt8]) -> Bool {
        find([13, 10, 13, 10], in: buffer) != nil
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

    private enum Received { case data, end, timeout }

    private func receive(_ connection: Connection, until deadline: Date) -> Received {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return .timeout }
        var poller = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(min(remaining, 3600) * 1000) + 1)
        guard ready > 0 else { return ready == 0 ? .timeout : .end }
        return connection.receive() > 0 ? .data : .end
    }

    /// Writes the whole answer within the read timeout, however slowly the client reads; a
    /// client that will not take it in time is dropped.
    private func sendAll(_ fd: Int32, _ data: Data) -> Bool {
        let deadline = Date().addingTimeInterval(limits.readTimeout)
        return data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                if sent > 0 {
                    offset += sent
                    continue
                }
                guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { return false }
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                guard poll(&poller, 1, Int32(remaining * 1000) + 1) > 0 else { return false }
            }
            return true
        }
    }
}

/// An open client connection and what it has sent but the server has not yet read.
final class Connection: @unchecked Sendable {
    let fd: Int32
    let peer: String
    var buffer: [UInt8] = []
    var lastActive = Date()

    init(fd: Int32, peer: String) {
        self.fd = fd
        self.peer = peer
    }

    /// One `recv` of up to 16 KB appended to `buffer`; its result (0 at the end, <0 on error).
    @discardableResult
    func receive() -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 * 1024) { chunk in
            let count = recv(fd, chunk.baseAddress, chunk.count, 0)
            if count > 0 { buffer.append(contentsOf: chunk[..<count]) }
            return count
        }
    }
}

/// A server that cannot start, with a one-line reason.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
