import Foundation

/// Reverse geocoding: what is at a point. With no feature types it follows ArcGIS's order —
/// a POI within 25 m, else an address point within 50 m, else the nearest street, else the
/// nearest POI or address within `maxDistance`, else the city around the point. With feature
/// types it returns the nearest places of those types within `maxDistance`.
extension GazetteerBackend {
    /// A place found near the point, and where on it the answer lies (streets: the nearest
    /// point of the street; other places: `nil`, the place itself).
    typealias ReverseHit = (place: Candidate, location: Point?)

    /// How far a POI may be to win over addresses when no feature type is given.
    static let poiTolerance = 25.0
    /// How far an address point may be to win over streets when no feature type is given.
    static let pointAddressTolerance = 50.0
    /// How far the nearest city may be for a `Locality` answer.
    static let localityTolerance = 30_000.0

    func reverseGeocode(location: Point, parameters: ReverseGeocodeOptions) async throws -> [GeocodeResult] {
        try reverseGeocodeNow(location: location, parameters: parameters)
    }

    func reverseGeocodeNow(location: Point, parameters: ReverseGeocodeOptions) throws -> [GeocodeResult] {
        try read("reverse geocode") { db, state in
            // The localities in memory once a batch has loaded them; the R*Tree until then.
            let hits = try reverseHits(
                at: location.projected(to: .wgs84), parameters: parameters, localities: state.localities.ifLoaded,
                db: db)
            let rows = try places(for: hits.map(\.place), db: db)
            return parameters.locationType.placed(
                try hits.compactMap { hit in
                    guard let place = rows[hit.place.id] else { return nil }
                    return try reverseResult(
                        hit, place: place, input: location, parameters: parameters, state: state, db: db)
                })
        }
    }

    /// What is at `center` (WGS84): the `maxResults` answers, the one ArcGIS's hierarchy picks
    /// first when no feature type is given, the rest nearest first. Localities come from
    /// `localities` when given (the same answers as the R*Tree's, from memory).
    func reverseHits(
        at center: Point, parameters: ReverseGeocodeOptions, localities: SphereTree?, db: SQLiteConnection
    ) throws -> [ReverseHit] {
        let types: [ReverseGeocodeParameters.FeatureType] =
            parameters.featureTypes.isEmpty ? [.poi, .pointAddress, .streetName] : parameters.featureTypes
        var found: [ReverseHit] = []
        for type in types {
            found += try nearest(
                of: type, to: center, k: parameters.maxResults, within: parameters.maxDistance,
                widenLocality: false, localities: localities, db: db)
        }
        if parameters.featureTypes.isEmpty {
            // The city around the point answers only when nothing nearer does, as ArcGIS's
            // "within boundary" locality match.
            found += try nearest(
                of: .locality, to: center, k: parameters.maxResults, within: parameters.maxDistance,
                widenLocality: found.isEmpty, localities: localities, db: db)
        }
        if parameters.featureTypes.isEmpty, let winner = Self.hierarchyWinner(found) {
            found.removeAll { $0.place.id == winner.place.id }
            found.sort { $0.place.distance < $1.place.distance }
            found.insert(winner, at: 0)
        } else {
            found.sort { $0.place.distance < $1.place.distance }
        }
        var seen: Set<Int64> = []
        return Array(found.filter { seen.insert($0.place.id).inserted }.prefix(parameters.maxResults))
    }

    /// The first of ``reverseHits(at:parameters:localities:db:)``; the nearest town (the batch
    /// reverse geocoder's commonest question) straight from `localities`, without arrays.
    func bestReverseHit(
        at center: Point, parameters: ReverseGeocodeOptions, localities: SphereTree?, db: SQLiteConnection
    ) throws -> ReverseHit? {
        guard parameters.featureTypes == [.locality], let localities else {
            return try reverseHits(at: center, parameters: parameters, localities: localities, db: db).first
        }
        return localities.nearest(to: center, within: parameters.maxDistance).map(Self.townHit)
    }

    /// A locality of the in-memory tree as a hit.
    private static func townHit(_ entry: SphereTree.Entry, distance: Double) -> ReverseHit {
        let town = Candidate(
            id: entry.id, longitude: entry.longitude, latitude: entry.latitude, score: 100, distance: distance,
            importance: 0, kind: .locality)
        return (town, nil)
    }

