import Foundation

/// Fills in what OSM objects lack: city and district from the administrative boundaries around
/// them where the extract holds them whole (``AdministrativeAreas``), else the city from the
/// nearest GeoNames locality; region and country from that locality; and `Place_addr` from the
/// place's own address or, failing that, the nearest street (within 200 m) and the locality.
struct PlaceEnricher {
    /// How far a street may be to stand in for a missing address.
    static let streetSearchRadius = 200.0
    /// How far a street may be for a place's access point (where a router takes it from).
    static let accessRadius = 100.0
    private let localities: LocalityIndex
    private let areas: AdministrativeAreas
    /// The street segments by grid cell: their numbers in `segments`, their streets, and their
    /// ends in floats (to pass over far ones without reading the file): 24 bytes a segment in
    /// memory.
    private var segmentGrid = SpatialGrid<GridSegment>(cellDegrees: 0.005)
    private struct GridSegment {
        var index: UInt32
        var street: UInt32
        var lon1, lat1, lon2, lat2: Float
    }
    /// How far a segment's float ends may put it from its true place (1.7 m at 180°).
    private static let floatSlack = 5.0
    private let segments: StreetSegmentFile?
    private let streetNames: [String]
    /// The other names of streets that have them (`name:sv`, `old_name`…), by the street's
    /// name, with where each street lies: an address on one is found by them too.
    private let otherStreetNames: [String: [(at: Coordinate, names: [String])]]
    /// How far an address may be from the middle of the street it names for the street's
    /// other names to be its (a street of that name in another town has its own).
    static let otherNamesRadius = 5_000.0
    private let city = CategoryTree.world["City"]!.code

    /// - Parameter streets: the streets `segments` number theirs by.
    init(
        localities: LocalityIndex, areas: AdministrativeAreas = AdministrativeAreas(), streets: [PlaceRecord],
        segments: StreetSegmentFile?
    ) throws {
        self.localities = localities
        self.areas = areas
        self.segments = segments
        streetNames = streets.map(\.name)
        otherStreetNames = Dictionary(
            grouping: streets.filter { !$0.alternateNames.isEmpty }, by: \.name
        ).mapValues { $0.map { (Coordinate(lon: $0.longitude, lat: $0.latitude), $0.alternateNames) } }
        var index: UInt32 = 0
        try segments?.forEach { segment in
            segmentGrid.insert(
                GridSegment(
                    index: index, street: UInt32(segment.street), lon1: Float(segment.a.lon),
                    lat1: Float(segment.a.lat), lon2: Float(segment.b.lon), lat2: Float(segment.b.lat)),
                from: segment.a, to: segment.b)
            index += 1
        }
    }

    /// Fills in the place's locality, country and display address.
    func enrich(_ place: inout PlaceRecord) throws {
        let here = Coordinate(lon: place.longitude, lat: place.latitude)
        let (boundary, district) = areas.isEmpty ? (nil, nil) : areas.around(here)
        let nearest = localities.nearestCity(to: here)
        // The city whose boundary is around it, else the nearest town.
        if let cityName = boundary?.name ?? nearest.map(localities.name) {
            if place.city.isEmpty, place.addressType != .locality || place.category != city {
                place.city = cityName
            } else if place.city != cityName {
                place.localityAliases.append(cityName)
            }
        }
        if let district, place.neighborhood.isEmpty, place.addressType != .locality {
            place.neighborhood = district.name
        }
        if let nearest {
            if place.region.isEmpty { place.region = localities.region(nearest) }
            if place.country.isEmpty { place.country = localities.country(nearest) }
        }
        if place.addressType == .pointAddress, place.alternateNames.isEmpty,
            let names = otherNames(ofStreet: place.street, near: place.location)
        {
            // "Georgsgatan 10" for Yrjönkatu 10.
            place.alternateNames = names.map {
                AddressFormat.streetAddress(number: place.houseNumber, street: $0, country: place.country)
            }
        }
        if [.poi, .pointAddress].contains(place.addressType), let (point, side) = try access(to: place) {
            (place.access, place.side) = (point, side)
        }
        let needsStreet =
            place.street.isEmpty
            && [.poi, .pointAddress, .streetAddress, .streetAddressExt].contains(place.addressType)
        place.placeAddress = AddressFormat.placeAddress(
            of: place, nearestStreet: needsStreet ? try nearestStreet(to: here) ?? "" : "")
    }

    /// The other names of the street called `street` nearest `point`, within ``otherNamesRadius``.
    private func otherNames(ofStreet street: String, near point: Point) -> [String]? {
        guard !street.isEmpty, let streets = otherStreetNames[street] else { return nil }
        let nearest = streets.map { (point.distance(to: Point(latitude: $0.at.lat, longitude: $0.at.lon)), $0.names) }
            .min { $0.0 < $1.0 }
        return nearest.flatMap { $0.0 <= Self.otherNamesRadius ? $0.1 : nil }
    }

    /// The access point of a place: the nearest point of its own street (an address's, by
    /// name) within ``accessRadius``, else of the nearest street there; and the side of that
    /// street's piece the place lies on ("L" or "R" as the piece runs).
    func access(to place: PlaceRecord) throws -> (Coordinate, String)? {
        guard let segments else { return nil }
        let here = Coordinate(lon: place.longitude, lat: place.latitude)
        let own = place.street.lowercased()
        // By the float ends first; then only the pieces that can be the nearest of their kind
        // (of its own street, else of any) are read from the file and measured exactly.
        var near: [(index: UInt32, roughly: Double, isOwn: Bool)] = []
        for candidate in segmentGrid.candidates(near: here, within: Self.accessRadius) {
            let (_, roughly) = OSMGeometry.nearestPoint(
                on: Coordinate(lon: Double(candidate.lon1), lat: Double(candidate.lat1)),
                Coordinate(lon: Double(candidate.lon2), lat: Double(candidate.lat2)), to: here)
            guard roughly <= Self.accessRadius + Self.floatSlack else { continue }
            near.append(
                (candidate.index, roughly, !own.isEmpty && streetNames[Int(candidate.street)].lowercased() == own))
        }
        var best: (point: Coordinate, distance: Double, a: Coordinate, b: Coordinate)?
        for group in [near.filter(\.isOwn), near] where best == nil && !group.isEmpty {
            let nearest = group.map(\.roughly).min()!
            for candidate in group where candidate.roughly <= nearest + 2 * Self.floatSlack {
                let segment = try segments.segment(Int(candidate.index))
                let (point, distance) = OSMGeometry.nearestPoint(on: segment.a, segment.b, to: here)
                if distance <= Self.accessRadius, distance < (best?.distance ?? .infinity) {
                    best = (point, distance, segment.a, segment.b)
                }
            }
        }
        guard let best else { return nil }
        // The cross product of the piece's direction and the way to the place: left is positive.
        let k = cos(here.lat * .pi / 180)
        let cross =
            (best.b.lon - best.a.lon) * k * (here.lat - best.a.lat) - (best.b.lat - best.a.lat)
            * (here.lon - best.a.lon)
            * k
        return (best.point, cross > 0 ? "L" : cross < 0 ? "R" : "")
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
