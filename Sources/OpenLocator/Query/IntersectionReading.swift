/// Two streets joined by a crossing word: "Mannerheimintie & Kaivokatu", "Main St and Elm St",
/// "Aleksanterinkatu / Mikonkatu", "Broadway at 42nd St", "corner of A and B", and the local
/// words for "and" ("Mannerheimintie ja Kaivokatu", "… och …"). Words in a later comma section
/// are the locality ("A & B, Helsinki").
///
/// ```swift
/// let reading = IntersectionReading(QueryText("corner of Mannerheimintie and Kaivokatu"))
/// reading?.first   // the words of "mannerheimintie"
/// reading?.second  // the words of "kaivokatu"
/// ```
struct IntersectionReading: Sendable {
    /// The first street's words, as indices into ``QueryText/words``.
    let first: [Int]
    let second: [Int]
    /// The words after the second street's section.
    let locality: [Int]
    /// Whether a word ("and", "ja") rather than a sign ("&", "/") joined them: a name may hold
    /// such a word ("Marks and Spencer"), so the reading is a little less likely.
    let joinedByWord: Bool

    /// Signs that join two streets, alone or between them ("A&B", "A/B").
    static let signs: Set<Character> = ["&", "/", "@", "+"]
    /// Words that join two streets: English, Finnish, Swedish, German, French, Spanish, Italian
    /// and Portuguese "and", and English "at".
    static let words: Set<String> = ["and", "at", "ja", "och", "und", "et", "y", "e"]
    /// Words that may lead the text and say nothing of the streets ("the corner of").
    static let leadingWords: Set<String> = ["the", "corner", "cnr", "intersection", "crossing", "of", "kulma"]

    init?(_ text: QueryText) {
        guard let section = text.words.first?.section else { return nil }
        // The words of the first section, where both streets are.
        let words = text.words.indices.filter { text.words[$0].section == section }
        let locality = text.words.indices.filter { text.words[$0].section != section }
        guard let (split, skipped, byWord) = Self.split(text, words: words) else { return nil }
        var first = Array(words[..<split])
        let second = Array(words[(split + skipped)...])
        // "corner of", "the intersection of": dropped while a street word remains.
        while first.count > 1, Self.leadingWords.contains(text.words[first[0]].folded) { first.removeFirst() }
        // ("Highway 1 & Main St" has a number; "Yrjönkatu 10 & 12" is two addresses.)
        guard first.contains(where: { text.words[$0].hasLetter }), second.contains(where: { text.words[$0].hasLetter })
        else { return nil }
        (self.first, self.second, self.locality, joinedByWord) = (first, second, locality, byWord)
    }

    /// Where the second street starts among `words` (a position in it), how many words the
    /// joining takes (a word connector is one, a sign none), and whether a word joined them.
    private static func split(_ text: QueryText, words: [Int]) -> (Int, Int, Bool)? {
        guard let last = words.last else { return nil }
        // A sign first: a chunk of its own ("A & B"), or inside one ("A&B", "A/B").
        for chunk in text.chunks where chunk.section == text.words[words[0]].section {
            if chunk.text.count == 1, let sign = chunk.text.first, signs.contains(sign) {
                let position = words.firstIndex { $0 >= chunk.words.lowerBound } ?? words.count
                return (position, 0, false)
            }
            if let index = chunk.text.firstIndex(where: signs.contains), index != chunk.text.startIndex,
                chunk.text.index(after: index) != chunk.text.endIndex
            {
                let before = TextFolding.fold(String(chunk.text[..<index])).split(separator: " ").count
                guard let position = words.firstIndex(of: chunk.words.lowerBound + before) else { continue }
                return (position, 0, false)
            }
        }
        // Else the first joining word with a street either side.
        for (position, index) in words.enumerated() where position > 0 && index < last {
            if Self.words.contains(text.words[index].folded) { return (position, 1, true) }
        }
        return nil
    }
}
