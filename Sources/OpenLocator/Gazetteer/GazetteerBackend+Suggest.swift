import Foundation

/// Suggest: completions for text being typed, cheap enough for every keystroke.
///
/// Places come from two retrievals, scored by ``TextMatch`` (the last word as a prefix) and
/// ordered by ``Ranking``:
/// - the most important matches: for a single word of 2–3 letters the precomputed
///   `suggest_prefixes` list (see ``SuggestIndex``), otherwise FTS5 ordered by importance;
/// - with a `preferredSearchLocation`, matches within ``nearbyRadius`` of it: for a short
///   word, the places in that box whose names start with it, otherwise FTS5 inside the box.
///
/// A category whose name or synonym starts with the text ("coff" → Coffee Shop) and a chain
/// (a name ``SuggestIndex/minimumChainSize`` or more POIs share) come first, as collections.
extension GazetteerBackend {
    /// How far around the search point nearby places are looked for.
    static let nearbyRadius = 25_000.0
    /// The most matches one retrieval scores.
    static let suggestCandidateLimit = 200
    /// How many matches of text whose every word is common are read in storage order: places
    /// as good as any others, beside the most important (`suggest_prefixes`) and the nearby
    /// ones. Each costs a row read (~5 µs): "Santa" near Moscow at 5M synthetic places spent
    /// 15 of its 39 ms reading 3,000.
    static let commonWordSample = 1000

    func suggest(searchText: String, parameters: SuggestOptions) async throws -> [SuggestResult] {
        try suggestNow(searchText: searchText, parameters: parameters)
    }

    func suggestNow(searchText: String, parameters: SuggestOptions) throws -> [SuggestResult] {
        let query = TextQuery(searchText, typing: true)
        let center = parameters.preferredSearchLocation?.projected(to: .wgs84)
        return try read("suggest") { db, state in
            let filter = try searchFilter(
                categories: parameters.categories, area: parameters.searchArea, countryCode: parameters.countryCode,
                state: state)
            // (Checked first: a bad category or country is an error however little was typed.)
            guard query.words.joined().count >= 2 else { return [] }
            var suggestions: [SuggestResult] = []
            var labels: Set<String> = []
            func add(_ suggestion: SuggestResult) {
                guard suggestions.count < parameters.maxResults, labels.insert(suggestion.label).inserted else {
                    return
                }
                suggestions.append(suggestion)
            }
            if let category = resolver.categories(startingWith: searchText).first(where: { category in
                filter.categoryRanges?.contains { $0.overlaps(category.codeRange) } ?? true
            }) {
                add(
                    SuggestResult(
                        label: category.name, isCollection: true, magicKey: MagicKey.category(category.name).text))
            }
            // Chains only unfiltered: a chain has branches everywhere, maybe none in the filter.
            if filter.categoryRanges == nil, filter.country == nil, filter.area == nil,
                let chain = try chain(startingWith: query, db: db)
            {
                add(SuggestResult(label: chain.name, isCollection: true, magicKey: MagicKey.chain(chain.key).text))
            }
            // Places in rank order until enough distinct labels (branches can share one).
            let candidates = try suggestedPlaces(query, center: center, filter: filter, db: db, state: state)
            var next = candidates.startIndex
            while suggestions.count < parameters.maxResults, next < candidates.endIndex {
                let chunk = candidates[next..<min(candidates.endIndex, next + parameters.maxResults * 2)]
                next = chunk.endIndex
                let rows = try places(for: Array(chunk), db: db)
                for candidate in chunk {
                    guard let place = rows[candidate.id] else { continue }
                    add(
                        SuggestResult(
                            label: Self.label(place, state: state), isCollection: false,
                            magicKey: MagicKey.place(place.id).text))
                }
            }
            return suggestions
        }
    }

    /// The text a place is suggested as: "Stockmann, Aleksanterinkatu 52, 00100 Helsinki, FIN".
    static func label(_ place: PlaceRecord, state: State) -> String {
        state.results.attribute(
            "LongLabel", of: place, score: 100, distance: 0, location: place.location, route: place.location,
            extent: Envelope.around(place.location, metres: 0)
        ).stringValue ?? place.name
    }

    /// The most-used chain name starting with the query, when the query is one word so far.
    private func chain(startingWith query: TextQuery, db: SQLiteConnection) throws -> (key: String, name: String)? {
        let prefix = query.words.joined(separator: " ")
        guard prefix.count >= 3 else { return nil }
        var found: (String, String)?
        try db.statement(
            "SELECT name_key, name FROM chains WHERE name_key >= ?1 AND name_key < ?1 || x'7F' ORDER BY places DESC, name_key LIMIT 1"
        ).forEachRow([.text(prefix)]) { found = ($0.text(0), $0.text(1)) }
        return found
    }

