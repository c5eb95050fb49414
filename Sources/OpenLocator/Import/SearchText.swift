/// A place's folded, searchable text: the `places_fts` columns (kept in `places` too), folded
/// straight into a chunk's bytes (``PlaceRowChunk/append(_:locality:)``).
enum SearchText {
    /// Appends the folded name: an address point's street and number, another place's name.
    static func appendName(of place: borrowing PlaceRecord, to bytes: inout [UInt8]) {
        if place.addressType == .pointAddress {
            TextFolding.withFolded(joining: place.street, place.houseNumber) { bytes.append(contentsOf: $0) }
        } else {
            TextFolding.withFolded(place.name) { bytes.append(contentsOf: $0) }
        }
    }

    /// Appends the folded alternate names, distinct and sorted, separated by " ; ", without
    /// those that fold to the folded name, which lies at `name` in `bytes`. The place's names
    /// in its country's languages (`ownLanguages`), written in the Latin alphabet
    /// (``PlaceRecord/localizedNames``: Roma in Italy, Helsingfors and Salutorget in Finland,
    /// Genf in Switzerland) come first, ended by " ;; " (``localizedNamesEnd``): a search finding
    /// the place by one of them finds it by a name of its own, not by an old, variant or foreign
    /// one (Frankfort for Frankfurt am Main, Czech Čattagrám for Chattogram). Names in other
    /// scripts are found through their Latin transliteration, which may be another town's name
    /// (Japanese ロメ, Lomé, folds to "rome"): those stay among the other alternate names.
    static func appendAlternateNames(
        of place: borrowing PlaceRecord, exceptNameAt name: Range<Int>, ownLanguages: Set<String> = [],
        to bytes: inout [UInt8]
    ) {
        guard !place.alternateNames.isEmpty || !place.localizedNames.isEmpty else { return }
        // Each name folded once (ICU's transliteration is a build's costliest step per name): the
        // names in languages are mostly among the alternate names already.
        var folded: [String: String] = [:]
        func fold(_ name: String) -> String {
            if let known = folded[name] { return known }
            let made = TextFolding.fold(name)
            folded[name] = made
            return made
        }
        let languageNames = LocalizedNames.decode(place.localizedNames)
        let localized = Self.sortedDistinct(
            languageNames.filter {
                ownLanguages.contains(String($0.language.prefix { $0 != "-" })) && isLatin($0.name)
            }.map { fold($0.name) }
        ).filter { !$0.isEmpty && !$0.utf8.elementsEqual(bytes[name]) }
        // (The names in languages that find a place are among its alternate names already: OSM's
        // `name:xx`, GeoNames' names; a country's in another script are not, on purpose.)
        let others = Self.sortedDistinct(place.alternateNames.map(fold)).filter {
            !$0.isEmpty && !$0.utf8.elementsEqual(bytes[name]) && !localized.contains($0)
        }
        for (index, alternate) in localized.enumerated() {
            if index > 0 { bytes.append(contentsOf: " ; ".utf8) }
            bytes.append(contentsOf: alternate.utf8)
        }
        if !localized.isEmpty, !others.isEmpty { bytes.append(contentsOf: Self.localizedNamesEnd.utf8) }
        for (index, alternate) in others.enumerated() {
            if index > 0 { bytes.append(contentsOf: " ; ".utf8) }
            bytes.append(contentsOf: alternate.utf8)
        }
    }

    /// Whether a name is written in the Latin alphabet (with its accents and extensions).
    static func isLatin(_ name: String) -> Bool {
        name.unicodeScalars.allSatisfy { $0.value < 0x250 || (0x1E00..<0x1F00).contains($0.value) }
    }

    /// What ends a place's names in a language among its folded alternate names.
    static let localizedNamesEnd = " ;; "

    /// Folded names sorted, each once: folded text is ASCII, so byte order is `<`'s order,
    /// found without hashing every name into a set (a GeoNames city has hundreds).
    private static func sortedDistinct(_ folded: [String]) -> [String] {
        var sorted = folded
        sorted.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var distinct: [String] = []
        distinct.reserveCapacity(sorted.count)
        for name in sorted where name != distinct.last { distinct.append(name) }
        return distinct
    }

    /// Appends the words that place the place (neighbourhood, city, other names of the city,
    /// postcode, region, country), folded as if joined by spaces.
    static func appendLocality(_ parts: [String], to bytes: inout [UInt8]) {
        TextFolding.withFolded(joining: parts) { bytes.append(contentsOf: $0) }
    }
}
