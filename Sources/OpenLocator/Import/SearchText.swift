/// A place's folded, searchable text: the `places_fts` columns (kept in `places` too).
struct SearchText: Sendable {
    var name: String
    /// Folded alternate names, distinct and sorted, separated by " ; ".
    var alternateNames: String
    var locality: String

    /// Folds a place's names; `locality` is its neighbourhood, city, postcode, region and
    /// country, folded as one text (without being joined into one first).
    init(_ place: borrowing PlaceRecord, locality: [String]) {
        name =
            place.addressType == .pointAddress
            ? TextFolding.fold(joining: [place.street, place.houseNumber]) : TextFolding.fold(place.name)
        let alternates =
            place.alternateNames.isEmpty
            ? [] : Set(place.alternateNames.map(TextFolding.fold)).subtracting(["", name]).sorted()
        alternateNames = alternates.joined(separator: " ; ")
        self.locality = TextFolding.fold(joining: locality)
    }
}
