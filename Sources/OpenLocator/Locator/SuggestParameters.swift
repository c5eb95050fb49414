/// Options for ``LocatorTask/suggest(forSearchText:parameters:)``, named as in ArcGIS
/// `SuggestParameters`.
///
/// ```swift
/// var parameters = SuggestParameters()
/// parameters.preferredSearchLocation = Point(latitude: 60.1699, longitude: 24.9384)
/// let suggestions = try await task.suggest(forSearchText: "sto", parameters: parameters)
/// ```
public struct SuggestParameters: Sendable, Hashable {
    /// The most suggestions one call returns (the ArcGIS World service's limit).
    public static let maxResultsLimit = 15

    /// Where the user is: nearby places are suggested before far ones of the same name.
    public var preferredSearchLocation: Point?
    /// A hard filter: nothing outside this envelope is suggested.
    public var searchArea: Envelope?
    /// How many suggestions, 1 to 15 (default 5).
    public var maxResults: Int = 5
    /// Category names to restrict suggestions to (as in ``GeocodeParameters/categories``).
    public var categories: [String] = []
    /// An ISO 3166 country code or name to restrict suggestions to.
    public var countryCode: String?

    public init() {}

    /// Checks every value and throws ``LocatorError`` naming the first bad one.
    func validated() throws -> SuggestParameters {
        guard (1...Self.maxResultsLimit).contains(maxResults) else {
            throw LocatorError.invalidParameter(
                "maxResults must be between 1 and \(Self.maxResultsLimit), got \(maxResults)")
        }
        if let point = preferredSearchLocation, !point.isValid {
            throw LocatorError.invalidParameter("preferredSearchLocation is not a valid location: \(point)")
        }
        if let area = searchArea, !area.isValid {
            throw LocatorError.invalidParameter(
                "searchArea must have finite edges with xmin <= xmax and ymin <= ymax (in degrees for WGS84)")
        }
        return self
    }

    /// The geocode parameters a suggestion's filters carry over to.
    var geocodeParameters: GeocodeParameters {
        var parameters = GeocodeParameters()
        parameters.preferredSearchLocation = preferredSearchLocation
        parameters.searchArea = searchArea
        parameters.countryCode = countryCode
        parameters.addCategories(categories)
        return parameters
    }
}
