import Foundation

/// A house number taken apart so numbers compare as numbers: "12", "12 B", "12b", "10-12".
///
/// ```swift
/// HouseNumber("12 B")     // number 12, letter "b"
/// HouseNumber("10–12")    // number 10, through 12
/// HouseNumber("Floor 2")  // nil: it does not start with a number
/// ```
struct HouseNumber: Sendable, Hashable, CustomStringConvertible {
    /// The (first) number.
    var number: Int
    /// A letter after it, folded ("b" in "12 B"); empty when there is none.
    var letter: String
    /// The last number of a range ("10-12" → 12); `nil` for a single number.
    var through: Int?

    init(number: Int, letter: String = "", through: Int? = nil) {
        self.number = number
        self.letter = letter
        self.through = through
    }

    /// Parses the start of a house number as data and people write it: digits, an optional
    /// letter (with or without a space), an optional range ("10-12", "10–12", "10/12").
    /// Anything after that ("2, 2. krs./Floor 2") is ignored.
    init?(_ text: String) {
        var rest = Substring(text.trimmedSpaces)
        guard let first = Self.leadingNumber(&rest) else { return nil }
        number = first
        letter = ""
        through = nil
        rest = rest.drop(while: { $0 == " " })
        if let c = rest.first, c.isLetter, c.isASCII, rest.dropFirst().first.map({ !$0.isLetter }) ?? true {
            letter = c.lowercased()
            rest = rest.dropFirst()
        }
        if let c = rest.first, "-–/".contains(c) {
            var after = rest.dropFirst().drop(while: { $0 == " " })
            if let last = Self.leadingNumber(&after), last > number { through = last }
        }
    }

    private static func leadingNumber(_ text: inout Substring) -> Int? {
        let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count <= 6, let value = Int(digits) else { return nil }
        text = text.dropFirst(digits.count)
        return value
    }

    /// Whether this number (as written in the data) is the one asked for: the same number and
    /// letter, or a range that contains the number asked for (on the same side of the street
    /// when the range is one side: 12-14 holds 12 and 14, not 13).
    func matches(_ wanted: HouseNumber) -> Bool {
        if let through, wanted.through == nil {
            let oneSide = (through - number) % 2 == 0
            return (number...through).contains(wanted.number) && (!oneSide || (wanted.number - number) % 2 == 0)
        }
        return number == wanted.number && letter == wanted.letter && through == wanted.through
    }

    /// As it is displayed: "12", "12b", "10-12".
    var description: String {
        "\(number)\(letter)" + (through.map { "-\($0)" } ?? "")
    }
}
