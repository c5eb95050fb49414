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

    @Test func missingSourcesAreAClearError() throws {
        let folder = try Fixtures.temporaryDirectory()
        let outcome = try CLI.run(
            ["find", "cafe"], environment: ["OPENLOCATOR_DATA": folder.path, "XDG_CACHE_HOME": folder.path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("source 'Helsinki.osm.pbf' is missing"))
    }
}
