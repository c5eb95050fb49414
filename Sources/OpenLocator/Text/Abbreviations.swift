import Foundation

/// Common address abbreviations, so "Main St", "Main Street" and "Main Str." find the same
/// street, and "Aleksanterink. 5" finds Aleksanterinkatu 5.
///
/// Two kinds:
/// - whole words with equivalent forms (`st` = `street` = `saint`): the query word also
///   matches each equivalent, at full credit;
/// - compound endings written with a full stop ("Hämeent." = Hämeentie, "Hauptstr." =
///   Hauptstrasse, "Storg." = Storgatan): expanded in the raw text before folding, since the
///   full stop that marks them is gone after it.
///
/// ```swift
/// Abbreviations.expandingSuffixes("Aleksanterink. 5").text   // "Aleksanterinkatu  5"
/// Abbreviations.equivalents["st"]                         // ["street", "saint", "str"]
/// ```
enum Abbreviations {
    /// Groups of folded words that mean the same in an address.
    static let groups: [[String]] = [
        ["street", "st", "str"], ["saint", "st"], ["avenue", "ave", "av"], ["road", "rd"],
        ["boulevard", "blvd"], ["drive", "dr"], ["lane", "ln"], ["place", "pl"], ["court", "ct"],
        ["square", "sq"], ["highway", "hwy"], ["parkway", "pkwy"], ["terrace", "ter"], ["mount", "mt"],
        ["fort", "ft"], ["north", "n"], ["south", "s"], ["east", "e"], ["west", "w"],
        ["strasse", "str"],
    ]

    /// Each word with the other words it may stand for.
    static let equivalents: [String: Set<String>] = {
        var result: [String: Set<String>] = [:]
        for group in groups {
            for word in group { result[word, default: []].formUnion(group.filter { $0 != word }) }
        }
        return result
    }()

    /// Compound endings abbreviated with a full stop, and their full forms.
    static let suffixes: [(abbreviation: String, full: String)] = [
        ("str", "strasse"), ("k", "katu"), ("t", "tie"), ("g", "gatan"), ("v", "vägen"),
    ]

    /// The fewest letters before an abbreviated ending: "Mannerheimint." is expanded, "Fort."
    /// and "Park." are not.
    static let minimumStem = 5

    /// `text` with abbreviated compound endings written out — a word ending in one of
    /// ``suffixes`` and a full stop, after at least ``minimumStem`` letters ("Mannerheimint.")
    /// — and the words so expanded, each with the word as written. The full stop becomes a
    /// space ("Hauptstr.5" → "Hauptstrasse 5"). An expansion is a guess ("Reykjavik." is no
    /// Reykjavikatu), so searches keep the written word as an alternative.
    static func expandingSuffixes(_ text: String) -> (text: String, expansions: [(full: String, written: String)]) {
        guard text.contains(".") else { return (text, []) }
        var result = ""
        var expansions: [(full: String, written: String)] = []
        var word = ""
        for character in text {
            if character == ".",
                let suffix = suffixes.first(where: { word.lowercased().hasSuffix($0.abbreviation) }),
                word.count - suffix.abbreviation.count >= minimumStem
            {
                let full = String(word.dropLast(suffix.abbreviation.count)) + suffix.full
                expansions.append((full, word))
                result += full + " "
                word = ""
                continue
            }
            if character.isLetter {
                word.append(character)
            } else {
                result += word
                result.append(character)
                word = ""
            }
        }
        return (result + word, expansions)
    }
}