    /// Matching places, best first.
    ///
    /// When every word is common (in more than ``importanceSortLimit`` places' text, or
    /// ``keyedScanLimit`` when the places' keys choose: "busin" completes to "business", in
    /// 10 % of a synthetic 5M-place gazetteer), ordering all the matches by importance would
    /// read each of them (1.1 s), or each of their ids; then the first
    /// ``commonWordSample`` matches are ranked instead, with the most important places of
    /// the rarest word's first letters (`suggest_prefixes`), and nearby ones come from the
    /// box's places rather than from the word's.
    private func suggestedPlaces(
        _ query: TextQuery, center: Point?, filter: SearchFilter, db: SQLiteConnection, state: State
    ) throws -> [Candidate] {
        let shortPrefix =
            query.words.count == 1 && query.lastWordIsPrefix
            && SuggestIndex.prefixLengths.contains(query.words[0].count)
        let unfiltered = filter.categoryRanges == nil && filter.country == nil && filter.area == nil
        var query = query
        var rarest: Int?  // the word in the fewest places' text, when all are common
        if !shortPrefix {
            try completeLastWord(&query, db: db)
            var counted = query  // (counts only: suggest scores every word alike)
            try weigh(&counted, db: db, state: state)
            let counts = counted.documents.map { $0 ?? Int64.max }
            let orderable = try orderableMatches(filter, db: db, state: state)
            if counts.allSatisfy({ $0 > orderable }) {
                rarest = query.words.indices.filter { query.wordHasLetter[$0] }.min { counts[$0] < counts[$1] }
            }
        }
        var found: [Candidate] = []
        let expression = Self.matchExpression(query, lenient: false)
        if let rarest {
            found += try fetchTextMatches(
                query, expression: expression, center: center, filter: filter, order: .storage,
                limit: Self.commonWordSample, db: db, state: state
            ).candidates
            if unfiltered {
                found += try precomputed(
                    query, prefix: String(query.words[rarest].prefix(SuggestIndex.prefixLengths.upperBound)),
                    center: center, db: db)
            }
        } else if shortPrefix && unfiltered {
            found += try precomputed(query, prefix: query.words[0], center: center, db: db)
        } else if shortPrefix {
            // A filtered short prefix: the first matches that pass the filter, not all of them
            // ranked by importance ("sa" has 21,000 matches on the default gazetteer).
            found += try fetchTextMatches(
                query, expression: expression, center: center, filter: filter, order: .storage,
                limit: Self.textCandidateLimit, db: db, state: state
            ).candidates
        } else {
            found += try fetchTextMatches(
                query, expression: expression, center: center, filter: filter, order: .importance,
                limit: Self.suggestCandidateLimit, db: db, state: state
            ).candidates
        }
        if let center {
            for nearby in filter.narrowed(around: center, radius: Self.nearbyRadius) {
                if let word = shortPrefix ? 0 : rarest {
                    found += try placesInBox(
                        query, word: word, center: center, filter: nearby, limit: Self.nearbyScanLimit, db: db
                    ).candidates
                } else {
                    found += try fetchTextMatches(
                        query, expression: expression, center: center, filter: nearby, order: .storage,
                        limit: Self.suggestCandidateLimit, db: db, state: state
                    ).candidates
                }
            }
        }
        var seen: Set<Int64> = []
        found = found.filter { seen.insert($0.id).inserted }
        if Self.leavesLastWordToScoring(query), query.lastWordHasManyCompletions, query.words.count <= 32 {
            let last = UInt32(1) << UInt32(query.words.count - 1)
            found.removeAll { $0.unmatchedWords & last != 0 }  // (the expression did not ask for it)
        }
        return Self.distinct(Ranking.sorted(found, hasCenter: center != nil, wantsAddress: false, typing: true))
    }

    /// The precomputed most important places for a 2–3 letter prefix, scored against the query.
    private func precomputed(_ query: TextQuery, prefix: String, center: Point?, db: SQLiteConnection) throws
        -> [Candidate]
    {
        var found: [Candidate] = []
        try db.statement(
            """
            SELECT p.id, \(Self.scoredColumns)
            FROM suggest_prefixes s JOIN places p ON p.id = s.id
            WHERE s.prefix = ?
            """
        ).forEachRow([.text(prefix)]) { row in
            if let candidate = Self.scoredCandidate(query, row: row, center: center) { found.append(candidate) }
        }
        return found
    }

