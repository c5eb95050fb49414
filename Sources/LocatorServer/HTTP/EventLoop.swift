import CLinux
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one thread that does every socket wait of `locator serve`: it accepts, reads requests
/// as their bytes come, writes answers to clients that read slowly, and enforces the
/// deadlines and connection caps. Workers only ever get a whole request, so no client,
/// however slow, idle or numerous, holds a worker.
///
/// Every connection is armed in epoll one-shot, for reading or for writing, while the loop
/// owns it; a worker hands it back through ``handBack(_:)``.
final class EventLoop: @unchecked Sendable {
    /// What a worker hands back with a connection.
    enum Return {
        /// Wait for its next request (the buffer may hold part of it).
        case read
        /// Write the connection's `pending` answer, which the socket did not take at once.
        case write
        case close
    }

    private let limits: HTTPServer.Limits
    private let listener: Int32
    private let epoll: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let dispatch: (Connection, HTTPRequest) -> Void
    private let log: @Sendable (String) -> Void
    private let connectionCap: Int

    // Shared with workers and shutdown, under `lock`.
    private let lock = NSLock()
    private var returned: [(Connection, Return)] = []
    private var stopRequested = false
    private var ended = false

    // The loop thread's own.
    private var connections: [Int32: Connection] = [:]
    private var perPeer: [String: Int] = [:]
    private var stopDeadline: UInt64?
    private var lastSweep: UInt64 = 0

    init(
        listener: Int32, limits: HTTPServer.Limits, connectionCap: Int, log: @escaping @Sendable (String) -> Void,
        dispatch: @escaping (Connection, HTTPRequest) -> Void
    ) throws {
        self.listener = listener
        self.limits = limits
        self.connectionCap = connectionCap
        self.log = log
        self.dispatch = dispatch
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw ServerError("cannot create an epoll instance (errno \(errno))") }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            Glibc.close(epoll)
            throw ServerError("cannot make a wake-up pipe (errno \(errno))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        register(listener, events: EPOLLIN.rawValue, op: EPOLL_CTL_ADD)
        register(wakeRead, events: EPOLLIN.rawValue, op: EPOLL_CTL_ADD)
    }

    /// A worker gives a connection back (or, once the loop has ended, closes it itself).
    func handBack(_ connection: Connection, _ what: Return) {
        let loopEnded = lock.withLock { () -> Bool in
            if !ended { returned.append((connection, what)) }
            return ended
        }
        if loopEnded {
            Glibc.close(connection.fd)
        } else {
            wake()
        }
    }

