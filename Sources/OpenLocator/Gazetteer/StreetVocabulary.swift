/// The words of a gazetteer's streets and address points (`street_vocabulary`, since schema
/// 29), for the searches limited to them: the address reading's street and the intersection
/// reading's two streets.
///
/// Such a search matches a place only when each word it requires, as typed or corrected, is in
/// the place's text. When one is in no street's or address point's text at all, nothing can
/// match, and the search is answered at once, where FTS5 would go through every place with its
/// other words to find none: "New York City Business Facility 4359" is also read as house 4359
/// on a street "New York City Business Facility", and "new" AND "york" AND "city" are 40,000
/// places of a 20M-place file (0.1 s), none of them a street with "business" in it.
///
/// ```swift
/// try vocabulary.mayMatch(query, filter: streetFilter, tree: tree, db: db)  // false: no street has "business"
/// ```
struct StreetVocabulary: Sendable {
    /// Whether the file has the table (older ones answer every search as before).
    let isPresent: Bool

    /// Whether a build counts a place of this kind's words.
    static func counts(_ kind: AddressType) -> Bool { kind == .streetName || kind == .pointAddress }

    init(db: SQLiteConnection) throws {
        var present = false
        try db.statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'street_vocabulary'")
            .forEachRow { _ in present = true }
        isPresent = present
    }

    /// Whether a strict search of `query` limited to `filter` may find a place: `false` only when
    /// the filter allows nothing but streets and address points and a word the search requires
    /// is, as typed and as each of its corrections, in none of their text. Words the full-text
    /// tokenizer might split otherwise than ``WordDocumentCounter`` (any but ASCII letters and
    /// digits) and a last word that may be a prefix count as present.
    func mayMatch(_ query: TextQuery, filter: SearchFilter, tree: CategoryTree, db: SQLiteConnection) throws -> Bool {
        guard isPresent, let ranges = filter.categoryRanges, !ranges.isEmpty else { return true }
        let counted = ["Street Name", "Point Address"].compactMap { tree[$0]?.codeRange }
        guard ranges.allSatisfy({ range in counted.contains { $0.contains(range.lowerBound) && $0.contains(range.upperBound) } })
        else { return true }
        let known = try db.statement("SELECT 1 FROM street_vocabulary WHERE term = ?1")
        func isKnown(_ word: String) throws -> Bool {
            guard Self.isPlainWord(word) else { return true }
            var found = false
            try known.forEachRow([.text(word)]) { _ in found = true }
            return found
        }
        for (index, word) in query.words.enumerated() {
            if index == query.words.count - 1, query.lastWordIsPrefix { continue }
            if try isKnown(word) { continue }
            let alternatives = query.alternatives[word]?.keys.sorted() ?? []
            if try alternatives.contains(where: isKnown) { continue }
            return false
        }
        return true
    }

    /// Whether a word is ASCII lower-case letters and digits alone, which the full-text index
    /// and ``WordDocumentCounter`` split alike.
    static func isPlainWord(_ word: String) -> Bool {
        !word.isEmpty
            && word.utf8.allSatisfy {
                ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
            }
    }
}
