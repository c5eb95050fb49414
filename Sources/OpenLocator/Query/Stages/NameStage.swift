/// The name reading: every word a name or part of one ("Stockmann", "Cafe Regatta", "San").
///
/// Full-text matches of all the words, then with misspelt ones corrected, then of some words
/// (``GazetteerBackend/textCandidates(_:center:filter:partial:db:state:)``). When the query
/// ends in a qualifier that a match's text does not explain ("Rochester, Mongolia" against
/// Rochester, New York), the match loses ``qualifierMismatchPenalty`` and scores at most
/// ``qualifierMismatchCeiling``, below the default minimum: a qualifier that names nothing is
/// never a silent switch to another country ("Mannerheimintie 10, Helsinki, US" answers
/// nothing unless `minScore` asks for weaker matches).
enum NameStage {
    static let qualifierMismatchPenalty = 30.0
    static let qualifierMismatchCeiling = GeocodeParameters.defaultMinimumScore - 5

    static func candidates(qualifier: Qualifier?, in context: inout SearchContext) throws -> StageResult {
        var query = context.wordsQuery
        var (candidates, retrieval) = try context.textCandidates(&query)
        if let qualifier {
            let mask = qualifier.words.reduce(UInt32(0)) { $0 | 1 << UInt32($1) }
            for index in candidates.indices where candidates[index].unmatchedWords & mask != 0 {
                candidates[index].score = max(
                    0, min(qualifierMismatchCeiling, candidates[index].score - qualifierMismatchPenalty))
            }
        }
        return StageResult(candidates: candidates, note: retrieval.rawValue)
    }
}

/// What a stage found, and a word on how, for `--explain`.
struct StageResult {
    var candidates: [Candidate]
    var note: String
}
