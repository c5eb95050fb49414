/// The `places` indexes a build keeps up while it inserts, for as long as their keys arrive
/// in order; the first key out of order drops the index, and it is built at the end with the
/// others.
///
/// SQLite adds a key greater than an index's last one without searching the B-tree, so an
/// index whose keys come in order costs almost nothing to keep up. An OpenAddresses file's
/// places share one category, one importance and one country (or none, and places without a
/// country are not in `places_by_country` at all): in sqlite3, inserting 1M of
/// them with `places_by_category` and `places_by_country` in place took 1.7–2.0 s against
/// 1.7–1.8 s without, while building the two afterwards took 1.3 s more, on the one thread
/// that ends a build. Keys out of order cost a search each, more than sorting them once
/// (1M own places of 394 categories: 1.1 s more to insert with `places_by_country` in place,
/// 0.9 s to build it afterwards), hence the drop.
///
/// ```swift
/// var indexes = InOrderIndexes()
/// try connection.execute(indexes.createStatements)        // before the first place
/// for name in indexes.outOfOrder(chunk) { try connection.execute("DROP INDEX \(name)") }
/// try connection.execute(indexes.remainingStatements)     // after the last
/// ```
struct InOrderIndexes {
    /// A place's key in `places_by_category`: category, then importance, descending. (The
    /// place's id, growing, follows in both indexes.)
    private struct CategoryKey {
        var category: Int
        var importance: Double
    }
    /// A place's key in `places_by_country`, which holds only the places with a country.
    private struct CountryKey {
        var country: [UInt8]
        var category: Int
    }

    /// The last place's keys; `nil` before the first (with a country, for `lastCountry`).
    private var lastCategory: CategoryKey?
    private var lastCountry: CountryKey?
    private var keepsCategoryIndex = true
    private var keepsCountryIndex = true

    /// Whether both indexes were kept up to the last place, which leaves the street index
    /// alone for ``remainingStatements`` to make.
    var leaveOnlyTheStreetIndex: Bool { keepsCategoryIndex && keepsCountryIndex }

    /// Creates the indexes kept up while inserting (on an empty `places`).
    var createStatements: String { GazetteerSchema.categoryIndex + GazetteerSchema.countryIndex }

    /// Creates the indexes not built yet: those dropped, and the ones never kept up while
    /// inserting.
    var remainingStatements: String {
        (keepsCategoryIndex ? "" : GazetteerSchema.categoryIndex)
            + (keepsCountryIndex ? "" : GazetteerSchema.countryIndex) + GazetteerSchema.streetIndex
            + GazetteerSchema.localityNameIndex + GazetteerSchema.numberedNameIndex + GazetteerSchema.sourceIndex
    }

    /// The indexes that `chunk`'s places, inserted after those checked before, would reach out
    /// of order, and which are to be dropped before it is inserted; they are built at the end.
    mutating func outOfOrder(_ chunk: PlaceRowChunk) -> [String] {
        guard keepsCategoryIndex || keepsCountryIndex else { return [] }
        let (keptCategory, keptCountry) = (keepsCategoryIndex, keepsCountryIndex)
        chunk.withColumns { column in
            for (index, row) in chunk.rows.enumerated() {
                // (SQLite compares REALs as numbers and TEXT byte by byte, the shorter first.)
                if keepsCategoryIndex {
                    if let last = lastCategory,
                        row.category < last.category
                            || (row.category == last.category && row.importance > last.importance)
                    {
                        keepsCategoryIndex = false
                    }
                    lastCategory = CategoryKey(category: row.category, importance: row.importance)
                }
                let country = column(.country, index)
                if keepsCountryIndex, !country.isEmpty {
                    let sameCountry = lastCountry.map { country.elementsEqual($0.country) } ?? false
                    if let last = lastCountry,
                        sameCountry ? row.category < last.category : country.lexicographicallyPrecedes(last.country)
                    {
                        keepsCountryIndex = false
                    } else if sameCountry {
                        lastCountry?.category = row.category  // (the usual case: no copy of the country)
                    } else {
                        lastCountry = CountryKey(country: Array(country), category: row.category)
                    }
                }
                guard keepsCategoryIndex || keepsCountryIndex else { break }
            }
        }
        return (keptCategory && !keepsCategoryIndex ? ["places_by_category"] : [])
            + (keptCountry && !keepsCountryIndex ? ["places_by_country"] : [])
    }
}
