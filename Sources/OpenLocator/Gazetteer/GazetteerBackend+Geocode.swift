/// Geocoding: decides whether the text is a category phrase, a name or an address, retrieves,
/// ranks and formats.
extension GazetteerBackend {
    func geocode(searchText: String, parameters: GeocodeParameters) async throws -> [GeocodeResult] {
        try geocodeNow(searchText: searchText, parameters: parameters)
    }

    func geocodeNow(searchText: String, parameters: GeocodeParameters) throws -> [GeocodeResult] {
        let center = parameters.preferredSearchLocation?.projected(to: .wgs84)
        let outputReference = parameters.outputSpatialReference ?? .wgs84
        return try read("geocode") { db, state in
            var filter = try searchFilter(
                categories: parameters.categories, area: parameters.searchArea, countryCode: parameters.countryCode,
                state: state)
            let query = ParsedQuery(searchText)
            let phraseCategories = query.words.isEmpty ? [] : resolver.categories(matching: searchText)
            var candidates: [Candidate]
            var searchPoint = center
            if query.words.isEmpty || !phraseCategories.isEmpty {
                if !phraseCategories.isEmpty {
                    filter.categoryRanges = SearchFilter.merged(
                        Self.intersect(phraseCategories.map(\.codeRange), with: filter.categoryRanges))
                }
                guard filter.categoryRanges != nil else { return [] }
                candidates =
                    try center.map { try nearest(parameters.maxResults, to: $0, filter: filter, db: db) }
                    ?? mostImportant(parameters.maxResults, filter: filter, db: db)
                candidates = candidates.filter { $0.score >= parameters.minScore }
            } else {
                // Every match ranked, filtered by minScore only at the end, so the choice of
                // reading (name, category + place, address) never depends on minScore.
                let ranked = try textSearch(query, k: .max, center: center, filter: filter, db: db)
                if (ranked.first?.score ?? 0) < Self.mixedQueryThreshold,
                    let mixed = MixedQuery(searchText, resolver: resolver),
                    let around = try placesAround(
                        mixed, k: parameters.maxResults, center: center, filter: filter, db: db),
                    !around.places.isEmpty
                {
                    candidates = around.places
                    searchPoint = around.anchor
                } else if let address = AddressQuery(searchText) {
                    let addresses = try addressCandidates(
                        address, query: query, center: center, filter: filter, db: db, state: state)
                    // A place both searches found counts once, with its better score.
                    var best: [Int64: Candidate] = [:]
                    for candidate in addresses + ranked where candidate.score > best[candidate.id]?.score ?? -1 {
                        best[candidate.id] = candidate
                    }
                    candidates = Self.distinct(
                        Ranking.sorted(Array(best.values), hasCenter: center != nil, wantsAddress: true))
                } else {
                    candidates = ranked
                }
                candidates = Array(candidates.filter { $0.score >= parameters.minScore }.prefix(parameters.maxResults))
            }
            let rows = try places(for: candidates, db: db)
            return try candidates.compactMap { candidate in
                guard let place = rows[candidate.id] else { return nil }
                return try state.results.result(
                    place, score: candidate.score, distance: candidate.distance, input: searchPoint,
                    outputSpatialReference: outputReference, requested: parameters.resultAttributeNames,
                    all: ResultAttributes.candidateFields, defaults: ResultAttributes.defaultFields)
            }
        }
    }

    /// Below this best plain-text score, a query that reads as category + place ("cafes in
    /// Kallio") is searched as such. At or above it the words name a place ("Cafe Regatta").
    static let mixedQueryThreshold = 97.0

    /// The places of a mixed query's category nearest the place it names, which becomes the
    /// search point (`Distance` is measured from it), within twice the place's extent (5 km
    /// around a district, 16 km around a town of 50,000, 40 km around a city of a million;
    /// 2 km around a POI or address). Their score is the place's text score: 100 when its
    /// name matched exactly. `nil` when the place is not found.
    func placesAround(_ mixed: MixedQuery, k: Int, center: Point?, filter: SearchFilter, db: SQLiteConnection)
        throws -> (places: [Candidate], anchor: Point)?
    {
        var anywhere = filter
        anywhere.categoryRanges = nil
        let placeQuery = ParsedQuery(mixed.placeWords.joined(separator: " ") + " ")
        guard
            let anchor = try textSearch(placeQuery, k: 1, center: center, filter: anywhere, db: db).first,
            anchor.score >= Self.mixedPlaceMinimumScore
        else { return nil }
        var categoryFilter = filter
        categoryFilter.categoryRanges = SearchFilter.merged(
            Self.intersect(mixed.categories.map(\.codeRange), with: filter.categoryRanges))
        guard categoryFilter.categoryRanges?.isEmpty == false else { return nil }
        let point = Point(latitude: anchor.latitude, longitude: anchor.longitude)
        let radius =
            try places(for: [anchor], db: db)[anchor.id].map {
                max(Self.mixedMinimumRadius, 2 * ResultBuilder.extentRadius($0))
            } ?? Self.mixedMinimumRadius
        let places = try nearest(k, to: point, filter: categoryFilter, db: db, maxDistance: radius).map { place in
            var place = place
            place.score = anchor.score
            return place
        }
        return (places, point)
    }

    /// The lowest text score the place of a mixed query may have: a typo is fine, a stray
    /// partial match is not.
    static let mixedPlaceMinimumScore = 80.0
    static let mixedMinimumRadius = 2000.0

    /// The parts of `ranges` that also lie in `filter` (all of them when there is no filter).
    static func intersect(_ ranges: [ClosedRange<Int>], with filter: [ClosedRange<Int>]?) -> [ClosedRange<Int>] {
        guard let filter else { return ranges }
        return ranges.flatMap { range in
            filter.compactMap { f in
                range.overlaps(f) ? max(range.lowerBound, f.lowerBound)...min(range.upperBound, f.upperBound) : nil
            }
        }
    }
}
