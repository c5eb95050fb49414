import Foundation

extension LocatorTask {
    /// Reverse geocodes many points, the best answer for each, in the order given: what
    /// ``reverseGeocode(forLocation:parameters:)`` answers first for each point, with
    /// `maxResults` ignored, and its distance from the point in ``BatchMatch/distance``. A point with nothing within `maxDistance`, or not a valid point,
    /// is unmatched, never a failed batch.
    ///
    /// On a gazetteer the work is spread over every core, and localities are found in memory
    /// (a tree of the file's localities built on the first batch, about 0.2 s for the world's
    /// 235,000); on a remote GeocodeServer each point is a `reverseGeocode` request, a few at a time.
    ///
    /// ```swift
    /// let parameters = ReverseGeocodeParameters()
    /// parameters.featureTypes = [.locality]      // the nearest town
    /// parameters.maxDistance = 50_000
    /// let towns = try await task.reverseGeocode(batch: points, parameters: parameters)
    /// towns[0].result?.attributes["PlaceName"]   // "Helsinki"
    /// ```
    public func reverseGeocode(
        batch locations: [Point], parameters: ReverseGeocodeParameters = ReverseGeocodeParameters()
    ) async throws -> [BatchMatch] {
        try Task.checkCancellation()
        var options = try parameters.validated()
        options.maxResults = 1
        return try await backend.reverseGeocode(batch: locations, parameters: options)
    }
}