    /// The result for one hit whose row is `place`, as `parameters` ask for it.
    func reverseResult(
        _ hit: ReverseHit, place: PlaceRecord, input: Point, parameters: ReverseGeocodeOptions, state: State,
        db: SQLiteConnection
    ) throws -> GeocodeResult {
        try state.results.result(
            place, score: 100, distance: hit.place.distance, location: hit.location, input: input,
            outputSpatialReference: parameters.outputSpatialReference ?? .wgs84,
            requested: parameters.resultAttributeNames, all: ResultAttributes.reverseFields,
            defaults: ResultAttributes.reverseFields,
            localizer: PlaceLocalizer(
                language: Self.reverseLanguage(parameters.outputLanguageCode, of: place, state: state),
                isLocal: parameters.outputLanguageCode == nil, db: db))
    }

    /// The language a reverse geocode answers in: the one asked for; else, as ArcGIS's World
    /// service answers, the most spoken language of the place's country (München in Germany,
    /// Helsinki in Finland), where the data has names in it.
    static func reverseLanguage(_ asked: String?, of place: PlaceRecord, state: State) -> String? {
        asked ?? state.results.languages(of: place.country).first
    }

    /// The answer ArcGIS's feature-type hierarchy picks among the nearest of each type.
    private static func hierarchyWinner(_ found: [ReverseHit]) -> ReverseHit? {
        func nearest(_ type: AddressType) -> ReverseHit? {
            found.filter { $0.place.kind == type }.min { $0.place.distance < $1.place.distance }
        }
        if let poi = nearest(.poi), poi.place.distance <= poiTolerance { return poi }
        if let address = nearest(.pointAddress), address.place.distance <= pointAddressTolerance { return address }
        if let street = nearest(.streetName) { return street }
        let near = [nearest(.poi), nearest(.pointAddress)].compactMap { $0 }.min {
            $0.place.distance < $1.place.distance
        }
        return near ?? nearest(.locality)
    }

    /// The populated places a point lies in or near: blocks, sectors, neighbourhoods, districts
    /// and towns, not the regions and countries after them in the tree (whose points are the
    /// middles of their towns).
    var townRange: ClosedRange<Int> { tree["Block"]!.code...tree["City"]!.code }

    /// The nearest `k` places of one feature type (streets snapped to their nearest point).
    private func nearest(
        of type: ReverseGeocodeParameters.FeatureType, to center: Point, k: Int, within maxDistance: Double,
        widenLocality: Bool, localities: SphereTree?, db: SQLiteConnection
    )
        throws -> [ReverseHit]
    {
        let categoryName: String
        switch type {
        case .poi: categoryName = "POI"
        case .pointAddress: categoryName = "Point Address"
        case .locality: categoryName = "City"  // (and the blocks to districts before it: `townRange`)
        case .postal: categoryName = "Primary Postal"
        case .streetAddress: categoryName = "Point Address"  // address points, not ranges
        case .streetName: return try nearestStreets(to: center, k: k, within: maxDistance, db: db)
        case .streetIntersection: return try nearestIntersections(to: center, k: k, within: maxDistance, db: db)
        case .subaddress: return []  // no units, floors or buildings within addresses in the data
        }
        let range = type == .locality ? townRange : tree[categoryName]!.codeRange
        let limit =
            type == .locality && widenLocality
            ? max(maxDistance, Self.localityTolerance)
            : type == .postal ? max(maxDistance, ReverseGeocodeParameters.postalTolerance) : maxDistance
        if type == .locality, let localities {
            return localities.nearest(k, to: center, within: limit).map(Self.townHit)
        }
        return try nearest(k, to: center, filter: SearchFilter(categoryRanges: [range]), db: db, maxDistance: limit).map
        {
            var candidate = $0
            candidate.kind = type == .streetAddress ? .pointAddress : AddressType(rawValue: type.rawValue) ?? .poi
            return (candidate, nil)
        }
    }

    /// How many streets around a point are tried for the nearest intersections.
    static let maxIntersectionStreets = 40

