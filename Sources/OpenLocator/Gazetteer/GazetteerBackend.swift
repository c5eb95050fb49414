import Foundation

/// The embedded backend: answers from a gazetteer file, read through a ``GazetteerStore``.
///
/// The file is opened and checked on first use. `@unchecked Sendable`: `state` is only read
/// or written under `lock`; after loading it is immutable and shared.
final class GazetteerBackend: LocatorBackend, @unchecked Sendable {
    /// What is loaded once per file: the store, and the lookups built from the file's tables.
    struct State {
        /// The one file every read of this state goes to.
        let store: GazetteerStore
        let results: ResultBuilder
        /// ISO2, ISO3 and folded country names -> ISO3.
        let countryCodes: [String: String]
        /// Country and region names and codes, for qualifiers ("Rochester, MN").
        let lexicon: QualifierLexicon
        /// The generic words of place names the file was built with ("hotel", "hotelli").
        let genericWords: GenericWords
        /// How many places the file has (the largest id), for word weights.
        let placeCount: Int64
        /// The ids the file's localities lie among (others' too), empty when it has none; `nil`
        /// when the file does not say (``GazetteerSchema/localityIDsKey``).
        let localityIDs: ClosedRange<Int64>??
        /// What was worked out from this file once: typo corrections, coverage areas, the
        /// largest towns (for the map), the localities in memory and results ready to copy (for
        /// batch reverse geocoding), the places' keys (for choosing among text matches), the
        /// categories its places have.
        let corrections = CorrectionCache()
        let coverage = CoverageCache()
        let largestTowns = WorkedOutOnce<[MapTown]>()
        let localities = WorkedOutOnce<SphereTree>()
        let reverseResults = ReverseResultShelf.Shelves()
        let placeKeys = WorkedOutOnce<PlaceKeys?>()
        let storedCategories = WorkedOutOnce<StoredCategories>()
        let streetVocabulary = WorkedOutOnce<StreetVocabulary>()
        let numberedNames = WorkedOutOnce<Bool>()
        let placeTypes = WorkedOutOnce<[Int64: String]>()

        /// The Types of the places whose category's name does not say it, by id (`place_types`,
        /// schema 32 and later; none before): read once, a few thousand for a country, so a row
        /// read costs no lookup.
        func types(db: SQLiteConnection) throws -> [Int64: String] {
            try placeTypes.value {
                var found = false
                try db.statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'place_types'")
                    .forEachRow { _ in found = true }
                guard found else { return [:] }
                var types: [Int64: String] = [:]
                try db.statement("SELECT place_id, type FROM place_types").forEachRow { types[$0.int(0)] = $0.text(1) }
                return types
            }
        }

        /// Whether the file has `places_by_numbered_name` (schema 31 and later).
        func hasNumberedNameIndex(db: SQLiteConnection) throws -> Bool {
            try numberedNames.value {
                var found = false
                try db.statement(
                    "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'places_by_numbered_name'"
                )
                .forEachRow { _ in found = true }
                return found
            }
        }

        /// The places' keys, loaded at first need; `nil` for a gazetteer without them.
        func keys(db: SQLiteConnection) throws -> PlaceKeys? { try placeKeys.value { try PlaceKeys.load(db: db) } }

        /// Whether the filter can match any place of the file: `false` when it is limited to
        /// categories no place has.
        func mayMatch(_ filter: SearchFilter, db: SQLiteConnection) throws -> Bool {
            guard let ranges = filter.categoryRanges, !ranges.isEmpty else { return true }
            return try storedCategories.value { try StoredCategories(db: db) }.holdsAny(ranges)
        }

        /// Whether a strict search of `query` limited to `filter` may match a place: `false` when
        /// it asks for streets and address points alone and one of its words is in none of
        /// their text (``StreetVocabulary``).
        func streetsMayMatch(_ query: TextQuery, _ filter: SearchFilter, tree: CategoryTree, db: SQLiteConnection)
            throws -> Bool
        {
            try streetVocabulary.value { try StreetVocabulary(db: db) }.mayMatch(
                query, filter: filter, tree: tree, db: db)
        }
    }

    let url: URL
    private let lock = NSLock()
    private var loaded: State?
    let tree = CategoryTree.world
    let resolver = CategoryResolver.world

    init(url: URL) { self.url = url }

