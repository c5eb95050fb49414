import Foundation

/// The order a text retrieval reads its matches in.
enum MatchOrder: Sendable {
    /// As FTS5 hands them out (by id).
    case storage
    /// Most important first, ties by id.
    case importance
    /// Nearest the point first (by the keys' 32-bit locations), ties by id. Only through the
    /// keys: without them a retrieval reads in storage order.
    case nearest(Point)

    var isImportance: Bool {
        if case .importance = self { return true }
        return false
    }

    /// Whether this order is the keys' to choose (any but storage's).
    var needsKeys: Bool {
        if case .storage = self { return false }
        return true
    }
}

/// Text matches chosen through the places' keys (``PlaceKeys``): FTS5 hands out the ids of an
/// expression's matches, the keys say which are inside the area and which are the most
/// important, and only the chosen rows are read. The same matches as the SQL join of every
/// match to its row, at a twentieth of the cost per match not chosen.
extension GazetteerBackend {
    /// The most matches a keyed retrieval is asked to go through for one order or box, where
    /// FTS5's ids cost ~0.1 µs each (~10 ms): a word in more places' text is read by bounded
    /// paths instead (``importanceSortLimit``, the R*Tree's places around the point).
    static let keyedScanLimit = 100_000

    /// Whether the keys can choose this filter's matches: the file has them, and the filter
    /// asks for nothing but an area and categories (when the keys hold them).
    func keysChoose(_ filter: SearchFilter, db: SQLiteConnection, state: State) throws -> PlaceKeys? {
        guard filter.country == nil, filter.regionForms == nil, let keys = try state.keys(db: db),
            filter.categoryRanges == nil || keys.hasCategories
        else { return nil }
        return keys
    }

    /// The most places' text the rarest word of an importance-ordered (or boxed) retrieval
    /// may be in: ``keyedScanLimit`` when the keys choose the matches, else
    /// ``importanceSortLimit``.
    func orderableMatches(_ filter: SearchFilter, db: SQLiteConnection, state: State) throws -> Int64 {
        Int64(try keysChoose(filter, db: db, state: state) != nil ? Self.keyedScanLimit : Self.importanceSortLimit)
    }

    /// The first `limit` matches of the filter's categories (when given) and `expression` inside its
    /// area (when given) in `order`, scored. `rows` counts the rows read, as ``fetchTextMatches`` does.
    func keyedTextMatches(
        _ query: TextQuery, expression: String, center: Point?, filter: SearchFilter, order: MatchOrder, limit: Int,
        keys: PlaceKeys, db: SQLiteConnection
    ) throws -> (candidates: [Candidate], rows: Int) {
        let ids = try keyedMatchIDs(
            expression, area: filter.area, categories: filter.categoryRanges, ids: filter.ids, order: order,
            limit: limit, keys: keys, db: db)
        let read = try db.statement(
            """
            SELECT p.id, \(Self.scoredColumns)
            FROM places p WHERE p.id = ?1
            """)
        var found: [Candidate] = []
        for id in ids {
            try read.forEachRow([.integer(id)]) { row in
                if let candidate = Self.scoredCandidate(query, row: row, center: center) { found.append(candidate) }
            }
        }
        return (found, ids.count)
    }

    /// The ids of the matches to read: in storage order, the first `limit` of the categories
    /// (any, for `nil`) inside the area; by importance (or nearness), the `limit` most important
    /// (or nearest) of them. Categories need keys that hold them (``PlaceKeys/hasCategories``).
    func keyedMatchIDs(
        _ expression: String, area: Envelope?, categories: [ClosedRange<Int>]? = nil, ids: ClosedRange<Int64>? = nil,
        order: MatchOrder, limit: Int, keys: PlaceKeys, db: SQLiteConnection
    ) throws -> [Int64] {
        guard limit > 0 else { return [] }
        let edge = try db.statement("SELECT lon, lat FROM places WHERE id = ?1")
        func isInside(_ id: Int64) throws -> Bool {
            guard keys.isIn(categories, id) else { return false }
            guard let area else { return true }
            switch keys.placement(of: id, in: area) {
            case .inside: return true
            case .outside: return false
            case .nearEdge:
                var inside = false
                try edge.forEachRow([.integer(id)]) { row in
                    inside = area.contains(x: row.double(0), y: row.double(1))
                }
                return inside
            }
        }
        let scan = try db.statement(
            "SELECT rowid FROM places_fts WHERE places_fts MATCH ?1"
                + (ids == nil ? "" : " AND rowid BETWEEN ?2 AND ?3"))
        scan.bind([.text(expression)] + (ids.map { [.integer($0.lowerBound), .integer($0.upperBound)] } ?? []))
        defer { scan.reset() }
        switch order {
        case .storage:
            var ids: [Int64] = []
            while ids.count < limit, try scan.step() {
                let id = scan.int(0)
                if try isInside(id) { ids.append(id) }
            }
            return ids
        case .importance:
            var best = HighestRanked(limit: limit)
            while try scan.step() {
                let id = scan.int(0)
                let importance = keys.importance(of: id)
                if best.wouldTake(importance, id), try isInside(id) { best.offer(importance, id) }
            }
            return best.ranked
        case .nearest(let point):
            var best = HighestRanked(limit: limit)
            while try scan.step() {
                let id = scan.int(0)
                guard let (lon, lat) = keys.location(of: id), try isInside(id) else { continue }
                let distance = GreatCircle.distance(
                    latitude1: point.y, longitude1: point.x, latitude2: Double(lat), longitude2: Double(lon))
                if best.wouldTake(Float(-distance), id) { best.offer(Float(-distance), id) }
            }
            return best.ranked
        }
    }
}

/// The `limit` ids of highest rank offered (an importance, or a negative distance for the
/// nearest), ties by lower id: a heap with the one that would leave first on top.
struct HighestRanked {
    private var heap: [(rank: Float, id: Int64)] = []
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        heap.reserveCapacity(min(limit, 4096))
    }

    /// Whether `a` ranks before `b`.
    private static func precedes(_ a: (rank: Float, id: Int64), _ b: (rank: Float, id: Int64)) -> Bool {
        a.rank != b.rank ? a.rank > b.rank : a.id < b.id
    }

    /// Whether an offer of this id would be kept (so far).
    func wouldTake(_ rank: Float, _ id: Int64) -> Bool {
        heap.count < limit || Self.precedes((rank, id), heap[0])
    }

    mutating func offer(_ rank: Float, _ id: Int64) {
        let entry = (rank: rank, id: id)
        if heap.count < limit {
            heap.append(entry)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.precedes(heap[parent], heap[child]) else { break }
                heap.swapAt(parent, child)
                child = parent
            }
        } else if Self.precedes(entry, heap[0]) {
            heap[0] = entry
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                guard left < heap.count else { break }
                let last = right < heap.count && Self.precedes(heap[left], heap[right]) ? right : left
                guard Self.precedes(heap[parent], heap[last]) else { break }
                heap.swapAt(parent, last)
                parent = last
            }
        }
    }

    /// The ids kept, most important first.
    var ranked: [Int64] { heap.sorted(by: Self.precedes).map(\.id) }
}
