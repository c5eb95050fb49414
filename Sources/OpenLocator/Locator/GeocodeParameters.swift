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

    /// Where the user is: results are ranked by distance from here, and `Distance` is measured from it.
    /// A boost, not a filter: far places can still be returned.
    public var preferredSearchLocation: Point?
    /// A hard filter: nothing outside this envelope is returned.
    public var searchArea: Envelope?
    /// How many results to return, 1 to 50 (default 10).
    public var maxResults: Int = 10
    /// Results scoring below this (0–100) are dropped.
    public var minScore: Double = 0
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
        guard minScore.isFinite, (0...100).contains(minScore) else {
            throw LocatorError.invalidParameter("minScore must be between 0 and 100, got \(minScore)")
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
}
