import Foundation

/// Finds places by category, name or address, and what is at a point — the ArcGIS
/// `LocatorTask` API, answered offline from a gazetteer.
///
/// ```swift
/// let task = LocatorTask(gazetteer: try await LocatorTask.defaultGazetteerURL())
/// var parameters = GeocodeParameters()
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
        let length = searchText.unicodeScalars.count
        guard length <= Self.maxSearchTextLength else {
            throw LocatorError.invalidParameter(
                "search text is too long (\(length) characters); at most \(Self.maxSearchTextLength) are allowed")
        }
        try Task.checkCancellation()
        return try await backend.geocode(searchText: searchText, parameters: parameters.validated())
    }

    /// Finds the address or place at or nearest a location, within `parameters.maxDistance`.
    ///
    /// ```swift
    /// var parameters = ReverseGeocodeParameters()
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

    /// Describes the data behind this task: sources, attribution, counts per category.
    public var locatorInfo: LocatorInfo {
        get async throws { try await backend.info() }
    }
}
