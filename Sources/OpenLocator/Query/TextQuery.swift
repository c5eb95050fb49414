/// The words one text retrieval searches for, taken from a ``QueryText`` (never folded
/// again): which of them may be a prefix, the other index words each may match (abbreviations,
/// typo corrections), and how much each weighs.
///
/// ```swift
/// let text = QueryText("Mannerheimintie 10, Helsinki")
/// let query = TextQuery(text.words.indices, in: text)
/// query.words         // ["mannerheimintie", "10", "helsinki"]
/// ```
struct TextQuery: Sendable, Equatable {
    /// The folded words, in order.
    let words: [String]
    /// Each word's UTF-8, for comparing with index text without making strings.
    let wordBytes: [[UInt8]]
    /// Whether each word has a letter (a match on numbers alone is no name match).
    let wordHasLetter: [Bool]
    /// The words with a letter among the first 32, as bits (word i is `1 << i`).
    let letterWordMask: UInt32
    /// How much each word counts in a match's score (``WordWeights``): rare words more than
    /// common ones. 1 each until the search has looked the words up.
    var weights: [Double] { didSet { totalWeight = weights.reduce(0, +) } }
    /// The sum of the weights.
    private(set) var totalWeight: Double
    /// How many places' text has each word (its alternatives and completions counted), when
    /// the search has looked them up; `nil` until then or when too many to count.
    var documents: [Int64?] = []
    /// Whether the last word may match as a prefix: it is the last word of the text, the text
    /// does not end in a space or punctuation, and it is not a number or a single letter
    /// ("Kaivokatu 10 A").
    let lastWordIsPrefix: Bool
    /// Whether the text is being typed (suggest).
    let typing: Bool
    /// The generic words of place names the search knows (``GenericWords``): each of the
    /// query's has the others of its concept as alternatives, a place's category may explain
    /// one, and a place's name may lack one at little cost.
    let genericWords: GenericWords
    /// The text its words came from, as written but lower-cased, pieces between single spaces
    /// ("paraná br" for "Paraná, BR"): whether a name is in it as typed.
    let written: String
    /// Other index words each query word may match, with their edit distances: abbreviation
    /// equivalents at 0 (`["st": ["street": 0, "saint": 0]]`, filled here) and typo
    /// corrections at 1–2 (`["manerheimintie": ["mannerheimintie": 1]]`, added by the search
    /// when the words as typed find nothing).
    var alternatives: [String: [String: Int]] = [:]
    /// The index words the last word completes to, when the search has looked them up (a
    /// prefix match, spelled out: FTS5's own prefix query costs ~0.5 ms more in an AND);
    /// `nil` leaves the expansion to FTS5 (too many completions, or not looked up).
    var lastWordCompletions: [String]?
    /// Whether the last word was looked up and completes to more words than are spelled out
    /// ("st" while typing "Wuhan Bus St").
    var lastWordHasManyCompletions = false

    /// Some words of a text, by their indices in ``QueryText/words``, in order.
    /// - Parameter prefixAllowed: `false` for words that must match whole (the place of
    ///   "cafes in Kamppi"), even when they end the text.
    /// - Parameter townAliases: words that name a town by another of its names, with the
    ///   town's own name (``TownAliases``): "helsingfors" matches "helsinki" too.
    init(
        _ indices: some Sequence<Int>, in text: QueryText, prefixAllowed: Bool = true,
        genericWords: GenericWords = .none, townAliases: [String: String] = [:]
    ) {
        let indices = Array(indices)
        let selected = indices.map { text.words[$0] }
        typing = text.typing
        self.genericWords = genericWords
        words = selected.map(\.folded)
        wordBytes = selected.map(\.bytes)
        var chunks: [Int] = []
        for word in selected where chunks.last != word.chunk { chunks.append(word.chunk) }
        written = chunks.map { text.chunks[$0].text.lowercased() }.joined(separator: " ")
        wordHasLetter = selected.map(\.hasLetter)
        letterWordMask = selected.prefix(32).enumerated().reduce(0) { $1.element.hasLetter ? $0 | 1 << UInt32($1.offset) : $0 }
        weights = Array(repeating: 1, count: words.count)
        totalWeight = Double(words.count)
        // While typing, "Mannerheimintie 1" may become "Mannerheimintie 12" (a number after
        // other words); a lone number as a prefix would match every number.
        let endsTheText = indices.last == text.words.count - 1
        let (wordCount, typing) = (words.count, text.typing)
        lastWordIsPrefix =
            prefixAllowed && endsTheText && text.endsInWordCharacter
            && (selected.last.map { last in
                let isNumber = last.folded.allSatisfy(\.isNumber)
                return typing ? !isNumber || wordCount > 1 : last.folded.count >= 2 && !isNumber
            } ?? false)
        for word in words {
            if let equivalents = Abbreviations.equivalents[word] {
                alternatives[word] = Dictionary(uniqueKeysWithValues: equivalents.map { ($0, 0) })
            }
        }
        // "hotelli" is "hotel" and "hotell" too.
        for word in words where !genericWords.isEmpty {
            for equivalent in genericWords.equivalents(of: word) where alternatives[word]?[equivalent] == nil {
                alternatives[word, default: [:]][equivalent] = 0
            }
        }
        for (word, ownName) in townAliases where words.contains(word) { alternatives[word, default: [:]][ownName] = 0 }
        // Each expanded abbreviation ("mikonkatu" from "Mikonk.") matches as written too.
        for expansion in text.expansions where words.contains(expansion.full) {
            alternatives[expansion.full, default: [:]][expansion.written] = 0
        }
    }

    /// Whether `name`, lower-cased, is a run of whole pieces of the text as typed: "Paraná" in
    /// "Paraná, BR", not "Paranã", which folds to the same words.
    func isWrittenAsTyped(_ name: String) -> Bool {
        let name = name.lowercased()
        guard !name.isEmpty, name.count <= written.count else { return false }
        return " \(written) ".contains(" \(name) ")
    }

    /// Every word of `text`.
    /// - Parameter typing: text being typed (suggest): the last word is a prefix whatever its
    ///   length, so "Coffee B" may become "Coffee Bar", and a number after other words too.
    init(_ text: String, typing: Bool = false) {
        let analysed = QueryText(text, typing: typing)
        self.init(analysed.words.indices, in: analysed)
    }

}

extension GenericWords: Equatable {
    /// The same table (a search's queries share their gazetteer's).
    static func == (a: GenericWords, b: GenericWords) -> Bool { a === b }
}
