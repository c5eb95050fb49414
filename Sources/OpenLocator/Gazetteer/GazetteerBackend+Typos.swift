/// Typo tolerance: words the index does not know are matched against the words it does
/// (the FTS5 vocabulary) by edit distance.
extension GazetteerBackend {
    /// The most corrections tried for one word, most frequent first.
    static let maxCorrections = 6

    /// For each word of the query the index lacks (5+ letters), the index words within the
    /// allowed edit distance, with their distances. Words the index has are left alone, so a
    /// correct query is never changed.
    ///
    /// Candidates come from range scans, each over words sharing two letters with the typed
    /// word where the typo cannot be:
    /// - `vocabulary`, words starting with its first two letters (typo later on), with them
    ///   swapped, and with its second and third letters (a letter too many at the start);
    /// - `vocabulary_tails` (words minus their first letter), tails starting with its second
    ///   and third letters (a wrong first letter: "Nelsinki") or with its first two (a missing
    ///   first letter: "elsinki").
    func corrections(for query: ParsedQuery, db: SQLiteConnection) throws -> [String: [String: Int]] {
        var found: [String: [String: Int]] = [:]
        let known = try db.statement("SELECT 1 FROM vocabulary WHERE term = ?")
        let scan = try db.statement("SELECT term, documents FROM vocabulary WHERE term >= ?1 AND term < ?2")
        let scanTails = try db.statement(
            """
            SELECT v.term, v.documents FROM vocabulary_tails t JOIN vocabulary v ON v.term = t.term
            WHERE t.tail >= ?1 AND t.tail < ?2
            """)
        for word in Set(query.words) where word.allSatisfy(\.isLetter) {
            let limit = EditDistance.allowedEdits(forLength: word.count)
            guard limit > 0 else { continue }
            var exists = false
            try known.forEachRow([.text(word)]) { _ in exists = true }
            guard !exists else { continue }
            let letters = Array(word)
            let prefixes = Set([
                String(letters[0...1]), String([letters[1], letters[0]]), String(letters[1...2]),
            ])
            var candidates: [(term: String, edits: Int, documents: Int64)] = []
            let tailPrefixes = Set([String(letters[1...2]), String(letters[0...1])])
            for (statement, starts) in [(scan, prefixes), (scanTails, tailPrefixes)] {
                for prefix in starts {
                    try statement.forEachRow([.text(prefix), .text(prefix + "\u{7F}")]) { row in
                        let term = row.text(0)
                        let edits = EditDistance.between(word, term, limit: limit)
                        if edits <= limit { candidates.append((term, edits, row.int(1))) }
                    }
                }
            }
            var seen: Set<String> = []
            candidates = candidates.filter { seen.insert($0.term).inserted }
            let best = candidates.sorted { ($0.edits, -$0.documents, $0.term) < ($1.edits, -$1.documents, $1.term) }
                .prefix(Self.maxCorrections)
            if !best.isEmpty { found[word] = Dictionary(best.map { ($0.term, $0.edits) }, uniquingKeysWith: min) }
        }
        return found
    }
}
