import Foundation
import Testing

@testable import OpenLocator

/// No input can make OpenLocator hold a gigabyte: a line or record over 1 MB is an error that
/// names the file and line, and a service's answer over 64 MB is refused.
@Suite struct BoundedInputTests {
    /// A file whose second line is 3 MB long.
    static func fileWithAHugeLine(_ name: String, header: String) throws -> URL {
        let url = try Fixtures.temporaryDirectory().appendingPathComponent(name)
        try (header + "\n" + String(repeating: "x", count: 3 << 20) + "\nlast\n").write(
            to: url, atomically: false, encoding: .utf8)
        return url
    }

    @Test func aHugeLineInABatchInputIsAnErrorNamingIt() throws {
        let input = try Self.fileWithAHugeLine("addresses.csv", header: "address")
        let out = input.deletingLastPathComponent().appendingPathComponent("out.csv").path
        let run = try CLI.run(["batch", input.path, "--out", out])
        #expect(run.status == 1)
        #expect(run.stderr.contains("addresses.csv: line 2 is longer than 1 MB"), "\(run.stderr)")
        let jsonl = try Self.fileWithAHugeLine("addresses.jsonl", header: #"{"address":"Stockmann"}"#)
        let lines = try CLI.run(["batch", jsonl.path, "--out", out])
        #expect(lines.stderr.contains("addresses.jsonl: line 2 is longer than 1 MB"), "\(lines.stderr)")
    }

    @Test func aHugeLineInABuildSourceIsAnErrorNamingIt() throws {
        let geonames = try Self.fileWithAHugeLine("cities.txt", header: "658225\tHelsinki")
        let out = geonames.deletingLastPathComponent().appendingPathComponent("g.gazetteer").path
        let run = try CLI.run(["build", "--geonames", geonames.path, "--out", out])
        #expect(run.status == 1)
        #expect(run.stderr.contains("cities.txt: line 2 is longer than 1 MB"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aHugeGeoJSONFeatureIsReportedAndNotHeld() throws {
        let folder = try Fixtures.temporaryDirectory()
        let places = folder.appendingPathComponent("depots.geojson")
        let point =
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[24.94,60.17]},"properties":{"name":"Depot","category":"Coffee Shop"}}"#
        let huge =
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[24.95,60.17]},"properties":{"name":""#
            + String(repeating: "x", count: 17 << 20) + #""}}"#
        try (#"{"type":"FeatureCollection","features":["# + "\n" + point + ",\n" + huge + "]}\n").write(
            to: places, atomically: false, encoding: .utf8)
        let out = folder.appendingPathComponent("g.gazetteer").path
        let run = try CLI.run(["build", "--places", places.path, "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect((run.stdout + run.stderr).contains("a feature longer than 16 MB"), "\(run.stdout) \(run.stderr)")
        let found = try CLI.run(["find", "Depot", "--gazetteer", out])
        #expect(found.stdout.contains("Depot"))
    }

    @Test func aServiceAnswerOver64MBIsRefused() async throws {
        let huge = #"{"candidates":[],"pad":""# + String(repeating: "x", count: 65 << 20) + #""}"#
        let stub = try StubHTTPServer { _ in .json(huge) }
        defer { stub.stop() }
        let task = LocatorTask(url: stub.serviceURL)
        await #expect {
            _ = try await task.geocode(forSearchText: "cafe")
        } throws: { error in
            (error as? LocatorError)?.code == .invalidResponse && "\(error)".contains("larger than 64 MB")
        }
    }
}
