import Foundation
import Testing

@testable import OpenLocator

/// leaflet-control-geocoder's Nominatim and Photon providers (the control's JavaScript from
/// PyPI's folium-offline wheel, Leaflet from Debian), unchanged but for their URLs, in headless
/// Chromium against `locator serve` on 127.0.0.1; `Clients/leaflet_geocoder_browser.py` drives
/// the browser and this test checks what it saw against the gazetteer's rows.
@Suite struct LeafletGeocoderBrowserTests {
    @Test func bothProvidersGeocodeReverseAndSearchFromTheirBoxes() throws {
        for program in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
            try #require(
                FileManager.default.isExecutableFile(atPath: program),
                "\(program) is missing: apt install chromium chromium-driver (.ci/run does)")
        }
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let summary = try PythonClient.run(
            try MapPageBrowserTests.python(), "leaflet_geocoder_browser.py", [String(mirror.port)])
        #expect((summary["consoleErrors"] as? [String])?.isEmpty == true, "\(summary["consoleErrors"] ?? "")")

        let stockmanns = try OpenDialectClientTests.rows("name = 'Stockmann' AND addr_type = 'POI'")
        let tenth = try #require(
            try OpenDialectClientTests.rows(
                "street = 'Mannerheimintie' AND house_number = '10' AND addr_type = 'PointAddress'"
            ).first)
        let here = Point(latitude: 60.1687, longitude: 24.9416)
        let calls = try #require(summary["calls"] as? [String: Any], "\(summary)")
        let typed = try #require(summary["typed"] as? [String: Any])
        for provider in ["nominatim", "photon"] {
            let answers = try #require(calls[provider] as? [String: Any], "\(provider): \(calls)")
            func points(_ key: String) -> [(name: String, point: Point)] {
                (answers[key] as? [[String: Any]] ?? []).map {
                    (
                        $0["name"] as? String ?? "",
                        Point(latitude: $0["lat"] as? Double ?? .nan, longitude: $0["lon"] as? Double ?? .nan)
                    )
                }
            }
            // The first answer for "Stockmann" is one of its rows, at its coordinates.
            let first = try #require(points("geocode").first, "\(provider)")
            #expect(first.name.hasPrefix("Stockmann"), "\(provider): \(first.name)")
            #expect(stockmanns.contains { $0.location.distance(to: first.point) < 1 }, "\(provider): \(first)")
            // Reverse: one place within 100 m of the point, in Helsinki.
            let reversed = points("reverse")
            #expect(reversed.count == 1 && reversed[0].point.distance(to: here) <= 100, "\(provider): \(reversed)")
            #expect(reversed.first?.name.contains("Helsinki") == true)
            #expect(points("nothing").isEmpty, "\(provider): nonsense finds nothing")
            // Typed into the control's box: Mannerheimintie 10's address point.
            let marked = try #require(typed[provider] as? [String: Any], "\(provider): \(typed)")
            let point = Point(latitude: marked["lat"] as? Double ?? .nan, longitude: marked["lon"] as? Double ?? .nan)
            #expect(point.distance(to: tenth.location) < 1, "\(provider): \(marked)")
            #expect((marked["name"] as? String)?.hasPrefix("Mannerheimintie") == true)
        }
    }
}
