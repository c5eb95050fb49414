import Foundation
import Testing

@testable import OpenLocator

/// The writer of a build: places inserted many to a statement, and the indexes it keeps up
/// while their keys arrive in order.
@Suite struct GazetteerWriterTests {
    /// A place of the given keys; its name and coordinates tell it apart.
    static func place(_ number: Int, category: Int, importance: Double, country: String) -> PlaceRecord {
        var place = PlaceRecord(
            name: "Paikka \(number)", addressType: .poi, category: category, longitude: 24 + Double(number) / 1e4,
            latitude: 60 + Double(number) / 1e5, importance: importance, source: "test:\(number)")
        (place.street, place.houseNumber, place.country) = ("Testikuja", String(number), country)
        return place
    }

    static func chunk(_ places: [PlaceRecord]) -> PlaceRowChunk {
        var chunk = PlaceRowChunk()
        for place in places { chunk.append(place, locality: ["Helsinki"]) }
        return chunk
    }

    static func indexes(of connection: SQLiteConnection) throws -> Set<String> {
        var names: Set<String> = []
        try connection.statement("SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE 'places_by_%'")
            .forEachRow { names.insert($0.text(0)) }
        return names
    }

    /// Chunks of every awkward size against the statements of many places: each place lands
    /// whole, under consecutive ids, with its R*Tree entry and full-text row.
    @Test func everyPlaceArrivesWholeWhateverTheChunkSize() throws {
        let folder = try Fixtures.temporaryDirectory()
        let writer = try GazetteerWriter(path: folder.appendingPathComponent("g.gazetteer").path)
        let rows = MultiRowInsert.defaultRowsPerStatement
        var number = 0
        for size in [1, rows - 1, rows, rows + 1, 3 * rows + 7] {
            let places = (0..<size).map { _ in
                number += 1
                return Self.place(number, category: 5 + number % 3, importance: Double(number % 5), country: "FIN")
            }
            #expect(try writer.insert(Self.chunk(places)) == [.poi: size])
        }
        try writer.finish()
        var seen = 0
        try writer.connection.statement(
            """
            SELECT p.id, p.name, p.house_number, p.category, p.importance, p.lon, p.lat, r.min_lon, r.max_lat,
                (SELECT count(*) FROM places_fts f WHERE f.rowid = p.id AND places_fts MATCH 'paikka')
            FROM places p JOIN places_rtree r ON r.id = p.id ORDER BY p.id
            """
        ).forEachRow { row in
            seen += 1
            let id = Int(row.int(0))
            #expect(id == seen)
            #expect(row.text(1) == "Paikka \(id)")
            #expect(row.text(2) == String(id))
            #expect(row.int(3) == Int64(5 + id % 3))
            #expect(row.double(4) == Double(id % 5))
            #expect(row.double(5) == 24 + Double(id) / 1e4)
            #expect(row.double(6) == 60 + Double(id) / 1e5)
            #expect(abs(row.double(7) - row.double(5)) < 1e-4 && abs(row.double(8) - row.double(6)) < 1e-4)
            #expect(row.int(9) == 1)
        }
        #expect(seen == number)
        var (check, treeCheck) = ("", "")
        try writer.connection.statement("PRAGMA integrity_check").forEachRow { check = $0.text(0) }
        try writer.connection.statement("SELECT rtreecheck('places_rtree')").forEachRow { treeCheck = $0.text(0) }
        #expect(check == "ok")
        #expect(treeCheck == "ok")
    }

