import Foundation
import OpenLocator

/// The map page of `locator serve`: the page's own files (HTML, CSS and JS kept in `Web/`) and
/// Leaflet from Debian's `libjs-leaflet`, read into memory once at start, so a request can only
/// ever get one of the files listed here, never a path it made up.
///
/// ```swift
/// let site = try MapSite(page: MapSite.pageFolder.url, leaflet: URL(fileURLWithPath: MapSite.debianLeaflet))
/// let routes = GeocodeServerRoutes(task: task, site: site)
/// ```
public struct MapSite: Sendable {
    /// One file as served: its bytes, and Debian's gzipped copy when there is one.
    struct File: Sendable {
        var contentType: String
        var body: Data
        var gzipped: Data?
    }

    /// Where Debian's `libjs-leaflet` installs Leaflet.
    public static let debianLeaflet = "/usr/share/javascript/leaflet"
    /// How the page's files are found: `$OPENLOCATOR_WEB`, `share/openlocator/web` beside an
    /// installed program, or `Web/` in the checkout.
    package static let pageFolder = InstalledFolder(
        variable: "OPENLOCATOR_WEB", installed: "web", checkout: "Web", marker: "index.html")
    /// Where the page's files are served, and Leaflet's below it.
    static let root = "/map/"
    static let leafletRoot = "/map/leaflet/"

    /// URL path → file.
    let files: [String: File]
    /// Whether Leaflet was found (without it the page is a search form and a list).
    public let hasLeaflet: Bool
    /// A raster tile layer the page adds under the streets (`https://…/{z}/{x}/{y}.png`).
    public let tiles: String?

    /// Reads the page from `page` and Leaflet from `leaflet` (`nil` or a folder without
    /// `leaflet.js`: no map, and the page says how to get one).
    /// - Throws: ``LocatorError`` when `page` lacks `index.html`, or `tiles` is not an
    ///   http(s) URL template with `{z}`, `{x}` and `{y}`.
    public init(page: URL, leaflet: URL?, tiles: String? = nil) throws {
        var files: [String: File] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: page.path)) ?? []
        for name in names.sorted() {
            guard let type = Self.contentType(name),
                let body = FileManager.default.contents(atPath: page.appendingPathComponent(name).path)
            else { continue }
            files[Self.root + name] = File(contentType: type, body: body)
        }
        guard let index = files[Self.root + "index.html"] else {
            throw LocatorError(
                .invalidParameter,
                "the map page's files are missing (no index.html in \(page.path)); set OPENLOCATOR_WEB to the Web folder of the source, or reinstall (docs/install.md)"
            )
        }
        for path in ["/", "/map"] { files[path] = index }
        var hasLeaflet = false
        if let leaflet {
            // The minified build, served under the plain name the page asks for.
            let wanted =
                [("leaflet.js", "leaflet.min.js"), ("leaflet.css", "leaflet.css")]
                + Self.images(in: leaflet).map { ("images/" + $0, "images/" + $0) }
            for (served, stored) in wanted {
                let url = leaflet.appendingPathComponent(stored)
                guard let type = Self.contentType(served), let body = FileManager.default.contents(atPath: url.path)
                else { continue }
                files[Self.leafletRoot + served] = File(
                    contentType: type, body: body, gzipped: FileManager.default.contents(atPath: url.path + ".gz"))
            }
            hasLeaflet = files[Self.leafletRoot + "leaflet.js"] != nil && files[Self.leafletRoot + "leaflet.css"] != nil
        }
        if let tiles {
            let lowered = tiles.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
                URL(string: tiles.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: ""))
                    != nil,
                ["{z}", "{x}", "{y}"].allSatisfy(tiles.contains)
            else {
                throw LocatorError(
                    .invalidParameter,
                    "--tiles must be an http(s) URL template with {z}, {x} and {y}, e.g. http://127.0.0.1:8090/{z}/{x}/{y}.png; got '\(tiles.prefix(80))'"
                )
            }
        }
        self.files = files
        self.hasLeaflet = hasLeaflet
        self.tiles = tiles
    }

    /// The file served at `path`, gzipped when the client takes that and Debian ships it so.
    func response(for path: String, acceptEncoding: String?) -> HTTPResponse? {
        guard let file = files[path] else { return nil }
        var headers = [
            ("Content-Type", file.contentType), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
            ("Vary", "Accept-Encoding"),
        ]
        if file.contentType.hasPrefix("text/html") {
            headers.append(("Content-Security-Policy", contentSecurityPolicy))
        }
        if let gzipped = file.gzipped, GzipEncoding.accepts(acceptEncoding) {
            return HTTPResponse(status: 200, headers: headers + [("Content-Encoding", "gzip")], body: gzipped)
        }
        return HTTPResponse(status: 200, headers: headers, body: file.body)
    }

    /// What the page may load and send: its own server only, and the tile server when one is set.
    package var contentSecurityPolicy: String {
        let tileOrigin = tiles.flatMap { template -> String? in
            let scheme = template.prefix { $0 != ":" }
            let rest = template.dropFirst(scheme.count + 3)
            let host = rest.prefix { $0 != "/" }
            return host.isEmpty ? nil : "\(scheme)://\(host)"
        }
        return "default-src 'self'; img-src 'self' data:\(tileOrigin.map { " " + $0 } ?? ""); "
            + "style-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    }

    private static func images(in leaflet: URL) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: leaflet.appendingPathComponent("images").path)) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted()
    }

    private static func contentType(_ name: String) -> String? {
        switch (name as NSString).pathExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        default: return nil
        }
    }
}
