/// The category codes a gazetteer's places have, found by hopping along `places_by_category`
/// (one index seek per code, not a scan of the places): a search limited to categories the
/// file has no place of has no match, and is answered without reading any words' places.
///
/// A file of POIs and addresses alone has no street, so the address and intersection readings
/// of "Tokyo Other Shops and Service 40934" need not go through every place named "tokyo",
/// "other" and "shops" to find none.
struct StoredCategories: Sendable {
    /// The codes present, ascending.
    private let codes: [Int64]

    init(db: SQLiteConnection) throws {
        var codes: [Int64] = []
        let next = try db.statement("SELECT min(category) FROM places WHERE category > ?1")
        var after = Int64.min
        while true {
            var found: Int64?
            try next.forEachRow([.integer(after)]) { row in found = row.isNull(0) ? nil : row.int(0) }
            guard let found else { break }
            codes.append(found)
            after = found
        }
        self.codes = codes
    }

    /// Whether some place has a category in one of `ranges`.
    ///
    /// ```swift
    /// stored.holdsAny([tree["Street Name"]!.codeRange])  // false for a file without streets
    /// ```
    func holdsAny(_ ranges: [ClosedRange<Int>]) -> Bool {
        ranges.contains { range in
            let first = codes.lowerBound(of: Int64(range.lowerBound))  // the first code in or above it
            return first < codes.count && codes[first] <= Int64(range.upperBound)
        }
    }
}
