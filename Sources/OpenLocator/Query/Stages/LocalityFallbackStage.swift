/// The locality fallback, as ArcGIS answers a landmark or street it lacks: the locality the
/// query names beside words nothing matches ("Rochester Public Library" → Rochester), with a
/// lower score, the homonym nearest the search point first.
///
/// Run only when no other reading explains the query well (no candidate scoring
/// ``threshold`` or more, none matching every word) and no category + place reading joined by
/// a connecting word found its place; proposals are tried longest first, and shorter ones only
/// when no longer one named a locality. A proposal's words must name a populated place exactly
/// (every word, no other word of its name; an alternate name counts), inside its qualifier's
/// regions. It scores
///
/// ```
/// 50 + 40 × (weight of the locality's and qualifier's words) / (weight of all words)
/// ```
/// (before words found nowhere in the data, the town must carry ``leastShare`` of it), less
/// ``categoryWordPenalty`` when the locality's words also name a category (Library,
/// Pennsylvania is not what "Rochester Public Library" means): always at least the default
/// minimum score, never as much as a match of every word.
///
/// Two shapes read as a feature's own name, not as a landmark of a town, and answer no town:
/// a locality of generic words alone ("Eiffel Tower": Tower, Ireland), and one generic word
/// beside the town without a comma between ("Golden Gate Bridge", "Statue of Liberty"), where
/// "Rochester Public Library" or "Old Mill, Kingston" name a landmark of the town. Generic
/// words are the category phrases and the ``GenericWords``.
enum LocalityFallbackStage {
    static let threshold = 90.0
    static let baseScore = 50.0
    static let explainedShare = 40.0
    static let categoryWordPenalty = 10.0
    /// The least share of the text's weight the town (and its qualifier) must carry when words
    /// (not numbers) found nowhere in the data follow it in its part of the text: a common word
    /// before unknown names is more likely the start of a name the data lacks ("Bad
    /// Königsdorff-Jastrzemb" is no Bād, India), while "Seoni Fire Station No 3" is a landmark
    /// of Seoni and "Qzorv Avenue 12, Helsinki" a street of Helsinki.
    static let leastShare = 0.25

    static func candidates(_ reading: LocalityFallbackReading, in context: inout SearchContext) throws -> StageResult {
        var localities = context.filter
        localities.categoryRanges = SearchFilter.merged(
            GazetteerBackend.intersect(
                [context.backend.tree["Populated Place"]!.codeRange], with: context.filter.categoryRanges))
        guard localities.categoryRanges?.isEmpty == false else {
            return StageResult(candidates: [], note: "the category filter allows no locality")
        }
        // Only the stretch of ids the file's localities lie in, when it says.
        if case .some(let ids) = context.state.localityIDs {
            guard let ids else { return StageResult(candidates: [], note: "this gazetteer has no localities") }
            localities.ids = ids
        }
        let explained = reading.locality + (reading.qualifier?.words ?? [])
        let share = context.weight(of: explained) / context.weight(of: Array(context.text.words.indices))
        let documents = context.wordsQuery.documents
        // Words after the town in its own part of the text, not numbers: a postcode the data
        // lacks ("1012 AB Hebei") or a street before the town ("Qzorv Avenue 12, Helsinki") is
        // what the fallback is for.
        let words = context.text.words
        let last = reading.locality.max() ?? 0
        let unknownBeside = reading.unexplained.contains {
            $0 > last && words[$0].section == words[last].section && $0 < documents.count && documents[$0] == 0
                && !words[$0].folded.contains(where: \.isNumber)
        }
        guard share >= leastShare || !unknownBeside else {
            return StageResult(candidates: [], note: "explains too little beside words found nowhere")
        }
        var score = baseScore + explainedShare * share
        let localityWords = reading.locality.map { context.text.words[$0].folded }
        let namesCategory = localityWords.contains {
            !context.backend.resolver.categories(matchingFolded: [$0]).isEmpty
        }
        if namesCategory { score -= categoryWordPenalty }
        var found: [Candidate] = []
        var query = context.query(reading.locality, prefixAllowed: false)
        for filter in reading.qualifier.map({ context.filters(for: $0, base: localities) }) ?? [localities] {
            // By its own name first (an index lookup); else by an alternate name, as typed.
            var candidates = try context.backend.localitiesNamed(
                query, center: context.center, filter: filter, db: context.db)
            if candidates.isEmpty {
                if query.documents.isEmpty { try context.backend.weigh(&query, db: context.db, state: context.state) }
                candidates = try context.backend.fetchTextMatches(
                    query, expression: alternateNameExpression(query, places: context.state.placeCount),
                    center: context.center, filter: filter,
                    order: .storage, db: context.db, state: context.state
                ).candidates
            }
            found += candidates.filter { $0.score >= ForwardGeocoder.wholeTextScore }.map { candidate in
                var candidate = candidate
                candidate.score = score
                candidate.sameAs = nil
                return candidate
            }
        }
        // (Only a locality that is there makes the text a feature's name.)
        if !found.isEmpty, let (feature, whole) = featureName(reading, in: context) {
            context.namesFeature = context.namesFeature || whole
            return StageResult(candidates: [], note: feature)
        }
        return StageResult(
            candidates: found, note: found.isEmpty ? "no such locality" : "scored \(Int(score.rounded()))")
    }

