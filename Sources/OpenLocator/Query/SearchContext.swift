/// What the retrieval stages of one search share: the analysed text, the request's filters,
/// point and limits, and the gazetteer connection. A stage finds candidates; it never orders
/// the final answer (``ForwardGeocoder`` ranks all readings' candidates once).
struct SearchContext {
    let backend: GazetteerBackend
    let db: SQLiteConnection
    let state: GazetteerBackend.State
    let text: QueryText
    /// The request's hard filters (categories, area, country).
    let filter: SearchFilter
    /// The preferred search location, in WGS84.
    let center: Point?
    let maxResults: Int
    /// How far from its point a category search looks, as asked (``GeocodeParameters/maxDistance``).
    let maxDistance: Double?
    /// Every word of the text as one query, weighed (``WordWeights``) when there is more than
    /// one reading.
    let wordsQuery: TextQuery
    /// Each word's weight, as indices of ``QueryText/words``.
    var weights: [Double] { wordsQuery.weights }
    /// The lowest score returned: partial retrieval stops when no place left could reach it.
    let minimumScore: Double
    /// Words naming a town by another of its names, with its own name (``TownAliases``).
    var townAliases: [String: String] = [:]
    /// Whether a locality fallback found the text to be a feature's own name ("Golden Gate
    /// Bridge"): then no shorter locality of it is tried ("Golden").
    var namesFeature = false

    /// A category search around a point that found nothing inside its radius, for the
    /// coverage answer.
    var emptyCategorySearch: EmptyCategorySearch?
    /// Whether a category + place reading with a connecting word ("cafes in Malibu") found its
    /// place: then the query was understood, and an empty answer is the honest one (no
    /// locality fallback).
    var anchoredCategory = false

    struct EmptyCategorySearch {
        var categories: [String]
        var point: Point
        var radius: Double
        /// The place searched around, when it was named ("cafes in Malibu").
        var place: String?
    }

    /// How far a category search of these category ranges looks around a point: as asked, else
    /// ``GeocodeParameters/defaultMaxDistance`` for POIs when no area or country says where to
    /// look, else anywhere.
    func radius(for ranges: [ClosedRange<Int>]) -> Double {
        if let maxDistance { return maxDistance }
        return arePOIs(ranges) && filter.area == nil && filter.country == nil
            ? GeocodeParameters.defaultMaxDistance : .infinity
    }

    /// Whether categories are all of places of interest (what coverage describes).
    func arePOIs(_ ranges: [ClosedRange<Int>]) -> Bool {
        let poi = backend.tree["POI"]!.codeRange
        return !ranges.isEmpty && ranges.allSatisfy { poi.contains($0.lowerBound) && poi.contains($0.upperBound) }
    }

    /// The total weight of some words.
    func weight(of words: [Int]) -> Double { words.reduce(0) { $0 + weights[$1] } }

    /// A text query of some of the words, as every stage makes them.
    func query(_ words: [Int], prefixAllowed: Bool = true) -> TextQuery {
        TextQuery(
            words, in: text, prefixAllowed: prefixAllowed, genericWords: state.genericWords, townAliases: townAliases)
    }

    /// Scored matches of some words (see ``GazetteerBackend/textCandidates(_:center:filter:partial:floor:db:state:)``).
    func textCandidates(_ query: inout TextQuery, filter: SearchFilter? = nil, partial: Bool = true) throws
        -> (candidates: [Candidate], retrieval: GazetteerBackend.TextRetrieval)
    {
        try backend.textCandidates(
            &query, center: center, filter: filter ?? self.filter, partial: partial, floor: minimumScore, db: db,
            state: state)
    }

    /// The filters of each country a qualifier names, with its regions' forms: one retrieval
    /// per country (the first ``maxQualifierCountries``), inside the request's own country.
    func filters(for qualifier: Qualifier, base: SearchFilter? = nil) -> [SearchFilter] {
        let base = base ?? filter
        var countries: [String] = []
        var forms: [String: [String]?] = [:]
        for region in qualifier.regions {
            if base.country.map({ $0 != region.country }) ?? false { continue }
            if forms[region.country] == nil {
                guard countries.count < Self.maxQualifierCountries else { continue }
                countries.append(region.country)
                forms[region.country] = .some([])
            }
            if region.name == nil {
                forms[region.country] = .some(nil)  // the whole country
            } else if let known = forms[region.country], var list = known {
                list += region.forms
                forms[region.country] = .some(list)
            }
        }
        return countries.map { country in
            var filter = base
            filter.country = country
            filter.regionForms = forms[country] ?? nil
            return filter
        }
    }

    /// The most countries one qualifier is searched in ("Central" names regions of many).
    static let maxQualifierCountries = 8
}
