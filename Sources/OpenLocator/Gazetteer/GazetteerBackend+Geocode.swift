/// Geocoding: decides whether the text is a category phrase, a name or an address, retrieves,
/// ranks and formats.
extension GazetteerBackend {
    func geocode(searchText: String, parameters: GeocodeParameters) async throws -> [GeocodeResult] {
        let filterCategories = try resolver.filterCategories(parameters.categories)
        let center = parameters.preferredSearchLocation?.projected(to: .wgs84)
        let outputReference = parameters.outputSpatialReference ?? .wgs84
        return try read("geocode") { db, state in
            var filter = SearchFilter(
                categoryRanges: filterCategories.isEmpty ? nil : SearchFilter.merged(filterCategories.map(\.codeRange)),
                area: parameters.searchArea?.projected(to: .wgs84),
                country: try countryFilter(parameters.countryCode, state: state))
            let query = ParsedQuery(searchText)
            let phraseCategories = query.words.isEmpty ? [] : resolver.categories(matching: searchText)
            var candidates: [Candidate]
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
                candidates = try textSearch(
                    query, k: parameters.maxResults, center: center, filter: filter, minScore: parameters.minScore,
                    db: db)
                if let address = AddressQuery(searchText) {
                    let addresses = try addressCandidates(
                        address, query: query, center: center, filter: filter, db: db, state: state
                    )
                    .filter { $0.score >= parameters.minScore }
                    // A place both searches found counts once, with its better score.
                    var best: [Int64: Candidate] = [:]
                    for candidate in addresses + candidates where candidate.score > best[candidate.id]?.score ?? -1 {
                        best[candidate.id] = candidate
                    }
                    candidates = Array(
                        Ranking.sorted(Array(best.values), hasCenter: center != nil, wantsAddress: true)
                            .prefix(parameters.maxResults))
                }
            }
            let rows = try places(for: candidates, db: db)
            return try candidates.compactMap { candidate in
                guard let place = rows[candidate.id] else { return nil }
                return try state.results.result(
                    place, score: candidate.score, distance: candidate.distance, input: center,
                    outputSpatialReference: outputReference, requested: parameters.resultAttributeNames,
                    all: ResultAttributes.candidateFields, defaults: ResultAttributes.defaultFields)
            }
        }
    }

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