    /// The loaded state, opening and checking the file on first use; within a
    /// ``GazetteerPin`` scope, the state the scope pinned first.
    func state() throws -> State {
        guard let pin = GazetteerPin.current else { return try loadedState() }
        return try pin.state(of: self, loadedState)
    }

    private func loadedState() throws -> State {
        lock.lock()
        defer { lock.unlock() }
        if let loaded { return loaded }
        let state = try load(try GazetteerStore(path: url.path))
        loaded = state
        return state
    }

    /// Opens a new gazetteer renamed over the path since it was loaded, checks it and swaps it
    /// in: requests already running finish on the old file, later ones read the new one. A new
    /// file that does not open or check keeps the old one in service (and throws why).
    /// - Returns: whether a new file was swapped in.
    @discardableResult
    func reloadIfReplaced() throws -> Bool {
        guard let current = lock.withLock({ loaded }) else { return false }
        guard current.store.isReplaced(atPath: url.path) else { return false }
        let state = try load(try GazetteerStore(path: url.path))
        lock.withLock { loaded = state }
        return true
    }

    /// The lookups of a newly opened store: the category tree it was built with must be
    /// this one; country and region names for qualifiers and filters.
    private func load(_ store: GazetteerStore) throws -> State {
        let name = url.lastPathComponent
        return try GazetteerStore.checked(name) {
            try store.withConnection { db in
                var categoryCount = 0
                try db.statement("SELECT count(*) FROM categories").forEachRow { categoryCount = Int($0.int(0)) }
                guard categoryCount == tree.categories.count else {
                    throw LocatorError(
                        .gazetteerUnavailable, "'\(name)' uses another category tree; rebuild it with 'locator build'")
                }
                var names: [String: String] = [:]
                var languages: [String: [String]] = [:]
                var codes: [String: String] = [:]
                var countries: [(iso2: String, iso3: String, name: String, languages: String)] = []
                try db.statement("SELECT iso2, iso3, name, languages FROM countries").forEachRow { row in
                    let iso3 = row.text(1)
                    names[iso3] = row.text(2)
                    languages[iso3] = row.text(3).split(separator: ",").map {
                        String($0.prefix { $0 != "-" }).lowercased()
                    }
                    codes[row.text(0).lowercased()] = iso3
                    codes[iso3.lowercased()] = iso3
                    codes[TextFolding.fold(row.text(2))] = iso3
                    countries.append((row.text(0), iso3, row.text(2), row.text(3)))
                }
                var regions: [(iso2: String, code: String, name: String)] = []
                try db.statement("SELECT country, code, name FROM regions").forEachRow { row in
                    regions.append((row.text(0), row.text(1), row.text(2)))
                }
                var placeCount: Int64 = 0
                try db.statement("SELECT max(id) FROM places").forEachRow { placeCount = $0.int(0) }
                var localityIDs: ClosedRange<Int64>?? = nil
                try db.statement("SELECT value FROM meta WHERE key = ?1").forEachRow([
                    .text(GazetteerSchema.localityIDsKey)
                ]) { row in
                    let bounds = row.text(0).split(separator: "-").compactMap { Int64($0) }
                    if row.text(0).isEmpty {
                        localityIDs = .some(nil)
                    } else if bounds.count == 2, bounds[0] <= bounds[1] {
                        localityIDs = bounds[0]...bounds[1]
                    }
                }
                return State(
                    store: store, results: ResultBuilder(tree: tree, countryNames: names, countryLanguages: languages),
                    countryCodes: codes,
                    lexicon: QualifierLexicon(countries: countries, regions: regions),
                    genericWords: try GenericWords.load(db: db), placeCount: placeCount, localityIDs: localityIDs)
            }
        }
    }

    /// Runs a read against the file, turning storage failures into ``LocatorError`` without SQL.
    /// Under a ``WorkBudget``, the statements stop once it is spent.
    func read<T>(_ operation: String, _ body: (SQLiteConnection, State) throws -> T) throws -> T {
        let state = try state()
        let budget = WorkBudget.current
        try budget?.check()
        do {
            return try state.store.withConnection { db in
                guard let budget else { return try body(db, state) }
                db.setDeadline(budget.deadline)
                defer { db.setDeadline(nil) }
                return try body(db, state)
            }
        } catch let error as SQLiteError where error.isInterrupt && budget?.isSpent == true {
            throw budget!.exceeded
        } catch let error as SQLiteError {
            throw LocatorError(
                .storageFailure,
                "the gazetteer failed during \(operation): \(error.reason) (SQLite error \(error.code))")
        }
    }

