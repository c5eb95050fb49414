/// A query analysed once: its words (``QueryText``) and the readings they allow, best first,
/// each with a penalty (after Nominatim's query analysis: one tokenization, several token
/// assignments, each searched).
///
/// - A whole-text category phrase ("coffee shop", "parks") is read as that category alone and
///   nothing else: the k-nearest search is all it needs.
/// - Otherwise: first, when the text is a street and a house number and nothing else, that
///   address written so (looked up by the street index, not the full-text one); the words as
///   a name; an address when there is a house number; a place
///   qualified by trailing region or country words ("Rochester, MN", "Hamilton New Zealand",
///   "Portland, Oregon, USA"); a category phrase at the start or end with a place ("cafes in
///   Kamppi", "Kallio cafes"); and, tried only when none of those explains the query well, a
///   locality at the start or end (or in a section of its own) with words the data lacks.
///
/// ```swift
/// let analysis = QueryAnalysis("Rochester, MN", resolver: .world, lexicon: lexicon)
/// analysis.readings.map(\.stage)   // ["name", "qualified place"]
/// ```
struct QueryAnalysis: Sendable {
    let text: QueryText
    let readings: [Reading]

    /// Points off a category + place reading without a connecting word ("Kallio cafes"
    /// rather than "cafes in Kallio").
    static let categoryWithoutConnectorPenalty = 1.0

    /// Points off an intersection joined by a word ("A and B") rather than a sign ("A & B").
    static let intersectionByWordPenalty = 1.0

    /// Words that join a category to a place, in English, Finnish and Swedish.
    static let connectors: Set<String> = [
        "in", "near", "at", "around", "by", "close", "to", "nearby", "next", "of", "the", "lahella", "vid", "i", "nara",
    ]
    /// The connectors that put the category inside the place.
    static let insideConnectors: Set<String> = ["in", "i", "at"]

    init(_ text: QueryText, resolver: CategoryResolver, lexicon: QualifierLexicon) {
        self.text = text
        let all = Array(text.words.indices)
        guard !all.isEmpty else {
            readings = []
            return
        }
        let categories = resolver.categories(matchingFolded: text.folded)
        guard categories.isEmpty else {
            // (And a town of that name: "Spa", "Casino", "Marina" name towns too.)
            readings = [
                Reading(kind: .category(CategoryReading(categories: categories)), penalty: 0),
                Reading(kind: .townNamed, penalty: 0),
            ]
            return
        }
        var readings: [Reading] = []
        if let whole = WholeAddressReading(text) { readings.append(Reading(kind: .wholeAddress(whole), penalty: 0)) }
        readings.append(Reading(kind: .name, penalty: 0))
        if var address = AddressReading(text) {
            if let (qualifier, rest) = Self.trailingQualifier(address.locality, in: text, lexicon: lexicon) {
                address.qualifier = qualifier
                address.locality = rest
            }
            readings.append(Reading(kind: .address(address), penalty: 0))
        }
        if let intersection = IntersectionReading(text) {
            readings.append(
                Reading(
                    kind: .intersection(intersection),
                    penalty: intersection.joinedByWord ? Self.intersectionByWordPenalty : 0))
        }
        let trailing = Self.trailingQualifier(all, in: text, lexicon: lexicon)
        if let (qualifier, rest) = trailing {
            readings.append(Reading(kind: .qualified(QualifiedReading(name: rest, qualifier: qualifier)), penalty: 0))
        }
        if let prefixed = Self.countryPrefixedPostcode(text, lexicon: lexicon) {
            readings.append(Reading(kind: .qualified(prefixed), penalty: 0))
        }
        if let (category, penalty) = Self.categoryAndPlace(text, resolver: resolver, lexicon: lexicon) {
            readings.append(Reading(kind: .category(category), penalty: penalty))
        }
        for fallback in Self.localityFallbacks(text, qualifier: trailing) {
            readings.append(Reading(kind: .localityFallback(fallback), penalty: 0))
        }
        self.readings = readings
    }

    // MARK: - Qualifiers

    /// Words that, before a number, say "number" ("No 3", "Nr. 12"), whatever country they name.
    static let numberMarkers: Set<String> = ["no", "nr", "nro", "num", "n"]

