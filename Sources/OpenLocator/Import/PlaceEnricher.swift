import Foundation

/// Fills in what OSM objects lack: city, region and country from the nearest GeoNames
/// locality, and `Place_addr` from the place's own address or, failing that, the nearest
/// street (within 200 m) and the locality.
struct PlaceEnricher {
    /// How far a street may be to stand in for a missing address.
    static let streetSearchRadius = 200.0
    /// How far the nearest city may be to count as the place's city.
    static let citySearchRadius = 30_000.0

    private var cities = SpatialGrid<Int>(cellDegrees: 0.25)
    private let localities: [PlaceRecord]
    private var streetSegments = SpatialGrid<(name: String, a: Coordinate, b: Coordinate)>(cellDegrees: 0.005)
    private let city = CategoryTree.world["City"]!.code

    init(localities: [PlaceRecord], streets: [StreetRecord]) {
        self.localities = localities
        for (index, place) in localities.enumerated() where place.category == city {
            cities.insert(index, at: Coordinate(lon: place.longitude, lat: place.latitude))
        }
        for street in streets {
            for (a, b) in street.segments { streetSegments.insert((street.place.name, a, b), from: a, to: b) }
        }
    }

    /// The place with locality, country and display address filled in.
    func enrich(_ place: PlaceRecord) -> PlaceRecord {
        var place = place
        let here = Coordinate(lon: place.longitude, lat: place.latitude)
        if let nearest = nearestCity(to: here) {
            if place.city.isEmpty, place.addressType != .locality || place.category != city {
                place.city = nearest.city
            } else if place.city != nearest.city {
                place.localityAliases.append(nearest.city)
            }
            if place.region.isEmpty { place.region = nearest.region }
            if place.country.isEmpty { place.country = nearest.country }
        }
        let streetAddress = AddressFormat.streetAddress(
            number: place.houseNumber, street: place.street, country: place.country)
        switch place.addressType {
        case .poi, .pointAddress, .streetAddress, .streetAddressExt:
            if !place.street.isEmpty {
                place.placeAddress = AddressFormat.placeAddress(
                    streetAddress: streetAddress, postal: place.postal, city: place.city, region: place.region,
                    country: place.country)
            } else {
                let street = nearestStreet(to: here) ?? ""
                place.placeAddress = AddressFormat.placeAddress(
                    streetAddress: street, postal: place.postal, city: place.city, region: place.region,
                    country: place.country)
            }
        case .streetName:
            place.placeAddress = AddressFormat.placeAddress(
                streetAddress: place.street, postal: place.postal, city: place.city, region: place.region,
                country: place.country)
        case .locality:
            place.placeAddress = [place.name, place.city == place.name ? "" : place.city, place.region]
                .filter { !$0.isEmpty }.joined(separator: ", ")
        }
        return place
    }

    /// The city a point belongs to: among GeoNames cities within ``citySearchRadius``, the one
    /// nearest relative to its size (distance ÷ a radius growing with population), so a point
    /// in a district of Helsinki gets Helsinki, not the district's own populated-place entry.
    private func nearestCity(to here: Coordinate) -> PlaceRecord? {
        var best: (PlaceRecord, Double)?
        for index in cities.candidates(near: here, within: Self.citySearchRadius) {
            let candidate = localities[index]
            let d = OSMGeometry.length(here, Coordinate(lon: candidate.longitude, lat: candidate.latitude))
            guard d <= Self.citySearchRadius else { continue }
            let reach = 2_000 + 10_000 * max(0, log10(Double(max(candidate.population, 1)) / 1_000))
            let relative = d / reach
            if relative < (best?.1 ?? .infinity) { best = (candidate, relative) }
        }
        return best?.0
    }

    /// The name of the street nearest `here`, if one lies within ``streetSearchRadius``.
    func nearestStreet(to here: Coordinate) -> String? {
        var best: (String, Double)?
        for segment in streetSegments.candidates(near: here, within: Self.streetSearchRadius) {
            let (_, d) = OSMGeometry.nearestPoint(on: segment.a, segment.b, to: here)
            if d <= Self.streetSearchRadius, d < (best?.1 ?? .infinity) { best = (segment.name, d) }
        }
        return best?.0
    }
}
