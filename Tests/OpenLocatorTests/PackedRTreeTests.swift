import Foundation
import Testing

@testable import OpenLocator

/// The places' R*Tree is written node by node by ``PackedRTree``, not through SQLite's
/// own inserts, so these check it the way SQLite would: its own consistency check, and every
/// query answered exactly as a scan of the places table answers it.
@Suite struct PackedRTreeTests {
    @Test func sqlitesOwnCheckFindsTheDefaultGazetteersTreeSound() throws {
        let connection = try SQLiteConnection(path: try Fixtures.defaultGazetteerURL().path)
        for table in ["places_rtree", "street_segments"] {
            var verdict = ""
            try connection.statement("SELECT rtreecheck('\(table)')").forEachRow { verdict = $0.text(0) }
            #expect(verdict == "ok", "\(table)")
        }
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
                    // Within the scan's slack, inclusive as BETWEEN is (a place 1e-4 past an edge
                    // is 1.00000000003e-4 past it in doubles).
                    if edges.min()! <= 1e-4 + 1e-9 { nearEdges += 1 }
                }
            }
            #expect(nearEdges == differing.count, "box \(box): \(differing.count) places differ")
            #expect(fromTree.isSubset(of: fromScan))
            if !fromTree.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty >= 20)
    }

    @Test func streetSegmentQueriesFindExactlyWhatAScanOfTheirEndsFinds() throws {
        let connection = try SQLiteConnection(path: try Fixtures.defaultGazetteerURL().path)
        var segments = 0
        try connection.statement("SELECT count(*) FROM street_segments").forEachRow { segments = Int($0.int(0)) }
        #expect(segments > 1000)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let size = [0.0005, 0.002, 0.01, 0.1].randomElement(using: &generator)!
            let lon = 24.94 + Double.random(in: -0.02...0.02, using: &generator)
            let lat = 60.17 + Double.random(in: -0.01...0.01, using: &generator)
            let box: [SQLiteValue?] = [
                .double(lon - size), .double(lon + size), .double(lat - size), .double(lat + size),
            ]
            var fromTree: [Int64: [Double]] = [:]
            try connection.statement(
                """
                SELECT id, place_id, lon1, lat1, lon2, lat2 FROM street_segments
                WHERE max_lon >= ?1 AND min_lon <= ?2 AND max_lat >= ?3 AND min_lat <= ?4
                """
            ).forEachRow(box) {
                fromTree[$0.int(0)] = [Double($0.int(1)), $0.double(2), $0.double(3), $0.double(4), $0.double(5)]
            }
            // The ends are exact doubles; the tree's boxes are floats rounded outward.
            var fromScan: [Int64: [Double]] = [:]
            var onEdge: Set<Int64> = []
            try connection.statement("SELECT rowid, a0, a1, a2, a3, a4 FROM street_segments_rowid").forEachRow {
                let ends = [$0.double(2), $0.double(3), $0.double(4), $0.double(5)]
                let (minLon, maxLon) = (min(ends[0], ends[2]), max(ends[0], ends[2]))
                let (minLat, maxLat) = (min(ends[1], ends[3]), max(ends[1], ends[3]))
                let inside =
                    maxLon >= lon - size && minLon <= lon + size && maxLat >= lat - size && minLat <= lat + size
                let near =
                    maxLon >= lon - size - 1e-4 && minLon <= lon + size + 1e-4 && maxLat >= lat - size - 1e-4
                    && minLat <= lat + size + 1e-4
                if inside { fromScan[$0.int(0)] = [Double($0.int(1))] + ends }
                if near && !inside { onEdge.insert($0.int(0)) }
            }
            #expect(Set(fromScan.keys).isSubset(of: Set(fromTree.keys)))
            #expect(Set(fromTree.keys).subtracting(fromScan.keys).isSubset(of: onEdge))
            for (id, values) in fromScan { #expect(fromTree[id] == values, "segment \(id)") }
        }
    }

    /// How a test tree is made: packed as it is written, or beforehand on a thread of its own
    /// (as a build's writer does), or with ids that are not consecutive (which the writing of
    /// `_rowid` in id order cannot take by position), added in a shuffled order.
    enum Making: CaseIterable { case packedInLine, packedAhead, gappedIDs }

    /// Trees of every shape: empty, a lone root leaf, a full one, one entry more (two levels),
    /// three levels, and categories of a single place each.
    @Test(arguments: [0, 1, 51, 52, 2_602, 6_000], Making.allCases)
    func packedTreesOfEverySizeAnswerLikeAScan(size: Int, making: Making) throws {
        let folder = try Fixtures.temporaryDirectory()
        let connection = try SQLiteConnection(
            path: folder.appendingPathComponent("t.sqlite").path, writable: true, create: true)
        try connection.execute(
            "CREATE VIRTUAL TABLE places_rtree USING rtree(id, min_lon, max_lon, min_lat, max_lat, min_category, max_category)"
        )
        let tree = try PackedRTree<PlaceRTreeEntry>(table: "places_rtree", directory: folder)
        var generator = SystemRandomNumberGenerator()
        var entries: [PlaceRTreeEntry] = []
        var ids = Array(1...max(1, size)).prefix(size).map { making == .gappedIDs ? 3 * $0 + 7 : $0 }
        if making == .gappedIDs { ids.shuffle(using: &generator) }
        for id in ids {
            // Half in a few busy categories, half each in a category of its own.
            let category = id.isMultiple(of: 2) ? UInt32(id % 5) : UInt32(100 + id)
            let entry = PlaceRTreeEntry(
                id: Int64(id), longitude: .random(in: -180...180, using: &generator),
                latitude: .random(in: -90...90, using: &generator), category: category)
            entries.append(entry)
            try tree.add(entry)
        }
        if making == .packedAhead { try tree.startPacking(for: connection) }
        try connection.transaction { try tree.write(to: connection) }
        // Every id once (a scan of `_rowid` is in id order whatever order it was written in).
        var rowIDs: [Int64] = []
        try connection.statement("SELECT rowid FROM places_rtree_rowid").forEachRow { rowIDs.append($0.int(0)) }
        #expect(rowIDs == entries.map(\.id).sorted())
        var verdict = ""
        try connection.statement("SELECT rtreecheck('places_rtree')").forEachRow { verdict = $0.text(0) }
        #expect(verdict == "ok")
        var stored = -1
        try connection.statement("SELECT count(*) FROM places_rtree").forEachRow { stored = Int($0.int(0)) }
        #expect(stored == size)
        for _ in 0..<30 {
            let (lon, lat) = (
                Double.random(in: -180...180, using: &generator), Double.random(in: -90...90, using: &generator)
            )
            let half = [0.5, 10, 90].randomElement(using: &generator)!
            let code = Double([0, 1, 2, 3, 4, 101, 103, UInt32(size) + 99].randomElement(using: &generator)!)
            let query: [SQLiteValue?] = [
                .double(lon - half), .double(lon + half), .double(lat - half / 2), .double(lat + half / 2),
                .double(code * GazetteerSchema.categoryScale), .double(code * GazetteerSchema.categoryScale),
            ]
            var found: Set<Int64> = []
            try connection.statement(
                """
                SELECT id FROM places_rtree WHERE max_lon >= ?1 AND min_lon <= ?2 AND max_lat >= ?3 AND min_lat <= ?4
                    AND max_category >= ?5 AND min_category <= ?6
                """
            ).forEachRow(query) { found.insert($0.int(0)) }
            let expected = Set(
                entries.filter { entry in
                    let b = entry.box.bounds
                    return Double(b.1) >= lon - half && Double(b.0) <= lon + half && Double(b.3) >= lat - half / 2
                        && Double(b.2) <= lat + half / 2 && Double(b.5) >= code * GazetteerSchema.categoryScale
                        && Double(b.4) <= code * GazetteerSchema.categoryScale
                }.map(\.id))
            #expect(found == expected)
        }
    }

    /// `_rowid` is written in id order; with consecutive ids, where each entry lies is found in
    /// one pass rather than by sorting again. (A scan of `_rowid` comes back in id order
    /// however it was written, so this checks the order itself.)
    @Test func consecutiveIDsAreOrderedInOnePassAndOthersAreLeftToTheSort() {
        var generator = SystemRandomNumberGenerator()
        func entries(_ ids: [Int64]) -> [PlaceRTreeEntry] {
            ids.map { PlaceRTreeEntry(id: $0, longitude: 24, latitude: 60, category: 1) }
        }
        let shuffled = entries(Array(Int64(101)...600).shuffled(using: &generator))
        let order = shuffled.withUnsafeBufferPointer { PackedRTree<PlaceRTreeEntry>.idOrder(of: $0) }
        #expect(order.map { $0.map { shuffled[Int($0)].id } } == Array(101...600))
        for ids: [Int64] in [[1, 2, 4], [5, 5, 6], [3, 1]] {
            #expect(
                entries(ids).withUnsafeBufferPointer { PackedRTree<PlaceRTreeEntry>.idOrder(of: $0) } == nil, "\(ids)")
        }
        #expect(entries([]).withUnsafeBufferPointer { PackedRTree<PlaceRTreeEntry>.idOrder(of: $0) } == nil)
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
            #expect(Double(RTreeBox.roundedDown(value)) == stored.0, "\(value)")
            #expect(Double(RTreeBox.roundedUp(value)) == stored.1, "\(value)")
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
                        RTreeBox.hilbertIndex(
                            -180 + (Double(x) + 0.5) * step, -90 + (Double(y) + 0.5) * step / 2), x, y
                    ))
            }
        }
        cells.sort { $0.index < $1.index }
        #expect(Set(cells.map(\.index)).count == 256)
        for (a, b) in zip(cells, cells.dropFirst()) { #expect(abs(a.x - b.x) + abs(a.y - b.y) == 1) }
    }
}
