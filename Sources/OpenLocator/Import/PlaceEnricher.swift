import Foundation

/// Fills in what OSM objects lack: city, region and country from the nearest GeoNames
/// locality, and `Place_addr` from the place's own address or, failing that, the nearest
/// street (within 200 m) and the locality.
struct PlaceEnricher {
    /// How far a street may be to stand in for a missing address.
    static let streetSearchRadius = 200.0
    private let localities: LocalityIndex
    /// The street segments by grid cell: their numbers in `segments`, and their ends in floats
    /// (to pass over far ones without reading the file): 20 bytes a segment in memory.
    private var segmentGrid = SpatialGrid<GridSegment>(cellDegrees: 0.005)
    private struct GridSegment {
        var index: UInt32
        var lon1, lat1, lon2, lat2: Float
    }
    /// How far a segment's float ends may put it from its true place (1.7 m at 180°).
    private static let floatSlack = 5.0
    private let segments: StreetSegmentFile?
    private let streetNames: [String]
    private let city = CategoryTree.world["City"]!.code

    /// - Parameter streets: the streets `segments` number theirs by.
    init(localities: LocalityIndex, streets: [PlaceRecord], segments: StreetSegmentFile?) throws {
        self.localities = localities
        self.segments = segments
        streetNames = streets.map(\.name)
        var index: UInt32 = 0
        try segments?.forEach { segment in
            segmentGrid.insert(
                GridSegment(
                    index: index, lon1: Float(segment.a.lon), lat1: Float(segment.a.lat), lon2: Float(segment.b.lon),
                    lat2: Float(segment.b.lat)), from: segment.a, to: segment.b)
            index += 1
        }
    }

    /// Fills in the place's locality, country and display address.
    func enrich(_ place: inout PlaceRecord) throws {
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
        switch place.addressType {
        case .poi, .pointAddress, .streetAddress, .streetAddressExt:
            if !place.street.isEmpty {
                place.placeAddress = AddressFormat.placeAddress(
                    number: place.houseNumber, street: place.street, postal: place.postal, city: place.city,
                    region: place.region, country: place.country)
            } else {
                let street = try nearestStreet(to: here) ?? ""
                place.placeAddress = AddressFormat.placeAddress(
                    streetAddress: street, postal: place.postal, city: place.city, region: place.region,
                    country: place.country)
            }
        case .streetName:
            place.placeAddress = AddressFormat.placeAddress(
                streetAddress: place.street, postal: place.postal, city: place.city, region: place.region,
                country: place.country)
        case .postal:
            place.placeAddress = AddressFormat.placeAddress(
                streetAddress: "", postal: place.postal.isEmpty ? place.name : place.postal, city: place.city,
                region: place.region, country: place.country)
        case .locality:
            place.placeAddress = String(
                joiningNonEmpty: place.name, place.city == place.name ? "" : place.city, place.region, separator: ", ")
        }
    }

    /// The name of the street nearest `here`, if one lies within ``streetSearchRadius``.
    ///
    /// Distances to the float ends are off by at most ``floatSlack``, so only the segments
    /// within twice that of the nearest by float can be the nearest: only those are read
    /// from the file and measured exactly (in the grid's order, so ties go as before).
    func nearestStreet(to here: Coordinate) throws -> String? {
        guard let segments else { return nil }
        var near: [(index: UInt32, roughly: Double)] = []
        var nearest = Double.infinity
        for candidate in segmentGrid.candidates(near: here, within: Self.streetSearchRadius) {
            let (_, roughly) = OSMGeometry.nearestPoint(
                on: Coordinate(lon: Double(candidate.lon1), lat: Double(candidate.lat1)),
                Coordinate(lon: Double(candidate.lon2), lat: Double(candidate.lat2)), to: here)
            guard roughly <= Self.streetSearchRadius + Self.floatSlack else { continue }
            near.append((candidate.index, roughly))
            nearest = min(nearest, roughly)
        }
        var best: (street: Int, distance: Double)?
        for (index, roughly) in near where roughly <= nearest + 2 * Self.floatSlack {
            let segment = try segments.segment(Int(index))
            let (_, d) = OSMGeometry.nearestPoint(on: segment.a, segment.b, to: here)
            if d <= Self.streetSearchRadius, d < (best?.distance ?? .infinity) { best = (segment.street, d) }
        }
        return best.map { streetNames[$0.street] }
    }
}
