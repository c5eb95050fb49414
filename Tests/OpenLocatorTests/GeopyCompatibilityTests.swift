import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// geopy (from PyPI, unchanged) against `locator serve`: it hard-codes the World path and reads
/// `Address`, `City`, `Region`, `Postal`, `CountryCode` from reverse answers.
@Suite struct GeopyCompatibilityTests {
    private static let venvSetup = NSLock()

    /// A Python with geopy 2.5.0 and geocoder 1.38.1: `.build/geopy-venv`, made with
    /// `python3 -m venv` and pip on first use (`.ci/run` makes it ahead).
    static func python() throws -> URL {
        let venv = Fixtures.repositoryRoot.appendingPathComponent(".build/geopy-venv")
        let python = venv.appendingPathComponent("bin/python")
        let marker = venv.appendingPathComponent("geopy-2.5.0-geocoder-1.38.1.ok")
        // The suite's tests run at once: one makes the venv while the other waits.
        try venvSetup.withLock {
            guard !FileManager.default.fileExists(atPath: marker.path) else { return }
            for command in [
                ["python3", "-m", "venv", venv.path],
                [python.path, "-m", "pip", "install", "-q", "geopy==2.5.0", "geocoder==1.38.1"],
            ] {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = command
                try process.run()
                process.waitUntilExit()
                try #require(process.terminationStatus == 0, "\(command.joined(separator: " ")) failed")
            }
            _ = FileManager.default.createFile(atPath: marker.path, contents: nil)
        }
        return python
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