    func geocode(suggestion: SuggestResult, parameters: GeocodeOptions) async throws -> [GeocodeResult] {
        try geocodeNow(suggestion: suggestion, parameters: parameters)
    }

    func geocodeNow(suggestion: SuggestResult, parameters: GeocodeOptions) throws -> [GeocodeResult] {
        switch MagicKey(suggestion.magicKey) {
        case .place(let id):
            let center = parameters.preferredSearchLocation?.projected(to: .wgs84)
            let found = try read("geocode") { db, state -> GeocodeResult? in
                let candidate = Candidate(id: id, longitude: 0, latitude: 0, score: 100, distance: 0, importance: 0)
                // A key from another gazetteer names another place: only a matching label counts.
                guard let place = try places(for: [candidate], db: db)[id],
                    Self.label(place, state: state) == suggestion.label
                else { return nil }
                return try state.results.result(
                    place, score: 100, distance: center.map { $0.distance(to: place.location) } ?? 0, input: center,
                    outputSpatialReference: parameters.outputSpatialReference ?? .wgs84,
                    requested: parameters.resultAttributeNames, all: ResultAttributes.candidateFields,
                    defaults: ResultAttributes.defaultFields,
                    localizer: PlaceLocalizer(language: parameters.outputLanguageCode, db: db))
            }
            if let found { return parameters.locationType.placed([found]) }
        case .category(let name) where !resolver.categories(matching: name).isEmpty:
            var categoryParameters = parameters
            categoryParameters.categories.removeAll()
            categoryParameters.addCategory(name)
            return try geocodeNow(searchText: "", parameters: categoryParameters).results
        case .chain(let key):
            let found = try chainMembers(key, parameters: parameters)
            if !found.isEmpty { return parameters.locationType.placed(found) }
        case .category, nil:
            break  // a category this gazetteer does not know, or a key from elsewhere
        }
        return try geocodeNow(searchText: suggestion.label, parameters: parameters).results
    }
}

extension GazetteerBackend {
    /// The places of a chain (every POI whose folded name is `key`), nearest the search point
    /// first, or most important first without one, among the first ``textCandidateLimit``
    /// full-text matches of its name.
    func chainMembers(_ key: String, parameters: GeocodeOptions) throws -> [GeocodeResult] {
        let text = QueryText(key)
        let query = TextQuery(text.words.indices, in: text, prefixAllowed: false)
        guard !query.words.isEmpty else { return [] }
        let center = parameters.preferredSearchLocation?.projected(to: .wgs84)
        return try read("geocode") { db, state in
            var filter = try searchFilter(
                categories: parameters.categories, area: parameters.searchArea, countryCode: parameters.countryCode,
                state: state)
            filter.categoryRanges = SearchFilter.merged(
                Self.intersect([tree["POI"]!.codeRange], with: filter.categoryRanges))
            let matches = try fetchTextMatches(
                query, expression: Self.matchExpression(query, lenient: false), center: center, filter: filter,
                order: .storage, db: db, state: state
            ).candidates
            let rows = try places(for: matches, db: db)
            let members = matches.filter { rows[$0.id].map { TextFolding.fold($0.name) == key } ?? false }
                .sorted {
                    center == nil
                        ? ($0.importance, $1.id) > ($1.importance, $0.id) : ($0.distance, $0.id) < ($1.distance, $1.id)
                }
                .prefix(parameters.maxResults)
            return try members.map { member in
                try state.results.result(
                    rows[member.id]!, score: 100, distance: member.distance, input: center,
                    outputSpatialReference: parameters.outputSpatialReference ?? .wgs84,
                    requested: parameters.resultAttributeNames, all: ResultAttributes.candidateFields,
                    defaults: ResultAttributes.defaultFields,
                    localizer: PlaceLocalizer(language: parameters.outputLanguageCode, db: db))
            }
        }
    }
}

/// What a suggestion's `magicKey` encodes: "place:123", "category:Coffee Shop", "chain:r kioski".
enum MagicKey: Equatable {
    case place(Int64)
    case category(String)
    case chain(String)

    init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "place": guard let id = Int64(parts[1]) else { return nil }; self = .place(id)
        case "category": self = .category(parts[1])
        case "chain": self = .chain(parts[1])
        default: return nil
        }
    }

    var text: String {
        switch self {
        case .place(let id): return "place:\(id)"
        case .category(let name): return "category:\(name)"
        case .chain(let key): return "chain:\(key)"
        }
    }
}
