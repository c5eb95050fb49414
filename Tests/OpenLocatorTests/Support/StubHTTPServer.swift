import Foundation

@testable import OpenLocator

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for tests of the remote backend:
/// one request per connection, answered by a handler, every request recorded. Its accept
/// loop polls a stop flag, so it ends within 100 ms of ``stop()``.
final class StubHTTPServer: @unchecked Sendable {
    struct Request: Sendable {
        var method: String
        /// The path without the query ("/arcgis/rest/services/World/GeocodeServer/suggest").
        var path: String
        /// Header names lowercased.
        var headers: [String: String]
        var body: String
        /// Query and form-body parameters together.
        var parameters: WireParameters
        /// The last path component: the operation ("suggest"), or "GeocodeServer" for the root.
        var operation: String { path.split(separator: "/").last.map(String.init) ?? "" }
    }

    struct Response: Sendable {
        var status = 200
        var body: String
        var headers: [(String, String)] = []
        /// Seconds to wait before answering (a slow server).
        var delay: TimeInterval = 0

        static func json(_ body: String, status: Int = 200) -> Response { Response(status: status, body: body) }
    }

    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Response
    private let lock = NSLock()
    private var recorded: [Request] = []
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    /// The base URL of the World GeocodeServer path on this server.
    var serviceURL: URL { URL(string: "http://127.0.0.1:\(port)/arcgis/rest/services/World/GeocodeServer")! }

    /// Every request so far, in arrival order.
    var requests: [Request] { lock.withLock { recorded } }

    init(handler: @escaping @Sendable (Request) -> Response) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StubError.socket("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw StubError.socket("bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    enum StubError: Error { case socket(String) }

    /// Stops accepting and waits for the accept loop to end.
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        finished.wait()
        close(listener)
    }

    deinit { stop() }

    private func acceptLoop() {
        defer { finished.signal() }
        while !lock.withLock({ stopped }) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            DispatchQueue.global().async { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            data.append(contentsOf: buffer[0..<count])
            headerEnd = data.range(of: Data("\r\n\r\n".utf8))
            if data.count > 1 << 20 { return }
        }
        let head = String(decoding: data[..<headerEnd!.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        var body = data[headerEnd!.upperBound...]
        while body.count < length {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            body.append(contentsOf: buffer[0..<count])
        }
        let bodyText = String(decoding: body, as: UTF8.self)
        let target = String(requestLine[1])
        let path = String(target.prefix { $0 != "?" })
        let query = target.contains("?") ? String(target[target.index(after: target.firstIndex(of: "?")!)...]) : ""
        let form = (headers["content-type"] ?? "").contains("x-www-form-urlencoded") ? bodyText : ""
        let parameters = WireParameters(
            WireParameters(formEncoded: query).pairs.map { ($0.name, $0.value) }
                + WireParameters(formEncoded: form).pairs.map { ($0.name, $0.value) })
        let request = Request(
            method: String(requestLine[0]), path: path, headers: headers, body: bodyText, parameters: parameters)
        lock.withLock { recorded.append(request) }
        let response = handler(request)
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        let payload = Data(response.body.utf8)
        var text = "HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Status")\r\n"
        text +=
            "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(payload.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        let bytes = Data((text + "\r\n").utf8) + payload
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }
}