    /// Stops accepting; the loop ends once the answers in progress are written, or after
    /// ``HTTPServer/Limits/stopTimeout``.
    func stop() {
        lock.withLock { stopRequested = true }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private static func nanoseconds(_ seconds: TimeInterval) -> UInt64 { UInt64(min(max(0, seconds), 1e6) * 1e9) }

    /// Nanoseconds from `start` to `now`; 0 when a worker's clock read came after the loop's.
    private static func elapsed(_ start: UInt64, _ now: UInt64) -> UInt64 { now > start ? now - start : 0 }

    // MARK: - The loop

    func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        while true {
            let count = epoll_wait(epoll, &events, Int32(events.count), 250)
            let now = Self.now()
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                let fd = Int32(truncatingIfNeeded: event.data.u64)
                if fd == listener {
                    if stopDeadline == nil { acceptAll(now: now) }
                } else if fd == wakeRead {
                    drainWake()
                } else if let connection = connections[fd] {
                    handle(connection, events: event.events, now: now)
                }
            }
            takeReturned(now: now)
            if lock.withLock({ stopRequested }), stopDeadline == nil { beginStop(now: now) }
            if Self.elapsed(lastSweep, now) > 250_000_000 {
                lastSweep = now
                sweepDeadlines(now: now)
            }
            // Stopping ends once every answer in progress is written, or at the stop deadline.
            if let stopDeadline, connections.isEmpty || now > stopDeadline {
                finish()
                return
            }
        }
    }

    private func drainWake() {
        var sink = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &sink, sink.count) > 0 {}
    }

    private func takeReturned(now: UInt64) {
        let back = lock.withLock { () -> [(Connection, Return)] in
            defer { returned.removeAll() }
            return returned
        }
        for (connection, what) in back {
            switch what {
            case .close: close(connection)
            case .write: startWriting(connection, now: now)
            case .read:
                connection.state = .reading
                connection.lastActive = now
                connection.requestStarted = connection.buffer.isEmpty ? nil : (connection.requestStarted ?? now)
                if stopDeadline != nil {
                    close(connection)  // stopping: no further requests on it
                } else {
                    advance(connection, now: now)
                }
            }
        }
    }

    private func handle(_ connection: Connection, events: UInt32, now: UInt64) {
        switch connection.state {
        case .working: return  // not armed while a worker has it
        case .writing:
            guard connection.sendAvailable() else { return close(connection) }
            finishWriteIfDone(connection, now: now)
        case .reading:
            let open = connection.receiveAvailable(limit: limits.maxRequestBytes)
            if !connection.buffer.isEmpty, connection.requestStarted == nil { connection.requestStarted = now }
            if open { return advance(connection, now: now) }
            // The client closed its side: a whole request it sent first is still answered.
            guard !connection.buffer.isEmpty,
                case .request(var request) = RequestParser.next(from: connection, limits: limits)
            else { return close(connection) }
            request.keepAlive = false
            connection.state = .working
            dispatch(connection, request)
        }
    }

    /// Hands a whole request to a worker, refuses a bad one, or waits for more bytes.
    private func advance(_ connection: Connection, now: UInt64) {
        guard !connection.buffer.isEmpty else { return arm(connection, EPOLLIN.rawValue) }
        switch RequestParser.next(from: connection, limits: limits) {
        case .incomplete:
            arm(connection, EPOLLIN.rawValue)
        case .failed(let status, let message):
            refuse(connection, status: status, message: message, now: now)
        case .request(let request):
            connection.state = .working
            connection.requestStarted = nil
            dispatch(connection, request)
        }
    }

    /// Answers with an error status and closes once it is written.
    private func refuse(_ connection: Connection, status: Int, message: String, now: UInt64) {
        let response = HTTPResponse.json(
            #"{"error":{"code":\#(status),"message":"\#(message)","details":[]}}"#, status: status)
        connection.buffer.removeAll()
        connection.setPending([UInt8](response.serialized(keepAlive: false)), closeAfter: true, now: now)
        log("\(connection.peer) - - \(status) \(response.body.count) 0.0ms")
        startWriting(connection, now: now)
    }

    private func startWriting(_ connection: Connection, now: UInt64) {
        connection.state = .writing
        if connection.writeStarted == 0 { connection.writeStarted = now }
        guard connection.sendAvailable() else { return close(connection) }
        finishWriteIfDone(connection, now: now)
    }

    private func finishWriteIfDone(_ connection: Connection, now: UInt64) {
        guard connection.isWriteComplete else { return arm(connection, EPOLLOUT.rawValue) }
        connection.clearPending()
        if connection.closeAfterWrite || stopDeadline != nil { return close(connection) }
        connection.state = .reading
        connection.lastActive = now
        advance(connection, now: now)
    }

    // MARK: - Accepting

    private func acceptAll(now: UInt64) {
        while true {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            guard fd >= 0 else {
                if errno == EMFILE || errno == ENFILE { makeRoom(now: now) }  // out of files
                return
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            let peer = ListenAddress.text(of: &address)
            // One peer may not take every connection: over its cap, its newest is refused.
            if perPeer[peer, default: 0] >= limits.maxConnectionsPerPeer {
                Glibc.close(fd)
                continue
            }
            if connections.count >= connectionCap, !makeRoom(now: now) {
                Glibc.close(fd)
                continue
            }
            var yes: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            let connection = Connection(fd: fd, peer: peer, now: now)
            connections[fd] = connection
            perPeer[peer, default: 0] += 1
            register(fd, events: EPOLLIN.rawValue | EPOLLONESHOT.rawValue, op: EPOLL_CTL_ADD)
        }
    }

    /// Closes one connection to let a newcomer in: the one idle longest (idle ones cost no
    /// worker, so they may not lock newcomers out), else the one that has spent longest, over
    /// ``slowSender``, sending its request (a real client sends one in milliseconds, a
    /// trickling one would hold its place until its deadline). False when none may go.
    @discardableResult
    private func makeRoom(now: UInt64) -> Bool {
        var oldestIdle: Connection?
        var slowest: (connection: Connection, started: UInt64)?
        for connection in connections.values where connection.state == .reading {
            if let started = connection.requestStarted {
                if started < (slowest?.started ?? .max) { slowest = (connection, started) }
            } else if connection.buffer.isEmpty, connection.lastActive < (oldestIdle?.lastActive ?? .max) {
                oldestIdle = connection
            }
        }
        if let oldestIdle {
            close(oldestIdle)
            return true
        }
        guard let slowest, Self.elapsed(slowest.started, now) > Self.nanoseconds(Self.slowSender) else {
            return false
        }
        close(slowest.connection)
        return true
    }

    /// How long sending a request may take before, at the connection cap, it makes room.
    static let slowSender: TimeInterval = 1

    // MARK: - Deadlines and stopping

    private func sweepDeadlines(now: UInt64) {
        let header = Self.nanoseconds(limits.headerTimeout)
        let whole = Self.nanoseconds(limits.readTimeout)
        let idle = Self.nanoseconds(limits.idleTimeout)
        let writing = Self.nanoseconds(limits.writeTimeout)
        for connection in Array(connections.values) {
            switch connection.state {
            case .working: continue
            case .writing:
                if Self.elapsed(connection.writeStarted, now) > writing { close(connection) }  // it will not read
            case .reading:
                if let started = connection.requestStarted {
                    let headComplete = RequestParser.find([13, 10, 13, 10], in: connection.buffer) != nil
                    let taken = Self.elapsed(started, now)
                    if taken > whole || (!headComplete && taken > header) {
                        refuse(connection, status: 408, message: "The request took too long.", now: now)
                    }
                } else if Self.elapsed(connection.lastActive, now) > idle {
                    close(connection)
                }
            }
        }
    }

    /// Stops accepting and drops every connection not being answered; answers in progress go on.
    private func beginStop(now: UInt64) {
        stopDeadline = now + Self.nanoseconds(limits.stopTimeout)
        epoll_ctl(epoll, EPOLL_CTL_DEL, listener, nil)
        Glibc.close(listener)  // new clients are refused from now on
        for connection in Array(connections.values) where connection.state == .reading { close(connection) }
    }

    private func finish() {
        let late = lock.withLock { () -> [(Connection, Return)] in
            ended = true  // from now on workers close what they finish
            defer { returned.removeAll() }
            return returned
        }
        for (connection, _) in late { close(connection) }
        for connection in Array(connections.values) where connection.state != .working { close(connection) }
        Glibc.close(epoll)
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    private func arm(_ connection: Connection, _ events: UInt32) {
        register(connection.fd, events: events | EPOLLONESHOT.rawValue, op: EPOLL_CTL_MOD)
    }

    private func register(_ fd: Int32, events: UInt32, op: Int32) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = UInt64(UInt32(bitPattern: fd))
        epoll_ctl(epoll, op, fd, &event)
    }

    private func close(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        let left = perPeer[connection.peer, default: 1] - 1
        perPeer[connection.peer] = left > 0 ? left : nil
        Glibc.close(connection.fd)
    }
}
