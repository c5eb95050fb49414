import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// geopy (from PyPI, unchanged) against `locator serve`: it hard-codes the World path and reads
/// `Address`, `City`, `Region`, `Postal`, `CountryCode` from reverse answers.
@Suite struct GeopyCompatibilityTests {
    /// A Python with geopy 2.5.0 and geocoder 1.38.1: `.build/geopy-venv`.
    static func python() throws -> URL {
        try PythonVenv.python("geopy-venv", installs: [["geopy==2.5.0", "geocoder==1.38.1"]])
    }

    @Test func geopysArcGISGeocoderWorksUnchanged() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let answer = try PythonClient.run(try Self.python(), "geopy_client.py", [String(mirror.port)])
        let geocode = try #require(answer["geocode"] as? [String: Any])
        #expect(geocode["address"] as? String == "Stockmann")
        #expect(abs((geocode["lat"] as? Double ?? 0) - 60.168) < 0.01)
        #expect(answer["many"] as? Int ?? 0 > 1)
        let reverse = try #require(answer["reverse"] as? [String: Any])
        #expect((reverse["address"] as? String)?.contains("Helsinki") == true)
        #expect(answer["sea"] is NSNull, "ArcGIS's 'Unable to find address' is None to geopy")
    }

    /// The `geocoder` package's arcgis provider asks the legacy `find` operation; only its URL
    /// is changed.
    @Test func theGeocoderPackagesArcGISProviderWorksWithOnlyTheURLChanged() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let answer = try PythonClient.run(
            try Self.python(), "geocoder_client.py",
            ["http://127.0.0.1:\(mirror.port)\(GeocodeServerRoutes.servicePath)/find"])
        let first = try #require(answer["stockmann"] as? [String: Any])
        #expect(first["ok"] as? Bool == true)
        #expect((first["address"] as? String)?.hasPrefix("Stockmann") == true, "\(first)")
        let latlng = try #require(first["latlng"] as? [Double])
        #expect(abs(latlng[0] - 60.168) < 0.01 && abs(latlng[1] - 24.942) < 0.01, "\(latlng)")
        let street = try #require(answer["street"] as? [String: Any])
        #expect((street["address"] as? String)?.hasPrefix("Mannerheimintie 10") == true, "\(street)")
        let nothing = try #require(answer["nothing"] as? [String: Any])
        #expect(nothing["ok"] as? Bool == false)
    }
}
