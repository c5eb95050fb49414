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
    /// What a generic word of the name ("Hotel" of "Hotel Kämp", ``GenericWords``) costs when
    /// the text leaves it out: "Kämp, Helsinki" means the hotel.
    static let unmatchedGenericNameWordPenalty = 1.0
    static let maxUnmatchedNamePenalty = 15.0
    /// The most a match scores when a generic word of the text is explained by neither its name
    /// nor its category: the word says what the text asks for, and this is something else
    /// ("Golden Gate Bridge" is no Golden Gate, Florida). Below the default minimum score.
    static let unexplainedGenericCeiling = GeocodeParameters.defaultMinimumScore - 5
    /// What a generic word of the text earns when the place's category explains it rather than
    /// its name ("museum" of "Ateneum museum" and the museum Ateneum).
    static let explainedByTypeCredit = 0.9
    /// The most edits a misspelt word may be corrected by to match an alternate name (an old,
    /// variant or foreign one): a word two edits from one of those is more likely a name the
    /// data lacks ("Premissel", German for Przemyśl, is no Brussels).
    static let maxEditsThroughAlternateName = 1
    /// A name word this short (two letters, "tx", "de") does not make a match alone while
    /// longer words of the text find nothing: "Paris, TX" is no Chengdu that has "tx" in one
    /// of its names.
    static let shortWordLength = 2
    /// The score from which a match's name is compared with the text as typed
    /// (``Candidate/nameAsTyped``).
    static let asTypedFloor = 90.0

    /// How a place's text matched a query.
    struct Match {
        var score: Double
        /// Whether the best-matching name was an alternate name rather than the place's own
        /// (its own name wins ties).
        var viaAlternateName: Bool
        /// The query words that matched nothing, as bits (word i is `1 << i`).
        var unmatchedWords: UInt32
        /// Where in the alternate names the best-matching name lies, when it is one of the
        /// place's names in a language ("helsingfors"): the answer is written in that language.
        var localizedName: Range<Int>?
    }

    /// The score of the best-matching name; `nil` when no name word matched.
    static func score(
        _ query: TextQuery, name: String, alternateNames: String, locality: String, nameIsCode: Bool = false,
        category: Int? = nil
    ) -> Match? {
        var (name, alternateNames, locality) = (name, alternateNames, locality)
        return name.withUTF8 { name in
            alternateNames.withUTF8 { alternateNames in
                locality.withUTF8 { locality in
                    score(
                        query, name: name, alternateNames: alternateNames, locality: locality, nameIsCode: nameIsCode,
                        category: category)
                }
            }
        }
    }

    /// ``score(_:name:alternateNames:locality:)`` on the UTF-8 of folded text (straight from a
    /// result row, no strings made): words are split at spaces, alternate names at ";", and
    /// compared byte for byte, which for text folded alike is equality.
    static func score(
        _ query: TextQuery, name: UnsafeBufferPointer<UInt8>, alternateNames: UnsafeBufferPointer<UInt8>,
        locality: UnsafeBufferPointer<UInt8>, nameIsCode: Bool = false, category: Int? = nil
    ) -> Match? {
        guard !query.words.isEmpty else { return nil }
        let localityWords = Self.split(locality, at: 0x20)
        var best: Match?
        func consider(
            _ candidate: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, alternate: Bool, localized: Bool = false
        ) {
            let words = Self.split(UnsafeBufferPointer(rebasing: bytes[candidate]), at: 0x20).map {
                ($0.lowerBound + candidate.lowerBound)..<($0.upperBound + candidate.lowerBound)
            }
            guard !words.isEmpty,
                let (score, unmatched) = score(
                    query, name: bytes, nameWords: words, locality: locality, localityWords: localityWords,
                    nameIsCode: nameIsCode, category: category,
                    maxEdits: alternate ? maxEditsThroughAlternateName : .max),
                score > (best?.score ?? -1)
            else { return }
            best = Match(
                score: score, viaAlternateName: alternate, unmatchedWords: unmatched,
                localizedName: localized ? candidate : nil)
        }
        consider(0..<name.count, in: name, alternate: false)
        // The names in a language come first, up to " ;; " (``SearchText/localizedNamesEnd``):
        // those are the place's own names too, but while typing, where a suggestion shows the
        // place's own name ("hel" is Helsinki before Aleppo, "Helep" in Turkish).
        var ownName = !query.typing && Self.hasLocalizedNames(alternateNames)
        let separator = UInt8(ascii: ";")
        for range in Self.split(alternateNames, at: separator) {
            let start = range.lowerBound
            if start >= 2, alternateNames[start - 1] == separator, alternateNames[start - 2] == separator {
                ownName = false
            }
            consider(
                Self.trimmed(range, in: alternateNames), in: alternateNames, alternate: !ownName, localized: ownName)
        }
        return best
    }

    private static func score(
        _ query: TextQuery, name: UnsafeBufferPointer<UInt8>, nameWords: [Range<Int>],
        locality: UnsafeBufferPointer<UInt8>, localityWords: [Range<Int>], nameIsCode: Bool, category: Int?,
        maxEdits: Int
    ) -> (score: Double, unmatched: UInt32)? {
        // Each word of the name and of the locality answers one query word at most, so a
        // repeated query word ("s s s") needs as many words to match.
        var used = [Bool](repeating: false, count: nameWords.count)
        var usedLocality = [Bool](repeating: false, count: localityWords.count)
        var earned = 0.0
        var unmatched: UInt32 = 0
        var matchedName = false
        // Whether a name word longer than ``shortWordLength`` matched (or any, of a code).
        var matchedLongName = nameIsCode
        let lastIndex = query.words.count - 1
        for index in query.words.indices {
            let word = query.wordBytes[index]
            let weight = query.weights[index]
            let fixes = query.alternatives.isEmpty ? nil : query.alternatives[query.words[index]]
            if let i = nameWords.indices.first(where: { !used[$0] && equal(name[nameWords[$0]], word) }) {
                used[i] = true
                earned += weight
                matchedName = matchedName || query.wordHasLetter[index] || nameIsCode
                matchedLongName = matchedLongName || nameWords[i].count > shortWordLength
            } else if index == lastIndex, query.lastWordIsPrefix,
                let i = nameWords.indices.first(where: { !used[$0] && name[nameWords[$0]].starts(with: word) })
            {
                used[i] = true
                earned += weight * (query.typing ? typingPrefixCredit : prefixCredit)
                matchedName = matchedName || query.wordHasLetter[index] || nameIsCode
                matchedLongName = matchedLongName || nameWords[i].count > shortWordLength || query.typing
            } else if let fixes,
                let (i, edits) = nameWords.indices.lazy.compactMap({ i -> (Int, Int)? in
                    guard !used[i], let edits = Self.edits(fixes, name[nameWords[i]]), edits <= maxEdits else {
                        return nil
                    }
                    return (i, edits)
                }).first
            {
                used[i] = true
                earned += weight * (1 - creditLostPerEdit * Double(edits))
                matchedName = matchedName || query.wordHasLetter[index] || nameIsCode
                matchedLongName = matchedLongName || nameWords[i].count > shortWordLength
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
        // Only short words of the name matched, and a word with a letter found nothing.
        if !matchedLongName, unmatched & query.letterWordMask != 0 { return nil }
        // A generic word the place's category explains ("museum" and a museum).
        if unmatched != 0, let category, !query.genericWords.isEmpty {
            for index in query.words.indices.prefix(32)
            where unmatched & (1 << UInt32(index)) != 0
                && query.genericWords.explains(query.words[index], category: category)
            {
                unmatched &= ~(1 << UInt32(index))
                earned += query.weights[index] * explainedByTypeCredit
            }
        }
        var penalty = 0.0
        for (index, wasUsed) in used.enumerated() where !wasUsed {
            penalty +=
                query.genericWords.isGeneric(name[nameWords[index]])
                ? unmatchedGenericNameWordPenalty : unmatchedNameWordPenalty
        }
        penalty = min(maxUnmatchedNamePenalty, penalty)
        // (Every word matched scores 100 exactly, whatever rounding the weights' sum did.)
        let share = unmatched == 0 && earned >= query.totalWeight * (1 - 1e-12) ? 1 : earned / query.totalWeight
        var ceiling = 100.0
        if unmatched != 0, !query.genericWords.isEmpty,
            query.words.indices.prefix(32).contains(where: {
                unmatched & (1 << UInt32($0)) != 0 && query.genericWords.isGeneric(query.words[$0])
            })
        {
            ceiling = unexplainedGenericCeiling
        }
        return (max(0, min(ceiling, 100 * share - penalty)), unmatched)
    }

    /// Whether folded alternate names begin with the place's names in a language, ended by
    /// ";;" (``SearchText/localizedNamesEnd``).
    static func hasLocalizedNames(_ alternateNames: UnsafeBufferPointer<UInt8>) -> Bool {
        guard alternateNames.count >= 2 else { return false }
        for index in 1..<alternateNames.count
        where alternateNames[index] == UInt8(ascii: ";") && alternateNames[index - 1] == UInt8(ascii: ";") {
            return true
        }
        return false
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
