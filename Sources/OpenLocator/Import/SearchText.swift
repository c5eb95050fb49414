/// A place's folded, searchable text: the `places_fts` columns (kept in `places` too).
struct SearchText: Sendable {
    var name: String
    /// Folded alternate names, distinct and sorted, separated by " ; ".
    var alternateNames: String
    var locality: String

    /// Folds a place's names; `locality` is the words that place it (neighbourhood, city, other
    /// names of the city, postcode, region, country), folded as if joined by spaces
    /// (``TextFolding/fold(joining:)``).
    init(_ place: borrowing PlaceRecord, locality: [String]) {
        name =
            place.addressType == .pointAddress
            ? TextFolding.fold(joining: place.street, place.houseNumber) : TextFolding.fold(place.name)
        // Sorted, then each kept once: folded text is ASCII, so byte order is `<`'s order, found
        // without hashing every name into a set (a GeoNames city has hundreds).
        var folded = place.alternateNames.map(TextFolding.fold)
        folded.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var alternates: [String] = []
        for alternate in folded where alternate != alternates.last && !alternate.isEmpty && alternate != name {
            alternates.append(alternate)
        }
        alternateNames = alternates.joined(separator: " ; ")
        self.locality = TextFolding.fold(joining: locality)
    }
}
