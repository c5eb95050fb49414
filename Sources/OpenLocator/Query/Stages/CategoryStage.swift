/// The category reading: the places of a category nearest the search point, within
/// ``GeocodeParameters/maxDistance`` of it (``SearchContext/radius(for:)``; the most important
/// anywhere without a point); or,
/// with a place ("cafes in Kamppi", "hotels near Stockmann"), the place found first and the
/// category's places nearest it, within twice its extent (5 km around a district, 16 km
/// around a town of 50,000, 40 km around a city of a million; 2 km around a POI or an address).
///
/// Places of a category alone score 100; around a place they score what the place's name
/// scored, and rank by their distance from it (`Distance` is measured from it too). A search
/// that finds nothing inside its radius is recorded for the coverage answer.
enum CategoryStage {
    /// The lowest text score the place of a category + place query may have: a typo is fine, a
    /// stray partial match is not.
    static let placeMinimumScore = 80.0
    static let minimumRadius = 2000.0

    static func candidates(_ reading: CategoryReading, in context: inout SearchContext) throws -> StageResult {
        var filter = context.filter
        if !reading.categories.isEmpty {
            filter.categoryRanges = SearchFilter.merged(
                GazetteerBackend.intersect(reading.categories.map(\.codeRange), with: filter.categoryRanges))
        }
        guard filter.categoryRanges?.isEmpty == false else {
            return StageResult(candidates: [], note: "the category filter allows none of these")
        }
        let names = reading.categories.isEmpty ? nil : reading.categories.map(\.name)
        guard !reading.place.isEmpty else {
            guard let center = context.center else {
                let found = try context.backend.mostImportant(context.maxResults, filter: filter, db: context.db)
                return StageResult(candidates: found, note: "most important, no search point")
            }
            let ranges = filter.categoryRanges ?? []
            let radius = context.radius(for: ranges)
            let found = try context.backend.nearest(
                context.maxResults, to: center, filter: filter, db: context.db, maxDistance: radius
            ).map { place in
                var place = place
                place.anchor = center  // nearest first, whatever their importance
                return place
            }
            if found.isEmpty, context.arePOIs(ranges) {
                context.emptyCategorySearch = .init(categories: names ?? [], point: center, radius: radius, place: nil)
            }
            return StageResult(
                candidates: found,
                note: radius.isFinite ? "nearest within \(TableFormatter.formatDistance(radius))" : "nearest anywhere")
        }
        guard let (anchor, row) = try place(of: reading, in: context) else {
            return StageResult(candidates: [], note: "no place named so")
        }
        context.anchoredCategory = context.anchoredCategory || reading.connected
        let point = Point(latitude: anchor.latitude, longitude: anchor.longitude)
        let radius = min(context.maxDistance ?? .infinity, max(minimumRadius, 2 * ResultBuilder.extentRadius(row)))
        let found = try context.backend.nearest(
            context.maxResults, to: point, filter: filter, db: context.db, maxDistance: radius
        ).map { place in
            var place = place
            place.score = anchor.score
            place.anchor = point
            return place
        }
        if found.isEmpty, context.arePOIs(filter.categoryRanges ?? []) {
            context.emptyCategorySearch = .init(
                categories: names ?? [], point: point, radius: radius,
                place: row.placeAddress.isEmpty ? row.name : row.placeAddress)
        }
        return StageResult(candidates: found, note: "around \(row.name) within \(Int(radius)) m")
    }

    /// The place a category is searched around: the best match of its words (whole words, in
    /// its qualifier's regions), if it scores at least ``placeMinimumScore``.
    private static func place(of reading: CategoryReading, in context: SearchContext) throws
        -> (Candidate, PlaceRecord)?
    {
        var anywhere = context.filter
        anywhere.categoryRanges = nil
        var found: [Candidate] = []
        for filter in reading.qualifier.map({ context.filters(for: $0, base: anywhere) }) ?? [anywhere] {
            var query = context.query(reading.place, prefixAllowed: false)
            found += try context.textCandidates(&query, filter: filter, partial: false).candidates
        }
        guard
            let best = Ranking.sorted(found, hasCenter: context.center != nil, wantsAddress: false).first,
            best.score >= placeMinimumScore,
            let row = try context.backend.places(for: [best], db: context.db)[best.id]
        else { return nil }
        return (best, row)
    }
}
