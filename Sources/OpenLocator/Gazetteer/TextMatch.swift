import Foundation

/// Scores how well a place's folded names match a query, 0 to 100.
///
/// Each query word earns its weight (``TextQuery/weights``: rare words more) times 1 when it
/// equals a word of the name (or of one alternate name), 0.9 when it is the last word and a
/// prefix of a name word, and 1 when it matches the place's locality (city, postcode, region,
/// country) instead; each word of the name or locality answers one query word at most. The score is `100 × earned / total weight`, minus 3 for each name word
/// the query left unmatched (at most 15), so "Regatta" scores "Regatta" 100 and "Cafe
/// Regatta" 97. A place none of whose name words
/// matched does not match at all ("Helsinki" finds the city, not every café in it), and neither
/// does one whose only matched word is a number ("Hauptstr. 5" does not find "Ward 5"), unless
/// the name is a code (a postal area's "00150").
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

    /// How a place's text matched a query.
    struct Match {
        var score: Double
        /// Whether the best-matching name was an alternate name rather than the place's own
        /// (its own name wins ties).
        var viaAlternateName: Bool
        /// The query words that matched nothing, as bits (word i is `1 << i`).
        var unmatchedWords: UInt32
    }

    /// The score of the best-matching name; `nil` when no name word matched.
    static func score(
        _ query: TextQuery, name: String, alternateNames: String, locality: String, nameIsCode: Bool = false
    ) -> Match? {
        var (name, alternateNames, locality) = (name, alternateNames, locality)
        return name.withUTF8 { name in
            alternateNames.withUTF8 { alternateNames in
                locality.withUTF8 { locality in
                    score(
                        query, name: name, alternateNames: alternateNames, locality: locality, nameIsCode: nameIsCode)
                }
            }
        }
    }

    /// ``score(_:name:alternateNames:locality:)`` on the UTF-8 of folded text (straight from a
    /// result row, no strings made): words are split at spaces, alternate names at ";", and
    /// compared byte for byte, which for text folded alike is equality.
    static func score(
        _ query: TextQuery, name: UnsafeBufferPointer<UInt8>, alternateNames: UnsafeBufferPointer<UInt8>,
        locality: UnsafeBufferPointer<UInt8>, nameIsCode: Bool = false
    ) -> Match? {
        guard !query.words.isEmpty else { return nil }
        let localityWords = Self.split(locality, at: 0x20)
        var best: Match?
        func consider(_ candidate: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, alternate: Bool) {
            let words = Self.split(UnsafeBufferPointer(rebasing: bytes[candidate]), at: 0x20).map {
                ($0.lowerBound + candidate.lowerBound)..<($0.upperBound + candidate.lowerBound)
            }
            guard !words.isEmpty,
                let (score, unmatched) = score(
                    query, name: bytes, nameWords: words, locality: locality, localityWords: localityWords,
                    nameIsCode: nameIsCode),
                score > (best?.score ?? -1)
            else { return }
            best = Match(score: score, viaAlternateName: alternate, unmatchedWords: unmatched)
        }
        consider(0..<name.count, in: name, alternate: false)
        for range in Self.split(alternateNames, at: UInt8(ascii: ";")) {
            consider(Self.trimmed(range, in: alternateNames), in: alternateNames, alternate: true)
        }
        return best
    }

    private static func score(
        _ query: TextQuery, name: UnsafeBufferPointer<UInt8>, nameWords: [Range<Int>],
        locality: UnsafeBufferPointer<UInt8>, localityWords: [Range<Int>], nameIsCode: Bool
    ) -> (score: Double, unmatched: UInt32)? {
        // Each word of the name and of the locality answers one query word at most, so a
        // repeated query word ("s s s") needs as many words to match.
        var used = [Bool](repeating: false, count: nameWords.count)
        var usedLocality = [Bool](repeating: false, count: localityWords.count)
        var earned = 0.0
        var unmatched: UInt32 = 0
        var matchedName = false
        let lastIndex = query.words.count - 1
        for index in query.words.indices {
            let word = query.wordBytes[index]
            let weight = query.weights[index]
            let fixes = query.alternatives.isEmpty ? nil : query.alternatives[query.words[index]]
            if let i = nameWords.indices.first(where: { !used[$0] && equal(name[nameWords[$0]], word) }) {
                used[i] = true
                earned += weight
                matchedName = matchedName || query.wordHasLetter[index] || nameIsCode
            } else if index == lastIndex, query.lastWordIsPrefix,
                let i = nameWords.indices.first(where: { !used[$0] && name[nameWords[$0]].starts(with: word) })
            {
                used[i] = true
                earned += weight * (query.typing ? typingPrefixCredit : prefixCredit)
                matchedName = matchedName || query.wordHasLetter[index] || nameIsCode
            } else if let fixes,
                let (i, edits) = nameWords.indices.lazy.compactMap({ i -> (Int, Int)? in
                    guard !used[i], let edits = Self.edits(fixes, name[nameWords[i]]) else {
                        return nil
                    }
                    return (i, edits)
                }).first
            {
                used[i] = true
                earned += weight * (1 - creditLostPerEdit * Double(edits))
                matchedName = matchedName || query.wordHasLetter[index] || nameIsCode
            } else if let i = localityWords.indices.first(where: {
                !usedLocality[$0] && equal(locality[localityWords[$0]], word)
            }),
                !nameWords.contains(where: { equal(name[$0], word) })
            {
                // (Not a word of the name: a city's locality repeats its name, and "Kansas City,
                // Kansas" is not Kansas City, Missouri.)
                usedLocality[i] = true
                earned += weight
            } else if let fixes,
                let (i, edits) = localityWords.indices.compactMap({ i -> (Int, Int)? in
                    let word = locality[localityWords[i]]
                    guard !usedLocality[i], !nameWords.contains(where: { name[$0].elementsEqual(word) }),
                        let edits = Self.edits(fixes, word)
                    else { return nil }
                    return (i, edits)
                }).min(by: { $0.1 < $1.1 })
            {
                usedLocality[i] = true
                earned += weight * (1 - creditLostPerEdit * Double(edits))
            } else if index < 32 {
                unmatched |= 1 << UInt32(index)
            }
        }
        guard matchedName else { return nil }
        let unmatchedNameWords = Double(used.filter { !$0 }.count)
        let penalty = min(maxUnmatchedNamePenalty, unmatchedNameWords * unmatchedNameWordPenalty)
        // (Every word matched scores 100 exactly, whatever rounding the weights' sum did.)
        let share = unmatched == 0 && earned >= query.totalWeight * (1 - 1e-12) ? 1 : earned / query.totalWeight
        return (max(0, min(100, 100 * share - penalty)), unmatched)
    }

    /// The edits of the alternative spelled as `word`, compared as bytes (a word's few
    /// alternatives, rather than a string made per row to look one up).
    private static func edits(_ fixes: [String: Int], _ word: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        fixes.first { $0.key.utf8.count == word.count && $0.key.utf8.elementsEqual(word) }?.value
    }

    private static func equal(_ a: Slice<UnsafeBufferPointer<UInt8>>, _ b: [UInt8]) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    /// The non-empty pieces of `bytes` between separators.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, at separator: UInt8) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == separator {
            if index > start { pieces.append(start..<index) }
            start = index + 1
        }
        return pieces
    }

    /// A range without its leading and trailing spaces and tabs.
    private static func trimmed(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var (start, end) = (range.lowerBound, range.upperBound)
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return start..<end
    }
}
