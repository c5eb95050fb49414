/// Everything a search answers: the results, and when there are none because the gazetteer has
/// no such places near the point, where it has them; with ``GeocodeParameters/explain``, why.
///
/// ```swift
/// let response = try await task.geocodeResponse(forSearchText: "coffee shop", using: parameters)
/// if response.results.isEmpty, let coverage = response.coverage {
///     print(coverage.summary)   // "No Coffee Shop within 50 km of 34.0270,-118.8050. This gazetteer has POIs only around Helsinki, …"
/// }
/// ```
public struct GeocodeResponse: Sendable {
    /// At most ``GeocodeParameters/maxResults`` results, best first.
    public var results: [GeocodeResult]
    /// Set when a category search found nothing within its radius: where this gazetteer has
    /// places of interest at all. `nil` otherwise, and always from a remote service.
    public var coverage: Coverage?
    /// The readings of the text and why the first result won, when
    /// ``GeocodeParameters/explain`` asked for it (the embedded gazetteer only).
    public var explanation: QueryExplanation?

    public init(results: [GeocodeResult], coverage: Coverage? = nil, explanation: QueryExplanation? = nil) {
        self.results = results
        self.coverage = coverage
        self.explanation = explanation
    }
}
