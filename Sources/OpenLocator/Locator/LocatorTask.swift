import Foundation

/// Finds places by category, name or address, and what is at a point — the ArcGIS
/// `LocatorTask` API, answered offline from a gazetteer.
///
/// ```swift
/// let task = LocatorTask(gazetteer: try await LocatorTask.defaultGazetteerURL())
/// let parameters = GeocodeParameters()
/// parameters.preferredSearchLocation = Point(latitude: 60.1699, longitude: 24.9384)
/// parameters.addResultAttributeNames(["PlaceName", "Place_addr"])
/// let cafes = try await task.geocode(forSearchText: "coffee shop", using: parameters)
/// ```
public final class LocatorTask: Sendable {
    let backend: any LocatorBackend

    /// The longest search text accepted, in characters.
    public static let maxSearchTextLength = 1000

    /// Makes a task that answers from a gazetteer file built by `locator build`.
    ///
    /// The file is opened on first use; a missing or foreign file makes every call throw
    /// ``LocatorError`` with code `gazetteerUnavailable`.
    public init(gazetteer: URL) {
        backend = GazetteerBackend(url: gazetteer)
    }

    /// Makes a task that answers from a remote ArcGIS REST GeocodeServer: the ArcGIS World
    /// Geocoding Service, an ArcGIS Enterprise locator, or another OpenLocator's `locator serve`.
    ///
    /// ```swift
    /// let world = LocatorTask(
    ///     url: URL(string: "https://geocode-api.arcgis.com/arcgis/rest/services/World/GeocodeServer")!,
    ///     apiKey: ProcessInfo.processInfo.environment["ARCGIS_API_KEY"])
    /// ```
    /// Every call then goes over HTTP(S); errors come as ``LocatorError`` with codes such as
    /// `tokenRequired`, `invalidToken`, `rateLimited`, `serviceUnavailable`, `timeout` or
    /// `offline`, and never contain the API key.
    /// - Parameters:
    ///   - url: the GeocodeServer's URL (`…/GeocodeServer`).
    ///   - apiKey: an ArcGIS API key or access token, when the service needs one.
    ///   - options: timeouts, retries and where the key is sent.
    public init(url: URL, apiKey: String? = nil, options: RemoteServiceOptions = RemoteServiceOptions()) {
        backend = RemoteBackend(url: url, apiKey: apiKey, options: options)
    }

    init(backend: any LocatorBackend) {
        self.backend = backend
    }

    /// Finds places and addresses for search text, best first.
    ///
    /// The text may be a category ("coffee shop", "parks", "food"), a name ("Stockmann"), an
    /// address ("Mannerheimintie 10, Helsinki") or empty when `parameters.categories` is set.
    /// A category with `preferredSearchLocation` returns the nearest places of that category,
    /// nearest first.
    /// - Parameters:
    ///   - searchText: what to look for; at most 1,000 characters.
    ///   - parameters: ranking location, filters, result count and attributes.
    /// - Returns: at most `parameters.maxResults` results; empty when nothing matches.
    /// - Throws: ``LocatorError`` for bad parameters or an unusable gazetteer.
    public func geocode(forSearchText searchText: String, using parameters: GeocodeParameters = GeocodeParameters())
        async throws -> [GeocodeResult]
    {
        try await geocodeResponse(forSearchText: searchText, using: parameters).results
    }

    /// ``geocode(forSearchText:using:)`` with all of its answer: the results, and when a
    /// category search finds nothing within ``GeocodeParameters/maxDistance`` the gazetteer's
    /// coverage (where it has POIs), and with ``GeocodeParameters/explain`` the readings of the
    /// text and why the first result won.
    ///
    /// ```swift
    /// let parameters = GeocodeParameters()
    /// parameters.preferredSearchLocation = Point(latitude: 34.027, longitude: -118.805)
    /// let response = try await task.geocodeResponse(forSearchText: "coffee shop", using: parameters)
    /// if response.results.isEmpty { print(response.coverage?.summary ?? "nothing found") }
    /// ```
    /// - Throws: ``LocatorError`` for bad parameters or an unusable gazetteer; never for an
    ///   empty answer.
    public func geocodeResponse(
        forSearchText searchText: String, using parameters: GeocodeParameters = GeocodeParameters()
    ) async throws -> GeocodeResponse {
        try Self.checkLength(searchText)
        try Task.checkCancellation()
        return try await backend.geocode(searchText: searchText, parameters: parameters.validated())
    }

    /// Finds the address or place at or nearest a location, within `parameters.maxDistance`.
    ///
    /// ```swift
    /// let parameters = ReverseGeocodeParameters()
    /// parameters.featureTypes = [.pointAddress]
    /// let here = try await task.reverseGeocode(forLocation: tap, parameters: parameters).first
    /// ```
    /// - Returns: results nearest first; empty when nothing lies within the distance.
    /// - Throws: ``LocatorError`` for an invalid location or parameters.
    public func reverseGeocode(
        forLocation location: Point, parameters: ReverseGeocodeParameters = ReverseGeocodeParameters()
    ) async throws -> [GeocodeResult] {
        guard location.isValid else {
            throw LocatorError.invalidParameter("location is not a valid point: \(location)")
        }
        try Task.checkCancellation()
        return try await backend.reverseGeocode(location: location, parameters: parameters.validated())
    }

    /// Suggests completions for text as it is typed: places (nearest and most important
    /// first), categories and chains. Text shorter than 2 characters suggests nothing.
    ///
    /// ```swift
    /// let suggestions = try await task.suggest(forSearchText: "coff")
    /// // [Coffee Shop (collection), Coffee House, ...]
    /// ```
    /// - Throws: ``LocatorError`` for bad parameters or an unusable gazetteer.
    public func suggest(forSearchText searchText: String, parameters: SuggestParameters = SuggestParameters())
        async throws -> [SuggestResult]
    {
        try Self.checkLength(searchText)
        try Task.checkCancellation()
        return try await backend.suggest(searchText: searchText, parameters: parameters.validated())
    }

    /// The places a suggestion stands for: the place itself, or for a category or chain the
    /// places of it nearest `preferredSearchLocation` (most important without one).
    public func geocode(
        forSuggestResult suggestion: SuggestResult, using parameters: GeocodeParameters = GeocodeParameters()
    ) async throws -> [GeocodeResult] {
        try Self.checkLength(suggestion.label)
        try Task.checkCancellation()
        return try await backend.geocode(suggestion: suggestion, parameters: parameters.validated())
    }

    static func checkLength(_ text: String) throws {
        let length = text.unicodeScalars.count
        guard length <= maxSearchTextLength else {
            throw LocatorError.invalidParameter(
                "search text is too long (\(length) characters); at most \(maxSearchTextLength) are allowed")
        }
    }

    /// Describes the data behind this task: sources, attribution, counts per category.
    public var locatorInfo: LocatorInfo {
        get async throws { try await backend.info() }
    }

    /// Whether the gazetteer has POIs or addresses within a coverage cell (a quarter degree)
    /// of `point`, in time that does not grow with the file; `nil` for a remote service.
    package func hasCoverage(near point: Point) throws -> Bool? {
        try (backend as? GazetteerBackend)?.hasCoverageNow(near: point)
    }

    /// "around Helsinki, Uusimaa, Finland": the most important locality near `point`, or
    /// `nil` (none within 25 km, or a remote service).
    package func surroundings(of point: Point) throws -> String? {
        try (backend as? GazetteerBackend)?.surroundingsNow(of: point)
    }
}
