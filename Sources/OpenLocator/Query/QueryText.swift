/// Search text taken apart once: the pieces between spaces as written (for number shapes such
/// as "10-12" and "#3"), and the folded words they give, each knowing its comma section.
/// Every reading and every retrieval works from these; nothing is folded twice.
///
/// ```swift
/// let text = QueryText("Mannerheimintie 10 A, 00100 Helsinki")
/// text.words.map(\.folded)   // ["mannerheimintie", "10", "a", "00100", "helsinki"]
/// text.words.map(\.section)  // [0, 0, 0, 1, 1]
/// text.chunks.map(\.text)    // ["Mannerheimintie", "10", "A", "00100", "Helsinki"]
/// ```
struct QueryText: Sendable {
    /// The most words a query uses; the rest are ignored.
    static let maxWords = 24

    /// One folded word.
    struct Word: Sendable, Equatable {
        let folded: String
        let bytes: [UInt8]
        /// 0 before the first comma, 1 after it, …
        let section: Int
        /// The chunk (piece between spaces) it came from.
        let chunk: Int
        /// Whether it has a letter (a match on numbers alone is no name match).
        let hasLetter: Bool

        /// Whether it may be a postcode rather than a house number: letters and digits mixed
        /// ("sw1a"), or four digits or more ("75008", "2000").
        var mayBePostcode: Bool {
            let digits = folded.filter(\.isNumber).count
            return digits > 0 && (hasLetter || digits >= 4)
        }
    }

    /// A piece of the text between spaces, as written (after abbreviations are written out).
    struct Chunk: Sendable, Equatable {
        let text: String
        let section: Int
        /// Its folded words, as indices into ``QueryText/words`` (empty for "#" or "-").
        let words: Range<Int>
    }

    let words: [Word]
    let chunks: [Chunk]
    /// Abbreviated compound endings written out ("Mikonk." → "mikonkatu"), folded, with the
    /// folded word as written, which searches also accept.
    let expansions: [(full: String, written: String)]
    /// Whether the text ends in a letter or digit (not a space or punctuation): only then may
    /// its last word be a prefix.
    let endsInWordCharacter: Bool
    /// Whether the text is being typed (suggest).
    let typing: Bool

    init(_ text: String, typing: Bool = false) {
        self.typing = typing
        let (expanded, written) = Abbreviations.expandingSuffixes(text)
        endsInWordCharacter =
            text.unicodeScalars.last.map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? false
        var words: [Word] = []
        var chunks: [Chunk] = []
        sections: for (section, part) in expanded.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            for piece in Self.pieces(part) {
                let start = words.count
                for folded in TextFolding.fold(piece).split(separator: " ") {
                    guard words.count < Self.maxWords else { break sections }
                    let folded = String(folded)
                    words.append(
                        Word(
                            folded: folded, bytes: Array(folded.utf8), section: section, chunk: chunks.count,
                            hasLetter: folded.contains(where: \.isLetter)))
                }
                chunks.append(Chunk(text: piece, section: section, words: start..<words.count))
            }
        }
        self.words = words
        self.chunks = chunks
        expansions = written.compactMap { expansion in
            let full = TextFolding.fold(expansion.full), written = TextFolding.fold(expansion.written)
            guard !written.isEmpty, !written.contains(" "), words.contains(where: { $0.folded == full }) else {
                return nil
            }
            return (full, written)
        }
    }

    /// The folded words, in order.
    var folded: [String] { words.map(\.folded) }

    /// The pieces of a section between spaces: a lone "." dropped, a US ZIP+4 read as its ZIP
    /// ("12345-6789" → "12345": postal areas are the five-digit codes), and a street glued to
    /// its number taken apart ("Kaivokatu1" → "Kaivokatu", "1").
    private static func pieces(_ section: Substring) -> [String] {
        section.split(whereSeparator: { $0.isWhitespace }).map(String.init).filter { $0 != "." }.flatMap { piece in
            if isZIPPlus4(piece) { return [String(piece.prefix(5))] }
            let letters = piece.prefix(while: \.isLetter)
            let rest = piece.dropFirst(letters.count)
            guard letters.count >= 3, HouseNumber.isNumberToken(String(rest)) else { return [piece] }
            return [String(letters), String(rest)]
        }
    }

    /// "12345-6789": five digits, a hyphen, four digits.
    private static func isZIPPlus4(_ piece: String) -> Bool {
        let bytes = Array(piece.utf8)
        return bytes.count == 10 && bytes[5] == UInt8(ascii: "-")
            && bytes.enumerated().allSatisfy {
                $0.offset == 5 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.element)
            }
    }
}
