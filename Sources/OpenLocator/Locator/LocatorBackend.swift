/// What a place-search backend does: the embedded gazetteer and a remote GeocodeServer
/// both conform, and ``LocatorTask`` orchestrates whichever it was given.
protocol LocatorBackend: Sendable {
    /// Finds places and addresses matching text (possibly empty when categories are given).
    func geocode(searchText: String, parameters: GeocodeOptions) async throws -> GeocodeResponse
    /// Finds what is at or near a location.
    func reverseGeocode(location: Point, parameters: ReverseGeocodeOptions) async throws -> [GeocodeResult]
    /// Suggests places, categories and chains for text being typed.
    func suggest(searchText: String, parameters: SuggestOptions) async throws -> [SuggestResult]
    /// The places a suggestion stands for.
    func geocode(suggestion: SuggestResult, parameters: GeocodeOptions) async throws -> [GeocodeResult]
    /// The best match for each of many texts, in order (`maxResults` is 2, to tell ties).
    func geocode(batch texts: [String], parameters: GeocodeOptions) async throws -> [BatchMatch]
    /// The best answer for each of many points, in order (`maxResults` is 1).
    func reverseGeocode(batch locations: [Point], parameters: ReverseGeocodeOptions) async throws -> [BatchMatch]
    /// Describes the backend's data.
    func info() async throws -> LocatorInfo
}
