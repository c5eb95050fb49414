import Foundation

/// The text matches near the search point, read whichever way costs less: the full-text
/// matches inside the box when the words are in few places' text; else the nearest of them,
/// chosen by the places' keys (``PlaceKeys``) when the file has them and the rarest word is in
/// at most ``keyedScanLimit`` places' text; else the places nearest the point, from the
/// R*Tree, whose names have the rarest word.
///
/// Reading the full-text matches inside a box joins every match of the expression to its row
/// to test its coordinates: a word in 12,000 places' text ("tianjin" at 5M synthetic places)
/// reads 12,000 rows, one in 500,000 ("coffee") half a second's worth. The places of a box
/// grow with the box, not with the data, so when the words are estimated to be in more
/// places' text than ``nearbyScanLimit``, the box grows from ``nearbyFirstRadius`` until
/// ``nearbyWanted`` places match or ``nearbyScanLimit`` places were read.
extension GazetteerBackend {
    /// How far from the search point a text search looks for nearby matches.
    static let nearbyTextRadius = 50_000.0
    /// The first box of the growing search.
    static let nearbyFirstRadius = 1_000.0
    /// How many nearby matches end the growing search.
    static let nearbyWanted = 50
    /// The most places a box search reads from the R*Tree (the growing search in all, suggest's
    /// box for a short prefix), so a dense box costs a bounded time.
    static let nearbyScanLimit = 5000

    /// The matches of `expression` within ``nearbyTextRadius`` of `center`, the expression
    /// asking for `words` (indices into the query's).
    func nearbyMatches(
        _ query: TextQuery, expression: String, words: [Int], center: Point, filter: SearchFilter,
        db: SQLiteConnection, state: State
    ) throws -> [Candidate] {
        let many = Self.estimatedMatches(query, words: words, places: state.placeCount) > Double(Self.nearbyScanLimit)
        let rarest = Self.rarestWord(query, among: words)
        // Many matches of a word in at most keyedScanLimit places' text: the nearest, by the keys.
        let keyed =
            try many && rarest.flatMap { query.documents[$0] }.map { $0 <= Self.keyedScanLimit } == true
            && keysChoose(filter, db: db, state: state) != nil
        if !keyed, many, let rarest, query.alternatives[query.words[rarest]] == nil {
            return try nearestMatches(
                query, word: rarest, required: Self.bits(words), center: center, filter: filter, db: db)
        }
        var found: [Candidate] = []
        for nearby in filter.narrowed(around: center, radius: Self.nearbyTextRadius) {
            found += try fetchTextMatches(
                query, expression: expression, center: center, filter: nearby,
                order: keyed ? .nearest(center) : .storage,
                limit: keyed ? Self.nearbyKeyedLimit : Self.textCandidateLimit, db: db, state: state
            ).candidates
        }
        return keyed ? found.filter { $0.distance <= Self.nearbyTextRadius } : found
    }

    /// How many of the nearest matches a keyed nearby search reads (per box).
    static let nearbyKeyedLimit = 200

    /// How many places have all of `words`, were the words independent of each other.
    static func estimatedMatches(_ query: TextQuery, words: [Int], places: Int64) -> Double {
        guard query.documents.count == query.words.count, places > 0 else { return .infinity }
        return words.reduce(Double(places)) { estimate, word in
            estimate * Double(query.documents[word] ?? places) / Double(places)
        }
    }

    /// The word with a letter of `words` (indices into the query) in the fewest places' text.
    static func rarestWord(_ query: TextQuery, among words: [Int]) -> Int? {
        guard query.documents.count == query.words.count else { return nil }
        return words.filter { query.wordHasLetter[$0] }.min {
            (query.documents[$0] ?? .max) < (query.documents[$1] ?? .max)
        }
    }

    /// The bits of `words`.
    private static func bits(_ words: [Int]) -> UInt32 {
        words.reduce(0) { $1 < 32 ? $0 | 1 << UInt32($1) : $0 }
    }

    /// The growing search: boxes from ``nearbyFirstRadius`` up to ``nearbyTextRadius``, each
    /// 8× the last, their places read from the R*Tree (``nearbyScanLimit`` in all) and kept
    /// when their text has the word and the `required` words match.
    private func nearestMatches(
        _ query: TextQuery, word: Int, required: UInt32, center: Point, filter: SearchFilter, db: SQLiteConnection
    ) throws -> [Candidate] {
        var radius = Self.nearbyFirstRadius
        var inner: [Candidate] = []  // every place of the last box whose places were all read
        var read = 0  // places read by all the boxes so far
        while true {
            var found: [Candidate] = []
            for nearby in filter.narrowed(around: center, radius: radius) {
                let scan = try placesInBox(
                    query, word: word, center: center, filter: nearby, limit: Self.nearbyScanLimit - read, db: db)
                found += scan.candidates.filter { $0.unmatchedWords & required == 0 }
                read += scan.rows
            }
            if read >= Self.nearbyScanLimit {
                // (Only some of this box's places were read, in the R*Tree's order: the smaller
                // box's, all read, come too.)
                var seen = Set(found.map(\.id))
                return found.filter { $0.distance <= Self.nearbyTextRadius }
                    + inner.filter { seen.insert($0.id).inserted }
            }
            if found.count >= Self.nearbyWanted || radius >= Self.nearbyTextRadius {
                return found.filter { $0.distance <= Self.nearbyTextRadius }
            }
            inner = found
            radius = min(radius * 8, Self.nearbyTextRadius)
        }
    }

    /// The first `limit` places of the filter's box (from the R*Tree), scored when their text
    /// has the query's `word` (a word start, or the whole word unless it may be a prefix);
    /// `rows` counts the places read.
    func placesInBox(
        _ query: TextQuery, word: Int, center: Point, filter: SearchFilter, limit: Int, db: SQLiteConnection
    ) throws -> (candidates: [Candidate], rows: Int) {
        guard let area = filter.area, limit > 0 else { return ([], 0) }
        let (condition, values) = filter.sql(firstIndex: 7)
        let isPrefix = word == query.words.count - 1 && query.lastWordIsPrefix
        let needle = " " + query.words[word] + (isPrefix ? "" : " ")
        var found: [Candidate] = []
        var rows = 0
        try db.statement(
            """
            SELECT p.id, \(Self.scoredColumns),
                instr(' ' || p.search_name || ' ' || p.search_alt_names || ' ' || p.search_locality || ' ', ?6) > 0
            FROM (SELECT id FROM places_rtree
                  WHERE max_lon >= ?1 AND min_lon <= ?2 AND max_lat >= ?3 AND min_lat <= ?4 LIMIT ?5) r
            JOIN places p ON p.id = r.id
            WHERE 1\(condition)
            """
        ).forEachRow(
            [
                .double(area.xmin), .double(area.xmax), .double(area.ymin), .double(area.ymax),
                .integer(Int64(limit)), .text(needle),
            ] + values
        ) { row in
            rows += 1
            if row.int(Self.scoredColumnCount + 1) != 0, let candidate = Self.scoredCandidate(query, row: row, center: center) {
                found.append(candidate)
            }
        }
        return (found, rows)
    }
}
