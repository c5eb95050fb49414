/// Search text that may be, word for word, a street and a house number as the data writes
/// them: "Mannerheimintie 10", "Chengdu Street 81 81", "10 Downing Street". Such a text is
/// looked up through the address points' street index before any full-text search
/// (``WholeAddressStage``): a common number's list ("81", in 1 % of a country's places) crossed
/// with a big city's grows with the data, an index lookup does not.
///
/// ```swift
/// let reading = WholeAddressReading(QueryText("10 Calle 45"))!
/// reading.splits.map(\.street)    // ["10 Calle", "Calle 45"]
/// reading.splits.map(\.numbers)   // [["45"], ["10"]]
/// WholeAddressReading(QueryText("Mannerheimintie 10, Helsinki"))  // nil: more than a street and number
/// ```
struct WholeAddressReading: Sendable {
    /// One way of taking the text apart: the street as written (its pieces joined by single
    /// spaces) and the ways the data may write the number.
    struct Split: Sendable {
        let street: String
        /// As typed, and for a number with a letter, the letter in either case, with or
        /// without a space ("10a": "10a", "10A", "10 a", "10 A").
        let numbers: [String]
    }

    /// Number last ("Main Street 12"), then number first ("12 Main Street"), where each may be.
    let splits: [Split]

    init?(_ text: QueryText) {
        let chunks = text.chunks.filter { !$0.words.isEmpty }
        guard chunks.count >= 2, chunks.allSatisfy({ $0.section == 0 }) else { return nil }
        func split(number: QueryText.Chunk, street: ArraySlice<QueryText.Chunk>) -> Split? {
            guard HouseNumber.isNumberToken(number.text),
                street.contains(where: { chunk in chunk.words.contains { text.words[$0].hasLetter } })
            else { return nil }
            return Split(street: street.map(\.text).joined(separator: " "), numbers: Self.forms(of: number.text))
        }
        splits = [
            split(number: chunks[chunks.count - 1], street: chunks.dropLast()),
            split(number: chunks[0], street: chunks.dropFirst()),
        ].compactMap { $0 }
        if splits.isEmpty { return nil }
    }

    /// "10a" (or "10A") → "10a", "10A", "10 a", "10 A"; any other number as typed.
    static func forms(of number: String) -> [String] {
        let digits = number.prefix(while: \.isNumber)
        let letter = number.dropFirst(digits.count)
        guard !digits.isEmpty, letter.count == 1, letter.first!.isLetter else { return [number] }
        let (lower, upper) = (letter.lowercased(), letter.uppercased())
        return [digits + lower, digits + upper, digits + " " + lower, digits + " " + upper]
    }
}
