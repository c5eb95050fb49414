/// Search text taken apart: folded words, which of them is a house number, which come after
/// a comma (the locality part), and whether the last word may be a prefix.
///
/// ```swift
/// let q = ParsedQuery("Mannerheimintie 10, Helsinki")
/// q.mainWords       // ["mannerheimintie", "10"]
/// q.houseNumber     // "10"
/// q.localityWords   // ["helsinki"]
/// ```
struct ParsedQuery: Sendable, Equatable {
    /// The most words a query uses; the rest are ignored.
    static let maxWords = 24

    /// Every folded word, main part first.
    let words: [String]
    /// The folded words before the first comma.
    let mainWords: [String]
    /// The folded words after the first comma (city, postcode, region).
    let localityWords: [String]
    /// Each word's UTF-8, for comparing with index text without making strings.
    let wordBytes: [[UInt8]]
    /// Whether each word has a letter (a match on numbers alone is no name match).
    let wordHasLetter: [Bool]
    /// A house number among the main words: digits with an optional letter ("10", "12b").
    let houseNumber: String?
    /// Whether the last word may match as a prefix: the text does not end in a space or
    /// punctuation, and the word is not a number or a single letter ("Kaivokatu 10 A").
    let lastWordIsPrefix: Bool
    /// Whether the text is being typed (suggest).
    let typing: Bool
    /// Other index words each query word may match, with their edit distances: abbreviation
    /// equivalents at 0 (`["st": ["street": 0, "saint": 0]]`, filled here) and typo
    /// corrections at 1–2 (`["manerheimintie": ["mannerheimintie": 1]]`, added by the search
    /// when the words as typed find nothing).
    var alternatives: [String: [String: Int]] = [:]
    /// The index words the last word completes to, when the search has looked them up (a
    /// prefix match, spelled out: FTS5's own prefix query costs ~0.5 ms more in an AND);
    /// `nil` leaves the expansion to FTS5 (too many completions, or not looked up).
    var lastWordCompletions: [String]?

    /// - Parameter typing: text being typed (suggest): the last word is a prefix whatever its
    ///   length, so "Coffee B" may become "Coffee Bar", and a number after other words too.
    init(_ text: String, typing: Bool = false) {
        self.typing = typing
        let (text, expansions) = Abbreviations.expandingSuffixes(text)
        let parts = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        let main = parts.first.map { TextFolding.words(String($0)) } ?? []
        let locality = parts.count > 1 ? TextFolding.words(String(parts[1])) : []
        mainWords = Array(main.prefix(Self.maxWords))
        localityWords = Array(locality.prefix(max(0, Self.maxWords - mainWords.count)))
        words = mainWords + localityWords
        wordBytes = words.map { Array($0.utf8) }
        wordHasLetter = words.map { $0.contains(where: \.isLetter) }
        houseNumber = mainWords.first(where: Self.isHouseNumber)
        for word in words {
            if let equivalents = Abbreviations.equivalents[word] {
                alternatives[word] = Dictionary(uniqueKeysWithValues: equivalents.map { ($0, 0) })
            }
        }
        let endsInWordCharacter =
            text.unicodeScalars.last.map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? false
        // While typing, "Mannerheimintie 1" may become "Mannerheimintie 12" (a number after
        // other words); a lone number as a prefix would match every number.
        let wordCount = words.count
        lastWordIsPrefix =
            endsInWordCharacter
            && (words.last.map { last in
                let isNumber = last.allSatisfy(\.isNumber)
                return typing ? !isNumber || wordCount > 1 : last.count >= 2 && !isNumber
            } ?? false)
        addAlternatives(expansions)
    }

    /// Lets each expanded abbreviation ("mikonkatu" from "Mikonk.") match as written too.
    mutating func addAlternatives(_ expansions: [(full: String, written: String)]) {
        for expansion in expansions {
            let full = TextFolding.fold(expansion.full), written = TextFolding.fold(expansion.written)
            guard words.contains(full), !written.isEmpty, !written.contains(" ") else { continue }
            alternatives[full, default: [:]][written] = 0
        }
    }

    /// Digits with at most one trailing letter: "10", "12b".
    static func isHouseNumber(_ word: String) -> Bool {
        guard let first = word.first, first.isNumber, word.count <= 6 else { return false }
        let letters = word.drop(while: \.isNumber)
        return letters.count <= 1 && letters.allSatisfy(\.isLetter)
    }
}