    /// Why the reading names a feature rather than a landmark of a town, and whether that makes
    /// the whole text a feature's name; `nil` when it may be a landmark of the town.
    static func featureName(_ reading: LocalityFallbackReading, in context: SearchContext) -> (String, whole: Bool)? {
        let words = context.text.words
        func isGeneric(_ index: Int) -> Bool {
            let word = words[index].folded
            return context.state.genericWords.isGeneric(word)
                || !context.backend.resolver.categories(matchingFolded: [word]).isEmpty
        }
        if reading.locality.allSatisfy(isGeneric) {
            return ("its words are generic: a feature's name, not a town", false)
        }
        let rest = reading.unexplained.filter { !QueryAnalysis.connectors.contains(words[$0].folded) }
        if rest.count == 1, isGeneric(rest[0]),
            reading.locality.allSatisfy({ words[$0].section == words[rest[0]].section })
        {
            return ("one generic word beside it: a feature's own name, not a landmark of the town", true)
        }
        return nil
    }

    /// The FTS5 expression for localities of another name: the alternate names only, since the
    /// own name was looked up already, with the words' alternatives ("St" for "Saint"). A
    /// common word ("business", in 10 % of the
    /// places) matched in every column would join each of its places only to drop it as no
    /// locality: 390 ms at 5M places, against 1 ms. And only the rarest word with a letter and
    /// the words in at most ``rareShare`` of the places' text and in at most
    /// ``rarestListMultiple`` times as many places as the rarest are asked for: FTS5 reads a
    /// word's whole list whatever the column ("business" and "facility" cost 11 ms at 5M; "new"
    /// beside "york" 9 ms at 20M, against 3 ms for "york" alone), and a candidate must still
    /// match every word to count.
    static func alternateNameExpression(_ query: TextQuery, places: Int64) -> String {
        var kept = Array(query.words.indices)
        if places > 0, let rarest = GazetteerBackend.rarestWord(query, among: kept) {
            let rarestDocuments = Double(query.documents[rarest] ?? places)
            let most = min(rareShare * Double(places), rarestListMultiple * rarestDocuments)
            kept = kept.filter { $0 == rarest || Double(query.documents[$0] ?? places) <= most }
        }
        return GazetteerBackend.allOf(kept.map { GazetteerBackend.term(query, $0) }, columns: "alt_names")
    }

    /// The share of the places' text a word may be in for the alternate-name lookup to ask for it.
    static let rareShare = 0.01
    /// How many times as many places as the rarest word a word of the alternate-name lookup may
    /// be in: reading a longer list costs more than the few rows it could rule out.
    static let rarestListMultiple = 2.0
}
