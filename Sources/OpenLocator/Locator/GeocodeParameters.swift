/// Options for ``LocatorTask/geocode(forSearchText:using:)``, named as in ArcGIS `GeocodeParameters`.
///
/// ```swift
/// var parameters = GeocodeParameters()
/// parameters.preferredSearchLocation = Point(latitude: 60.1699, longitude: 24.9384)
/// parameters.addResultAttributeNames(["PlaceName", "Place_addr"])
/// parameters.maxResults = 5
/// ```
public struct GeocodeParameters: Sendable, Hashable {
    /// The most results any search returns (the ArcGIS World service's limit).
    public static let maxResultsLimit = 50
    /// The lowest score a gazetteer returns unless ``minScore`` says otherwise: a candidate
    /// whose words explain less than half of the query (by ``WordWeights``) is junk.
    public static let defaultMinimumScore = 50.0
    /// How far a category search looks by default, in metres: the radius ArcGIS World boosts
    /// candidates in around `location`.
    public static let defaultMaxDistance = 50_000.0

    /// Where the user is: results are ranked by distance from here, and `Distance` is measured from it.
    /// A boost, not a filter: far places can still be returned.
    public var preferredSearchLocation: Point?
    /// A hard filter: nothing outside this envelope is returned.
    public var searchArea: Envelope?
    /// How many results to return, 1 to 50 (default 10).
    public var maxResults: Int = 10
    /// Results scoring below this (0–100) are dropped; `nil` (the default) drops those below
    /// ``defaultMinimumScore`` on a gazetteer (nothing on a remote service, which applies its
    /// own). `0` keeps every candidate, junk included.
    public var minScore: Double?
    /// How far from the search point (``preferredSearchLocation``, or the place of "cafes in
    /// Kamppi") a category search looks, in metres: nothing farther is returned, and an empty
    /// answer comes with ``GeocodeResponse/coverage``. `nil` (the default) is
    /// ``defaultMaxDistance`` for categories of places of interest (under POI) when neither
    /// ``searchArea`` nor ``countryCode`` says where to look, and no limit otherwise (the
    /// nearest cities, the nearest places in Estonia). Names and addresses are found at any
    /// distance ("Paris" near Texas is Paris, Texas).
    public var maxDistance: Double?
    /// Whether ``LocatorTask/geocodeResponse(forSearchText:using:)`` explains its answer
    /// (``GeocodeResponse/explanation``): the readings of the text and why the first result won.
    public var explain = false
    /// Category names (any level: "POI", "Food", "Coffee Shop", or synonyms such as "cafe") to
    /// restrict results to; a parent matches all its descendants.
    public private(set) var categories: [String] = []
    /// Attribute names to return in ``GeocodeResult/attributes``; `"*"` means all.
    /// When empty, a default set is returned (`PlaceName`, `Place_addr`, `Type`, `Addr_type`, `Distance`, `Score`, ...).
    public private(set) var resultAttributeNames: [String] = []
    /// The spatial reference of returned locations (WGS84 when `nil`).
    public var outputSpatialReference: SpatialReference?
    /// An ISO 3166 country code (2 or 3 letters) or country name to restrict results to.
    public var countryCode: String?
    /// The language to write results in (ArcGIS `langCode`): an ISO 639-1 code such as
    /// `"sv"`, optionally with a region (`"sv-FI"`). `PlaceName`, `Match_addr`, the labels and
    /// `Place_addr` use the names the data has in it, and the place's own name where it has
    /// none; `nil` (the default) keeps every place's own name.
    public var outputLanguageCode: String?

    /// Makes parameters with the defaults: 10 results, no location, no filters.
    public init() {}

    /// Adds one category filter, e.g. `"Coffee Shop"` or `"Food"`.
    public mutating func addCategory(_ name: String) { categories.append(name) }
    /// Adds several category filters.
    public mutating func addCategories(_ names: [String]) { categories.append(contentsOf: names) }
    /// Removes every category filter.
    public mutating func removeAllCategories() { categories.removeAll() }

    /// Asks for one more attribute in results; `"*"` asks for all of them.
    public mutating func addResultAttributeName(_ name: String) { resultAttributeNames.append(name) }
    /// Asks for more attributes in results.
    public mutating func addResultAttributeNames(_ names: [String]) { resultAttributeNames.append(contentsOf: names) }
    /// Goes back to the default attribute set.
    public mutating func removeAllResultAttributeNames() { resultAttributeNames.removeAll() }

    /// Checks every value and throws ``LocatorError`` naming the first bad one.
    func validated() throws -> GeocodeParameters {
        guard (1...Self.maxResultsLimit).contains(maxResults) else {
            throw LocatorError.invalidParameter(
                "maxResults must be between 1 and \(Self.maxResultsLimit), got \(maxResults)")
        }
        if let minScore, !(minScore.isFinite && (0...100).contains(minScore)) {
            throw LocatorError.invalidParameter("minScore must be between 0 and 100, got \(minScore)")
        }
        if let maxDistance, !(maxDistance.isFinite && maxDistance > 0) {
            throw LocatorError.invalidParameter("maxDistance must be a positive number of metres, got \(maxDistance)")
        }
        if let point = preferredSearchLocation, !point.isValid {
            throw LocatorError.invalidParameter("preferredSearchLocation is not a valid location: \(point)")
        }
        try Self.checkLanguage(outputLanguageCode)
        if let area = searchArea, !area.isValid {
            throw LocatorError.invalidParameter(
                "searchArea must have finite edges with xmin <= xmax and ymin <= ymax (in degrees for WGS84)")
        }
        return self
    }

    /// Whether `code` reads as a language code for ``outputLanguageCode`` ("sv", "sv-FI", "zh_Hant").
    public static func isLanguageCode(_ code: String) -> Bool { LanguageCode.lookupOrder(code) != nil }

    /// Throws unless `code` is `nil` or reads as a language code.
    static func checkLanguage(_ code: String?) throws {
        if let code, LanguageCode.lookupOrder(code) == nil {
            throw LocatorError.invalidParameter(
                "outputLanguageCode (langCode) must be a language code such as 'sv' or 'en-GB': two or three letters, optionally a region"
            )
        }
    }
}
