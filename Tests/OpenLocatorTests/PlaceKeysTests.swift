import Foundation
import Testing

@testable import OpenLocator

/// The places' keys on the real default gazetteer: they hold each row's importance and
/// location, and the matches chosen through them are the ones SQL chooses by joining every
/// match to its row (written out here as the truth).
@Suite struct PlaceKeysTests {
    static let backend = Result { GazetteerBackend(url: try Fixtures.defaultGazetteerURL()) }

    @Test func eachPlaceHasItsRowsImportanceAndLocation() throws {
        try Self.backend.get().read("a test") { db, state in
            let keys = try #require(try state.keys(db: db))
            #expect(keys.count > state.placeCount)
            var checked = 0
            #expect(keys.hasCategories)
            try db.statement("SELECT id, importance, lon, lat, category FROM places WHERE id % 97 = 0").forEachRow {
                row in
                let (id, lon, lat) = (row.int(0), row.double(2), row.double(3))
                #expect(keys.importance(of: id) == Float(row.double(1)), "place \(id)")
                #expect(keys.category(of: id) == Int(row.int(4)), "place \(id)")
                let point = Envelope(xmin: lon, ymin: lat, xmax: lon, ymax: lat)
                #expect(keys.placement(of: id, in: point) == .nearEdge, "place \(id): its own point is at the edge")
                let around = Envelope(xmin: lon - 0.001, ymin: lat - 0.001, xmax: lon + 0.001, ymax: lat + 0.001)
                #expect(keys.placement(of: id, in: around) == .inside, "place \(id)")
                let beside = Envelope(xmin: lon + 0.001, ymin: lat - 0.001, xmax: lon + 0.002, ymax: lat + 0.001)
                #expect(keys.placement(of: id, in: beside) == .outside, "place \(id)")
                checked += 1
            }
            #expect(checked > 1000)
            #expect(keys.importance(of: -1) == 0 && keys.importance(of: Int64(keys.count)) == 0)
        }
    }

    static let expressions = [
        #"{name alt_names} : "san""#, #"{name alt_names} : "la"*"#, #"{name alt_names} : ("saint" OR "st")"#,
        #"{name alt_names locality} : ("helsinki" AND "k"*)"#, #"{name alt_names} : "mann"*"#,
    ]

    @Test(arguments: expressions) func theMostImportantMatchesAreThoseSQLOrders(expression: String) throws {
        try Self.backend.get().read("a test") { db, state in
            let keys = try #require(try state.keys(db: db))
            let keyed = try Self.backend.get().keyedMatchIDs(
                expression, area: nil, order: .importance, limit: 40, keys: keys, db: db)
            var truth: [Int64] = []
            try db.statement(
                """
                SELECT f.rowid FROM places_fts f CROSS JOIN places p ON p.id = f.rowid
                WHERE places_fts MATCH ?1 ORDER BY p.importance DESC, f.rowid LIMIT 40
                """
            ).forEachRow([.text(expression)]) { truth.append($0.int(0)) }
            #expect(truth.count == 40, "the expression has more matches than are chosen")
            #expect(keyed == truth)
        }
    }

    /// Boxes whose edges cut through dense data (central Helsinki), over a country's towns, and
    /// one with no place in it.
    static let boxes = [
        Envelope(xmin: 24.9300, ymin: 60.1650, xmax: 24.9450, ymax: 60.1720),
        Envelope(xmin: 7.0, ymin: 36.5, xmax: 18.5, ymax: 46.5),
        Envelope(xmin: -140.5, ymin: -0.5, xmax: -139.5, ymax: 0.5),
    ]

    @Test(arguments: boxes) func theMatchesInsideABoxAreThoseSQLFinds(box: Envelope) throws {
        try Self.backend.get().read("a test") { db, state in
            let keys = try #require(try state.keys(db: db))
            var tried = 0
            for expression in Self.expressions + [#"{name alt_names locality} : "helsinki""#] {
                for order in [MatchOrder.storage, .importance] {
                    let keyed = try Self.backend.get().keyedMatchIDs(
                        expression, area: box, order: order, limit: 60, keys: keys, db: db)
                    var truth: [Int64] = []
                    try db.statement(
                        """
                        SELECT f.rowid FROM places_fts f CROSS JOIN places p ON p.id = f.rowid
                        WHERE places_fts MATCH ?1 AND p.lon BETWEEN ?2 AND ?3 AND p.lat BETWEEN ?4 AND ?5
                        \(order.isImportance ? "ORDER BY p.importance DESC, f.rowid" : "") LIMIT 60
                        """
                    ).forEachRow(
                        [.text(expression), .double(box.xmin), .double(box.xmax), .double(box.ymin), .double(box.ymax)]
                    ) { truth.append($0.int(0)) }
                    #expect(keyed == truth, "\(expression), \(order)")
                    tried += truth.count
                }
            }
            // (The empty box checks that nothing is let in; the others that something is.)
            #expect(box.xmin < -100 ? tried == 0 : tried > 100)
        }
    }

