import Foundation

/// How much a query word counts in a match's score: rare words more than common ones, so
/// what a partial match explains decides its score ("Rochester" and "Library" in "Rochester
/// Public Library" count for more than "public" would in a city of pubs).
///
/// ```
/// weight = log10(10 + N / (1 + d))
/// ```
/// for a word found in the text of `d` of the gazetteer's `N` places: 1 for a word in every
/// place, 2 for one in a hundredth of them, 3 in a ten-thousandth; a word found nowhere weighs
/// the most (5.4 at 236,000 places, 6 at a million), so a query whose words nothing has
/// scores low. A word's count is the largest of its own, its alternatives' (abbreviations,
/// corrections) and its completions' when it may be a prefix. A query whose words all matched
/// scores 100 whatever the weights.
enum WordWeights {
    static func weight(documents: Int64, places: Int64) -> Double {
        log10(10 + Double(max(places, 1)) / Double(1 + max(documents, 0)))
    }

    /// The weight of a prefix whose completions are too many to look up: a word that many
    /// places share (about 1 in 100).
    static let commonPrefixWeight = 2.0
}

extension GazetteerBackend {
    /// Sets each query word's weight from the vocabulary's document counts.
    func weigh(_ query: inout TextQuery, db: SQLiteConnection, state: State) throws {
        let statement = try db.statement("SELECT documents FROM vocabulary WHERE term = ?")
        func documents(_ term: String) throws -> Int64 {
            var count: Int64 = 0
            try statement.forEachRow([.text(term)]) { count = $0.int(0) }
            return count
        }
        var weights: [Double] = []
        var counts: [Int64?] = []
        for (index, word) in query.words.enumerated() {
            let isPrefix = index == query.words.count - 1 && query.lastWordIsPrefix
            if isPrefix, query.lastWordCompletions == nil {
                weights.append(WordWeights.commonPrefixWeight)
                counts.append(nil)
                continue
            }
            var count = try documents(word)
            for alternative in query.alternatives[word]?.keys.sorted() ?? [] {
                count = max(count, try documents(alternative))
            }
            if isPrefix {  // (at most ``maxSpelledOutCompletions`` words start with it)
                try db.statement("SELECT max(documents) FROM vocabulary WHERE term >= ?1 AND term < ?2").forEachRow([
                    .text(word), .text(word + "\u{10FFFF}"),
                ]) { count = max(count, $0.int(0)) }
            }
            weights.append(WordWeights.weight(documents: count, places: state.placeCount))
            counts.append(count)
        }
        query.weights = weights
        query.documents = counts
    }
}
