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
    /// those that fold to the folded name, which lies at `name` in `bytes`.
    static func appendAlternateNames(
        of place: borrowing PlaceRecord, exceptNameAt name: Range<Int>, to bytes: inout [UInt8]
    ) {
        guard !place.alternateNames.isEmpty else { return }
        // Sorted, then each kept once: folded text is ASCII, so byte order is `<`'s order, found
        // without hashing every name into a set (a GeoNames city has hundreds).
        var folded = place.alternateNames.map(TextFolding.fold)
        folded.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var last: String?
        for alternate in folded
        where alternate != last && !alternate.isEmpty && !alternate.utf8.elementsEqual(bytes[name]) {
            if last != nil { bytes.append(contentsOf: " ; ".utf8) }
            bytes.append(contentsOf: alternate.utf8)
            last = alternate
        }
    }

    /// Appends the words that place the place (neighbourhood, city, other names of the city,
    /// postcode, region, country), folded as if joined by spaces.
    static func appendLocality(_ parts: [String], to bytes: inout [UInt8]) {
        TextFolding.withFolded(joining: parts) { bytes.append(contentsOf: $0) }
    }
}
