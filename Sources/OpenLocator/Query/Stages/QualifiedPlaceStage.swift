/// The qualified reading: a place's name inside the region or country its trailing words name
/// ("Rochester, MN", "Hamilton, New Zealand", "Portland, Oregon, USA").
///
/// The name's words are searched in each country the qualifier may mean, restricted to the
/// regions it names there (by the places' `region`, its name or code), every word as typed or
/// corrected; never partially. A match scores as if the qualifier's words had matched too, so
/// "Rochester, MN" finds Rochester, Minnesota at 100. An ambiguous code ("CA": California or
/// Canada) searches both; the places found compete as any others do. A postcode after the
/// qualifier ("Beverly Hills, CA 90210") also finds its postal area there, by the code and the
/// name as its locality.
enum QualifiedPlaceStage {
    static func candidates(_ reading: QualifiedReading, in context: inout SearchContext) throws -> StageResult {
        var found: [Candidate] = []
        var countries: [String] = []
        let postcode = reading.qualifier.words.filter { !context.text.words[$0].hasLetter }
        let postal = GazetteerBackend.intersect(
            [context.backend.tree["Postal"]!.codeRange], with: context.filter.categoryRanges)
        for filter in context.filters(for: reading.qualifier) {
            var query = context.query(reading.name, prefixAllowed: false)
            var (candidates, _) = try context.textCandidates(&query, filter: filter, partial: false)
            candidates = candidates.map {
                qualified(
                    $0, nameWeight: query.totalWeight, qualifierWeight: context.weight(of: reading.qualifier.words))
            }
            if !postcode.isEmpty, !postal.isEmpty {
                var postalFilter = filter
                postalFilter.categoryRanges = postal
                var postalQuery = context.query(reading.name + postcode, prefixAllowed: false)
                let (areas, _) = try context.textCandidates(&postalQuery, filter: postalFilter, partial: false)
                let region = reading.qualifier.words.filter { context.text.words[$0].hasLetter }
                candidates += areas.map {
                    qualified($0, nameWeight: postalQuery.totalWeight, qualifierWeight: context.weight(of: region))
                }
            }
            if !candidates.isEmpty { countries.append(filter.country ?? "") }
            found += candidates
        }
        return StageResult(
            candidates: found,
            note: countries.isEmpty ? "nothing there" : "found in \(countries.joined(separator: ", "))")
    }

    /// A match of the name's words scored over the whole query, its qualifier words matched.
    static func qualified(_ candidate: Candidate, nameWeight: Double, qualifierWeight: Double) -> Candidate {
        var candidate = candidate
        if candidate.score < 100 {
            candidate.score = (candidate.score * nameWeight + 100 * qualifierWeight) / (nameWeight + qualifierWeight)
        }
        return candidate
    }
}
