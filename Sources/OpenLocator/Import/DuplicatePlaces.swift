/// Finds the same place mapped twice: OSM often has a shop as a node and again as the
/// building's way, and GeoNames cities reappear as OSM `place=*` nodes.
enum DuplicatePlaces {
    /// How close two POIs with the same name and category must be to count as one place.
    /// Branches of a chain are farther apart than this, and stay separate.
    static let poiRadius = 50.0

    /// Merges duplicate POIs into the first of each group, in place (a country's places are
    /// not copied): it keeps its location and name, and takes the address, phone and website
    /// the others had when it lacked them. Other places stay, in order.
    static func mergePOIs(in places: inout [PlaceRecord]) {
        var byKey: [String: [Int]] = [:]
        var kept = 0
        for index in places.indices {
            if places[index].addressType == .poi {
                let key = "\(places[index].category)|\(TextFolding.fold(places[index].name))"
                if let first = byKey[key]?.first(where: {
                    places[$0].location.distance(to: places[index].location) <= poiRadius
                }) {
                    let duplicate = places[index]
                    places[first].takeMissingDetails(from: duplicate)
                    continue
                }
                byKey[key, default: []].append(kept)
            }
            if kept != index { places.swapAt(kept, index) }
            kept += 1
        }
        places.removeLast(places.count - kept)
    }

    /// Removes the places that are also one of `localities`: a `place=city` node named like
    /// a GeoNames city within 10 km is the same city, and GeoNames has its population and names.
    /// Returns the places removed (their names in other languages still translate the city's).
    @discardableResult
    static func removeLocalities(alsoIn localities: LocalityIndex, from places: inout [PlaceRecord]) -> [PlaceRecord] {
        let byName = localities.indexes(
            named: Set(places.lazy.filter { $0.addressType == .locality }.map { $0.name.lowercased() }))
        guard !byName.isEmpty else { return [] }
        var removed: [PlaceRecord] = []
        places.removeAll { place in
            guard place.addressType == .locality else { return false }
            let isDuplicate = (byName[place.name.lowercased()] ?? []).contains {
                let locality = localities.coordinate($0)
                return Point(latitude: locality.lat, longitude: locality.lon).distance(to: place.location) < 10_000
            }
            if isDuplicate { removed.append(place) }
            return isDuplicate
        }
        return removed
    }
}

extension PlaceRecord {
    /// Fills empty address, contact and alternate-name fields from another record of the same place.
    mutating func takeMissingDetails(from other: PlaceRecord) {
        if street.isEmpty, !other.street.isEmpty {
            street = other.street
            houseNumber = other.houseNumber
        }
        if postal.isEmpty { postal = other.postal }
        if city.isEmpty { city = other.city }
        if phone.isEmpty { phone = other.phone }
        if url.isEmpty { url = other.url }
        importance = max(importance, other.importance)
        alternateNames += other.alternateNames.filter { !alternateNames.contains($0) }
        if !other.localizedNames.isEmpty {
            localizedNames = LocalizedNames.encode(
                LocalizedNames.decode(localizedNames) + LocalizedNames.decode(other.localizedNames))
        }
    }
}
