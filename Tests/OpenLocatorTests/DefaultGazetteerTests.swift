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
}
