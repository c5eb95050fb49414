import Foundation

/// Writes places into a new gazetteer database: the `places` row, its R*Tree entry and its
/// folded full-text entry, plus street segments. The full-text index is built beside it, in
/// an ``IndexDatabase`` on a second thread, which also gathers the places' R*Tree entries and
/// suggest prefixes: this thread, writing `places`, is a build's busiest. Gathered there, 1M
/// OpenAddresses rows built in 5.93 s against 6.38 s on this thread (medians of 10 alternated
/// builds).
final class GazetteerWriter {
    let connection: SQLiteConnection
    private var nextSegmentID: Int64 = 1
    /// The places' R*Tree entries and suggest prefixes, gathered on the side thread.
    private let placeEntries: PlaceEntries
    private var placesWritten = 0
    /// The id of the last place inserted (0 before any): the places table is only appended to.
    private(set) var lastPlaceID: Int64 = 0
    /// The first and last id of a locality written so far (``GazetteerSchema/localityIDsKey``).
    private var localityIDs: ClosedRange<Int64>?
    /// The street segments' R*Tree entries, packed and written by ``finish(step:)`` after the
    /// indexes.
    private let streetSegmentsRTree: PackedRTree<StreetSegmentRTreeEntry>
    /// Inserts places many to a statement, which keeps the in-order indexes cheap.
    private let insertPlaces: MultiRowInsert
    private let indexDatabase: IndexDatabase
    private var inOrderIndexes = InOrderIndexes()
    /// Where each source has POIs and addresses, written as the `coverage` table.
    private var coverage = CoverageGrid()
    /// SQLite's page cache while writing, in KiB (8 MB). Every table here is appended to,
    /// in key order, so a big cache only holds pages that must be written anyway: with 200 MB,
    /// a million OpenAddresses rows took 12% more CPU and 350 MB at peak, against 166 MB. It is
    /// also the size of the runs SQLite sorts an index's keys in, and runs of 8 MB took a fifth
    /// less time than one 200 MB sort (three indexes, 1M places).
    private static let cacheKiB = 8_000

    /// Creates the schema in an empty database file, and the side database (with its thread)
    /// beside it.
    init(path: String) throws {
        connection = try SQLiteConnection(path: path, writable: true, create: true)
        connection.allowShadowTableWrites()  // IndexDatabase copies shadow tables in
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let (placesRTree, streetSegmentsRTree) = (
            try PackedRTree<PlaceRTreeEntry>(table: "places_rtree", directory: directory),
            try PackedRTree<StreetSegmentRTreeEntry>(table: "street_segments", directory: directory)
        )
        let placeEntries = PlaceEntries(rTree: placesRTree)
        (self.placeEntries, self.streetSegmentsRTree) = (placeEntries, streetSegmentsRTree)
        try connection.execute(GazetteerSchema.buildSettings(cacheKiB: Self.cacheKiB))
        try connection.execute(GazetteerSchema.create)
        try connection.execute(inOrderIndexes.createStatements)
        // (".partial" like the gazetteer's own temporary file, so the clean-up after killed builds
        // finds it too.)
        indexDatabase = try IndexDatabase(
            path: path + ".index.partial", eachChunk: { try placeEntries.add($0, firstID: $1) },
            writeRTree: { try placeEntries.rTree.write(to: $0) })
        insertPlaces = try MultiRowInsert(
            into: "places",
            columns: PlaceRowChunk.TextColumn.allCases.map(\.sqlName) + [
                "category", "lon", "lat", "importance", "population", "access_lon", "access_lat",
            ], on: connection)
        let insertCategory = try connection.statement(
            "INSERT INTO categories(code, name, level, last_descendant) VALUES (?, ?, ?, ?)")
        for category in CategoryTree.world.categories {
            try insertCategory.run([
                .integer(Int64(category.code)), .text(category.name), .integer(Int64(category.level)),
                .integer(Int64(category.lastDescendantCode)),
            ])
        }
    }

    /// Inserts a chunk of places, with ids following the last place's, and returns how many
    /// there were of each address type.
    func insert(_ chunk: PlaceRowChunk) throws -> [AddressType: Int] {
        for index in inOrderIndexes.outOfOrder(chunk) { try connection.execute("DROP INDEX \(index)") }
        // (Counted by position: a dictionary would hash each place's type name.)
        let types = AddressType.allCases
        var counts = [Int](repeating: 0, count: types.count)
        var firstID: Int64 = 0
        try chunk.withColumns { column in
            try insertPlaces.insert(chunk.count) { index, statement, first in
                Self.bind(place: index, of: chunk, column, to: statement, from: first)
            } inserted: { rows in
                // The places table is only appended to, so a statement's ids are consecutive.
                if rows.lowerBound == 0 { firstID = connection.lastInsertedRowID - Int64(rows.count) + 1 }
            }
        }
        guard chunk.isEmpty || connection.lastInsertedRowID == firstID + Int64(chunk.count) - 1 else {
            throw LocatorError(.buildFailed, "the places of a chunk did not get consecutive ids")
        }
        if !chunk.isEmpty { lastPlaceID = firstID + Int64(chunk.count) - 1 }
        for (index, row) in chunk.rows.enumerated() {
            if let extent = row.extent { try insertExtent(placeID: firstID + Int64(index), extent) }
            if !row.type.isEmpty { try insertType(placeID: firstID + Int64(index), row.type) }
            counts[types.firstIndex(of: row.addressType)!] += 1
            if row.addressType == .locality {
                let id = firstID + Int64(index)
                localityIDs = (localityIDs?.lowerBound ?? id)...id  // (ids only grow)
            }
            coverage.add(
                longitude: row.longitude, latitude: row.latitude, category: row.category, type: row.addressType)
        }
        placesWritten += chunk.count
        if !chunk.isEmpty { try indexDatabase.add(chunk, firstID: firstID) }
        return Dictionary(uniqueKeysWithValues: zip(types, counts).filter { $0.1 > 0 })
    }

