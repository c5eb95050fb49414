import Foundation

/// One text search on the gazetteer, after Nominatim's `ForwardGeocoder.lookup`: analyse the
/// text once (``QueryAnalysis``), run each reading's retrieval stage, then merge every
/// candidate, rank once (``Ranking``), dedupe once, cut once (the minimum score, the number
/// asked for) and format once.
///
/// Readings run in order: whole address, name, address, qualified place, category (+ place),
/// locality fallback. A name, address, qualified or category + place reading is skipped when an
/// earlier one found a place that all the words name exactly (a score of 100: "Mikonkatu 7" is that
/// address point, "Cafe Regatta" that café, not cafés near a Regatta); the fallback runs only
/// when nothing explains the query well.
struct ForwardGeocoder {
    let backend: GazetteerBackend
    let db: SQLiteConnection
    let state: GazetteerBackend.State
    let parameters: GeocodeOptions

    /// A candidate this good names the place the whole text means: every word matched as
    /// typed, and nothing else in its name.
    static let wholeTextScore = 100.0 - 1e-9

    /// The least importance of a town named like a category that answers near a point where
    /// the category has no places: a town of about 10,000 people (Spa, Belgium; Casino, New
    /// South Wales), not the 2,300 of Cafe in the Philippines.
    static let townNamedImportance = 0.53

