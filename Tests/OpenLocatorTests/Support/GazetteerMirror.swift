import Foundation
import LocatorServer

@testable import OpenLocator

/// `locator serve`'s server on 127.0.0.1 (an ephemeral port) over the default gazetteer.
final class GazetteerMirror: @unchecked Sendable {
    let server: HTTPServer
    let port: UInt16

    var serviceURL: URL { URL(string: "http://127.0.0.1:\(port)\(GeocodeServerRoutes.servicePath)")! }

    init(apiKey: String? = nil, limits: HTTPServer.Limits = HTTPServer.Limits()) throws {
        let routes = GeocodeServerRoutes(task: try Fixtures.task(), apiKey: apiKey)
        server = HTTPServer(limits: limits) { routes.respond($0) }
        port = try server.start(host: "127.0.0.1", port: 0)
    }

    static func start(apiKey: String? = nil, limits: HTTPServer.Limits = HTTPServer.Limits()) throws -> GazetteerMirror
    {
        try GazetteerMirror(apiKey: apiKey, limits: limits)
    }

    func stop() { server.shutdown() }
}
