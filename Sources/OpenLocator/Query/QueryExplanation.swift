/// Why a search answered as it did (``GeocodeParameters/explain``, `locator find --explain`):
/// the folded words, each reading with its penalty and what its stage found, and how the
/// first result's rank was made up against the next one's.
///
/// ```
/// words: rochester mn
/// reading 1, name (penalty 0): name "rochester mn" — some words: 21 candidates, best Rochester, Victoria, AUS (score 36.8) [4.30 ms]
/// reading 2, qualified place (penalty 0): place "rochester" in Minnesota, United States or Mongolia ("mn") — found in USA: 1 candidate, best Rochester, Minnesota, USA (score 100.0) [0.88 ms]
/// minimum score 50: 20 candidates below it
/// first: Rochester, Minnesota, USA (qualified place): score 100.0 + importance 8.1 = rank 108.1; next: …
/// ```
public struct QueryExplanation: Sendable, Hashable, CustomStringConvertible {
    /// One reading of the text and what its stage found.
    public struct ReadingTrace: Sendable, Hashable {
        /// The stage that ran it: "address", "name", "qualified place", "category",
        /// "category + place", "locality fallback".
        public var stage: String
        /// What the reading takes the words for.
        public var reading: String
        /// Points taken off the score of what it found.
        public var penalty: Double
        /// How the stage searched, or why it was skipped.
        public var outcome: String
        /// How many candidates it found.
        public var candidates: Int
        /// Its best candidate's label and score.
        public var best: String?
        public var bestScore: Double?
        /// How long its stage took, in milliseconds (`nil` when it was skipped).
        public var milliseconds: Double?
        var bestID: Int64?

        init(
            stage: String, reading: String, penalty: Double, outcome: String, candidates: Int, bestID: Int64?,
            bestScore: Double?
        ) {
            (self.stage, self.reading, self.penalty, self.outcome) = (stage, reading, penalty, outcome)
            (self.candidates, self.bestID, self.bestScore) = (candidates, bestID, bestScore)
        }
    }

    /// The text as given.
    public var text: String
    /// Its folded words.
    public var words: [String]
    public var readings: [ReadingTrace]
    /// The lowest score returned (``GeocodeParameters/minScore``, or the default).
    public var minimumScore: Double
    /// How many candidates scored below it.
    public var belowMinimum: Int
    /// The candidates left out as far weaker than one that explains the whole text
    /// (``Ranking/farWeaker``); `nil` when none was.
    public var farWeaker: Cut?
    /// Towns written by another of their names, read as their own too ("helsingfors = helsinki").
    public var townAliases: [String] = []

    /// Candidates left out: how many, and the score they fell below.
    public struct Cut: Sendable, Hashable {
        public var count: Int
        public var below: Double
    }
    /// How the first candidate's rank was made up, against the next one's; `nil` when there
    /// was no candidate at all.
    public var winner: String?

    public var description: String {
        var lines = ["words: " + (words.isEmpty ? "(none)" : words.joined(separator: " "))]
        for alias in townAliases { lines.append("town by another of its names: \(alias)") }
        for (index, trace) in readings.enumerated() {
            var line =
                "reading \(index + 1), \(trace.stage) (penalty \(Self.number(trace.penalty))): \(trace.reading) — \(trace.outcome)"
            if trace.candidates > 0 {
                line += ": \(trace.candidates) candidate\(trace.candidates == 1 ? "" : "s")"
                if let best = trace.best, let score = trace.bestScore {
                    line += ", best \(best) (score \(String(format: "%.1f", score)))"
                }
            }
            if let milliseconds = trace.milliseconds { line += String(format: " [%.2f ms]", milliseconds) }
            lines.append(line)
        }
        lines.append(
            "minimum score \(Self.number(minimumScore))"
                + (belowMinimum > 0 ? ": \(belowMinimum) candidate\(belowMinimum == 1 ? "" : "s") below it" : ""))
        if let cut = farWeaker {
            lines.append(
                "cut: \(cut.count) candidate\(cut.count == 1 ? "" : "s") scoring below \(Self.number(cut.below)), far weaker than one that explains every word"
            )
        }
        lines.append(winner ?? "no candidate")
        return lines.joined(separator: "\n")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
    }
}
