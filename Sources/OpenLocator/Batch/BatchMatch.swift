/// The best match for one address of a batch, and how sure it is.
///
/// ```swift
/// let matches = try await task.geocode(batch: ["Mannerheimintie 10, Helsinki", "nowhere at all"])
/// matches[0].status   // .matched
/// matches[1].result   // nil (.unmatched)
/// ```
public struct BatchMatch: Sendable, Hashable {
    /// How a record matched, as ArcGIS batch geocoding reports it (`Status` M, T or U).
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// One best candidate.
        case matched
        /// Two or more candidates share the best score; the first of them is given.
        case tied
        /// No candidate (or none scoring at least `minScore`).
        case unmatched

        /// ArcGIS's one-letter code: "M", "T" or "U".
        public var code: String {
            switch self {
            case .matched: return "M"
            case .tied: return "T"
            case .unmatched: return "U"
            }
        }

        /// The status for an ArcGIS code ("M", "T", "U"; anything else is unmatched).
        public init(code: String) {
            switch code.uppercased() {
            case "M": self = .matched
            case "T": self = .tied
            default: self = .unmatched
            }
        }
    }

    /// The best candidate, `nil` when unmatched.
    public var result: GeocodeResult?
    public var status: Status
    /// Reverse geocoding: how far the result is from the point, in metres (`nil` when
    /// unmatched, and for a geocoded address).
    public var distance: Double?

    public init(result: GeocodeResult?, status: Status, distance: Double? = nil) {
        self.result = status == .unmatched ? nil : result
        self.status = result == nil ? .unmatched : status
        self.distance = self.result == nil ? nil : distance
    }

    /// The match among a search's ranked results: tied when the runner-up scores the same.
    /// Ask for at least two results to tell a tie.
    init(ranked results: [GeocodeResult], minScore: Double) {
        let kept = results.filter { $0.score >= minScore }
        guard let best = kept.first else {
            self.init(result: nil, status: .unmatched)
            return
        }
        let tied = kept.count > 1 && kept[1].score == best.score
        self.init(result: best, status: tied ? .tied : .matched)
    }
}
