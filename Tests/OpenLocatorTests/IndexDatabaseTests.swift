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
            chunk.append(place, locality: ["Helsinki"])
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

    /// A build bigger than FTS5's buffer writes a segment each time it fills (dozens here),
    /// and the end merges them into one whole index. (A buffer of 4 KB stands in for a country's
    /// worth of places against the 64 MB a build uses.)
    @Test func aFullTextIndexOfManySegmentsMergesWhole() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("side.partial").path
        let side = try IndexDatabase(path: path, fullTextBufferBytes: 4096) { _ in }
        let chunks = 12
        for index in 0..<chunks { try side.add(Self.chunk(500), firstID: Int64(1 + index * 500)) }
        side.endOfPlaces()
        try side.waitUntilWritten()
        let connection = try SQLiteConnection(path: path, writable: true)  // (for the integrity check)
        var (found, documents, segments, lastSegment, buffer): (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, -1)
        try connection.statement("SELECT count(*) FROM places_fts WHERE places_fts MATCH 'testikuja'")
            .forEachRow { found = $0.int(0) }
        try connection.statement("SELECT documents FROM vocabulary WHERE term = 'testikuja'")
            .forEachRow { documents = $0.int(0) }
        // A page's rowid in FTS5's data table holds its segment's id from bit 37 up (ids below
        // 10 are FTS5's own records). The merge writes one segment with an id after all it
        // merged: with a single segment to begin with, that would be id 1.
        try connection.statement(
            "SELECT count(DISTINCT id >> 37), max(id >> 37) FROM places_fts_data WHERE id > 10"
        ).forEachRow { (segments, lastSegment) = ($0.int(0), $0.int(1)) }
        try connection.statement("SELECT count(*) FROM places_fts_config WHERE k = 'hashsize'")
            .forEachRow { buffer = $0.int(0) }
        #expect(found == Int64(chunks * 500))
        #expect(documents == Int64(chunks * 500))
        #expect(segments == 1)
        #expect(lastSegment > 10)
        #expect(buffer == 0)  // the gazetteer keeps FTS5's default
        try connection.execute("INSERT INTO places_fts(places_fts, rank) VALUES('integrity-check', 0)")
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

    /// Each chunk reaches `eachChunk` on the side thread, in order and with its first id, and
    /// the writer sees all it gathered once the chunks are taken; a failure there reaches the
    /// writer at its next chunk or when it waits.
    @Test func eachChunkIsHandedOverInOrderAndItsFailureReachesTheWriter() throws {
        let folder = try Fixtures.temporaryDirectory()
        nonisolated(unsafe) var seen: [(Int64, Int)] = []
        let side = try IndexDatabase(
            path: folder.appendingPathComponent("a.partial").path, eachChunk: { seen.append(($1, $0.count)) },
            writeRTree: { _ in })
        for index in 0..<5 { try side.add(Self.chunk(100 + index), firstID: Int64(1 + index * 1_000)) }
        side.endOfPlaces()
        try side.waitUntilChunksTaken()
        #expect(seen.map(\.0) == [1, 1_001, 2_001, 3_001, 4_001])
        #expect(seen.map(\.1) == [100, 101, 102, 103, 104])
        try side.waitUntilWritten()

        struct EntriesFailed: Error {}
        let failing = try IndexDatabase(
            path: folder.appendingPathComponent("b.partial").path, eachChunk: { _, _ in throw EntriesFailed() },
            writeRTree: { _ in })
        try failing.add(Self.chunk(10), firstID: 1)
        // (The queue holds up to 16 chunks: a few more reach the failed thread's cancelled queue.)
        #expect(throws: EntriesFailed.self) {
            for first in stride(from: 11, to: 1_000, by: 10) { try failing.add(Self.chunk(10), firstID: Int64(first)) }
        }
        // A failure with the last chunk reaches the writer when it waits.
        let failingLast = try IndexDatabase(
            path: folder.appendingPathComponent("c.partial").path, eachChunk: { _, _ in throw EntriesFailed() },
            writeRTree: { _ in })
        try failingLast.add(Self.chunk(10), firstID: 1)
        failingLast.endOfPlaces()
        #expect(throws: EntriesFailed.self) { try failingLast.waitUntilChunksTaken() }
        #expect(throws: EntriesFailed.self) { try failingLast.waitUntilWritten() }
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
