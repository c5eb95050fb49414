import Foundation
import LocatorServer

@testable import OpenLocator

/// A scripted HTTP server on 127.0.0.1 (an ephemeral port) for tests of the remote backend:
/// `locator serve`'s ``HTTPServer`` with a handler the test writes, every request recorded.
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
        /// Seconds to wait before answering (a slow server); `stop()` cuts the wait short.
        var delay: TimeInterval = 0

        static func json(_ body: String, status: Int = 200) -> Response { Response(status: status, body: body) }
    }

    let port: UInt16
    private let server: HTTPServer
    private let log = RequestLog()
    private let stopping = StopSignal()

    /// The base URL of the World GeocodeServer path on this server.
    var serviceURL: URL { URL(string: "http://127.0.0.1:\(port)/arcgis/rest/services/World/GeocodeServer")! }

    /// Every request so far, in arrival order.
    var requests: [Request] { log.all }

    init(handler: @escaping @Sendable (Request) -> Response) throws {
        let log = self.log
        let stopping = self.stopping
        server = HTTPServer(limits: HTTPServer.Limits()) { http in
            let request = Request(
                method: http.method, path: http.path, headers: http.headers,
                body: String(decoding: http.body, as: UTF8.self), parameters: GeocodeServerRoutes.parameters(http))
            log.append(request)
            let response = handler(request)
            if response.delay > 0 { stopping.wait(seconds: response.delay) }
            var answer = HTTPResponse.json(response.body, status: response.status)
            answer.headers += response.headers
            return answer
        }
        port = try server.start(host: "127.0.0.1", port: 0)
    }

    /// Stops accepting, cuts slow answers short and waits for the requests in flight.
    func stop() {
        stopping.signal()
        server.shutdown()
    }

    deinit { stop() }
}

/// The requests a stub has seen. `@unchecked Sendable`: guarded by `lock`.
private final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [StubHTTPServer.Request] = []
    var all: [StubHTTPServer.Request] { lock.withLock { requests } }
    func append(_ request: StubHTTPServer.Request) { lock.withLock { requests.append(request) } }
}

/// Lets a slow answer wait until its delay passes or the stub stops, whichever comes first,
/// so a test can use a delay far longer than any scheduling hiccup without waiting it out.
/// `@unchecked Sendable`: guarded by `condition`.
private final class StopSignal: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false

    func wait(seconds: TimeInterval) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !stopped && condition.wait(until: deadline) {}
    }

    func signal() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
