import Foundation

/// Typo tolerance: words the index does not know are matched against the words it does
/// (the FTS5 vocabulary) by edit distance.
extension GazetteerBackend {
    /// The most corrections tried for one word, most frequent first.
    static let maxCorrections = 6
    /// The most misspelt words corrected in one query; the others stay as typed.
    static let maxCorrectedWords = 4

    /// For each word of the query the index lacks, the index words within the allowed edit
    /// distance (one edit for words of 5+ letters, two for 9+, counting the longer of the
    /// typed and the indexed word), with their distances. Words the index has are left alone,
    /// so a correct query is never changed.
    ///
    /// Candidates come from range scans over words sharing two letters with the typed word
    /// where the typo cannot be:
    /// - `vocabulary`, words starting with its first two letters (a typo later on), with them
    ///   swapped, with its second and third letters (a letter too many at the start), and with
    ///   its first and third (a letter too many second, or the second and third swapped);
    /// - `vocabulary_tails` (words minus their first letter), tails starting with its second
    ///   and third letters (a wrong first letter: "Nelsinki") or its first two (a missing
    ///   first letter: "elsinki");
    /// - only when those find nothing, words starting with its first letter whose rest after
    ///   the second letter matches (a wrong or missing second letter: "Exielinaukio").
    ///
    /// Corrections are remembered per gazetteer (``CorrectionCache``): an address search asks
    /// for a street's twice, and people repeat their typos.
    func corrections(for query: TextQuery, db: SQLiteConnection, state: State) throws -> [String: [String: Int]] {
        var found: [String: [String: Int]] = [:]
        var corrected = 0
        let known = try db.statement("SELECT 1 FROM vocabulary WHERE term = ?")
        let scan = try db.statement(
            "SELECT term, documents FROM vocabulary WHERE term >= ?1 AND term < ?2 AND length(term) BETWEEN ?3 AND ?4")
        let scanTails = try db.statement(
            """
            SELECT v.term, v.documents FROM vocabulary_tails t JOIN vocabulary v ON v.term = t.term
            WHERE t.tail >= ?1 AND t.tail < ?2 AND length(t.term) BETWEEN ?3 AND ?4
            """)
        let scanSecondLetter = try db.statement(
            """
            SELECT term, documents FROM vocabulary
            WHERE term >= ?1 AND term < ?2 AND (substr(term, 3) = ?3 OR substr(term, 3) = ?4)
            """)
        for word in query.words where word.allSatisfy(\.isLetter) && found[word] == nil {
            // A typed word one letter short of 5 (or 9) may still be a 5 (9) letter word.
            let limit = EditDistance.allowedEdits(forLength: word.count + 1)
            guard limit > 0, word.count >= 3 else { continue }
            if let cached = state.corrections[word] {
                if !cached.isEmpty { found[word] = cached }
                continue
            }
            var exists = false
            try known.forEachRow([.text(word)]) { _ in exists = true }
            guard !exists else { continue }
            guard corrected < Self.maxCorrectedWords else { break }
            corrected += 1
            let lengths: [SQLiteValue] = [.integer(Int64(word.count - limit)), .integer(Int64(word.count + limit))]
            let letters = Array(word)
            let typed = Array(word.utf8)
            var candidates: [(term: String, edits: Int, documents: Int64)] = []
            func consider(_ row: SQLiteStatement) {
                let term = row.bytes(0)
                let edits = typed.withUnsafeBufferPointer {
                    EditDistance.between($0, term, limit: limit)  // limit + 1 means "more"
                }
                guard edits <= limit else { return }
                let text = row.text(0)
                if edits <= EditDistance.allowedEdits(forLength: max(word.count, text.count)) {
                    candidates.append((text, edits, row.int(1)))
                }
            }
            let prefixes = Set([
                String(letters[0...1]), String([letters[1], letters[0]]), String(letters[1...2]),
                String([letters[0], letters[2]]),
            ])
            let tailPrefixes = Set([String(letters[1...2]), String(letters[0...1])])
            for (statement, starts) in [(scan, prefixes), (scanTails, tailPrefixes)] {
                for prefix in starts {
                    try statement.forEachRow([.text(prefix), .text(prefix + "\u{7F}")] + lengths) { consider($0) }
                }
            }
            if candidates.isEmpty {
                let first = String(letters[0])
                try scanSecondLetter.forEachRow([
                    .text(first), .text(first + "\u{7F}"), .text(String(letters[2...])), .text(String(letters[1...])),
                ]) { consider($0) }
            }
            var seen: Set<String> = []
            candidates = candidates.filter { seen.insert($0.term).inserted }
            let best = candidates.sorted { ($0.edits, -$0.documents, $0.term) < ($1.edits, -$1.documents, $1.term) }
                .prefix(Self.maxCorrections)
            let fixes = Dictionary(best.map { ($0.term, $0.edits) }, uniquingKeysWith: min)
            state.corrections[word] = fixes
            if !fixes.isEmpty { found[word] = fixes }
        }
        return found
    }
}

/// Corrections already worked out for misspelt words of one gazetteer (which never changes
/// once built), at most ``capacity`` of them. `@unchecked Sendable`: guarded by `lock`.
final class CorrectionCache: @unchecked Sendable {
    static let capacity = 4096
    private let lock = NSLock()
    private var entries: [String: [String: Int]] = [:]

    subscript(word: String) -> [String: Int]? {
        get { lock.withLock { entries[word] } }
        set {
            lock.withLock {
                if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
                entries[word] = newValue
            }
        }
    }
}
