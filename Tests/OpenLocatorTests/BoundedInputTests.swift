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
