import Foundation
import Testing

@testable import OpenLocator

@Suite struct DefaultGazetteerTests {
    @Test func fingerprintChangesWhenASourceChanges() throws {
        let folder = try Fixtures.temporaryDirectory()
        let file = folder.appendingPathComponent("source.txt")
        try Data("one".utf8).write(to: file)
        let first = try DefaultGazetteer.fingerprint(of: [file])
        #expect(try DefaultGazetteer.fingerprint(of: [file]) == first)
        try Data("two".utf8).write(to: file)
        let second = try DefaultGazetteer.fingerprint(of: [file])
        #expect(second != first)
        #expect(second.hasPrefix("v\(GazetteerSchema.version)-"))
    }

    @Test func defaultGazetteerLivesInTheCacheFolderAndIsReused() throws {
        let url = try Fixtures.defaultGazetteerURL()
        #expect(url.deletingLastPathComponent().path == DefaultGazetteer.cacheDirectory.path)
        #expect(url.lastPathComponent.hasPrefix("default-v\(GazetteerSchema.version)-"))
        let modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        #expect(try DefaultGazetteer.url() == url)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date == modified)
    }

    @Test func anotherVersionsGazetteerStaysADaySoTwoVersionsDoNotRebuildEachOther() throws {
        let folder = try Fixtures.temporaryDirectory()
        let now = Date()
        func file(_ name: String, hoursOld: Double) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try Data("x".utf8).write(to: url)
            try FileManager.default.setAttributes(
                [.modificationDate: now.addingTimeInterval(-hoursOld * 3600)], ofItemAtPath: url.path)
            return url
        }
        let current = try file("default-v16-aaaaaaaa.gazetteer", hoursOld: 0)
        let otherVersion = try file("default-v13-bbbbbbbb.gazetteer", hoursOld: 2)
        let abandoned = try file("default-v12-cccccccc.gazetteer", hoursOld: 30)
        let freshPartial = try file(".default-v16-aaaaaaaa.gazetteer.1.partial", hoursOld: 0.5)
        let killedPartial = try file(".default-v16-aaaaaaaa.gazetteer.2.partial", hoursOld: 2)
        let yours = try file("mine.gazetteer", hoursOld: 100)
        DefaultGazetteer.removeStale(in: folder, keeping: current, now: now)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(
            left == Set([current, otherVersion, freshPartial, yours].map(\.lastPathComponent)),
            "removed: \([abandoned, killedPartial].map(\.lastPathComponent))")
    }

    @Test func missingSourcesAreAClearError() throws {
        let folder = try Fixtures.temporaryDirectory()
        let outcome = try CLI.run(
            ["find", "cafe"], environment: ["OPENLOCATOR_DATA": folder.path, "XDG_CACHE_HOME": folder.path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("source 'Helsinki.osm.pbf' is missing"))
    }

    /// An installed program (`PREFIX/bin/locator`) builds its default gazetteer from
    /// `PREFIX/share/openlocator`, not from the checkout it was compiled in: here a tiny data
    /// set of one café and one town, so the answer can only come from there.
    @Test func anInstalledProgramReadsItsDataFromShareBesideItsBinFolder() throws {
        let prefix = try Fixtures.temporaryDirectory()
        let bin = prefix.appendingPathComponent("bin")
        let sources = prefix.appendingPathComponent("share/openlocator/sources")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.executable, to: bin.appendingPathComponent("locator"))
        try FileManager.default.copyItem(
            at: Fixtures.categoryMapping,
            to: sources.deletingLastPathComponent().appendingPathComponent("osm-categories.tsv"))
        try TinyPBF.osm(
            nodes: [(1, 61.4981, 23.7608, ["amenity": "cafe", "name": "Kahvila Installed"])], ways: [], relations: []
        ).write(to: sources.appendingPathComponent("Helsinki.osm.pbf"))
        let town = sources.appendingPathComponent("cities500.txt")
        try
            "634963\tTampere\tTampere\tTammerfors\t61.49911\t23.78712\tP\tPPLA\tFI\t\t11\t\t\t\t206848\t\t\tEurope/Helsinki\t2019-01-01\n"
            .write(to: town, atomically: true, encoding: .utf8)
        try Fixtures.gzip(town)
        for companion in ["admin1CodesASCII.txt", "countryInfo.txt"] {
            try FileManager.default.copyItem(
                at: Fixtures.sources.appendingPathComponent(companion), to: sources.appendingPathComponent(companion))
        }
        let cache = try Fixtures.temporaryDirectory()
        let process = Process()
        process.executableURL = bin.appendingPathComponent("locator")
        process.arguments = ["find", "coffee shop", "--near", "61.4981,23.7608", "--format", "json"]
        var environment = ProcessInfo.processInfo.environment
        environment["OPENLOCATOR_DATA"] = nil
        environment["XDG_CACHE_HOME"] = cache.path
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.contains("Kahvila Installed"), "\(output.prefix(300))")
        let built = try FileManager.default.contentsOfDirectory(
            atPath: cache.appendingPathComponent("openlocator").path)
        #expect(built.contains { $0.hasPrefix("default-") && $0.hasSuffix(".gazetteer") })
    }
}
