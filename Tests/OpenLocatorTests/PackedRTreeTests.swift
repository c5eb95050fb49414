import Foundation
import Testing

@testable import OpenLocator

/// The places' R*Tree is written node by node by ``PackedPlaceRTree``, not through SQLite's
/// own inserts, so these check it the way SQLite would: its own consistency check, and every
/// query answered exactly as a scan of the places table answers it.
@Suite struct PackedRTreeTests {
    @Test func sqlitesOwnCheckFindsTheDefaultGazetteersTreeSound() throws {
        let connection = try SQLiteConnection(path: try Fixtures.defaultGazetteerURL().path)
        var verdict = ""
        try connection.statement("SELECT rtreecheck('places_rtree')").forEachRow { verdict = $0.text(0) }
        #expect(verdict == "ok")
        var (entries, places) = (Int64(-1), Int64(-2))
        try connection.statement("SELECT (SELECT count(*) FROM places_rtree_rowid), (SELECT count(*) FROM places)")
            .forEachRow { (entries, places) = ($0.int(0), $0.int(1)) }
        #expect(entries == places)
    }

    @Test func boxQueriesByCategoryFindExactlyWhatAScanFinds() throws {
        let connection = try SQLiteConnection(path: try Fixtures.defaultGazetteerURL().path)
        let scale = GazetteerSchema.categoryScale
        var generator = SystemRandomNumberGenerator()
        let categories = CategoryTree.world.categories
        var nonEmpty = 0
        for _ in 0..<40 {
            // Boxes from a few hundred metres to the whole world, around a random place and
            // for its category (or, one time in four, any category).
            let size = [0.005, 0.05, 0.5, 20, 360].randomElement(using: &generator)!
            var (lon, lat, code) = (0.0, 0.0, 0)
            try connection.statement("SELECT lon, lat, category FROM places ORDER BY random() LIMIT 1").forEachRow {
                (lon, lat, code) = ($0.double(0), $0.double(1), Int($0.int(2)))
            }
            lon += Double.random(in: -size / 8...size / 8, using: &generator)
            var category = categories.first { $0.code == code }!
            if Int.random(in: 0..<4, using: &generator) == 0 { category = categories.randomElement(using: &generator)! }
            let (low, high) = (Double(category.code) * scale, Double(category.lastDescendantCode) * scale)
            let box: [SQLiteValue?] = [
                .double(lon - size / 2), .double(lon + size / 2), .double(lat - size / 4), .double(lat + size / 4),
                .double(low), .double(high),
            ]
            var fromTree: Set<Int64> = []
            try connection.statement(
                """
                SELECT id FROM places_rtree WHERE max_lon >= ?1 AND min_lon <= ?2 AND max_lat >= ?3 AND min_lat <= ?4
                    AND max_category >= ?5 AND min_category <= ?6
                """
            ).forEachRow(box) { fromTree.insert($0.int(0)) }
            var fromScan: Set<Int64> = []
            // The tree keeps float boxes rounded outward, so scan with the same rounding.
            try connection.statement(
                """
                SELECT id FROM places WHERE lon BETWEEN ?1 - 1e-4 AND ?2 + 1e-4 AND lat BETWEEN ?3 - 1e-4 AND ?4 + 1e-4
                    AND category * \(scale) + \(GazetteerSchema.categoryThickness) >= ?5 AND category * \(scale) <= ?6
                """
            ).forEachRow(box) { fromScan.insert($0.int(0)) }
            // Only places within float rounding of the box's edges may differ.
            let differing = fromTree.symmetricDifference(fromScan)
            var nearEdges = 0
            for id in differing {
                try connection.statement("SELECT lon, lat FROM places WHERE id = ?1").forEachRow([.integer(id)]) {
                    let (x, y) = ($0.double(0), $0.double(1))
                    let edges = [
                        abs(x - (lon - size / 2)), abs(x - (lon + size / 2)), abs(y - (lat - size / 4)),
                        abs(y - (lat + size / 4)),
                    ]
                    if edges.min()! < 1e-4 { nearEdges += 1 }
                }
            }
            #expect(nearEdges == differing.count, "box \(box): \(differing.count) places differ")
            #expect(fromTree.isSubset(of: fromScan))
            if !fromTree.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty >= 20)
    }

    @Test func roundsToFloatsExactlyAsSQLitesOwnInsertDoes() throws {
        let connection = try SQLiteConnection(path: ":memory:", writable: true, create: true)
        try connection.execute("CREATE VIRTUAL TABLE t USING rtree(id, low, high)")
        let values = [
            24.938_412_345_678, -24.938_412_345_678, 60.169_9, -0.000_001, 179.999_999_9, -180, 0, 1e-40, 123_000.0,
            123_001.0, 0.1, -0.1,
        ]
        for (index, value) in values.enumerated() {
            try connection.statement("INSERT INTO t VALUES (?1, ?2, ?2)").run([.integer(Int64(index)), .double(value)])
            var stored = (0.0, 0.0)
            try connection.statement("SELECT low, high FROM t WHERE id = ?1").forEachRow([.integer(Int64(index))]) {
                stored = ($0.double(0), $0.double(1))
            }
            #expect(Double(PackedPlaceRTree.roundedDown(value)) == stored.0, "\(value)")
            #expect(Double(PackedPlaceRTree.roundedUp(value)) == stored.1, "\(value)")
        }
    }

    @Test func hilbertNeighboursAreMapNeighbours() {
        // Consecutive cells along the curve are always adjacent: walk a small grid and check
        // that sorting by the index visits every cell by unit steps.
        let step = 360.0 / 65_536
        var cells: [(index: UInt32, x: Int, y: Int)] = []
        for x in 0..<16 {
            for y in 0..<16 {
                cells.append(
                    (
                        PackedPlaceRTree.hilbertIndex(
                            -180 + (Double(x) + 0.5) * step, -90 + (Double(y) + 0.5) * step / 2), x, y
                    ))
            }
        }
        cells.sort { $0.index < $1.index }
        #expect(Set(cells.map(\.index)).count == 256)
        for (a, b) in zip(cells, cells.dropFirst()) { #expect(abs(a.x - b.x) + abs(a.y - b.y) == 1) }
    }
}
