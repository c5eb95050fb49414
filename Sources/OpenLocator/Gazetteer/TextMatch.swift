import Foundation

/// Scores how well a place's folded names match a query, 0 to 100.
///
/// Each query word earns 1 when it equals a word of the name (or of one alternate name),
/// 0.9 when it is the last word and a prefix of a name word, and 1 when it matches the
/// place's locality (city, postcode, region, country) instead. The score is
/// `100 × earned / words`, minus 3 for each name word the query left unmatched (at most 15),
/// so "Regatta" scores "Regatta" 100 and "Cafe Regatta" 97. A place none of whose name words
/// matched does not match at all ("Helsinki" finds the city, not every café in it), and neither
/// does one whose only matched word is a number ("Hauptstr. 5" does not find "Ward 5").
enum TextMatch {
    static let prefixCredit = 0.9
    /// What a prefix earns while the text is being typed (suggest): the word is probably not
    /// finished, so "Bamak" and "Bama" both read as Bamako, and importance decides.
    static let typingPrefixCredit = 0.97
    /// What a corrected word earns per edit less than 1: 0.85 for one edit, 0.7 for two, so
    /// a fuzzy match never ties an exact one.
    static let creditLostPerEdit = 0.15
    static let unmatchedNameWordPenalty = 3.0
    static let maxUnmatchedNamePenalty = 15.0

    /// The score of the best-matching name, and whether that was an alternate name rather than
    /// the place's own (its own name wins ties); `nil` when no name word matched.
    static func score(_ query: ParsedQuery, name: String, alternateNames: String, locality: String)
        -> (score: Double, viaAlternateName: Bool)?
    {
        let localityWords = Set(locality.split(separator: " ").map(String.init))
        var best: (score: Double, viaAlternateName: Bool)?
        let names = [name] + alternateNames.split(separator: ";").map { $0.trimmedSpaces }
        for (index, candidate) in names.enumerated() where !candidate.isEmpty {
            if let score = score(
                query, nameWords: candidate.split(separator: " ").map(String.init), localityWords: localityWords),
                score > (best?.score ?? -1)
            {
                best = (score, index > 0)
            }
        }
        return best
    }

    private static func score(_ query: ParsedQuery, nameWords: [String], localityWords: Set<String>) -> Double? {
        guard !query.words.isEmpty else { return nil }
        var used = [Bool](repeating: false, count: nameWords.count)
        var earned = 0.0
        var matchedName = false
        for (index, word) in query.words.enumerated() {
            if let i = nameWords.indices.first(where: { !used[$0] && nameWords[$0] == word }) {
                used[i] = true
                earned += 1
                matchedName = matchedName || word.contains(where: \.isLetter)
            } else if index == query.words.count - 1, query.lastWordIsPrefix,
                let i = nameWords.indices.first(where: { !used[$0] && nameWords[$0].hasPrefix(word) })
            {
                used[i] = true
                earned += query.typing ? typingPrefixCredit : prefixCredit
                matchedName = matchedName || word.contains(where: \.isLetter)
            } else if let fixes = query.alternatives[word],
                let i = nameWords.indices.first(where: { !used[$0] && fixes[nameWords[$0]] != nil })
            {
                used[i] = true
                earned += 1 - creditLostPerEdit * Double(fixes[nameWords[i]]!)
                matchedName = matchedName || word.contains(where: \.isLetter)
            } else if localityWords.contains(word) {
                earned += 1
            } else if let fixes = query.alternatives[word],
                let edits = localityWords.compactMap({ fixes[$0] }).min()
            {
                earned += 1 - creditLostPerEdit * Double(edits)
            }
        }
        guard matchedName else { return nil }
        let unmatched = Double(used.filter { !$0 }.count)
        let penalty = min(maxUnmatchedNamePenalty, unmatched * unmatchedNameWordPenalty)
        return max(0, min(100, 100 * earned / Double(query.words.count) - penalty))
    }
}
