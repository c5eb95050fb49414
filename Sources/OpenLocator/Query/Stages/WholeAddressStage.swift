/// The whole text as a street and a house number, written as the data writes them
/// (``WholeAddressReading``): the address points found through the street index that match
/// every word exactly (a score of 100), and the places around them named so (a building or
/// shop named "Korkeavuorenkatu 30" stands there). When there are some, every later reading is
/// skipped, the name reading's full-text search included: they are the places the text names
/// whole. When there are none (a point whose text says more than the query, a street written
/// otherwise than the data writes it, a typo), the readings after it run as before.
enum WholeAddressStage {
    static func candidates(_ reading: WholeAddressReading, in context: inout SearchContext) throws -> StageResult {
        // (Points the category filter excludes still say where the places named so are.)
        var unfiltered = context.filter
        unfiltered.categoryRanges = nil
        var points: [Candidate] = []
        for split in reading.splits where points.isEmpty {
            points = try context.backend.addressPoints(
                onStreet: split.street, numbered: split.numbers, query: context.wordsQuery, center: context.center,
                filter: unfiltered, db: context.db
            ).filter { $0.score >= ForwardGeocoder.wholeTextScore }
        }
        guard !points.isEmpty else { return StageResult(candidates: [], note: "no address point is written so") }
        let named = try context.backend.placesNamedLike(
            points, query: context.wordsQuery, center: context.center, filter: context.filter, db: context.db)
        let pointAddress = context.backend.tree["Point Address"]!.code
        let pointsAllowed = context.filter.categoryRanges?.contains { $0.contains(pointAddress) } ?? true
        return StageResult(
            candidates: (pointsAllowed ? points : []) + named,
            note:
                "\(points.count) address point\(points.count == 1 ? "" : "s") written so, \(named.count) place\(named.count == 1 ? "" : "s") named so at \(points.count == 1 ? "it" : "them")"
        )
    }
}