    /// How many coverage areas ``info()`` labels.
    static let labelledInfoAreas = 50

    /// The full rows of candidates: those the retrieval already read, and the rest from `places`.
    func places(for candidates: [Candidate], db: SQLiteConnection) throws -> [Int64: PlaceRecord] {
        var found: [Int64: PlaceRecord] = [:]
        found.reserveCapacity(candidates.count)
        var missing: [Int64] = []
        for candidate in candidates {
            if let place = candidate.place { found[candidate.id] = place } else { missing.append(candidate.id) }
        }
        try forEachPlaceRow(missing, db: db) { found[$0.id] = $0 }
        // Streets and postal areas answer with where they lie.
        let extended = missing.filter { [.streetName, .postal].contains(found[$0]?.addressType) }
        for (id, extent) in try storedExtents(Set(extended), db: db) { found[id]?.extent = extent }
        return found
    }

    /// The full rows of `ids` (sorted, each once) in their order, `nil` for an id with no row:
    /// for callers that read many rows and use each once, without a dictionary between.
    func placeRows(sorted ids: [Int64], db: SQLiteConnection) throws -> [PlaceRecord?] {
        var rows = [PlaceRecord?](repeating: nil, count: ids.count)
        try forEachPlaceRow(ids, db: db) { row in
            if let slot = ids.firstSlot(of: row.id) { rows[slot] = row }
        }
        let extended = rows.compactMap { $0?.addressType == .streetName || $0?.addressType == .postal ? $0?.id : nil }
        for (id, extent) in try storedExtents(Set(extended), db: db) {
            if let slot = ids.firstSlot(of: id) { rows[slot]?.extent = extent }
        }
        return rows
    }

    /// Reads the `places` rows of `ids`, in no set order; ids with no row are skipped.
    private func forEachPlaceRow(_ ids: [Int64], db: SQLiteConnection, _ body: (PlaceRecord) -> Void) throws {
        guard !ids.isEmpty else { return }
        let types = try state().types(db: db)
        // One statement for up to 16 rows at a time (a page of results), rather than one per row.
        for start in stride(from: 0, to: ids.count, by: 16) {
            let slice = ids[start..<min(ids.count, start + 16)]
            let statement = try db.statement(
                "SELECT \(PlaceRecord.columns) FROM places WHERE id IN (\(Array(repeating: "?", count: slice.count).joined(separator: ",")))"
            )
            try statement.forEachRow(slice.map { .integer($0) }) { body(PlaceRecord(row: $0, types: types)) }
        }
    }

    /// The extents the gazetteer keeps of these places (streets, postal areas), by id.
    func storedExtents(_ ids: Set<Int64>, db: SQLiteConnection) throws -> [Int64: Envelope] {
        var extents: [Int64: Envelope] = [:]
        let statement = try db.statement(
            "SELECT min_lon, min_lat, max_lon, max_lat FROM place_extents WHERE place_id = ?1")
        for id in ids.sorted() {
            try statement.forEachRow([.integer(id)]) { row in
                extents[id] = Envelope(
                    xmin: row.longitude(0), ymin: row.latitude(1), xmax: row.longitude(2), ymax: row.latitude(3))
            }
        }
        return extents
    }

    func info() async throws -> LocatorInfo { try infoNow() }