    /// Binds one place's values to `statement`'s parameters after the first `offset`.
    private static func bind(
        place index: Int, of chunk: PlaceRowChunk,
        _ column: (PlaceRowChunk.TextColumn, Int) -> UnsafeBufferPointer<UInt8>,
        to statement: SQLiteStatement, from offset: Int32
    ) {
        let textColumns = PlaceRowChunk.TextColumn.allCases
        for textColumn in textColumns {
            statement.bindInPlace(column(textColumn, index), at: offset + Int32(textColumn.rawValue + 1))
        }
        let place = chunk.rows[index]
        let numbers = offset + Int32(textColumns.count)
        statement.bind(Int64(place.category), at: numbers + 1)
        statement.bind(place.longitude, at: numbers + 2)
        statement.bind(place.latitude, at: numbers + 3)
        statement.bind(place.importance, at: numbers + 4)
        statement.bind(place.population, at: numbers + 5)
        statement.bind(place.accessLongitude, at: numbers + 6)
        statement.bind(place.accessLatitude, at: numbers + 7)
    }

    /// Inserts one straight piece of a street, for reverse geocoding onto the street.
    func insertStreetSegment(placeID: Int64, from a: Coordinate, to b: Coordinate) throws {
        try streetSegmentsRTree.add(StreetSegmentRTreeEntry(id: nextSegmentID, placeID: placeID, a: a, b: b))
        nextSegmentID += 1
    }

    /// Records a place's Type where its category's name does not say it ("Tram Stop").
    func insertType(placeID: Int64, _ type: String) throws {
        try connection.statement("INSERT INTO place_types(place_id, type) VALUES (?, ?)").run([
            .integer(placeID), .text(type),
        ])
    }

    /// Records where a place's parts lie: a street's segments, a postal area's members.
    func insertExtent(placeID: Int64, _ box: Envelope) throws {
        try connection.statement(
            "INSERT INTO place_extents(place_id, min_lon, min_lat, max_lon, max_lat) VALUES (?, ?, ?, ?, ?)"
        ).run([.integer(placeID), .double(box.xmin), .double(box.ymin), .double(box.xmax), .double(box.ymax)])
    }

    /// Records a country's codes, name and languages, so `countryCode` filters accept "FI",
    /// "FIN" or "Finland" and qualifiers "Suomi" too.
    func insertCountry(iso2: String, iso3: String, name: String, languages: String) throws {
        try connection.statement("INSERT OR IGNORE INTO countries(iso2, iso3, name, languages) VALUES (?, ?, ?, ?)")
            .run([.text(iso2), .text(iso3), .text(name), .text(languages)])
    }

    /// Records a GeoNames admin1 region ("US", "MN", "Minnesota"), for qualifiers.
    func insertRegion(country iso2: String, code: String, name: String) throws {
        try connection.statement("INSERT OR IGNORE INTO regions(country, code, name) VALUES (?, ?, ?)").run([
            .text(iso2), .text(code), .text(name),
        ])
    }

    /// Records the generic words of place names the search reads (``GenericWords``), in order.
    func insertGenericWords(_ entries: [GenericWords.Entry]) throws {
        let insert = try connection.statement("INSERT INTO generic_words(concept, word, categories) VALUES (?, ?, ?)")
        for entry in entries { try insert.run([.text(entry.concept), .text(entry.word), .text(entry.categories)]) }
    }

    /// Counts the POIs and addresses inserted from now on as `source`'s in the coverage table.
    func beginSource(_ source: String) { coverage.begin(source: source) }

    /// Records a metadata value (sources, build date, attribution, schema version).
    func setMeta(_ key: String, _ value: String) throws {
        try connection.statement("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").run([
            .text(key), .text(value),
        ])
    }

