import Foundation
import LocatorServer
import OpenLocator

/// `locator serve`: an ArcGIS-compatible GeocodeServer over a gazetteer.
enum ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Serve a gazetteer as an ArcGIS REST GeocodeServer over HTTP."
    static let spec = CommandLineArguments.Spec(
        options: ["host", "port", "gazetteer", "workers", "api-key"], maxPositionals: 0)
    static let help = """
        OVERVIEW: \(abstract)

        USAGE: locator serve [--host 127.0.0.1] [--port 8080] [--gazetteer PATH] [--workers N]
                             [--api-key KEY]

        Serves \(GeocodeServerRoutes.servicePath) with findAddressCandidates,
        reverseGeocode, suggest and geocodeAddresses (GET or form POST, f=json|pjson, geojson for
        candidates), the root resource (?f=json) and /health, so ArcGIS SDKs (LocatorTask(url:)),
        esri-leaflet, geopy's ArcGIS geocoder and 'locator --service' can use it by URL.

        OPTIONS:
          --host ADDRESS          The IPv4 address to listen on (default: 127.0.0.1; 0.0.0.0 for all).
          --port N                The port (default: 8080; 0 picks a free one).
          --gazetteer PATH        Serve this gazetteer instead of the default one.
          --workers N             Threads answering requests, 1 to 256 (default: twice the cores, at least 4).
          --api-key KEY           Require this key as the token parameter or a Bearer header
                                  (also LOCATOR_SERVE_API_KEY); without it 499, wrong 498.
          -h, --help              Show help information.

        One access-log line per request goes to stderr (no query strings, so no tokens).
        Ctrl-C or SIGTERM stops accepting, finishes the requests in flight, and exits 0.

        EXAMPLES:
          locator serve --port 8080
          curl 'http://127.0.0.1:8080\(GeocodeServerRoutes.servicePath)/findAddressCandidates?singleLine=coffee&location=24.9384,60.1699&f=pjson'

        \(attributionHelp)
        """

    /// The running server, for the signal handler's graceful shutdown.
    nonisolated(unsafe) static var running: HTTPServer?

    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        let host = arguments.value("host") ?? "127.0.0.1"
        let port =
            try arguments.value("port").map {
                UInt16(try ArgumentValues.integer($0, option: "--port", range: 0...65535))
            } ?? 8080
        var limits = HTTPServer.Limits()
        if let workers = arguments.value("workers") {
            limits.workers = try ArgumentValues.integer(workers, option: "--workers", range: 1...256)
        }
        // An empty --api-key is most likely an unset shell variable: refuse it rather than serve
        // without the token the operator meant to require. An empty environment variable is unset.
        let givenKey = arguments.value("api-key")
        if let givenKey, givenKey.allSatisfy(\.isWhitespace) {
            throw LocatorError(
                .invalidParameter, "--api-key is empty: give the key, or leave the option out to serve without one")
        }
        let apiKey =
            givenKey ?? ProcessInfo.processInfo.environment["LOCATOR_SERVE_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        let task = try locatorTask(arguments)
        _ = try await task.locatorInfo  // open and check the gazetteer before listening
        let routes = GeocodeServerRoutes(task: task, apiKey: apiKey)
        let server = HTTPServer(limits: limits, log: AccessLog.write) { routes.respond($0) }
        let bound: UInt16
        do {
            bound = try server.start(host: host, port: port)
        } catch let error as ServerError {
            throw LocatorError(.invalidParameter, "cannot listen: \(error.description)")
        }
        running = server
        Output.diagnostic(
            "serving http://\(host):\(bound)\(GeocodeServerRoutes.servicePath) with \(limits.workers) workers\(apiKey == nil ? "" : " (token required)")"
        )
        while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
    }
}
