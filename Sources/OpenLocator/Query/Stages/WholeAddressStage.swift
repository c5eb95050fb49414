/// The whole text as a street and a house number, written as the data writes them
/// (``WholeAddressReading``): the address points found through the street index that match
/// every word exactly (a score of 100), in every town that has the street, the street's points
/// whose house number has that number as a word ("12-14" for 14), and the other places named
/// so, found by their folded name (a stop or building named "Korkeavuorenkatu 30"). When there
/// are some points of the number, every later reading is skipped, the name reading's full-text
/// search included: these are the places the text names whole. When there are none (a point whose
/// text says more than the query, a street written otherwise than the data writes it, a typo),
/// or the file predates the lookup (schema 30 and older), the readings after it run as before.
enum WholeAddressStage {
    static func candidates(_ reading: WholeAddressReading, in context: inout SearchContext) throws -> StageResult {
        let backend = context.backend
        guard try context.state.hasNumberedNameIndex(db: context.db) else {
            return StageResult(candidates: [], note: "this gazetteer predates the lookup (rebuild it)")
        }
        let pointAddress = backend.tree["Point Address"]!.code
        let pointsAllowed = context.filter.allows(category: pointAddress)
        // The street's points of that number, and of numbers that have it as a word ("5 A", "4-6"),
        // which rank after it as the full-text search ranked them.
        var points: [Candidate] = []
        var splitFound: WholeAddressReading.Split?
        // (Points the category filter excludes still say that the text is an address.)
        var unfiltered = context.filter
        unfiltered.categoryRanges = nil
        for split in reading.splits where splitFound == nil {
            points = try backend.addressPoints(
                onStreet: split.street, numbered: split.numbers, query: context.wordsQuery, center: context.center,
                filter: unfiltered, db: context.db)
            if points.contains(where: { $0.score >= ForwardGeocoder.wholeTextScore }) { splitFound = split }
        }
        guard let split = splitFound else { return StageResult(candidates: [], note: "no address point is written so") }
        let exact = points.count { $0.score >= ForwardGeocoder.wholeTextScore }
        let named = try backend.placesNamed(
            Self.names(split, text: context.text), query: context.wordsQuery, center: context.center,
            filter: context.filter, db: context.db)
        let others = points.count - exact
        return StageResult(
            candidates: (pointsAllowed ? points : []) + named,
            note:
                "\(exact) address point\(exact == 1 ? "" : "s") written so, \(others) more with that number, \(named.count) other place\(named.count == 1 ? "" : "s") named so"
        )
    }

    /// The folded names a place named by the address may have: the text as typed, and the
    /// street and each form of the number either way round ("mannerheimintie 10 a", "10 a
    /// mannerheimintie").
    static func names(_ split: WholeAddressReading.Split, text: QueryText) -> [String] {
        var names = [text.folded.joined(separator: " ")]
        for number in split.numbers {
            for name in [split.street + " " + number, number + " " + split.street].map(TextFolding.fold)
            where !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }
}
