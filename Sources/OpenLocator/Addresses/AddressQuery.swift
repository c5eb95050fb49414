import Foundation

/// Search text read as a street address: street words, house number, and optionally a unit,
/// a postcode and a locality. Either order of street and number is understood.
///
/// ```swift
/// let a = AddressQuery("Mannerheimintie 10 A 5, 00100 Helsinki")!
/// a.streetWords     // ["mannerheimintie"]
/// a.houseNumber     // 10, letter "a"
/// a.unit            // "5"
/// a.postcode        // "00100"
/// a.localityWords   // ["helsinki"]
/// AddressQuery("10 Main St Apt 4, Springfield")!.streetWords   // ["main", "st"]
/// AddressQuery("Helsinki")                                      // nil: no house number
/// ```
struct AddressQuery: Sendable, Equatable {
    var streetWords: [String]
    var houseNumber: HouseNumber
    /// An apartment, suite or floor ("Apt 4", "as 5", the 5 of "10 A 5"); matched against nothing.
    var unit: String?
    var postcode: String?
    /// Folded words of the locality: city, region, country.
    var localityWords: [String]
    /// Abbreviated endings written out in the street ("Mikonk." → "Mikonkatu"), with the
    /// words as written, for ``ParsedQuery/addAlternatives(_:)``.
    var expansions: [(full: String, written: String)]

    static func == (a: AddressQuery, b: AddressQuery) -> Bool {
        a.streetWords == b.streetWords && a.houseNumber == b.houseNumber && a.unit == b.unit
            && a.postcode == b.postcode && a.localityWords == b.localityWords
    }

    /// Words that introduce a unit: "Apt 4", "Suite 200", "as. 5" (Finnish asunto), "lgh 1101".
    static let unitMarkers: Set<String> = [
        "apt", "apartment", "unit", "suite", "ste", "flat", "floor", "fl", "room", "rm", "krs", "as", "lgh", "bldg",
    ]

    init?(_ text: String) {
        let (expanded, expansions) = Abbreviations.expandingSuffixes(text)
        self.expansions = expansions
        let sections = expanded.split(separator: ",").map(String.init)
        guard let main = sections.first else { return nil }
        var tokens = Self.tokens(main)
        guard let numberIndex = tokens.indices.first(where: { HouseNumber.isNumberToken(tokens[$0]) }) else {
            return nil
        }
        var number = HouseNumber(tokens[numberIndex])!
        var street: [String]
        var after: [String]
        if numberIndex == 0 {  // "10 Main Street Apt 4"
            after = Array(tokens.dropFirst())
            // "10 B Main Street", but "123 N Main St" is North Main Street.
            if let letter = after.first, Self.isLetter(letter), after.count > 1,
                !["n", "s", "e", "w"].contains(letter.lowercased())
            {
                number.letter = letter.lowercased()
                after.removeFirst()
            }
            let end = after.firstIndex(where: {
                Self.unitMarkers.contains(TextFolding.fold($0)) || $0.hasPrefix("#") || Self.isPostcode($0)
            })
            street = Array(after[..<(end ?? after.endIndex)])
            after = Array(after[(end ?? after.endIndex)...])
        } else {  // "Mannerheimintie 10 A 5 Helsinki"
            street = Array(tokens[..<numberIndex])
            after = Array(tokens[(numberIndex + 1)...])
            if number.letter.isEmpty, let letter = after.first, Self.isLetter(letter) {
                number.letter = letter.lowercased()
                after.removeFirst()
            }
            if after.first == "-" || after.first == "–", after.count > 1, let last = Int(after[1]), last > number.number
            {
                number.through = last
                after.removeFirst(2)
            }
        }
        tokens = after + sections.dropFirst().flatMap { Self.tokens($0) }
        streetWords = TextFolding.words(street.joined(separator: " "))
        guard streetWords.contains(where: { $0.contains(where: \.isLetter) }) else { return nil }
        houseNumber = number
        var locality: [String] = []
        var index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            let folded = TextFolding.fold(token)
            if Self.isPostcode(token), postcode == nil {
                postcode = token
            } else if Self.unitMarkers.contains(folded) || token.hasPrefix("#") {
                let value = token.hasPrefix("#") ? String(token.dropFirst()) : nil
                if let value, !value.isEmpty {
                    unit = value
                } else if index + 1 < tokens.endIndex {
                    index += 1
                    unit = tokens[index]
                }
            } else if unit == nil, locality.isEmpty, token.first?.isNumber == true {
                unit = token  // "Mannerheimintie 10 A 5": the apartment
            } else {
                locality += TextFolding.words(token)
            }
            index += 1
        }
        localityWords = Array(locality.prefix(ParsedQuery.maxWords))
    }

    /// The search text for the street alone, with the locality after a comma.
    var streetText: String {
        streetWords.joined(separator: " ")
            + (localityWords.isEmpty && postcode == nil
                ? "" : ", " + ([postcode].compactMap { $0 } + localityWords).joined(separator: " "))
    }

    /// Whitespace-separated tokens with the unit marker "#" kept, and a street glued to its
    /// number taken apart ("Kaivokatu1" → "Kaivokatu", "1").
    private static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map(String.init).filter { $0 != "." }.flatMap { token in
            let letters = token.prefix(while: \.isLetter)
            let rest = token.dropFirst(letters.count)
            guard letters.count >= 3, HouseNumber.isNumberToken(String(rest)) else { return [token] }
            return [String(letters), String(rest)]
        }
    }

    private static func isLetter(_ token: String) -> Bool {
        token.count == 1 && token.first!.isLetter && token.first!.isASCII
    }

    /// Four to six digits after the house number: "00100", "2000", "SE-11122" is not.
    private static func isPostcode(_ token: String) -> Bool {
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
