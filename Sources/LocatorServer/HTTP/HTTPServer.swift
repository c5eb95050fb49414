import Foundation
import OpenLocator

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server that no client can starve: keep-alive, a bounded pool of worker
/// threads, limits on the request line, headers and body, deadlines, per-peer and global
/// connection caps, and a graceful stop.
///
/// One event thread (``EventLoop``, epoll) does every wait on a socket: it accepts, reads each
/// request as its bytes come and writes answers that a slow reader does not take at once. A
/// worker gets only a whole request, answers it, and hands the connection back. So idle,
/// trickling and non-reading clients cost a file descriptor and a little memory, never a
/// worker; each is dropped at its deadline.
///
/// ```swift
/// let server = HTTPServer(limits: .init()) { request in .json("{}") }
/// let port = try server.start(host: "127.0.0.1", port: 0)
/// server.shutdown()   // finishes requests in flight, within Limits.stopTimeout
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
        /// Seconds a client may take to send a request's head once it has begun; then 408.
        public var headerTimeout: TimeInterval = 10
        /// Seconds a client may take to send a whole request (head and body); then 408.
        public var readTimeout: TimeInterval = 10
        /// Seconds a client may take to read an answer; then it is dropped.
        public var writeTimeout: TimeInterval = 10
        /// Seconds a kept-alive connection may stay idle before it is closed.
        public var idleTimeout: TimeInterval = 30
        /// Most open connections. At the cap, the connection idle longest is closed to make
        /// room for a new one, else the one slowest (over a second) to send its request; with
        /// neither, the new one is refused.
        public var maxConnections = 4096
        /// Most open connections from one peer address; more are refused.
        public var maxConnectionsPerPeer = 256
        /// Seconds a stop waits for the answers in progress before closing everything.
        public var stopTimeout: TimeInterval = 5

        public init() {}

        /// The most bytes a whole request may take: request line, headers, blank line, body.
        var maxRequestBytes: Int { maxRequestLine + maxHeaderBytes + 4 + maxBodyBytes }
    }

    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    private let limits: Limits
    private let handler: Handler
    private let log: @Sendable (String) -> Void
    private var loop: EventLoop?

    private let lock = NSCondition()
    private var ready: [(Connection, HTTPRequest)] = []  // whole requests, for workers
    private var stopping = false
    private var loopEnded = false
    private var running = 0  // threads still running
    private let allStopped = NSCondition()

    public init(limits: Limits, log: @escaping @Sendable (String) -> Void = { _ in }, handler: @escaping Handler) {
        self.limits = limits
        self.handler = handler
        self.log = log
    }

    /// ``Limits/maxConnections``, but never more than the process may open files (less some
    /// for the gazetteer and logs). The soft file limit is raised to the hard one first.
    private func connectionCap() -> Int {
        var files = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        if files.rlim_cur < files.rlim_max {
            files.rlim_cur = files.rlim_max
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        }
        let available = files.rlim_cur == rlim_t.max ? Int.max : Int(clamping: files.rlim_cur)  // RLIM_INFINITY
        return max(1, min(limits.maxConnections, available - 64))
    }

    /// Listens on host:port (port 0 picks a free one) and returns the port. `host` is an IPv4
    /// or IPv6 address or a name (``ListenAddress``).
    public func start(host: String, port: UInt16) throws -> UInt16 {
        var address = try ListenAddress(host: host, port: port)
        // Close-on-exec everywhere: a process the host spawns must not inherit the sockets.
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError("cannot open a socket (errno \(errno))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.withSocketAddress { bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 4096) == 0 else {
            let reason = errno == EADDRINUSE ? "is in use" : "cannot be listened on (errno \(errno))"
            Glibc.close(fd)
            throw ServerError("\(host.prefix(60)):\(port) \(reason)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = address.withSocketAddress { address, length in
            var length = length
            return getsockname(fd, address, &length)
        }
        let loop: EventLoop
        do {
            loop = try EventLoop(listener: fd, limits: limits, connectionCap: connectionCap(), log: log) {
                [self] connection, request in
                lock.withLock {
                    ready.append((connection, request))
                    lock.signal()
                }
            }
        } catch {
            Glibc.close(fd)
            throw error
        }
        self.loop = loop
        allStopped.withLock { running = limits.workers + 1 }
        for index in 0..<limits.workers {
            let thread = Thread { [self] in workerLoop(loop) }
            thread.name = "locator-serve-worker-\(index)"
            thread.start()
        }
        let events = Thread { [self] in
            loop.run()
            lock.withLock {
                stopping = true
                loopEnded = true
                lock.broadcast()  // workers end once the queue is drained
            }
            threadEnded()
        }
        events.name = "locator-serve-events"
        events.start()
        return address.port
    }

    /// Stops accepting, closes connections not being answered, lets workers finish the
    /// requests they hold (and those already queued), writes their answers for up to
    /// ``Limits/stopTimeout``, and returns when every thread has ended.
    public func shutdown() {
        let first = lock.withLock { () -> Bool in
            defer { stopping = true }
            return !stopping
        }
        guard first, let loop else { return }
        loop.stop()
        allStopped.withLock {
            while running > 0 { allStopped.wait() }
        }
    }

    private func threadEnded() {
        allStopped.withLock {
            running -= 1
            allStopped.broadcast()
        }
    }

    // MARK: - Workers

    private func workerLoop(_ loop: EventLoop) {
        defer { threadEnded() }
        while true {
            let next = lock.withLock { () -> (Connection, HTTPRequest)? in
                while ready.isEmpty && !loopEnded { lock.wait() }
                return ready.isEmpty ? nil : ready.removeFirst()
            }
            guard let (connection, request) = next else { return }
            serve(connection, request, loop: loop)
        }
    }

    /// Answers a request and those the client has pipelined behind it, then hands the
    /// connection back to the event loop: to wait for the next request, to write the rest of
    /// an answer the socket did not take, or to be closed.
    private func serve(_ connection: Connection, _ first: HTTPRequest, loop: EventLoop) {
        var request = first
        while true {
            let started = DispatchTime.now().uptimeNanoseconds
            let response = handler(request)
            let keepAlive = request.keepAlive && !lock.withLock({ stopping })
            let bytes = response.serialized(keepAlive: keepAlive, includeBody: request.method != "HEAD")
            connection.setPending([UInt8](bytes), closeAfter: !keepAlive, now: DispatchTime.now().uptimeNanoseconds)
            let sent = connection.sendAvailable()
            let micros = (DispatchTime.now().uptimeNanoseconds - started) / 1000
            log(
                "\(connection.peer) \(TerminalText.printable(request.method)) \(TerminalText.printable(request.path)) \(response.status) \(response.body.count) \(micros / 1000).\(micros % 1000 / 100)ms"
            )
            guard sent else { return loop.handBack(connection, .close) }
            guard connection.isWriteComplete else { return loop.handBack(connection, .write) }
            guard keepAlive else { return loop.handBack(connection, .close) }
            connection.clearPending()
            // With other requests queued, this client's next one waits its turn behind them
            // (a client pipelining hundreds of requests may not keep a worker to itself).
            let othersWaiting = !lock.withLock({ ready.isEmpty })
            if othersWaiting { return loop.handBack(connection, .read) }
            // A busy keep-alive client usually sends its next request within a round trip:
            // with nothing else queued, wait a moment for it and answer it here, saving two
            // hand-offs through the event loop. Anything less than a whole request goes back.
            if connection.buffer.isEmpty {
                var poller = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, Self.lingerMilliseconds) > 0, poller.revents & Int16(POLLIN) != 0 {
                    guard connection.receiveAvailable(limit: limits.maxRequestBytes)
                    else { return loop.handBack(connection, .close) }
                }
            }
            guard !connection.buffer.isEmpty,
                case .request(let next) = RequestParser.next(from: connection, limits: limits)
            else { return loop.handBack(connection, .read) }
            request = next
        }
    }

    /// How long a worker with nothing else to do waits for a kept-alive client's next request.
    static let lingerMilliseconds: Int32 = 2
}

/// A server that cannot start, with a one-line reason.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