    /// A qualifier at the end of `words` (indices into `text.words`), and the words before it:
    /// the longest known phrase ending the last section, and a region of the named country
    /// before a country ("Oregon, USA"). At least one word with a letter must remain.
    static func trailingQualifier(_ words: [Int], in text: QueryText, lexicon: QualifierLexicon)
        -> (Qualifier, rest: [Int])?
    {
        // A postcode may follow the qualifier ("Springfield, IL 62701"): it goes with it.
        var end = words.count
        while end > 0, !text.words[words[end - 1]].hasLetter { end -= 1 }
        guard end >= 2, let (last, lastStart) = phrase(endingAt: end, of: words, text, lexicon) else { return nil }
        // "Fire Station No 3": a number's "No", not Norway.
        if end < words.count, end - lastStart == 1, numberMarkers.contains(text.words[words[lastStart]].folded) {
            return nil
        }
        var regions = last
        var start = lastStart
        let countries = Set(last.filter { $0.name == nil }.map(\.country))
        if !countries.isEmpty, let (before, beforeStart) = phrase(endingAt: lastStart, of: words, text, lexicon) {
            let inCountry = before.filter { $0.name != nil && countries.contains($0.country) }
            if !inCountry.isEmpty { (regions, start) = (inCountry, beforeStart) }
        }
        let rest = Array(words[..<start])
        guard rest.contains(where: { text.words[$0].hasLetter }) else { return nil }
        return (Qualifier(words: Array(words[start...]), regions: regions), rest)
    }

    /// What the longest phrase of `words` ending before `end` names, within one comma section,
    /// and where it starts; a word at least must stay before it.
    private static func phrase(
        endingAt end: Int, of words: [Int], _ text: QueryText, _ lexicon: QualifierLexicon
    ) -> ([QualifierLexicon.Region], start: Int)? {
        guard end >= 2 else { return nil }
        let section = text.words[words[end - 1]].section
        for length in stride(from: min(lexicon.longestPhrase + 1, end - 1), through: 1, by: -1) {
            let slice = words[(end - length)..<end]
            guard slice.allSatisfy({ text.words[$0].section == section && text.words[$0].hasLetter }) else {
                continue
            }
            var folded = slice.map { text.words[$0].folded }
            if folded.first == "the", folded.count > 1 { folded.removeFirst() }
            let regions = lexicon.regions(named: folded.joined(separator: " "))
            if !regions.isEmpty { return (regions, end - length) }
        }
        return nil
    }

    /// A text that begins with a postcode written after its country's code and a hyphen
    /// ("FI-00150", "FI-00150 Helsinki", "NL-1012 AB"): the rest, qualified by the country.
    static func countryPrefixedPostcode(_ text: QueryText, lexicon: QualifierLexicon) -> QualifiedReading? {
        guard let chunk = text.chunks.first, chunk.words.lowerBound == 0, chunk.words.count >= 2,
            chunk.text.count >= 4,
            chunk.text.dropFirst(chunk.text.prefix { $0.isLetter }.count).first == "-"
        else { return nil }
        let first = chunk.words.lowerBound
        let code = text.words[first].folded
        let countries = lexicon.regions(named: code).filter { $0.name == nil }
        let rest = Array((first + 1)..<text.words.count)
        guard (1...3).contains(code.count), !countries.isEmpty,
            rest.first.map({ !text.words[$0].hasLetter }) == true, text.words[first].section == 0
        else { return nil }
        return QualifiedReading(name: rest, qualifier: Qualifier(words: [first], regions: countries))
    }

    // MARK: - Category and place

    /// The longest run of leading (or else trailing) words that names a category, and the rest,
    /// without connecting words, as the place: "coffee shops near Kamppi", "Kallio cafes".
    static func categoryAndPlace(_ text: QueryText, resolver: CategoryResolver, lexicon: QualifierLexicon)
        -> (CategoryReading, penalty: Double)?
    {
        let words = text.folded
        guard words.count >= 2 else { return nil }
        func reading(_ categories: [Category], place: [Int], connectors: [String]) -> (CategoryReading, Double)? {
            guard !categories.isEmpty, !place.isEmpty else { return nil }
            var reading = CategoryReading(categories: categories, place: place)
            reading.relation = connectors.contains(where: insideConnectors.contains) ? .inside : .near
            reading.connected = !connectors.isEmpty
            if let (qualifier, rest) = trailingQualifier(place, in: text, lexicon: lexicon) {
                (reading.qualifier, reading.place) = (qualifier, rest)
            }
            return (reading, connectors.isEmpty ? categoryWithoutConnectorPenalty : 0)
        }
        for split in stride(from: words.count - 1, through: 1, by: -1) where resolver.mayStartPhrase(words[0]) {
            let categories = resolver.categories(matchingFolded: words[..<split])
            let connectors = words[split...].prefix(while: Self.connectors.contains)
            let place = Array((split + connectors.count)..<words.count)
            if let found = reading(categories, place: place, connectors: Array(connectors)) { return found }
        }
        for split in 1..<words.count where resolver.mayEndPhrase(words[words.count - 1]) {
            let categories = resolver.categories(matchingFolded: words[split...])
            var end = split
            while end > 0, Self.connectors.contains(words[end - 1]) { end -= 1 }
            if let found = reading(categories, place: Array(0..<end), connectors: Array(words[end..<split])) {
                return found
            }
        }
        return nil
    }