    /// Builds the secondary indexes and writes the street segments' R*Tree and the suggest
    /// tables while the side thread merges the full-text index; then writes the places' R*Tree,
    /// copies the side thread's tables in and makes the statistics, calling `step` with the
    /// name of each step as it starts.
    ///
    /// The places' R*Tree is packed on a thread of its own meanwhile and written here: copying
    /// it in from the side database costs as much as writing it (0.38 s for the million rows of
    /// its `_rowid` table), so the side thread writes it only when this one has more to write
    /// already, a street segment for each place or more (a country's OSM streets). Written here,
    /// 1M own places built in 6.9 s against 7.4 s, 300,000 GeoNames rows in 5.7 s against 6.3 s
    /// (alternated builds), and 1M OpenAddresses rows no longer waited a second for the side
    /// thread.
    func finish(step: (String) -> Void = { _ in }) throws {
        let writesPlacesRTree = streetSegmentsRTree.count < placesWritten
        indexDatabase.endOfPlaces(writingRTree: !writesPlacesRTree)
        // The side thread may be up to 16 chunks behind, with the R*Tree entries and suggest
        // prefixes of those still to gather. The indexes need neither: the tree is packed once
        // it has taken the last chunk, and this thread makes the indexes meanwhile. (Waiting
        // here first left it idle for 0.5 s of a 1M-place build with a new word in every name.)
        if writesPlacesRTree {
            try placeEntries.rTree.startPacking(for: connection, entriesAdded: indexDatabase.chunksTakenWaiter)
        }
        // With one helper thread, SQLite sorts runs of index keys while this thread reads the
        // table on. That pays only when the side thread has little left, as after an
        // OpenAddresses build (its queue seldom fills), whose in-order indexes leave the street
        // index alone to make: the step took 0.9–1.3 s against 1.2–1.5 s (1M rows, 6 alternated
        // builds; two helpers, 0.9–1.3 s). With the side thread merging the full-text index (1M
        // own places), the helper only competed with it: 2.0–3.2 s against 2.4–2.9 s.
        step("secondary indexes")
        if inOrderIndexes.leaveOnlyTheStreetIndex { try connection.execute("PRAGMA threads = 1") }
        try connection.execute(inOrderIndexes.remainingStatements)
        try connection.execute("PRAGMA threads = 0")
        step("coverage")
        try connection.transaction { try coverage.write(to: connection) }
        step("street segments' R*Tree")
        try connection.transaction { try streetSegmentsRTree.write(to: connection) }
        step("suggest tables")
        try indexDatabase.waitUntilChunksTaken()
        try connection.transaction { try placeEntries.suggest.write(to: connection) }
        step("place keys")
        try connection.transaction { try placeEntries.keys.write(to: connection) }
        if writesPlacesRTree {
            step("places' R*Tree")
            try connection.transaction { try placeEntries.rTree.write(to: connection) }
        }
        step(writesPlacesRTree ? "full-text index" : "full-text index and places' R*Tree")
        try indexDatabase.waitUntilWritten()
        try indexDatabase.move(into: connection)
        try setMeta(GazetteerSchema.localityIDsKey, localityIDs.map { "\($0.lowerBound)-\($0.upperBound)" } ?? "")
        step("statistics")
        try connection.execute(GazetteerSchema.statistics)
    }
}

/// What the side thread gathers from each chunk besides its full-text rows: the places' R*Tree
/// entries, their suggest prefixes and their keys (``PlaceKeyTable``; all once on the gazetteer's writer, which is the
/// busiest thread of a build). `@unchecked Sendable`: the side thread alone adds to it until
/// it has taken the last chunk (``IndexDatabase/waitUntilChunksTaken()``); meanwhile the writer
/// only starts the tree's packing thread, which waits for that before it reads the entries.
/// After that the writer uses `suggest` and `keys`, and `rTree` is used by one thread at a time: the one
/// packing it and then the writer, or the side thread when that one writes the tree.
private final class PlaceEntries: @unchecked Sendable {
    let rTree: PackedRTree<PlaceRTreeEntry>
    var suggest = SuggestIndex()
    var keys = PlaceKeyTable()

    init(rTree: PackedRTree<PlaceRTreeEntry>) { self.rTree = rTree }

    /// Adds a chunk's places, whose ids are `firstID`, `firstID + 1`, …
    func add(_ chunk: PlaceRowChunk, firstID: Int64) throws {
        try Self.add(chunk, firstID: firstID, to: rTree, &suggest, &keys)  // (one access to each a chunk)
    }

    private static func add(
        _ chunk: PlaceRowChunk, firstID: Int64, to rTree: PackedRTree<PlaceRTreeEntry>, _ suggest: inout SuggestIndex,
        _ keys: inout PlaceKeyTable
    ) throws {
        try chunk.withColumns { column in
            for (index, place) in chunk.rows.enumerated() {
                let id = firstID + Int64(index)
                try rTree.add(
                    PlaceRTreeEntry(
                        id: id, longitude: place.longitude, latitude: place.latitude,
                        category: UInt32(clamping: place.category)))
                suggest.add(
                    id: id, importance: place.importance, foldedName: column(.searchName, index),
                    foldedAlternateNames: column(.searchAlternateNames, index), isPOI: place.addressType == .poi && place.type.isEmpty)
                keys.add(
                    id: id, importance: place.importance, longitude: place.longitude, latitude: place.latitude,
                    category: place.category)
            }
        }
    }
}
