/// Search text read as a street address: street words, house number, and optionally a unit,
/// a postcode, a locality and a qualifier. Either order of street and number is understood.
///
/// ```swift
/// let text = QueryText("Mannerheimintie 10 A 5, 00100 Helsinki")
/// let a = AddressReading(text)!
/// a.street.map { text.words[$0].folded }     // ["mannerheimintie"]
/// a.houseNumber                               // 10, letter "a"
/// a.unit                                      // "5"
/// a.postcode                                  // "00100"
/// a.locality.map { text.words[$0].folded }   // ["helsinki"]
/// AddressReading(QueryText("Helsinki"))       // nil: no house number
/// ```
struct AddressReading: Sendable {
    /// The street's words, as indices into ``QueryText/words``.
    var street: [Int]
    var houseNumber: HouseNumber
    /// An apartment, suite or floor ("Apt 4", "as 5", the 5 of "10 A 5"); matched against nothing.
    var unit: String?
    var postcode: String?
    /// The postcode's word, when there is one.
    var postcodeWords: [Int] = []
    /// The locality's words (city, region, country), without a qualifier read from them.
    var locality: [Int] = []
    /// A region or country at the end of the locality ("IL" of "Springfield, IL").
    var qualifier: Qualifier?

    /// Words that introduce a unit: "Apt 4", "Suite 200", "as. 5" (Finnish asunto), "lgh 1101".
    static let unitMarkers: Set<String> = [
        "apt", "apartment", "unit", "suite", "ste", "flat", "floor", "fl", "room", "rm", "krs", "as", "lgh", "bldg",
    ]

    init?(_ text: QueryText) {
        let chunks = text.chunks
        func folded(_ chunk: Int) -> String { chunks[chunk].words.map { text.words[$0].folded }.joined(separator: " ") }
        let main = chunks.indices.filter { chunks[$0].section == 0 }
        guard let numberAt = main.first(where: { HouseNumber.isNumberToken(chunks[$0].text) }) else { return nil }
        var number = HouseNumber(chunks[numberAt].text)!
        var street: [Int]
        var after: [Int]
        if numberAt == main.first {  // "10 Main Street Apt 4"
            after = Array(main.dropFirst())
            // "10 B Main Street", but "123 N Main St" is North Main Street.
            if let letter = after.first, Self.isLetter(chunks[letter].text), after.count > 1,
                !["n", "s", "e", "w"].contains(chunks[letter].text.lowercased())
            {
                number.letter = chunks[letter].text.lowercased()
                after.removeFirst()
            }
            let end = after.firstIndex {
                Self.unitMarkers.contains(folded($0)) || chunks[$0].text.hasPrefix("#")
                    || Self.isPostcode(chunks[$0].text)
            }
            street = Array(after[..<(end ?? after.endIndex)])
            after = Array(after[(end ?? after.endIndex)...])
        } else {  // "Mannerheimintie 10 A 5 Helsinki"
            street = main.filter { $0 < numberAt }
            after = main.filter { $0 > numberAt }
            if number.letter.isEmpty, let letter = after.first, Self.isLetter(chunks[letter].text) {
                number.letter = chunks[letter].text.lowercased()
                after.removeFirst()
            }
            if after.count > 1, ["-", "–"].contains(chunks[after[0]].text), let last = Int(chunks[after[1]].text),
                last > number.number
            {
                number.through = last
                after.removeFirst(2)
            }
        }
        self.street = street.flatMap { chunks[$0].words }
        guard self.street.contains(where: { text.words[$0].hasLetter }) else { return nil }
        houseNumber = number
        let rest = after + chunks.indices.filter { chunks[$0].section > 0 }
        var index = rest.startIndex
        while index < rest.endIndex {
            let chunk = chunks[rest[index]]
            let marker = folded(rest[index])
            if Self.isPostcode(chunk.text), postcode == nil {
                postcode = chunk.text
                postcodeWords = Array(chunk.words)
            } else if Self.unitMarkers.contains(marker) || chunk.text.hasPrefix("#") {
                let value = chunk.text.hasPrefix("#") ? String(chunk.text.dropFirst()) : nil
                if let value, !value.isEmpty {
                    unit = value
                } else if index + 1 < rest.endIndex {
                    index += 1
                    unit = chunks[rest[index]].text
                }
            } else if unit == nil, locality.isEmpty, chunk.text.first?.isNumber == true {
                unit = chunk.text  // "Mannerheimintie 10 A 5": the apartment
            } else {
                locality += chunk.words
            }
            index += 1
        }
    }

    private static func isLetter(_ token: String) -> Bool {
        token.count == 1 && token.first!.isLetter && token.first!.isASCII
    }

    /// Four to six digits after the house number: "00100", "2000", "SE-11122" is not.
    static func isPostcode(_ token: String) -> Bool {
        (4...6).contains(token.count) && token.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension HouseNumber {
    /// Whether a raw token is a house number: "10", "12b", "10-12"; not "A1", "2000m".
    static func isNumberToken(_ token: String) -> Bool {
        guard let number = HouseNumber(token), number.number > 0 else { return false }
        let digits = token.prefix(while: \.isNumber).count
        guard digits <= 4 else { return false }
        let rest = token.dropFirst(digits)
        return rest.isEmpty || (rest.count == 1 && rest.first!.isLetter)
            || (rest.first.map { "-–/".contains($0) } ?? false && number.through != nil)
    }
}
