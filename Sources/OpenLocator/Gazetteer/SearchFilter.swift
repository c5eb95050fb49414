/// The hard filters of a search, turned into SQL over `places` (alias `p`): category code
/// ranges, a WGS84 search area and a country.
struct SearchFilter {
    /// Allowed category code ranges; `nil` allows every category.
    var categoryRanges: [ClosedRange<Int>]?
    /// The search area in WGS84 degrees.
    var area: Envelope?
    /// An ISO3 country code.
    var country: String?
    /// Lower-case forms of a region's name (a qualifier's "minnesota", "mn"), one of which the
    /// place's `region` must be; `nil` for any region.
    var regionForms: [String]?
    /// The ids a place must have, where the kind of place asked for lies in one stretch of them
    /// (``GazetteerBackend/State/localityIDs``): a full-text search reads only that part of
    /// each word's list.
    var ids: ClosedRange<Int64>?

    /// Sorted, non-overlapping ranges covering the same codes: "Food" and "Coffee Shop"
    /// together are just Food, and a category named twice is searched once.
    static func merged(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound + 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// A SQL condition (starting with " AND", or empty) and its values, numbered from `firstIndex`.
    func sql(firstIndex: Int) -> (sql: String, values: [SQLiteValue]) {
        var clauses: [String] = []
        var values: [SQLiteValue] = []
        func next(_ value: SQLiteValue) -> String {
            values.append(value)
            return "?\(firstIndex + values.count - 1)"
        }
        if let ranges = categoryRanges {
            let parts = ranges.map {
                "p.category BETWEEN \(next(.integer(Int64($0.lowerBound)))) AND \(next(.integer(Int64($0.upperBound))))"
            }
            clauses.append("(" + (parts.isEmpty ? "0" : parts.joined(separator: " OR ")) + ")")
        }
        if let area {
            clauses.append(
                "p.lon BETWEEN \(next(.double(area.xmin))) AND \(next(.double(area.xmax))) AND p.lat BETWEEN \(next(.double(area.ymin))) AND \(next(.double(area.ymax)))"
            )
        }
        // (The second term is `places_by_country`'s condition: without it SQLite would not use the
        // partial index, not knowing that the value is never empty.)
        if let country { clauses.append("p.country = \(next(.text(country))) AND p.country <> ''") }
        if let regionForms {
            let forms = regionForms.map { next(.text($0)) }
            clauses.append("lower(p.region) IN (" + (forms.isEmpty ? "NULL" : forms.joined(separator: ", ")) + ")")
        }
        if let ids {
            clauses.append("p.id BETWEEN \(next(.integer(ids.lowerBound))) AND \(next(.integer(ids.upperBound)))")
        }
        return (clauses.map { " AND " + $0 }.joined(), values)
    }

    /// Whether a place of category `code` passes the category filter.
    func allows(category code: Int) -> Bool {
        categoryRanges?.contains { $0.contains(code) } ?? true
    }

    /// Whether a location passes the area filter.
    func allows(longitude: Double, latitude: Double) -> Bool {
        guard let area else { return true }
        return longitude >= area.xmin && longitude <= area.xmax && latitude >= area.ymin && latitude <= area.ymax
    }
}

/// A place found by retrieval, before its full row is read.
struct Candidate {
    var id: Int64
    var longitude: Double
    var latitude: Double
    var score: Double
    /// Metres from the search point, or 0 without one.
    var distance: Double
    var importance: Double
    /// The kind of place, where the retrieval knows it (reverse geocoding by feature type).
    var kind: AddressType?
    /// The full row, when the retrieval already read it.
    var place: PlaceRecord? {
        get { placeBox?.place }
        set { placeBox = newValue.map(PlaceBox.init) }
    }
    /// (Boxed: a row is ~400 bytes, and candidates are moved about by the thousand when they
    /// are ranked and merged, most of them without one.)
    private var placeBox: PlaceBox?
    /// Whether the text matched one of its alternate names rather than its own name.
    var viaAlternateName = false
    /// Candidates with the same key are one place to a reader (the pieces of a street the
    /// data splits where a square interrupts it); only the best is shown.
    var sameAs: String?
    /// The query words its text left unmatched, as bits (``TextMatch/Match/unmatchedWords``).
    var unmatchedWords: UInt32 = 0
    /// Where `distance` is measured from when it is not the search point: the place of a
    /// category + place query ("cafes in Kamppi"), whose results rank by distance from it.
    var anchor: Point?
    /// The reading that found it (its index in ``QueryAnalysis/readings``).
    var reading = 0
    /// Its category code, where the retrieval read it.
    var category: Int?
    /// The name in a language it was found by (folded: "helsingfors"), when it was found by
    /// one: with no language asked for, the answer is written in that one, as ArcGIS answers
    /// "in the language of the primary matched component" of the text.
    var localizedName: String?
    /// Whether its own name (or one in a language) is in the text as typed, accents and all,
    /// when the text has letters beyond ASCII ("Paraná" typed finds Paraná before Paranã, which
    /// folds alike; "Parana" prefers neither).
    var nameAsTyped = false

    init(
        id: Int64, longitude: Double, latitude: Double, score: Double, distance: Double, importance: Double,
        kind: AddressType? = nil, place: PlaceRecord? = nil, viaAlternateName: Bool = false, sameAs: String? = nil,
        unmatchedWords: UInt32 = 0, anchor: Point? = nil, reading: Int = 0
    ) {
        (self.id, self.longitude, self.latitude, self.score) = (id, longitude, latitude, score)
        (self.distance, self.importance, self.kind) = (distance, importance, kind)
        self.placeBox = place.map(PlaceBox.init)
        (self.viaAlternateName, self.sameAs, self.unmatchedWords) = (viaAlternateName, sameAs, unmatchedWords)
        (self.anchor, self.reading) = (anchor, reading)
    }
}

/// A place row behind a reference, so a ``Candidate`` stays small.
private final class PlaceBox: Sendable {
    let place: PlaceRecord
    init(_ place: PlaceRecord) { self.place = place }
}

extension SearchFilter {
    /// This filter narrowed to each box around `center` within `radius` metres (two across
    /// the antimeridian), cut by its own area; a box outside that area is left out.
    func narrowed(around center: Point, radius: Double) -> [SearchFilter] {
        GreatCircle.boxes(around: center, radius: radius).compactMap { box in
            guard let area = self.area.map({ box.intersection($0) }) ?? box else { return nil }
            var narrowed = self
            narrowed.area = area
            return narrowed
        }
    }
}