    /// Categories of every kind: streets (an address's), towns (a locality's), the POIs, one
    /// POI category, and two ranges at once.
    static let categoryFilters: [String] = ["Street Name", "Populated Place", "POI", "Food", "Street Name|Postal"]

    @Test(arguments: categoryFilters) func theMatchesOfACategoryAreThoseSQLFinds(names: String) throws {
        let backend = try Self.backend.get()
        let ranges = SearchFilter.merged(names.split(separator: "|").map { backend.tree[String($0)]!.codeRange })
        try backend.read("a test") { db, state in
            let keys = try #require(try state.keys(db: db))
            let condition = ranges.map { "p.category BETWEEN \($0.lowerBound) AND \($0.upperBound)" }
                .joined(separator: " OR ")
            var tried = 0
            for expression in Self.expressions + [
                #"{name alt_names locality} : "helsinki""#, #"{name alt_names locality} : ("k"* AND "helsinki")"#,
            ] {
                for order in [MatchOrder.storage, .importance] {
                    let keyed = try backend.keyedMatchIDs(
                        expression, area: nil, categories: ranges, order: order, limit: 50, keys: keys, db: db)
                    var truth: [Int64] = []
                    try db.statement(
                        """
                        SELECT f.rowid FROM places_fts f CROSS JOIN places p ON p.id = f.rowid
                        WHERE places_fts MATCH ?1 AND (\(condition))
                        \(order.isImportance ? "ORDER BY p.importance DESC, f.rowid" : "") LIMIT 50
                        """
                    ).forEachRow([.text(expression)]) { truth.append($0.int(0)) }
                    #expect(keyed == truth, "\(names): \(expression), \(order)")
                    tried += truth.count
                }
            }
            #expect(tried > 20, "\(names): \(tried) matches")
        }
    }

    /// Points in dense data (Helsinki), among towns (Rome), and where no place is near.
    static let points = [
        Point(latitude: 60.1699, longitude: 24.9384), Point(latitude: 41.9, longitude: 12.5),
        Point(latitude: 0, longitude: -140),
    ]

    @Test(arguments: points) func theNearestMatchesAreTheNearestByTheRows(point: Point) throws {
        try Self.backend.get().read("a test") { db, state in
            let keys = try #require(try state.keys(db: db))
            let box = Envelope(xmin: point.x - 2, ymin: point.y - 1, xmax: point.x + 2, ymax: point.y + 1)
            var tried = 0
            for expression in Self.expressions + [#"{name alt_names locality} : "helsinki""#] {
                let keyed = try Self.backend.get().keyedMatchIDs(
                    expression, area: box, order: .nearest(point), limit: 30, keys: keys, db: db)
                // The truth: every match in the box, its distance from the row's own coordinates.
                var truth: [(distance: Double, id: Int64)] = []
                try db.statement(
                    """
                    SELECT f.rowid, p.lon, p.lat FROM places_fts f CROSS JOIN places p ON p.id = f.rowid
                    WHERE places_fts MATCH ?1 AND p.lon BETWEEN ?2 AND ?3 AND p.lat BETWEEN ?4 AND ?5
                    """
                ).forEachRow(
                    [.text(expression), .double(box.xmin), .double(box.xmax), .double(box.ymin), .double(box.ymax)]
                ) { row in
                    truth.append((Self.haversine(point, row.double(1), row.double(2)), row.int(0)))
                }
                truth.sort { $0 < $1 }
                let wanted = Array(truth.prefix(30))
                #expect(keyed.count == wanted.count, "\(expression)")
                // The same places, in the same order, but for places within a metre of each other
                // (the keys hold 32-bit coordinates).
                let distances = Dictionary(uniqueKeysWithValues: truth.map { ($0.id, $0.distance) })
                for (chosen, expected) in zip(keyed, wanted) {
                    let distance = try #require(distances[chosen], "\(expression): \(chosen) is not a match in the box")
                    #expect(abs(distance - expected.distance) < 2, "\(expression): \(chosen) against \(expected.id)")
                }
                tried += wanted.count
            }
            #expect(point.x == -140 ? tried == 0 : tried >= 60, "\(tried) matches")
        }
    }

    /// The great-circle distance in metres, written out apart from the code under test.
    static func haversine(_ point: Point, _ lon: Double, _ lat: Double) -> Double {
        let radians = Double.pi / 180
        let a =
            pow(sin((lat - point.y) * radians / 2), 2)
            + cos(point.y * radians) * cos(lat * radians) * pow(sin((lon - point.x) * radians / 2), 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(a)))
    }
}
