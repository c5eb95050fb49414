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

    /// Reverse geocodes each point on as many threads as there are cores, results in input order.
    func reverseGeocodeNow(batch locations: [Point], parameters: ReverseGeocodeOptions) throws -> [BatchMatch] {
        guard !locations.isEmpty else { return [] }
        let wantsLocalities = parameters.featureTypes.isEmpty || parameters.featureTypes.contains(.locality)
        let localities = wantsLocalities ? try localityTree() : nil
        let chunks = (locations.count + Self.reverseChunk - 1) / Self.reverseChunk
        let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, chunks))
        let slots = BatchSlots(count: locations.count, chunk: Self.reverseChunk)
        // The budget and the pinned file of the request are in force on every thread of the batch.
        let budget = WorkBudget.current
        let pin = GazetteerPin.current
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            GazetteerPin.run(pin) {
                WorkBudget.run(budget) {
                    reverseClaimed(locations, into: slots, parameters: parameters, localities: localities)
                }
            }
        }
        return try slots.values()
    }

    /// The file's localities in memory, read on first use.
    func localityTree() throws -> SphereTree {
        try read("reverse geocode") { db, state in
            try state.localities.value {
                var points: [(id: Int64, longitude: Double, latitude: Double)] = []
                let range = tree["Populated Place"]!.codeRange
                try db.statement("SELECT id, lon, lat FROM places WHERE category BETWEEN ?1 AND ?2").forEachRow([
                    .integer(Int64(range.lowerBound)), .integer(Int64(range.upperBound)),
                ]) { points.append((id: $0.int(0), longitude: $0.longitude(1), latitude: $0.latitude(2))) }
                return SphereTree(points)
            }
        }
    }

    /// Answers the chunks of points this thread claims until none are left, or the budget is spent.
    private func reverseClaimed(
        _ locations: [Point], into slots: BatchSlots, parameters: ReverseGeocodeOptions, localities: SphereTree?
    ) {
        // The thread's own copies of the shelf's results, so most points take no lock.
        var local: [Int64: GeocodeResult] = [:]
        while let range = slots.claim() {
            if let budget = WorkBudget.current, budget.isSpent {
                slots.store(.failure(budget.exceeded), for: range)
                continue
            }
            let answered = Result {
                try read("reverse geocode") { db, state in
                    let shelf = state.reverseResults.shelf(for: parameters)
                    return try range.map { index -> BatchMatch in
                        try reverseMatch(
                            locations[index], parameters: parameters, localities: localities, local: &local,
                            shelf: shelf, state: state, db: db)
                    }
                }
            }
            slots.store(answered, for: range)
        }
    }
}

extension GazetteerBackend {
    /// The best answer at one point of a batch; a place answered before is copied from the
    /// thread's `local` results or the file's `shelf` (its distance and input patched), else built.
    fileprivate func reverseMatch(
        _ location: Point, parameters: ReverseGeocodeOptions, localities: SphereTree?,
        local: inout [Int64: GeocodeResult], shelf: ReverseResultShelf, state: State, db: SQLiteConnection
    ) throws -> BatchMatch {
        guard location.isValid,
            let hit = try bestReverseHit(
                at: location.projected(to: .wgs84), parameters: parameters, localities: localities, db: db)
        else { return BatchMatch(result: nil, status: .unmatched) }
        let id = hit.place.id, distance = hit.place.distance
        // Streets answer with their nearest point, different at every point: built each time.
        var ready = hit.location == nil ? local[id] : nil
        if hit.location == nil, ready == nil, let shelved = shelf[id] {
            if local.count >= ReverseResultShelf.limit { local.removeAll(keepingCapacity: true) }
            local[id] = shelved
            ready = shelved
        }
        if var result = ready {
            if result.attributeValues["Distance"] != nil {
                result.attributeValues["Distance"] = .double((distance * 100).rounded() / 100)
            }
            result.inputLocation = location.projected(to: parameters.outputSpatialReference ?? .wgs84)
            return BatchMatch(result: result, status: .matched, distance: distance)
        }
        guard let place = try places(for: [hit.place], db: db)[id] else {
            return BatchMatch(result: nil, status: .unmatched)
        }
        let result = try reverseResult(hit, place: place, input: location, parameters: parameters, state: state, db: db)
        if hit.location == nil {
            shelf[id] = result
            local[id] = result
        }
        return BatchMatch(result: result, status: .matched, distance: distance)
    }
}
