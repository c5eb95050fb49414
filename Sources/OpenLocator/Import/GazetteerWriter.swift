import Foundation

/// Writes places into a new gazetteer database: the `places` row, its R*Tree entry and its
/// folded full-text entry, plus street segments.
final class GazetteerWriter {
    let connection: SQLiteConnection
    private var nextSegmentID: Int64 = 1
    private var suggestIndex = SuggestIndex()
    /// The R*Trees' entries, written in one pass each by ``finish()``.
    private let placesRTree: PackedRTree<PlaceRTreeEntry>
    private let streetSegmentsRTree: PackedRTree<StreetSegmentRTreeEntry>
    private let insertPlace: SQLiteStatement
    private let insertSearchText: SQLiteStatement
    /// SQLite's page cache while writing (200 MB, as a negative `cache_size` in KiB).
    private static let cacheSize = -200_000
    /// The parameters of `insertPlace` after the text columns: category, lon, lat, importance,
    /// population.
    private static let numberParameters = 5

    /// Creates the schema in an empty database file.
    init(path: String) throws {
        connection = try SQLiteConnection(path: path, writable: true, create: true)
        connection.allowShadowTableWrites()  // PackedRTree writes the R*Trees' nodes
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        placesRTree = try PackedRTree(table: "places_rtree", directory: directory)
        streetSegmentsRTree = try PackedRTree(table: "street_segments", directory: directory)
        try connection.execute(
            "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 4096; PRAGMA cache_size = \(Self.cacheSize);"
        )
        try connection.execute(GazetteerSchema.create)
        // Merge the full-text index once at the end ('optimize' in finish()) rather than
        // while inserting.
        try connection.execute("INSERT INTO places_fts(places_fts, rank) VALUES('automerge', 0)")
        let textColumns = PlaceRowChunk.TextColumn.allCases
        insertPlace = try connection.statement(
            """
            INSERT INTO places(\(textColumns.map(\.sqlName).joined(separator: ", ")), category, lon, lat, importance,
                population)
            VALUES (\((1...textColumns.count + Self.numberParameters).map { "?\($0)" }.joined(separator: ", ")))
            """)
        insertSearchText = try connection.statement(
            "INSERT INTO places_fts(rowid, name, alt_names, locality) VALUES (?, ?, ?, ?)")
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
        var counts: [AddressType: Int] = [:]
        let textColumns = PlaceRowChunk.TextColumn.allCases
        let textParameters = Int32(textColumns.count)
        defer {
            // The bound text is the chunk's, which the caller frees.
            insertPlace.reset()
            insertSearchText.reset()
        }
        try chunk.text.withUnsafeBufferPointer { text in
            func column(_ column: PlaceRowChunk.TextColumn, of row: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: text[chunk.textRange(column, of: row)])
            }
            for (index, place) in chunk.rows.enumerated() {
                for textColumn in textColumns {
                    insertPlace.bindInPlace(column(textColumn, of: index), at: Int32(textColumn.rawValue + 1))
                }
                insertPlace.bind(Int64(place.category), at: textParameters + 1)
                insertPlace.bind(place.longitude, at: textParameters + 2)
                insertPlace.bind(place.latitude, at: textParameters + 3)
                insertPlace.bind(place.importance, at: textParameters + 4)
                insertPlace.bind(place.population, at: textParameters + 5)
                try insertPlace.runBound()
                let id = connection.lastInsertedRowID
                try placesRTree.add(
                    PlaceRTreeEntry(
                        id: id, longitude: place.longitude, latitude: place.latitude,
                        category: UInt32(clamping: place.category)))
                insertSearchText.bind(id, at: 1)
                insertSearchText.bindInPlace(column(.searchName, of: index), at: 2)
                insertSearchText.bindInPlace(column(.searchAlternateNames, of: index), at: 3)
                insertSearchText.bindInPlace(column(.searchLocality, of: index), at: 4)
                try insertSearchText.runBound()
                suggestIndex.add(
                    id: id, importance: place.importance, prefixes: chunk.prefixes[place.prefixes],
                    isPOI: place.addressType == .poi, foldedName: column(.searchName, of: index))
                counts[place.addressType, default: 0] += 1
            }
        }
        return counts
    }

    /// Inserts one straight piece of a street, for reverse geocoding onto the street.
    func insertStreetSegment(placeID: Int64, from a: Coordinate, to b: Coordinate) throws {
        try streetSegmentsRTree.add(StreetSegmentRTreeEntry(id: nextSegmentID, placeID: placeID, a: a, b: b))
        nextSegmentID += 1
    }

    /// Records a country's codes and name, so `countryCode` filters accept "FI", "FIN" or "Finland".
    func insertCountry(iso2: String, iso3: String, name: String) throws {
        try connection.statement("INSERT OR IGNORE INTO countries(iso2, iso3, name) VALUES (?, ?, ?)").run([
            .text(iso2), .text(iso3), .text(name),
        ])
    }

    /// Records a metadata value (sources, build date, attribution, schema version).
    func setMeta(_ key: String, _ value: String) throws {
        try connection.statement("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").run([
            .text(key), .text(value),
        ])
    }

    /// Builds the secondary indexes, merges the full-text index and writes the R*Trees, the
    /// suggest tables and the statistics, calling `step` with the name of each step as it starts.
    ///
    /// Sorting the R*Trees' entries and the suggest rows needs no database, so a second thread
    /// does it while SQLite builds the indexes.
    func finish(step: (String) -> Void = { _ in }) throws {
        nonisolated(unsafe) let (placesRTree, streetSegmentsRTree, suggestIndex) =
            (placesRTree, streetSegmentsRTree, suggestIndex)
        let nodeSizes = (try placesRTree.nodeSize(in: connection), try streetSegmentsRTree.nodeSize(in: connection))
        nonisolated(unsafe) var suggestTables = SuggestIndex.Tables()
        // SQLite sorts an index's keys on helper threads only when they do not fit its working
        // memory (the cache size) at once: sorting runs of 8 MB on two threads and merging them
        // took a fifth less time than one 200 MB sort (all three indexes, 1M places).
        try connection.execute("PRAGMA threads = 2; PRAGMA cache_size = -8000;")
        try overlapped({
            try placesRTree.pack(nodeSize: nodeSizes.0)
            try streetSegmentsRTree.pack(nodeSize: nodeSizes.1)
            suggestTables = suggestIndex.tables()
        }) {
            for (name, sql) in GazetteerSchema.indexes {
                step(name)
                try connection.execute(sql)
            }
        }
        try connection.execute("PRAGMA cache_size = \(Self.cacheSize);")
        step("R*Trees")
        try connection.transaction {
            try placesRTree.write(to: connection)
            try streetSegmentsRTree.write(to: connection)
        }
        step("suggest tables")
        try connection.transaction { try SuggestIndex.write(suggestTables, to: connection) }
        step("statistics")
        try connection.execute(GazetteerSchema.statistics)
    }
}

/// A place's folded, searchable text: the `places_fts` columns (kept in `places` too).
struct SearchText: Sendable {
    var name: String
    /// Folded alternate names, distinct and sorted, separated by " ; ".
    var alternateNames: String
    var locality: String

    /// Folds a place's names; `locality` is its neighbourhood, city, postcode, region and country.
    init(_ place: PlaceRecord, locality: String) {
        let searchName = place.addressType == .pointAddress ? "\(place.street) \(place.houseNumber)" : place.name
        name = TextFolding.fold(searchName)
        let alternates =
            place.alternateNames.isEmpty
            ? [] : Set(place.alternateNames.map(TextFolding.fold)).subtracting(["", name]).sorted()
        alternateNames = alternates.joined(separator: " ; ")
        self.locality = TextFolding.fold(locality)
    }
}
