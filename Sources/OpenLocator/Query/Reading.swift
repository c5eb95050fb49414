/// One way of reading a query, proposed by ``QueryAnalysis``: which words are what, and a
/// penalty, the points taken off the score of everything it finds (a less likely reading
/// must explain the query better to win). Each kind runs as one retrieval stage.
struct Reading: Sendable {
    enum Kind: Sendable {
        /// The whole text a street and a house number as the data may write them:
        /// "Mannerheimintie 10", "10 Downing Street".
        case wholeAddress(WholeAddressReading)
        /// A street address: "Mannerheimintie 10 A, 00100 Helsinki", "12 Main St, Springfield, IL".
        case address(AddressReading)
        /// Two streets that meet: "Mannerheimintie & Kaivokatu", "corner of Main St and Elm St".
        case intersection(IntersectionReading)
        /// A place qualified by its region or country: "Rochester, MN", "Hamilton, New Zealand".
        case qualified(QualifiedReading)
        /// A category alone ("coffee shop"), or near or in a place ("cafes in Kamppi").
        case category(CategoryReading)
        /// Every word a name (or part of one): "Stockmann", "Cafe Regatta".
        case name
        /// A locality plus words the data does not have ("Rochester Public Library"): the
        /// locality, as ArcGIS answers, when nothing explains the query better.
        case localityFallback(LocalityFallbackReading)
        /// A town whose own name is the whole text, beside the text's category reading: Spa,
        /// Belgium, and Casino, New South Wales, are towns as well as categories. Asked only
        /// when the category has no places near the search point, or there is no point.
        case townNamed
    }

    let kind: Kind
    let penalty: Double

    /// The stage's name, as `--explain` shows it.
    var stage: String {
        switch kind {
        case .wholeAddress: return "whole address"
        case .address: return "address"
        case .intersection: return "intersection"
        case .qualified: return "qualified place"
        case .category(let reading): return reading.place.isEmpty ? "category" : "category + place"
        case .name: return "name"
        case .localityFallback: return "locality fallback"
        case .townNamed: return "town named so"
        }
    }

    /// What the reading takes the words for, in a line: `street "mannerheimintie", number 10`.
    func describe(_ text: QueryText) -> String {
        func words(_ indices: [Int]) -> String {
            "\"" + indices.map { text.words[$0].folded }.joined(separator: " ") + "\""
        }
        func qualifier(_ qualifier: Qualifier?) -> String {
            qualifier.map { " in " + $0.regions.map(\.label).joined(separator: " or ") + " (\(words($0.words)))" } ?? ""
        }
        switch kind {
        case .wholeAddress(let reading):
            return reading.splits.map { "street \"\($0.street)\", number \($0.numbers[0])" }.joined(separator: "; or ")
        case .address(let address):
            var parts = ["street \(words(address.street))", "number \(address.houseNumber)"]
            if let unit = address.unit { parts.append("unit \(unit)") }
            if let postcode = address.postcode { parts.append("postcode \(postcode)") }
            if !address.locality.isEmpty { parts.append("locality \(words(address.locality))") }
            return parts.joined(separator: ", ") + qualifier(address.qualifier)
        case .intersection(let reading):
            let locality = reading.locality.isEmpty ? "" : ", locality \(words(reading.locality))"
            return "street \(words(reading.first)) meets street \(words(reading.second))" + locality
        case .qualified(let reading):
            return "place \(words(reading.name))" + qualifier(reading.qualifier)
        case .category(let reading):
            let names = reading.categories.map(\.name).joined(separator: " or ")
            guard !reading.place.isEmpty else { return "category \(names)" }
            return "category \(names) \(reading.relation.rawValue) place \(words(reading.place))"
                + qualifier(reading.qualifier)
        case .name:
            return "name \(words(Array(text.words.indices)))"
        case .localityFallback(let reading):
            return "locality \(words(reading.locality))" + qualifier(reading.qualifier)
                + ", not in the data: \(words(reading.unexplained))"
        case .townNamed:
            return "town \(words(Array(text.words.indices)))"
        }
    }
}

/// Trailing words naming a region or a country ("MN", "New Zealand", "Oregon, USA"), and
/// every region they may name: an ambiguous code ("CA": California or Canada) keeps each
/// meaning, and the rest of the query decides between them.
struct Qualifier: Sendable {
    /// The words it was read from, as indices into ``QueryText/words``.
    let words: [Int]
    /// What they may name.
    let regions: [QualifierLexicon.Region]
}

/// A place's name followed by a qualifier: "Rochester, MN".
struct QualifiedReading: Sendable {
    /// The name's words, as indices into ``QueryText/words``.
    let name: [Int]
    let qualifier: Qualifier
}

/// A category phrase, alone or with a place: "coffee shop", "cafes in Kamppi", "Kallio cafes".
struct CategoryReading: Sendable {
    /// How the place relates to the category.
    enum Relation: String, Sendable {
        case near
        case inside = "in"
    }

    var categories: [Category]
    /// The place's words ("kamppi"), as indices into ``QueryText/words``; empty when alone.
    var place: [Int] = []
    var relation: Relation = .near
    /// Whether a connecting word joined them ("cafes in Kamppi", not "Kallio cafes", which may
    /// be a name: "Rochester Public Library").
    var connected = false
    /// A qualifier of the place ("cafes in Portland, ME").
    var qualifier: Qualifier?
}

/// A locality named at the start or end of the query, or in a section of its own, with words
/// beside it that nothing may match: "Rochester Public Library", "Eiffel Tower, Paris".
struct LocalityFallbackReading: Sendable {
    let locality: [Int]
    let qualifier: Qualifier?
    /// The other words (the landmark the data lacks).
    let unexplained: [Int]
    /// A comma section before the last one ("Austin" of "Austin, Travis County, Texas"): tried
    /// only when no later section named a locality.
    var beforeLastSection = false
}
