import Foundation

/// Fills in what OSM objects lack: city, region and country from the nearest GeoNames
/// locality, and `Place_addr` from the place's own address or, failing that, the nearest
/// street (within 200 m) and the locality.
struct PlaceEnricher {
    /// How far a street may be to stand in for a missing address.
    static let streetSearchRadius = 200.0
    private let localities: LocalityIndex
    private var streetSegments = SpatialGrid<(name: String, a: Coordinate, b: Coordinate)>(cellDegrees: 0.005)
    private let city = CategoryTree.world["City"]!.code

    init(localities: LocalityIndex, streets: [StreetRecord]) {
        self.localities = localities
        for street in streets {
            for (a, b) in street.segments { streetSegments.insert((street.place.name, a, b), from: a, to: b) }
        }
    }

    /// The place with locality, country and display address filled in.
    func enrich(_ place: PlaceRecord) -> PlaceRecord {
        var place = place
        let here = Coordinate(lon: place.longitude, lat: place.latitude)
        if let nearest = localities.nearestCity(to: here) {
            let nearestCity = localities.name(nearest)
            if place.city.isEmpty, place.addressType != .locality || place.category != city {
                place.city = nearestCity
            } else if place.city != nearestCity {
                place.localityAliases.append(nearestCity)
            }
            if place.region.isEmpty { place.region = localities.region(nearest) }
            if place.country.isEmpty { place.country = localities.country(nearest) }
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
