import Foundation
import Testing

@testable import OpenLocator

/// The map page in a real browser: headless Chromium (Debian's `chromium` and
/// `chromium-driver`) driven by selenium from PyPI, against the real `locator serve` binary on
/// 127.0.0.1. `Clients/map_page_browser.py` does the clicking and compares what the page shows
/// with the JSON API of the same server; this test runs it and reads its summary. Screenshots
/// land in `.build/map-page/`.
@Suite struct MapPageBrowserTests {
    static let selenium = "selenium==4.51.0"
    /// The wheel that ships leaflet-control-geocoder's JavaScript (only that is read, so
    /// without its dependencies).
    static let foliumOffline = "folium-offline==0.20.0.2"

    /// A Python with selenium and folium-offline: `.build/browser-venv`.
    static func python() throws -> URL {
        try PythonVenv.python("browser-venv", installs: [[selenium], ["--no-deps", foliumOffline]])
    }

    @Test func thePageFindsPlacesAsTheAPIDoesInChromium() throws {
        for program in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
            try #require(
                FileManager.default.isExecutableFile(atPath: program),
                "\(program) is missing: apt install chromium chromium-driver (.ci/run does)")
        }
        let shots = Fixtures.repositoryRoot.appendingPathComponent(".build/map-page")
        try? FileManager.default.removeItem(at: shots)
        let summary = try PythonClient.run(
            try Self.python(), "map_page_browser.py",
            [
                "--locator", CLI.executable.path, "--gazetteer", try Fixtures.defaultGazetteerURL().path,
                "--shots", shots.path,
            ])
        #expect((summary["failures"] as? [String])?.isEmpty == true)
        let counts = try #require(summary["categories"] as? [String: Int])
        #expect(Set(counts.keys) == ["Coffee shop", "Gas station", "Food", "Hotel", "Parks and Outdoors"])
        #expect(counts["Coffee shop", default: 0] > 0 && counts["Food", default: 0] > 0)
        #expect((summary["firstCallout"] as? String)?.contains("\n") == true)
        #expect((summary["suggestion"] as? String)?.lowercased().contains("stock") == true)
        #expect((summary["consoleErrors"] as? [String])?.isEmpty == true)
        #expect((summary["foreignRequests"] as? [String])?.isEmpty == true)
        let world = try #require(summary["world"] as? [String: Any])
        #expect((world["status"] as? String)?.hasPrefix("No Coffee Shop within") == true)
        let hostile = try #require(summary["hostile"] as? [String: Any])
        #expect((hostile["listItem"] as? String)?.hasPrefix("<img src=x onerror=") == true)
        let screenshots = try #require(summary["screenshots"] as? [String])
        #expect(screenshots.count == 7)
        for path in screenshots {
            let png = FileManager.default.contents(atPath: path) ?? Data()
            #expect(png.count > 5_000 && png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(path)")
        }
    }
}
