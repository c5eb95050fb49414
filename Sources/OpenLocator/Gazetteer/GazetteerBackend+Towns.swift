import Foundation

/// The towns and cities inside a box, most populous first, to label a base map drawn from the
/// gazetteer alone (`locator serve`'s map page) wherever it has no streets.
package struct MapTown: Sendable {
    package var name: String
    package var location: Point
    package var population: Int
}

extension GazetteerBackend {
    /// How many of the file's most populous localities ``State/largestTowns`` keeps: a box that
    /// holds enough of them (a country, a continent, the world) is answered from that list
    /// alone, without reading every locality in it through the R*Tree (237,000 for the world).
    static let largestTownCount = 10_000

    /// What a town is read as, and the order of "largest": population, then importance, then id.
    private static let townColumns = "p.name, p.lon, p.lat, p.population"
    private static let largestFirst = "ORDER BY p.population DESC, p.importance DESC, p.id"

    /// The `limit` most populous localities whose point lies in `box` (WGS84), ties broken by
    /// importance; GeoNames gives each its population, other sources count as 0.
    func towns(in box: Envelope, limit: Int) throws -> [MapTown] {
        try read("towns") { db, state in
            func town(_ row: SQLiteStatement) -> MapTown {
                MapTown(
                    name: row.text(0), location: Point(latitude: row.latitude(2), longitude: row.longitude(1)),
                    population: Int(row.int(3)))
            }
            let largest = try state.largestTowns.value {
                var towns: [MapTown] = []
                try db.statement(
                    "SELECT \(Self.townColumns) FROM places p WHERE p.addr_type = 'Locality' \(Self.largestFirst) LIMIT ?1"
                ).forEachRow([.integer(Int64(Self.largestTownCount))]) { towns.append(town($0)) }
                return towns
            }
            // The list is the file's largest towns in order: the first `limit` of them in the box
            // are the box's largest, unless fewer than `limit` of the list lie in it.
            var inBox: [MapTown] = []
            let (west, south, east, north) = (box.xmin, box.ymin, box.xmax, box.ymax)
            for candidate in largest {
                let x = candidate.location.longitude, y = candidate.location.latitude
                guard x >= west, x <= east, y >= south, y <= north else { continue }
                inBox.append(candidate)
                if inBox.count == limit { return inBox }
            }
            if largest.count < Self.largestTownCount { return inBox }  // the list holds every locality
            var towns: [MapTown] = []
            try db.statement(
                """
                SELECT \(Self.townColumns) FROM places_rtree r JOIN places p ON p.id = r.id
                WHERE r.min_lon <= ?1 AND r.max_lon >= ?2 AND r.min_lat <= ?3 AND r.max_lat >= ?4
                  AND p.addr_type = 'Locality'
                \(Self.largestFirst) LIMIT ?5
                """
            ).forEachRow([
                .double(box.xmax), .double(box.xmin), .double(box.ymax), .double(box.ymin), .integer(Int64(limit)),
            ]) { towns.append(town($0)) }
            return towns
        }
    }
}

extension GazetteerBackend {
    /// How many localities having `word` among their other names ``mostImportantLocality(calledOtherwise:db:state:)``
    /// reads at most.
    static let otherNameLocalityLimit = 200
    /// The most places' text a word may be in to be looked up as a town's other name: a word
    /// as common as "city" or "new" is no town's other name worth its list (0.5 ms a lookup).
    static let otherNameDocumentLimit: Int64 = 1_000

    /// The own name (folded, one word) of the most important locality that `word` (folded, one
    /// word) names by another of its names, when that locality is more important than every
    /// locality whose own name `word` is; `nil` otherwise. "helsingfors" → "helsinki",
    /// "roma" → "rome"; "paris" → `nil`.
    func mostImportantLocality(calledOtherwise word: String, db: SQLiteConnection, state: State) throws -> String? {
        switch state.localityIDs {
        case .some(.none): return nil  // a file of no localities
        case .some(.some(let ids)): return try mostImportantLocality(calledOtherwise: word, among: ids, db: db)
        case .none: return try mostImportantLocality(calledOtherwise: word, among: nil, db: db)
        }
    }

    private func mostImportantLocality(calledOtherwise word: String, among ids: ClosedRange<Int64>?, db: SQLiteConnection)
        throws -> String?
    {
        // (A word in no place's text, the usual last word of an address, or in too many.)
        var documents: Int64 = 0
        try db.statement("SELECT documents FROM vocabulary WHERE term = ?1").forEachRow([.text(word)]) {
            documents = $0.int(0)
        }
        guard documents > 0, documents <= Self.otherNameDocumentLimit else { return nil }
        var ownBest = -1.0
        try db.statement(
            "SELECT max(importance) FROM places WHERE search_name = ?1 AND addr_type = 'Locality'"
        ).forEachRow([.text(word)]) { row in
            if !row.isNull(0) { ownBest = row.fraction(0) }
        }
        let range = ids.map { " AND f.rowid BETWEEN \($0.lowerBound) AND \($0.upperBound)" } ?? ""
        let statement = try db.statement(
            """
            SELECT p.search_name, p.importance, p.search_alt_names FROM places_fts f JOIN places p ON p.id = f.rowid
            WHERE places_fts MATCH ?1\(range) AND p.addr_type = 'Locality' LIMIT ?2
            """)
        var best: (name: String, importance: Double)?
        try statement.forEachRow([.text("{alt_names} : \"\(word)\""), .integer(Int64(Self.otherNameLocalityLimit))]) {
            row in
            let name = row.text(0), importance = row.fraction(1)
            guard importance > ownBest, importance > best?.importance ?? -1, !name.contains(" "), name != word,
                row.text(2).split(separator: ";").contains(where: { $0.trimmedSpaces == word })
            else { return }
            best = (name, importance)
        }
        return best?.name
    }
}
