import Foundation
import Testing

@testable import OpenLocator

/// The side database a build writes its full-text index and places' R*Tree into, on its own
/// thread.
@Suite struct IndexDatabaseTests {
    /// A chunk of `count` address points on "Testikuja", numbered from 1.
    static func chunk(_ count: Int) -> PlaceRowChunk {
        var chunk = PlaceRowChunk()
        for number in 1...count {
            var place = PlaceRecord(
                name: "", addressType: .pointAddress, category: 1, longitude: 24.9, latitude: 60.1, importance: 0.02,
                source: "test:\(number)")
            (place.street, place.houseNumber, place.city) = ("Testikuja", String(number), "Helsinki")
            chunk.append(place, searchText: SearchText(place, locality: "Helsinki"))
        }
        return chunk
    }

    struct RTreeFailed: Error {}

    @Test func itsTablesArriveWhole() throws {
        let folder = try Fixtures.temporaryDirectory()
        let gazetteer = try GazetteerWriter(path: folder.appendingPathComponent("g.gazetteer").path)
        #expect(try gazetteer.insert(Self.chunk(300)) == [.pointAddress: 300])
        try gazetteer.finish()
        var found: Int64 = 0
        try gazetteer.connection.statement("SELECT count(*) FROM places_fts WHERE places_fts MATCH 'testikuja'")
            .forEachRow { found = $0.int(0) }
        #expect(found == 300)
        var check = ""
        try gazetteer.connection.statement("SELECT rtreecheck('places_rtree')").forEachRow { check = $0.text(0) }
        #expect(check == "ok")
        try gazetteer.connection.execute("INSERT INTO places_fts(places_fts, rank) VALUES('integrity-check', 0)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["g.gazetteer"])
    }

    @Test func aFailureOnTheSideThreadReachesTheWriterAndTheFileGoes() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("side.partial").path
        var side: IndexDatabase? = try IndexDatabase(path: path) { _ in throw RTreeFailed() }
        try side?.add(Self.chunk(10), firstID: 1)
        side?.endOfPlaces()
        #expect(throws: RTreeFailed.self) { try side?.waitUntilWritten() }
        #expect(FileManager.default.fileExists(atPath: path))
        side = nil
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A build that fails before the places end drops its side database: the thread stops
    /// without writing the R*Tree, and the file goes.
    @Test func droppedBeforeTheEndItStopsAndTheFileGoes() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("side.partial").path
        nonisolated(unsafe) var wroteRTree = false
        var side: IndexDatabase? = try IndexDatabase(path: path) { _ in wroteRTree = true }
        for first in stride(from: 1, to: 40_000, by: 10_000) {
            try side?.add(Self.chunk(10_000), firstID: Int64(first))
        }
        side = nil
        #expect(!wroteRTree)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
