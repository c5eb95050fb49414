import Foundation

/// The order a text retrieval reads its matches in.
enum MatchOrder: Sendable {
    /// As FTS5 hands them out (by id).
    case storage
    /// Most important first, ties by id.
    case importance
}

/// Text matches chosen through the places' keys (``PlaceKeys``): FTS5 hands out the ids of an
/// expression's matches, the keys say which are inside the area and which are the most
/// important, and only the chosen rows are read. The same matches as the SQL join of every
/// match to its row, at a twentieth of the cost per match not chosen.
extension GazetteerBackend {
    /// The first `limit` matches of `expression` inside `area` (when given) in `order`, scored.
    /// `rows` counts the rows read, as ``fetchTextMatches`` does.
    func keyedTextMatches(
        _ query: TextQuery, expression: String, center: Point?, area: Envelope?, order: MatchOrder, limit: Int,
        keys: PlaceKeys, db: SQLiteConnection
    ) throws -> (candidates: [Candidate], rows: Int) {
        let ids = try keyedMatchIDs(expression, area: area, order: order, limit: limit, keys: keys, db: db)
        let read = try db.statement(
            """
            SELECT p.id, p.search_name, p.search_alt_names, p.search_locality, p.lon, p.lat, p.importance, p.addr_type
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

    /// The ids of the matches to read: in storage order, the first `limit` inside the area; by
    /// importance, the `limit` most important inside it.
    func keyedMatchIDs(
        _ expression: String, area: Envelope?, order: MatchOrder, limit: Int, keys: PlaceKeys, db: SQLiteConnection
    ) throws -> [Int64] {
        guard limit > 0 else { return [] }
        let edge = try db.statement("SELECT lon, lat FROM places WHERE id = ?1")
        func isInside(_ id: Int64) throws -> Bool {
            guard let area else { return true }
            switch keys.placement(of: id, in: area) {
            case .inside: return true
            case .outside: return false
            case .nearEdge:
                var inside = false
                try edge.forEachRow([.integer(id)]) { row in
                    inside = SearchFilter(area: area).allows(longitude: row.double(0), latitude: row.double(1))
                }
                return inside
            }
        }
        let scan = try db.statement("SELECT rowid FROM places_fts WHERE places_fts MATCH ?1")
        scan.bind([.text(expression)])
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
            var best = MostImportant(limit: limit)
            while try scan.step() {
                let id = scan.int(0)
                let importance = keys.importance(of: id)
                if best.wouldTake(importance, id), try isInside(id) { best.offer(importance, id) }
            }
            return best.ranked
        }
    }
}

/// The `limit` most important of the ids offered, ties by lower id: a heap with the one that
/// would leave first on top.
struct MostImportant {
    private var heap: [(importance: Float, id: Int64)] = []
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        heap.reserveCapacity(min(limit, 4096))
    }

    /// Whether `a` ranks before `b`.
    private static func precedes(_ a: (importance: Float, id: Int64), _ b: (importance: Float, id: Int64)) -> Bool {
        a.importance != b.importance ? a.importance > b.importance : a.id < b.id
    }

    /// Whether an offer of this id would be kept (so far).
    func wouldTake(_ importance: Float, _ id: Int64) -> Bool {
        heap.count < limit || Self.precedes((importance, id), heap[0])
    }

    mutating func offer(_ importance: Float, _ id: Int64) {
        let entry = (importance: importance, id: id)
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