    func geocode(_ searchText: String) throws -> GeocodeResponse {
        let center = parameters.preferredSearchLocation?.projected(to: .wgs84)
        let filter = try backend.searchFilter(
            categories: parameters.categories, area: parameters.searchArea, countryCode: parameters.countryCode,
            state: state)
        let text = QueryText(searchText)
        var readings = QueryAnalysis(text, resolver: backend.resolver, lexicon: state.lexicon).readings
        if readings.isEmpty {
            // No words: the category filter alone (a caller gives text or categories).
            guard filter.categoryRanges != nil else { return GeocodeResponse(results: []) }
            let categories = try backend.resolver.filterCategories(parameters.categories)
            readings = [Reading(kind: .category(CategoryReading(categories: categories)), penalty: 0)]
        }
        // (A category phrase alone, and the town it may name, search no words but the phrase.)
        let searchesWords = readings.contains {
            switch $0.kind {
            case .category, .townNamed: return false
            default: return true
            }
        }
        let townAliases =
            searchesWords && readings.count > 1
            ? try TownAliases.find(text, backend: backend, db: db, state: state) : [:]
        var wordsQuery = TextQuery(
            text.words.indices, in: text, genericWords: state.genericWords, townAliases: townAliases)
        if searchesWords && readings.count > 1 {
            try backend.completeLastWord(&wordsQuery, db: db)
            try backend.weigh(&wordsQuery, db: db, state: state)
        }
        let minimum = parameters.minScore ?? GeocodeParameters.defaultMinimumScore
        var context = SearchContext(
            backend: backend, db: db, state: state, text: text, filter: filter, center: center,
            maxResults: parameters.maxResults, maxDistance: parameters.maxDistance, wordsQuery: wordsQuery,
            minimumScore: minimum)
        context.townAliases = townAliases

        var found: [Candidate] = []
        var traces: [QueryExplanation.ReadingTrace] = []
        let qualifier = readings.lazy.compactMap { reading -> Qualifier? in
            if case .qualified(let qualified) = reading.kind { return qualified.qualifier }
            return nil
        }.first
        var fallbackFound: Int?  // the most words of a fallback locality found so far
        var explained = false  // whether a candidate of another reading matched every word
        for (index, reading) in readings.enumerated() {
            try WorkBudget.checkCurrent()  // a request over its time limit stops between stages
            let best = found.map(\.score).max() ?? 0
            var skipped: String?
            switch reading.kind {
            case .name, .address, .qualified, .category:
                if best >= Self.wholeTextScore { skipped = "skipped: an earlier reading names the whole text" }
            case .localityFallback(let fallback):
                if best >= LocalityFallbackStage.threshold || explained {
                    skipped = "skipped: an earlier reading explains the text"
                } else if context.anchoredCategory {
                    skipped = "skipped: the category's place was found"
                } else if context.namesFeature {
                    skipped = "skipped: the text names a feature"
                } else if let longer = fallbackFound, longer > fallback.locality.count {
                    skipped = "skipped: a longer locality was found"
                } else if fallback.beforeLastSection, fallbackFound != nil {
                    skipped = "skipped: a later section named a locality"
                }
            case .townNamed:
                if center != nil, !found.isEmpty { skipped = "skipped: the category has places near the point" }
            default: break
            }
            if let skipped {
                if parameters.explain { traces.append(trace(reading, text: text, outcome: skipped, candidates: [])) }
                continue
            }
            let started = DispatchTime.now().uptimeNanoseconds
            var result = try run(reading, qualifier: qualifier, in: &context)
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            for i in result.candidates.indices {
                result.candidates[i].reading = index
                result.candidates[i].score = max(0, result.candidates[i].score - reading.penalty)
            }
            if parameters.explain {
                traces.append(
                    trace(
                        reading, text: text, outcome: result.note, candidates: result.candidates,
                        milliseconds: milliseconds))
            }
            if case .localityFallback(let fallback) = reading.kind {
                if !result.candidates.isEmpty { fallbackFound = max(fallbackFound ?? 0, fallback.locality.count) }
            } else {
                explained = explained || result.candidates.contains { $0.unmatchedWords == 0 && $0.score >= minimum }
            }
            found += result.candidates
        }

        // One candidate per place (its best reading), ranked once, deduped once, cut once.
        var best: [Int64: Candidate] = [:]
        for candidate in found where candidate.score > best[candidate.id]?.score ?? -1 {
            best[candidate.id] = candidate
        }
        let wantsAddress = readings.contains { if case .address = $0.kind { return true } else { return false } }
        // (Those below the minimum go before ranking: most of a partial match's thousands of
        // candidates, which would be sorted only to be dropped.)
        func ranked(_ candidates: [Candidate]) -> [Candidate] {
            GazetteerBackend.distinct(Ranking.sorted(candidates, hasCenter: center != nil, wantsAddress: wantsAddress))
        }
        var kept = ranked(
            best.values.filter {
                $0.score >= minimum && (parameters.matchOutOfRange || $0.kind != .streetAddressExt)
            })
        var farWeaker: QueryExplanation.Cut?
        if let below = Ranking.farWeakerScore(kept) {
            let count = kept.count
            kept.removeAll { $0.anchor == nil && $0.score < below }
            if kept.count < count { farWeaker = QueryExplanation.Cut(count: count - kept.count, below: below) }
        }
        if let radius = parameters.preferredSearchRadius, center != nil {
            // ArcGIS's `distance`: those within the radius first, each part in its ranked order.
            kept = kept.filter { $0.distance <= radius } + kept.filter { $0.distance > radius }
        }
        let shown = Array(kept.prefix(parameters.maxResults))

        let rows = try backend.places(for: shown, db: db)
        let results = try shown.compactMap { candidate -> GeocodeResult? in
            guard let place = rows[candidate.id] else { return nil }
            return try state.results.result(
                place, score: candidate.score, distance: candidate.distance, input: candidate.anchor ?? center,
                outputSpatialReference: parameters.outputSpatialReference ?? .wgs84,
                requested: parameters.resultAttributeNames, all: ResultAttributes.candidateFields,
                defaults: ResultAttributes.defaultFields,
                localizer: PlaceLocalizer(
                    language: language(of: candidate, place, wordsQuery),
                    isLocal: parameters.outputLanguageCode == nil && parameters.answersInLocalLanguage, db: db))
        }
        var response = GeocodeResponse(results: parameters.locationType.placed(results))
        if results.isEmpty, let empty = context.emptyCategorySearch {
            response.coverage = try backend.coverage(for: empty, db: db, state: state)
        }
        if parameters.explain {
            // The two best shown, or when none is, the two best below the minimum.
            let top = kept.isEmpty ? Array(ranked(Array(best.values)).prefix(2)) : Array(kept.prefix(2))
            response.explanation = try explanation(
                text: searchText, words: text.folded, traces: traces, top: top, readings: readings,
                minimum: minimum, dropped: best.values.count(where: { $0.score < minimum }), hasCenter: center != nil,
                wantsAddress: wantsAddress)
            response.explanation?.farWeaker = farWeaker
            response.explanation?.townAliases = townAliases.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
        }
        return response
    }