    // MARK: - Locality fallback

    /// The most words a fallback locality has.
    static let maxFallbackLocalityWords = 3

    /// Where a locality may stand beside words the data lacks: a comma section of its own, the
    /// last first ("Eiffel Tower, Paris"; "Austin, Travis County, Texas"), else the first or
    /// last one to three words
    /// ("Rochester Public Library", "Tower Bridge London", "Paris 75008" when the data lacks the
    /// postcode); a qualifier stays with it. Longest first, leading before trailing.
    /// - Parameter trailing: the text's trailing qualifier and the words before it, if any.
    static func localityFallbacks(_ text: QueryText, qualifier trailing: (Qualifier, rest: [Int])?)
        -> [LocalityFallbackReading]
    {
        var words = Array(text.words.indices)
        var qualifier: Qualifier?
        if let (found, rest) = trailing { (qualifier, words) = (found, rest) }
        guard words.count >= 2 || qualifier != nil && !words.isEmpty else { return [] }
        var found: [LocalityFallbackReading] = []
        func propose(_ locality: [Int], beforeLastSection: Bool = false) {
            let unexplained = words.filter { !locality.contains($0) }
            guard !locality.isEmpty, locality.contains(where: { text.words[$0].hasLetter }),
                !locality.allSatisfy({ connectors.contains(text.words[$0].folded) }),
                unexplained.contains(where: { text.words[$0].hasLetter || text.words[$0].mayBePostcode })
                    || qualifier != nil && !unexplained.isEmpty
            else { return }
            found.append(
                LocalityFallbackReading(
                    locality: locality, qualifier: qualifier, unexplained: unexplained,
                    beforeLastSection: beforeLastSection))
        }
        let lastSection = text.words[words.last!].section
        if lastSection > 0 {
            // The last section first ("Eiffel Tower, Paris"), then the earlier ones, last to
            // first, when it names no locality: a district or county the data lacks between
            // the town and its region ("Austin, Travis County, Texas"; "Pune, Pune District, India").
            for section in stride(from: lastSection, through: 0, by: -1) {
                let inSection = words.filter { text.words[$0].section == section }
                if !inSection.isEmpty, inSection.count <= maxFallbackLocalityWords {
                    propose(inSection, beforeLastSection: section < lastSection)
                }
            }
        } else {
            for length in stride(from: min(maxFallbackLocalityWords, words.count - 1), through: 1, by: -1) {
                propose(Array(words.prefix(length)))
                propose(Array(words.suffix(length)))
            }
        }
        // A region's name is often its main town's too ("Public Library, Ceiba"; "Kingston,
        // Kingston"): the qualifier's words as the locality, last, when they are a region's
        // name (not a code or a country: "…, Helsinki, US" is not the French village of Us).
        // (The region's words alone when its country follows: "…, Potosí, Bolivia".)
        if let qualifier, words.contains(where: { text.words[$0].hasLetter }) {
            let named = qualifier.words.filter { text.words[$0].hasLetter }
            for length in stride(from: min(named.count, maxFallbackLocalityWords), through: 1, by: -1) {
                let locality = Array(named.prefix(length))
                let phrase = locality.map { text.words[$0].folded }.joined(separator: " ")
                let regions = qualifier.regions.filter { $0.name.map(TextFolding.fold) == phrase }
                guard !regions.isEmpty else { continue }
                // In the region's country, when its words follow ("Bolivia").
                let rest = qualifier.words.filter { !locality.contains($0) }
                let country =
                    rest.isEmpty
                    ? nil
                    : Qualifier(
                        words: rest,
                        regions: regions.map {
                            QualifierLexicon.Region(country: $0.country, countryName: $0.countryName, name: nil, forms: [])
                        })
                found.append(LocalityFallbackReading(locality: locality, qualifier: country, unexplained: words))
                break
            }
        }
        return found
    }
}