extension GazetteerBackend {
    func reverseGeocode(batch locations: [Point], parameters: ReverseGeocodeOptions) async throws -> [BatchMatch] {
        // The work is synchronous: run it on threads of its own, not the cooperative pool.
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(
                    with: Result { try self.reverseGeocodeNow(batch: locations, parameters: parameters) })
            }
        }
    }

    /// How many points a thread claims at a time.
    private static let reverseChunk = 256
    /// How many places' results a thread builds at a time.
    private static let buildChunk = 64

    /// Reverse geocodes each point on as many threads as there are cores, results in input
    /// order. A place's result differs from point to point only in its distance and input, so
    /// it is built once and kept on the file's ``ReverseResultShelf`` for later batches: each
    /// point copies it from there and patches it. The places no batch has built yet are built
    /// after the pass over the points, once each, in id order, on every core, and each is copied
    /// to its points as soon as it is built. A street answers with its nearest point, different
    /// at every point: built for each.
    func reverseGeocodeNow(batch locations: [Point], parameters: ReverseGeocodeOptions) throws -> [BatchMatch] {
        guard !locations.isEmpty else { return [] }
        // Both passes read the file the first one pinned.
        return try GazetteerPin.run(GazetteerPin.current ?? GazetteerPin()) {
            let wantsLocalities = parameters.featureTypes.isEmpty || parameters.featureTypes.contains(.locality)
            let localities = wantsLocalities ? try localityTree() : nil
            let shelf = try read("reverse geocode") { _, state in state.reverseResults.shelf(for: parameters) }
            let unbuilt = UnbuiltPlaces()
            let copies = try PointCopies(parameters)
            var matches = try EveryCore.map(locations.count, chunk: Self.reverseChunk) { range in
                try read("reverse geocode") { db, state in
                    try answer(
                        locations, range, parameters: parameters, copies: copies, localities: localities,
                        shelf: shelf, unbuilt: unbuilt, state: state, db: db)
                }
            }
            let pending = unbuilt.points
            guard !pending.isEmpty else { return matches }
            let (ids, built) = try matches.withUnsafeMutableBufferPointer { matches in
                try build(pending, at: locations, parameters: parameters, copies: copies, into: matches)
            }
            shelf.store(built, of: ids)
            return matches
        }
    }

    /// The matches of the points of `range`: copies of their places' results from the shelf;
    /// where the shelf has none, unmatched for now and the point added to `unbuilt`.
    private func answer(
        _ locations: [Point], _ range: Range<Int>, parameters: ReverseGeocodeOptions, copies: PointCopies,
        localities: SphereTree?, shelf: ReverseResultShelf, unbuilt: UnbuiltPlaces, state: State, db: SQLiteConnection
    ) throws -> [BatchMatch] {
        let hits = try range.map { index -> ReverseHit? in
            guard locations[index].isValid else { return nil }
            return try bestReverseHit(
                at: locations[index].projected(to: .wgs84), parameters: parameters, localities: localities, db: db)
        }
        let shelved = shelf.results(for: hits.map { $0?.location == nil ? $0?.place.id ?? -1 : -1 })
        var pending: [UnbuiltPlaces.Point] = []
        let matches = try zip(range, zip(hits, shelved)).map { index, found -> BatchMatch in
            guard let hit = found.0 else { return BatchMatch(result: nil, status: .unmatched) }
            if hit.location != nil {
                return try builtMatch(hit, at: locations[index], parameters: parameters, state: state, db: db)
            }
            guard let result = found.1 else {
                pending.append((hit.place.id, hit.place.distance, index))
                return BatchMatch(result: nil, status: .unmatched)
            }
            return copies.match(of: result, distance: hit.place.distance, at: locations[index])
        }
        unbuilt.add(pending)
        return matches
    }

    /// The points whose place had no result on the shelf, gathered from every thread.
    /// `@unchecked Sendable`: guarded by `lock`.
    private final class UnbuiltPlaces: @unchecked Sendable {
        typealias Point = (id: Int64, distance: Double, index: Int)
        private let lock = NSLock()
        private var found: [Point] = []

        func add(_ points: [Point]) {
            guard !points.isEmpty else { return }
            lock.withLock { found += points }
        }

        var points: [Point] { lock.withLock { found } }
    }

    /// Builds the results of the places of `points` on every core, once each (for the first of
    /// its points), in id order, and writes each point's copy to its slot of `matches` (each
    /// point's slot written by one thread only). Returns the ids, sorted, and each one's result
    /// (`nil` for a row gone), for the shelf.
    private func build(
        _ points: [UnbuiltPlaces.Point], at locations: [Point], parameters: ReverseGeocodeOptions,
        copies: PointCopies, into matches: UnsafeMutableBufferPointer<BatchMatch>
    ) throws -> (ids: [Int64], results: [GeocodeResult?]) {
        let points = points.sorted { ($0.id, $0.index) < ($1.id, $1.index) }
        // Where each place's points start in `points`, and where the last ones end.
        var starts: [Int] = []
        for (offset, point) in points.enumerated() where offset == 0 || point.id != points[offset - 1].id {
            starts.append(offset)
        }
        starts.append(points.count)
        nonisolated(unsafe) let output = matches
        let results = try EveryCore.map(starts.count - 1, chunk: Self.buildChunk) { range in
            try read("reverse geocode") { db, state in
                var localizers: [String: PlaceLocalizer] = [:]
                let rows = try placeRows(sorted: range.map { points[starts[$0]].id }, db: db)
                return try zip(range, rows).map { place, row -> GeocodeResult? in
                    guard let row else { return nil }
                    let first = points[starts[place]]
                    let language = Self.reverseLanguage(parameters.outputLanguageCode, of: row, state: state)
                    let localizer = language.flatMap { language in
                        localizers[language]
                            ?? PlaceLocalizer(
                                language: language, isLocal: parameters.outputLanguageCode == nil, db: db
                            ).map {
                            localizers[language] = $0
                            return $0
                        }
                    }
                    let result = try state.results.result(
                        row, score: 100, distance: first.distance, input: locations[first.index],
                        outputSpatialReference: copies.spatialReference, fields: copies.fields, localizer: localizer)
                    for point in points[starts[place]..<starts[place + 1]] {
                        output[point.index] = copies.match(
                            of: result, distance: point.distance, at: locations[point.index])
                    }
                    return result
                }
            }
        }
        return (starts.dropLast().map { points[$0].id }, results)
    }

    /// The attributes a batch's results have, and how each point's copy of its place's result
    /// is made: its distance and input patched in.
    private struct PointCopies {
        let fields: [ResultAttributes.Field]
        /// The key of the `Distance` attribute (as it was asked for: "distance" too), `nil` when
        /// it was not asked for.
        let distanceKey: String?
        let spatialReference: SpatialReference

        init(_ parameters: ReverseGeocodeOptions) throws {
            fields = try ResultAttributes.selectedFields(
                parameters.resultAttributeNames, all: ResultAttributes.reverseFields,
                defaults: ResultAttributes.reverseFields)
            distanceKey = fields.first { $0.canonical == "Distance" }?.key
            spatialReference = parameters.outputSpatialReference ?? .wgs84
        }

        /// The match of a point `distance` metres from the place of `result`.
        func match(of result: GeocodeResult, distance: Double, at location: Point) -> BatchMatch {
            var result = result
            if let distanceKey { result.attributeValues[distanceKey] = .double((distance * 100).rounded() / 100) }
            result.inputLocation = location.projected(to: spatialReference)
            return BatchMatch(result: result, status: .matched, distance: distance)
        }
    }

    /// The file's localities in memory, read on first use.
    func localityTree() throws -> SphereTree {
        try read("reverse geocode") { db, state in
            try state.localities.value {
                var points: [(id: Int64, longitude: Double, latitude: Double)] = []
                let range = townRange
                try db.statement("SELECT id, lon, lat FROM places WHERE category BETWEEN ?1 AND ?2").forEachRow([
                    .integer(Int64(range.lowerBound)), .integer(Int64(range.upperBound)),
                ]) { points.append((id: $0.int(0), longitude: $0.longitude(1), latitude: $0.latitude(2))) }
                return SphereTree(points)
            }
        }
    }

    /// The match of one hit, built for its point.
    private func builtMatch(
        _ hit: ReverseHit, at location: Point, parameters: ReverseGeocodeOptions, state: State, db: SQLiteConnection
    ) throws -> BatchMatch {
        guard let place = try places(for: [hit.place], db: db)[hit.place.id] else {
            return BatchMatch(result: nil, status: .unmatched)
        }
        let result = try reverseResult(hit, place: place, input: location, parameters: parameters, state: state, db: db)
        return BatchMatch(result: result, status: .matched, distance: hit.place.distance)
    }
}