    /// The language an answer is written in: the one asked for; else its country's most spoken
    /// when local names are asked for (the open dialects); else, as ArcGIS answers, the
    /// language of the name the text found it by ("Helsingfors" is answered in Swedish, "Roma"
    /// in Italian); else none (its own names).
    private func language(of candidate: Candidate, _ place: PlaceRecord, _ text: TextQuery) -> String? {
        if let asked = parameters.outputLanguageCode { return asked }
        if parameters.answersInLocalLanguage { return state.results.languages(of: place.country).first }
        guard candidate.localizedName != nil || candidate.viaAlternateName, !place.localizedNames.isEmpty else {
            return nil
        }
        return LocalizedNames.language(
            in: place.localizedNames, preferring: state.results.languages(of: place.country),
            isTyped: text.isWrittenAsTyped)
    }

    private func run(_ reading: Reading, qualifier: Qualifier?, in context: inout SearchContext) throws
        -> StageResult
    {
        switch reading.kind {
        case .wholeAddress(let whole): return try WholeAddressStage.candidates(whole, in: &context)
        case .address(let address): return try AddressStage.candidates(address, in: &context)
        case .intersection(let intersection): return try IntersectionStage.candidates(intersection, in: &context)
        case .qualified(let qualified): return try QualifiedPlaceStage.candidates(qualified, in: &context)
        case .category(let category): return try CategoryStage.candidates(category, in: &context)
        case .name: return try NameStage.candidates(qualifier: qualifier, in: &context)
        case .localityFallback(let fallback): return try LocalityFallbackStage.candidates(fallback, in: &context)
        case .townNamed:
            let query = context.query(Array(context.text.words.indices), prefixAllowed: false)
            var found = try backend.localitiesNamed(query, center: context.center, filter: context.filter, db: db)
            // Near a point without places of the category, only a town people may mean: a
            // village of that name across the world is no answer to "cafe" in London.
            if context.center != nil { found.removeAll { $0.importance < Self.townNamedImportance } }
            return StageResult(candidates: found, note: found.isEmpty ? "none" : "own name")
        }
    }

    // MARK: - Explain

    private func trace(
        _ reading: Reading, text: QueryText, outcome: String, candidates: [Candidate], milliseconds: Double? = nil
    ) -> QueryExplanation.ReadingTrace {
        let best = candidates.max { ($0.score, -$0.id) < ($1.score, -$1.id) }
        var trace = QueryExplanation.ReadingTrace(
            stage: reading.stage, reading: reading.describe(text), penalty: reading.penalty, outcome: outcome,
            candidates: candidates.count, bestID: best?.id, bestScore: best?.score)
        trace.milliseconds = milliseconds
        return trace
    }

    private func explanation(
        text: String, words: [String], traces: [QueryExplanation.ReadingTrace], top: [Candidate],
        readings: [Reading], minimum: Double, dropped: Int, hasCenter: Bool, wantsAddress: Bool
    ) throws -> QueryExplanation {
        let ids = traces.compactMap(\.bestID).map {
            Candidate(id: $0, longitude: 0, latitude: 0, score: 0, distance: 0, importance: 0)
        }
        let rows = try backend.places(for: ids + top, db: db)
        func label(_ id: Int64) -> String {
            guard let place = rows[id] else { return "place \(id)" }
            return GazetteerBackend.label(place, state: state)
        }
        var traces = traces
        for index in traces.indices { traces[index].best = traces[index].bestID.map(label) }
        func why(_ candidate: Candidate) -> String {
            let parts = Ranking.breakdown(candidate, hasCenter: hasCenter, wantsAddress: wantsAddress)
            let terms = parts.map { String(format: "%@ %.1f", $0.name, $0.value) }.joined(separator: " + ")
            let total = parts.reduce(0) { $0 + $1.value }
            return "\(label(candidate.id)) (\(readings[candidate.reading].stage)): \(terms) = rank "
                + String(format: "%.1f", total)
        }
        var winner: String?
        if let first = top.first {
            winner =
                (first.score >= minimum ? "first: " : "best, below the minimum score: ") + why(first)
                + (top.count > 1 ? "; next: " + why(top[1]) : "")
        }
        return QueryExplanation(
            text: text, words: words, readings: traces, minimumScore: minimum, belowMinimum: dropped, winner: winner)
    }
}