    /// Keys in order keep the two indexes up from the first place; the first key out of order
    /// drops its index, which the end builds; the others stay. Either way the finished indexes
    /// hold every place (SQLite's integrity check compares each index with the table).
    @Test func indexesAreKeptUpWhileTheirKeysArriveInOrder() throws {
        let folder = try Fixtures.temporaryDirectory()
        let writer = try GazetteerWriter(path: folder.appendingPathComponent("g.gazetteer").path)
        let kept: Set = ["places_by_category", "places_by_country"]
        #expect(try Self.indexes(of: writer.connection) == kept)
        // Address-like: one category, one importance, one country.
        _ = try writer.insert(
            Self.chunk((1...100).map { Self.place($0, category: 7, importance: 0.02, country: "FIN") }))
        #expect(try Self.indexes(of: writer.connection) == kept)
        // A greater category and another country, later in the alphabet: still in order.
        _ = try writer.insert(
            Self.chunk((101...150).map { Self.place($0, category: 9, importance: 0.5, country: "SWE") }))
        #expect(try Self.indexes(of: writer.connection) == kept)
        // Same country and category, more important: out of order for the category index only.
        _ = try writer.insert(
            Self.chunk((151...160).map { Self.place($0, category: 9, importance: 0.9, country: "SWE") }))
        #expect(try Self.indexes(of: writer.connection) == ["places_by_country"])
        // An earlier country: the country index goes too.
        _ = try writer.insert(
            Self.chunk((161...170).map { Self.place($0, category: 9, importance: 0.1, country: "EST") }))
        #expect(try Self.indexes(of: writer.connection).isEmpty)
        var steps: [String] = []
        try writer.finish { steps.append($0) }
        // (Without street segments, the writer writes the places' R*Tree, indexes dropped or not.)
        #expect(steps.contains("places' R*Tree") && steps.contains("full-text index"))
        #expect(
            try Self.indexes(of: writer.connection)
                == kept.union([
                    "places_by_street", "places_by_locality_name", "places_by_numbered_name", "places_by_source",
                ]))
        var check = ""
        try writer.connection.statement("PRAGMA integrity_check").forEachRow { check = $0.text(0) }
        #expect(check == "ok")
        var swedish: Int64 = 0
        try writer.connection.statement(
            "SELECT count(*) FROM places INDEXED BY places_by_country WHERE country = 'SWE' AND country <> '' AND category = 9"
        ).forEachRow { swedish = $0.int(0) }
        #expect(swedish == 60)
    }

    /// Places without a country are not in `places_by_country`, so they never put it out of
    /// order, whatever their categories; a country filter still finds its places through it.
    @Test func placesWithoutACountryLeaveTheCountryIndexAlone() throws {
        let folder = try Fixtures.temporaryDirectory()
        let writer = try GazetteerWriter(path: folder.appendingPathComponent("g.gazetteer").path)
        // Categories going down, without a country, then up again with one, then without.
        _ = try writer.insert(
            Self.chunk((1...50).map { Self.place($0, category: 60 - $0, importance: 0.5, country: "") }))
        #expect(try Self.indexes(of: writer.connection) == ["places_by_country"])
        _ = try writer.insert(
            Self.chunk((51...60).map { Self.place($0, category: $0, importance: 0.5, country: "FIN") }))
        _ = try writer.insert(
            Self.chunk((61...70).map { Self.place($0, category: 1, importance: 0.5, country: "") }))
        #expect(try Self.indexes(of: writer.connection) == ["places_by_country"])
        // A category lower than the last one with this country: out of order now.
        _ = try writer.insert(Self.chunk([Self.place(71, category: 2, importance: 0.5, country: "FIN")]))
        #expect(try Self.indexes(of: writer.connection).isEmpty)
        try writer.finish()
        var (inIndex, check) = (Int64(0), "")
        try writer.connection.statement("SELECT count(*) FROM places INDEXED BY places_by_country WHERE country <> ''")
            .forEachRow {
                inIndex = $0.int(0)
            }
        try writer.connection.statement("PRAGMA integrity_check").forEachRow { check = $0.text(0) }
        #expect(inIndex == 11 && check == "ok")
        // The filter's SQL lets SQLite use the partial index, and finds the 11 Finnish places.
        let (condition, values) = SearchFilter(country: "FIN").sql(firstIndex: 1)
        var plan: [String] = []
        try writer.connection.statement("EXPLAIN QUERY PLAN SELECT p.id FROM places p WHERE 1\(condition)")
            .forEachRow(values) { plan.append($0.text(3)) }
        #expect(plan.contains { $0.contains("INDEX places_by_country (country=?)") }, "\(plan)")
        var finnish: Int64 = 0
        try writer.connection.statement("SELECT count(*) FROM places p WHERE 1\(condition)").forEachRow(values) {
            finnish = $0.int(0)
        }
        #expect(finnish == 11)
    }

    /// A build that fails while the side thread is still behind stops it and deletes its file
    /// as soon as the writer goes: the thread packing the R*Tree waits for the side thread
    /// without holding on to it.
    @Test func aFailedFinishLeavesNoSideFile() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("g.gazetteer").path
        var writer: GazetteerWriter? = try GazetteerWriter(path: path)
        for first in stride(from: 1, to: 80_000, by: 5_000) {
            _ = try writer!.insert(
                Self.chunk(
                    (first..<first + 5_000).map { Self.place($0, category: 60 - $0 % 50, importance: 0.5, country: "") }
                ))
        }
        // The street index exists already, so making it at the end fails.
        try writer!.connection.execute(GazetteerSchema.streetIndex)
        #expect(throws: SQLiteError.self) { try writer!.finish() }
        #expect(FileManager.default.fileExists(atPath: path + ".index.partial"))
        writer = nil
        #expect(!FileManager.default.fileExists(atPath: path + ".index.partial"))
    }

    /// An index kept up from the first place to the last is the same as one built at the end.
    /// (With no street segments, the writer writes the places' R*Tree itself, not the side
    /// thread.)
    @Test func anIndexKeptUpToTheEndHoldsEveryPlace() throws {
        let folder = try Fixtures.temporaryDirectory()
        let writer = try GazetteerWriter(path: folder.appendingPathComponent("g.gazetteer").path)
        for first in stride(from: 1, through: 1000, by: 250) {
            _ = try writer.insert(
                Self.chunk((first..<first + 250).map { Self.place($0, category: 7, importance: 0.02, country: "FIN") }))
        }
        var steps: [String] = []
        try writer.finish { steps.append($0) }
        #expect(steps.contains("places' R*Tree"))  // written by this thread, not the side one
        var (check, inIndex): (String, Int64) = ("", 0)
        try writer.connection.statement("PRAGMA integrity_check").forEachRow { check = $0.text(0) }
        try writer.connection.statement(
            "SELECT count(*) FROM places INDEXED BY places_by_category WHERE category = 7 AND importance = 0.02"
        ).forEachRow { inIndex = $0.int(0) }
        #expect(check == "ok")
        #expect(inIndex == 1000)
        var (treeCheck, inTree): (String, Int64) = ("", 0)
        try writer.connection.statement("SELECT rtreecheck('places_rtree')").forEachRow { treeCheck = $0.text(0) }
        try writer.connection.statement(
            "SELECT count(*) FROM places_rtree WHERE min_lon >= 24.00995 AND max_lon <= 24.05005"
        ).forEachRow { inTree = $0.int(0) }
        #expect(treeCheck == "ok")
        #expect(inTree == 401)  // places 100 through 500, 1/10,000 of a degree apart
    }
    /// With as many street segments as places the writer has enough to write: the side thread
    /// writes the places' R*Tree.
    @Test func aWriterWithManyStreetSegmentsLeavesThePlacesTreeToTheSideThread() throws {
        let folder = try Fixtures.temporaryDirectory()
        let writer = try GazetteerWriter(path: folder.appendingPathComponent("g.gazetteer").path)
        _ = try writer.insert(
            Self.chunk((1...20).map { Self.place($0, category: 7, importance: 0.02, country: "FIN") }))
        for id in 1...20 {
            let start = Coordinate(lon: 24 + Double(id) / 1e4, lat: 60)
            try writer.insertStreetSegment(placeID: Int64(id), from: start, to: Coordinate(lon: start.lon, lat: 60.001))
        }
        var steps: [String] = []
        try writer.finish { steps.append($0) }
        #expect(steps.contains("full-text index and places' R*Tree") && !steps.contains("places' R*Tree"))
        var checks: [String] = []
        for table in ["places_rtree", "street_segments"] {
            try writer.connection.statement("SELECT rtreecheck('\(table)')").forEachRow { checks.append($0.text(0)) }
        }
        #expect(checks == ["ok", "ok"])
    }

    /// Where SQLite allows fewer parameters than 64 places need (999 before version 3.32),
    /// statements carry fewer places, and every place still lands.
    @Test func fewerParametersMeanSmallerStatementsNotFailures() throws {
        let connection = try SQLiteConnection(path: ":memory:", writable: true, create: true)
        connection.parameterLimit = 999
        try connection.execute("CREATE TABLE t(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v)")
        let columns = "abcdefghijklmnopqrstuv".map(String.init)
        let insert = try MultiRowInsert(into: "t", columns: columns, rowsPerStatement: 64, on: connection)
        #expect(insert.rowsPerStatement == 999 / 22)
        try insert.insert(100) { index, statement, first in
            for column in 0..<columns.count {
                statement.bind(Int64(index * 100 + column), at: first + Int32(column) + 1)
            }
        }
        var (rows, sum): (Int64, Int64) = (0, 0)
        try connection.statement("SELECT count(*), sum(v) FROM t").forEachRow { (rows, sum) = ($0.int(0), $0.int(1)) }
        #expect(rows == 100 && sum == (0..<100).reduce(0) { $0 + Int64($1 * 100 + 21) })
    }
}
