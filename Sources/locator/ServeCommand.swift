import Foundation
import LocatorServer
import OpenLocator

/// `locator serve`: an ArcGIS-compatible GeocodeServer over a gazetteer.
enum ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Serve a gazetteer as an ArcGIS REST GeocodeServer over HTTP."
    static let spec = CommandLineArguments.Spec(
        options: [
            "host", "port", "gazetteer", "workers", "api-key", "api-key-file", "access-log", "request-timeout",
            "connections-per-peer", "leaflet", "tiles",
        ],
        maxPositionals: 0)
    static let help = """
        OVERVIEW: \(abstract)

        USAGE: locator serve [--host 127.0.0.1] [--port 8080] [--gazetteer PATH] [--workers N]
                             [--api-key-file PATH | --api-key KEY] [--access-log PATH]
                             [--request-timeout SECONDS] [--connections-per-peer N]
                             [--leaflet DIR] [--tiles URL-TEMPLATE]

        Serves \(GeocodeServerRoutes.servicePath) with findAddressCandidates,
        reverseGeocode, suggest and geocodeAddresses (GET or form POST, f=json|pjson, geojson for
        candidates), the root resource (?f=json) and /health, so ArcGIS SDKs (LocatorTask(url:)),
        esri-leaflet, geopy's ArcGIS geocoder and 'locator --service' can use it by URL.
        A browser at / (or /map) gets the Find places map: search with suggestions, the five
        categories of the tutorial, a click for the address; the streets are drawn from the
        gazetteer itself, so it works offline.

        OPTIONS:
          --host ADDRESS          The address or host name to listen on: IPv4, IPv6 (::1, [::1]) or a name
                                  such as localhost (default: 127.0.0.1; 0.0.0.0 or :: for all).
          --port N                The port (default: 8080; 0 picks a free one).
          --gazetteer PATH        Serve this gazetteer instead of the default one.
          --workers N             Threads answering requests, 1 to 256 (default: twice the cores, at least 4).
          --api-key-file PATH     Require the key in this file (its first line) as the token
                                  parameter or a Bearer header; without it 499, wrong 498.
          --api-key KEY           The same with the key itself, which other users see in ps;
                                  or set LOCATOR_API_KEY (LOCATOR_SERVE_API_KEY also works).
          --request-timeout S     Seconds of work one request may take, 0.1 to 600 (default: 5);
                                  over it, an ArcGIS error. Half the workers (at least one)
                                  may answer geocodeAddresses at once; more get 503.
          --connections-per-peer N
                                  Open connections one client address may hold, 1 to 4096
                                  (default: 256; 4,096 in all); more are refused. Behind a
                                  proxy every request comes from its address: allow its pool.
          --leaflet DIR           Leaflet for the map page (default: \(MapSite.debianLeaflet),
                                  where 'apt install libjs-leaflet' puts it); without it the
                                  page is a search form and a list.
          --tiles URL-TEMPLATE    Add a raster tile layer under the streets, e.g.
                                  http://127.0.0.1:8090/{z}/{x}/{y}.png (the page then loads tiles from it).
          --access-log PATH       Append the access log to this file, reopened on SIGHUP
                                  (logrotate's habit), instead of stderr.
          -h, --help              Show help information.

        A new gazetteer renamed over the served one (locator build --out does that) is opened,
        checked and swapped in within 2 s (at once on SIGHUP): each answer comes wholly from
        one file. One access-log line per request goes to stderr or --access-log (no query strings, so no
        tokens). The log never holds up an answer: while its reader stalls, lines are dropped and
        the log later says how many. Ctrl-C or SIGTERM stops accepting, finishes the requests in
        flight, and exits 0.

        EXAMPLES:
          locator serve --port 8080
          curl 'http://127.0.0.1:8080\(GeocodeServerRoutes.servicePath)/findAddressCandidates?singleLine=coffee&location=24.9384,60.1699&f=pjson'

        \(attributionHelp)
        """

    /// The running server and its log, for the signal handler's graceful shutdown.
    nonisolated(unsafe) static var running: (server: HTTPServer, log: AccessLog)?
    nonisolated(unsafe) private static var hangUpHandler: (any DispatchSourceSignal)?

    /// Stops a running server (finishing the requests in flight, writing out the log);
    /// false when none runs.
    static func stop() -> Bool {
        guard let (server, log) = running else { return false }
        server.shutdown()
        log.flush()
        return true
    }

    /// The key from --api-key-file, --api-key, LOCATOR_API_KEY or LOCATOR_SERVE_API_KEY.
    /// An empty key is most likely an unset shell variable or an empty file: refuse it rather
    /// than serve without the token the operator meant to require. An empty variable is unset.
    static func apiKey(_ arguments: CommandLineArguments) throws -> String? {
        if let path = arguments.value("api-key-file") {
            guard arguments.value("api-key") == nil else {
                throw LocatorError(.invalidParameter, "give --api-key-file or --api-key, not both")
            }
            let text: String
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw LocatorError(.invalidParameter, "cannot read --api-key-file \(path): \(Self.reason(error))")
            }
            let key = text.split(whereSeparator: \.isNewline).first.map { String($0).trimmedSpaces } ?? ""
            guard !key.isEmpty else { throw LocatorError(.invalidParameter, "--api-key-file \(path) holds no key") }
            return key
        }
        if let given = arguments.value("api-key") {
            guard !given.allSatisfy(\.isWhitespace) else {
                throw LocatorError(
                    .invalidParameter, "--api-key is empty: give the key, or leave the option out to serve without one")
            }
            return given
        }
        let environment = ProcessInfo.processInfo.environment
        return (environment["LOCATOR_API_KEY"] ?? environment["LOCATOR_SERVE_API_KEY"]).flatMap {
            $0.isEmpty ? nil : $0
        }
    }

    /// The cause of a file error in a few words ("No such file or directory").
    static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
    }

    /// The map page, with Leaflet from --leaflet or Debian's folder. A missing page or Leaflet
    /// is said on stderr and the service is served anyway; a bad --tiles is an error.
    static func mapSite(_ arguments: CommandLineArguments) throws -> MapSite? {
        let leaflet = URL(fileURLWithPath: arguments.value("leaflet") ?? MapSite.debianLeaflet, isDirectory: true)
        let site: MapSite
        do {
            site = try MapSite(page: MapSite.pageFolder.url, leaflet: leaflet, tiles: arguments.value("tiles"))
        } catch let error as LocatorError where !error.message.hasPrefix("--tiles") {
            Output.diagnostic("Warning: no map page at /: \(error.message)")
            return nil
        }
        if !site.hasLeaflet {
            Output.diagnostic(
                "Warning: no Leaflet in \(leaflet.path) (leaflet.min.js and leaflet.css, as Debian's libjs-leaflet installs them): the page at / is a search form without a map; 'apt install libjs-leaflet' (or --leaflet DIR) adds the map"
            )
        }
        return site
    }

    /// Calls `action` on each SIGHUP.
    private static func onHangUp(_ action: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        source.setEventHandler(handler: action)
        source.resume()
        return source
    }

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
        if let perPeer = arguments.value("connections-per-peer") {
            limits.maxConnectionsPerPeer = try ArgumentValues.integer(
                perPeer, option: "--connections-per-peer", range: 1...4096)
        }
        let apiKey = try Self.apiKey(arguments)
        let log: AccessLog
        do {
            log = try arguments.value("access-log").map { try AccessLog(path: $0) } ?? AccessLog()
        } catch let error as ServerError {
            throw LocatorError(.invalidParameter, error.description)
        }
        let task = try locatorTask(arguments)
        _ = try await task.locatorInfo  // open and check the gazetteer before listening
        let timeout =
            try arguments.value("request-timeout").map {
                try ArgumentValues.number($0, option: "--request-timeout", range: 0.1...600)
            } ?? 5
        let routes = GeocodeServerRoutes(
            task: task, apiKey: apiKey, requestTimeout: timeout, concurrentBatches: max(1, limits.workers / 2),
            site: try mapSite(arguments))
        let server = HTTPServer(limits: limits, log: log.write) { routes.respond($0) }
        let bound: UInt16
        do {
            bound = try server.start(host: host, port: port)
        } catch let error as ServerError {
            throw RuntimeError("cannot listen: \(error.description)")
        }
        running = (server, log)
        let watcher = GazetteerWatcher(task: task)
        hangUpHandler = Self.onHangUp {
            log.reopen()
            watcher.check()
        }
        watcher.start()
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host  // an IPv6 address
        Output.diagnostic(
            "serving http://\(shown):\(bound)\(GeocodeServerRoutes.servicePath)\(routes.site == nil ? "" : " and the map at http://\(shown):\(bound)/") with \(limits.workers) workers\(apiKey == nil ? "" : " (token required)")"
        )
        while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
    }
}

/// Swaps in a gazetteer renamed over the served one: checked every 2 s and on SIGHUP.
final class GazetteerWatcher: @unchecked Sendable {
    private let task: LocatorTask
    private let lock = NSLock()
    private var lastProblem: String?
    private var timer: (any DispatchSourceTimer)?

    init(task: LocatorTask) { self.task = task }

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 2, repeating: 2)
        timer.setEventHandler { [self] in check() }
        timer.resume()
        self.timer = timer
    }

    /// Swaps in a new file if there is one; says so, or why not (once per reason), on stderr.
    func check() {
        lock.withLock {
            do {
                if try task.reloadGazetteerIfReplaced() {
                    lastProblem = nil
                    Output.diagnostic("a new gazetteer was renamed over the served one: now serving it")
                }
            } catch let error as LocatorError {
                if error.message != lastProblem {
                    lastProblem = error.message
                    Output.diagnostic("Error: the new gazetteer is not served (the old one still is): \(error.message)")
                }
            } catch {}
        }
    }
}