    /// The nearest `k` places where two differently named streets meet within `maxDistance`
    /// (``crossings(of:and:db:)``), as ``IntersectionStage`` answers "A & B". Streets are taken
    /// nearest first, each tried against the nearer ones, until the next street is farther than
    /// the `k`th crossing found: a crossing lies on both its streets, so none of a farther
    /// street can be nearer.
    private func nearestIntersections(to center: Point, k: Int, within maxDistance: Double, db: SQLiteConnection)
        throws -> [ReverseHit]
    {
        let streets = try nearestStreets(
            to: center, k: Self.maxIntersectionStreets, within: maxDistance + Self.intersectionTolerance, db: db)
        let rows = try places(for: streets.map(\.place), db: db)
        var found: [(place: PlaceRecord, distance: Double)] = []
        var tried: [Int64] = []
        for street in streets {
            found.sort { ($0.distance, $0.place.id) < ($1.distance, $1.place.id) }
            if found.count >= k, street.place.distance > found[k - 1].distance { break }
            try WorkBudget.checkCurrent()
            defer { tried.append(street.place.id) }
            guard let a = rows[street.place.id], !tried.isEmpty else { continue }
            for crossing in try crossings(of: [street.place.id], and: tried, db: db) {
                guard let b = rows[crossing.second], TextFolding.fold(a.name) != TextFolding.fold(b.name) else {
                    continue
                }
                let distance = GreatCircle.distance(
                    latitude1: center.y, longitude1: center.x, latitude2: crossing.point.lat,
                    longitude2: crossing.point.lon)
                guard distance <= maxDistance else { continue }
                // The nearer street's name first, as one would say it standing there.
                let place = IntersectionStage.place(b, a, at: crossing.point)
                // One crossing of the same two names: the pieces of a divided road meet a street
                // two or four times within a few metres.
                if let same = found.firstIndex(where: {
                    $0.place.name == place.name
                        && GreatCircle.distance(
                            latitude1: $0.place.latitude, longitude1: $0.place.longitude, latitude2: place.latitude,
                            longitude2: place.longitude) < Self.sameCrossingRadius
                }) {
                    if distance < found[same].distance { found[same] = (place, distance) }
                    continue
                }
                found.append((place, distance))
            }
        }
        found.sort { ($0.distance, $0.place.id) < ($1.distance, $1.place.id) }
        return found.prefix(k).map { place, distance in
            let candidate = Candidate(
                id: place.id, longitude: place.longitude, latitude: place.latitude, score: 100, distance: distance,
                importance: 0, kind: .streetIntersection, place: place)
            return (candidate, nil)
        }
    }

    /// The nearest streets: the nearest point of each street's segments within `maxDistance`.
    private func nearestStreets(to center: Point, k: Int, within maxDistance: Double, db: SQLiteConnection)
        throws -> [ReverseHit]
    {
        var best: [Int64: (Coordinate, Double)] = [:]
        let here = Coordinate(lon: center.x, lat: center.y)
        let statement = try db.statement(
            """
            SELECT place_id, lon1, lat1, lon2, lat2 FROM street_segments
            WHERE min_lon <= ?1 AND max_lon >= ?2 AND min_lat <= ?3 AND max_lat >= ?4
            """)
        for box in GreatCircle.boxes(around: center, radius: maxDistance) {
            try statement.forEachRow([.double(box.xmax), .double(box.xmin), .double(box.ymax), .double(box.ymin)]) {
                row in
                let (point, distance) = OSMGeometry.nearestPoint(
                    on: Coordinate(lon: row.longitude(1), lat: row.latitude(2)),
                    Coordinate(lon: row.longitude(3), lat: row.latitude(4)), to: here)
                let id = row.int(0)
                if distance <= maxDistance, distance < (best[id]?.1 ?? .infinity) { best[id] = (point, distance) }
            }
        }
        return best.sorted { ($0.value.1, $0.key) < ($1.value.1, $1.key) }.prefix(k).map { id, hit in
            var candidate = Candidate(
                id: id, longitude: hit.0.lon, latitude: hit.0.lat, score: 100, distance: hit.1, importance: 0)
            candidate.kind = .streetName
            return (candidate, Point(latitude: hit.0.lat, longitude: hit.0.lon))
        }
    }
}
