import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// The map page's files and `/map/info` as `locator serve` answers them over HTTP: the page
/// from `Web/`, Leaflet from Debian's `libjs-leaflet` (installed by `.ci/run`), nothing else.
/// The page in a real browser is ``MapPageBrowserTests``.
@Suite struct MapPageTests {
    static let web = Fixtures.repositoryRoot.appendingPathComponent("Web")
    static let leaflet = URL(fileURLWithPath: MapSite.debianLeaflet)

    static func site(tiles: String? = nil) throws -> MapSite {
        try #require(
            FileManager.default.fileExists(atPath: leaflet.appendingPathComponent("leaflet.min.js").path),
            "Leaflet is missing: apt install libjs-leaflet (.ci/run does)")
        return try MapSite(page: web, leaflet: leaflet, tiles: tiles)
    }

    static func server(apiKey: String? = nil, site: MapSite?) throws -> (HTTPServer, UInt16) {
        let routes = GeocodeServerRoutes(task: try Fixtures.task(), apiKey: apiKey, site: site)
        let server = HTTPServer(limits: .init()) { routes.respond($0) }
        return (server, try server.start(host: "127.0.0.1", port: 0))
    }

    static func get(_ port: UInt16, _ target: String, headers: String = "") throws -> (
        status: Int, headers: String, body: String
    ) {
        try #require(
            try RawHTTP.exchange(
                port: port, "GET \(target) HTTP/1.1\r\nHost: x\r\n\(headers)Connection: close\r\n\r\n"))
    }

    static func header(_ name: String, in head: String) -> String? {
        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
            .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    @Test func thePageIsServedAtTheRootAndEveryFileItNamesIsThere() throws {
        let (server, port) = try Self.server(site: try Self.site())
        defer { server.shutdown() }
        let html = try String(contentsOf: Self.web.appendingPathComponent("index.html"), encoding: .utf8)
        for target in ["/", "/map", "/map/", "/map/index.html"] {
            let answer = try Self.get(port, target)
            #expect(answer.status == 200, "\(target)")
            #expect(answer.body == html, "\(target) is not Web/index.html")
            #expect(Self.header("Content-Type", in: answer.headers) == "text/html; charset=utf-8")
            let policy = Self.header("Content-Security-Policy", in: answer.headers) ?? ""
            #expect(policy.hasPrefix("default-src 'self'") && !policy.contains("http"), "\(policy)")
        }
        // What index.html and the scripts load, read from the files themselves.
        var targets = Set<String>()
        for file in ["index.html", "basemap.js"] {
            let text = try String(contentsOf: Self.web.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /"(\/map\/[A-Za-z0-9_.\/-]+)"/) { targets.insert(String(match.1)) }
        }
        #expect(targets.isSuperset(of: ["/map/page.js", "/map/leaflet/leaflet.js", "/map/leaflet/leaflet.css"]))
        for target in targets.sorted() {
            let answer = try Self.get(port, target)
            #expect(answer.status == 200 && !answer.body.isEmpty, "\(target): \(answer.status)")
            #expect(Self.header("X-Content-Type-Options", in: answer.headers) == "nosniff")
        }
        #expect(
            Self.header("Content-Type", in: try Self.get(port, "/map/page.js").headers)?.hasPrefix("text/javascript")
                == true)
    }

    @Test func leafletIsDebiansMinifiedBuildGzippedWhenTheClientTakesIt() throws {
        let (server, port) = try Self.server(site: try Self.site())
        defer { server.shutdown() }
        func size(_ name: String) throws -> Int {
            try #require(
                try FileManager.default.attributesOfItem(atPath: Self.leaflet.appendingPathComponent(name).path)[.size]
                    as? Int)
        }
        let plain = try Self.get(port, "/map/leaflet/leaflet.js")
        #expect(plain.status == 200 && Self.header("Content-Encoding", in: plain.headers) == nil)
        #expect(Self.header("Content-Length", in: plain.headers) == String(try size("leaflet.min.js")))
        for accept in ["gzip, deflate, br", "br;q=1.0, gzip;q=0.8"] {
            let zipped = try Self.get(port, "/map/leaflet/leaflet.js", headers: "Accept-Encoding: \(accept)\r\n")
            #expect(Self.header("Content-Encoding", in: zipped.headers) == "gzip", "\(accept)")
            #expect(Self.header("Content-Length", in: zipped.headers) == String(try size("leaflet.min.js.gz")))
        }
        let refused = try Self.get(port, "/map/leaflet/leaflet.js", headers: "Accept-Encoding: gzip;q=0\r\n")
        #expect(Self.header("Content-Encoding", in: refused.headers) == nil)
        let icon = try Self.get(port, "/map/leaflet/images/marker-icon.png")
        #expect(icon.status == 200 && Self.header("Content-Type", in: icon.headers) == "image/png")
    }

    @Test func onlyListedFilesAreServedAndNoPathLeaks() throws {
        let (server, port) = try Self.server(site: try Self.site())
        defer { server.shutdown() }
        for target in [
            "/map/../Package.swift", "/map/%2e%2e/Package.swift", "/map/leaflet/../../../../etc/passwd",
            "/map/nothing.js", "/map/leaflet/leaflet.js.map", "/map/leaflet/leaflet.min.js.gz", "/map/.git/config",
            "/index.html",
        ] {
            let answer = try Self.get(port, target)
            #expect(answer.status == 404, "\(target): \(answer.status)")
            #expect(!answer.body.contains("/work") && !answer.body.contains("/usr") && !answer.body.contains("root:"))
            let json = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            #expect((json?["error"] as? [String: Any])?["code"] as? Int == 404, "\(target)")
        }
    }

    @Test func infoGivesTheCoverageOfTheTableTheViewAndTheAttribution() throws {
        let (server, port) = try Self.server(site: try Self.site())
        defer { server.shutdown() }
        let answer = try Self.get(port, "/map/info")
        let info = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
        #expect(info["attribution"] as? String == "© OpenStreetMap contributors, GeoNames")
        #expect(info["leaflet"] as? Bool == true)
        #expect(info["tiles"] is NSNull)
        // The truth, from the coverage table itself: the default extract's POIs lie in one area
        // of touching cells, so the view is the extent of all its POI cells.
        let db = try SQLiteConnection(path: try Fixtures.defaultGazetteerURL().path)
        var truth: [Double] = []
        var kinds: Set<String> = []
        try db.statement(
            "SELECT min(min_lon), min(min_lat), max(max_lon), max(max_lat) FROM coverage WHERE kind = 'POI'"
        ).forEachRow { truth = [$0.double(0), $0.double(1), $0.double(2), $0.double(3)] }
        try db.statement("SELECT DISTINCT kind FROM coverage").forEachRow { kinds.insert($0.text(0)) }
        let view = try #require(info["view"] as? [String: Double])
        let got = [view["xmin"], view["ymin"], view["xmax"], view["ymax"]].compactMap { $0 }
        #expect(got.count == 4 && zip(got, truth).allSatisfy { abs($0 - $1) < 1e-6 }, "\(got) vs \(truth)")
        let features = try #require((info["coverage"] as? [String: Any])?["features"] as? [[String: Any]])
        let featureKinds = Set(features.compactMap { ($0["properties"] as? [String: Any])?["kind"] as? String })
        #expect(featureKinds == kinds && kinds.contains("POI"))
        let ring = try #require(
            ((features.first?["geometry"] as? [String: Any])?["coordinates"] as? [[[Double]]])?.first)
        #expect(ring.count == 5 && ring.first == ring.last)
    }

    @Test func theTokenGuardsTheDataButNotThePageItself() throws {
        let (server, port) = try Self.server(apiKey: "sesame", site: try Self.site())
        defer { server.shutdown() }
        #expect(try Self.get(port, "/").status == 200)
        for target in ["/map/info", "/map/streets?bbox=24.93,60.16,24.94,60.17"] {
            let denied = try Self.get(port, target)
            #expect(denied.body.contains("\"code\":499"), "\(target): \(denied.body)")
        }
        #expect(try Self.get(port, "/map/info?token=sesame").body.contains("\"coverage\""))
    }

    @Test func tilesMustBeAURLTemplateAndTheirServerIsAllowedByThePolicy() throws {
        for bad in ["ftp://tiles/{z}/{x}/{y}.png", "http://tiles/{z}/{x}.png", "tiles/{z}/{x}/{y}"] {
            #expect {
                _ = try MapSite(page: Self.web, leaflet: nil, tiles: bad)
            } throws: { error in
                let message = (error as? LocatorError)?.message ?? ""
                return message.hasPrefix("--tiles must be") && !message.contains("\n")
            }
        }
        let site = try Self.site(tiles: "http://127.0.0.1:8090/{z}/{x}/{y}.png")
        #expect(site.contentSecurityPolicy.contains("img-src 'self' data: http://127.0.0.1:8090;"))
        let (server, port) = try Self.server(site: site)
        defer { server.shutdown() }
        let info = try Self.get(port, "/map/info").body
        #expect(
            info.contains(#""tiles":"http:\/\/127.0.0.1:8090\/{z}\/{x}\/{y}.png""#)
                || info.contains(#""tiles":"http://127.0.0.1:8090/{z}/{x}/{y}.png""#), "\(info.prefix(300))")
    }

    @Test func withoutThePageOrLeafletTheServiceStillAnswers() throws {
        let empty = try Fixtures.temporaryDirectory()
        #expect {
            _ = try MapSite(page: empty, leaflet: nil)
        } throws: { error in
            ((error as? LocatorError)?.message ?? "").contains("index.html")
        }
        let noLeaflet = try MapSite(page: Self.web, leaflet: empty)
        #expect(!noLeaflet.hasLeaflet)
        let (server, port) = try Self.server(site: nil)
        defer { server.shutdown() }
        let root = try Self.get(port, "/")
        #expect(root.status == 404 && root.body.contains("no map page"))
        #expect(try Self.get(port, "\(GeocodeServerRoutes.servicePath)?f=json").status == 200)
    }
}