    func infoNow() throws -> LocatorInfo {
        try read("info") { db, state in
            var meta: [String: String] = [:]
            try db.statement("SELECT key, value FROM meta").forEachRow { meta[$0.text(0)] = $0.text(1) }
            let summaries = SourceSummary.parse(metaText: meta["sources"] ?? "")
            var counts: [String: Int] = [:]
            var total = 0
            var held: [Category] = []
            try db.statement("SELECT category, count(*) FROM places GROUP BY category").forEachRow { row in
                let category = tree.category(code: Int(row.int(0)))
                counts[category?.name ?? "?", default: 0] += Int(row.int(1))
                total += Int(row.int(1))
                if let category { held.append(category) }
            }
            func holds(_ name: String) -> Bool {
                guard let root = tree[name] else { return false }
                return held.contains { root.codeRange.contains($0.code) }
            }
            var info = LocatorInfo(
                name: "OpenLocator gazetteer", description: "Offline place search over \(url.lastPathComponent)",
                sources: summaries.map(\.name),
                attribution: (meta["attribution"] ?? "").split(separator: "\n").map(String.init),
                buildDate: meta["build_date"], categoryCounts: counts, placeCount: total, sourceSummaries: summaries)
            info.supportsPOI = holds("POI")
            info.supportsAddresses = holds("Point Address") || holds("Street Address") || holds("Street Name")
            info.supportsIntersections = holds("Street Name")
            info.properties = ["SchemaVersion": meta["schema_version"] ?? ""].filter { !$0.value.isEmpty }
            info.coverage = try labelledCoverageAreas(db: db, state: state)
            return info
        }
    }

    /// Every coverage area, the largest ones labelled (a planet's thousands of areas would cost
    /// a lookup each).
    private func labelledCoverageAreas(db: SQLiteConnection, state: State) throws -> [Coverage.Area] {
        let areas = try coverageAreas(db: db, state: state)
        return try areas.prefix(Self.labelledInfoAreas).map { try labelled($0, db: db, state: state) }
            + areas.dropFirst(Self.labelledInfoAreas)
    }

    /// The hard filters of a request: category names (any level, synonyms) as merged code
    /// ranges (`nil` when none are given), the area in WGS84, the country as ISO3.
    func searchFilter(categories: [String], area: Envelope?, countryCode: String?, state: State) throws
        -> SearchFilter
    {
        let resolved = try resolver.filterCategories(categories)
        return SearchFilter(
            categoryRanges: resolved.isEmpty ? nil : SearchFilter.merged(resolved.map(\.codeRange)),
            area: area?.projected(to: .wgs84), country: try countryFilter(countryCode, state: state))
    }

    /// The ISO3 code for a `countryCode` parameter ("FI", "FIN", "Finland").
    func countryFilter(_ code: String?, state: State) throws -> String? {
        guard let code = code?.trimmedSpaces, !code.isEmpty else { return nil }
        let key = code.count <= 3 ? code.lowercased() : TextFolding.fold(code)
        guard let iso3 = state.countryCodes[key] else {
            throw LocatorError.invalidParameter(
                "unknown countryCode '\(code.prefix(40))'; use an ISO code such as FI, FIN or a country name")
        }
        return iso3
    }
}

extension PlaceRecord {
    /// The `places` columns ``init(row:)`` reads, in order.
    static let columns = """
        id, name, addr_type, category, house_number, street, neighborhood, city, subregion, region, postal,
        country, place_addr, phone, url, lon, lat, importance, population, source, names, side, access_lon,
        access_lat
        """
    /// How many ``columns`` there are.
    static let columnCount: Int32 = 24

    init(row: SQLiteStatement) {
        self.init(
            id: row.int(0), name: row.text(1), addressType: AddressType(rawValue: row.text(2)) ?? .poi,
            category: Int(row.int(3)), houseNumber: row.text(4), street: row.text(5), neighborhood: row.text(6),
            city: row.text(7), subregion: row.text(8), region: row.text(9), postal: row.text(10),
            country: row.text(11), placeAddress: row.text(12), phone: row.text(13), url: row.text(14),
            longitude: row.longitude(15), latitude: row.latitude(16), importance: row.fraction(17),
            population: row.count(18), source: row.text(19), localizedNames: row.text(20))
        side = row.text(21)
        // (A place with no street near has none: NULL.)
        if !row.isNull(22) { access = Coordinate(lon: row.longitude(22), lat: row.latitude(23)) }
    }

    /// A row of ``columns`` with its Type from the file's (``GazetteerBackend/State/types(db:)``).
    init(row: SQLiteStatement, types: [Int64: String]) {
        self.init(row: row)
        if let type = types[id] { self.type = type }
    }
}

extension [Int64] {
    /// The position of the first element at or above `value` in this sorted array, found by
    /// halving (`count` when all are below).
    func lowerBound(of value: Int64) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The position of `id` in this sorted array; `nil` when it is not there.
    func firstSlot(of id: Int64) -> Int? {
        let slot = lowerBound(of: id)
        return slot < count && self[slot] == id ? slot : nil
    }
}
