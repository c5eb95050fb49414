/// Options for ``LocatorTask/reverseGeocode(forLocation:parameters:)``, as ArcGIS `ReverseGeocodeParameters`.
///
/// ```swift
/// var parameters = ReverseGeocodeParameters()
/// parameters.featureTypes = [.poi]          // only named places
/// parameters.maxDistance = 100              // metres
/// ```
public struct ReverseGeocodeParameters: Sendable, Hashable {
    /// What a reverse geocode may answer with (ArcGIS `featureTypes`).
    public enum FeatureType: String, Sendable, Hashable, CaseIterable {
        /// A named place: a café, a park, a station.
        case poi = "POI"
        /// An address point: a house number on a street.
        case pointAddress = "PointAddress"
        /// A street, matched along its length.
        case streetName = "StreetName"
        /// A populated place: a city or neighbourhood.
        case locality = "Locality"
        /// A postal area (a postcode), by its representative point.
        case postal = "Postal"

        /// Parses a name case-insensitively (`"poi"`, `"PointAddress"`), or `nil` when unknown.
        public init?(name: String) {
            guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
                return nil
            }
            self = match
        }
    }

    /// How far a postal area's representative point may be for a `Postal` answer, whatever
    /// smaller ``maxDistance`` is asked: areas are a few kilometres across, and the gazetteer
    /// keeps their point, not their boundary.
    public static let postalTolerance = 3_000.0

    /// The feature types to consider; empty means all, in ArcGIS's priority order.
    public var featureTypes: [FeatureType] = []
    /// How far from the location, in metres, an answer may be (default 100; at most 50,000).
    public var maxDistance: Double = 100
    /// How many answers to return, nearest first (default 1, at most 50).
    public var maxResults: Int = 1
    /// Attribute names to return; empty or `"*"` means all.
    public private(set) var resultAttributeNames: [String] = []
    /// The spatial reference of returned locations (WGS84 when `nil`).
    public var outputSpatialReference: SpatialReference?
    /// The language to write results in, as ``GeocodeParameters/outputLanguageCode``.
    public var outputLanguageCode: String?

    /// Makes parameters with the defaults: all feature types within 100 m, one result.
    public init() {}

    /// Adds a feature type to consider.
    public mutating func addFeatureType(_ type: FeatureType) { featureTypes.append(type) }
    /// Asks for one more attribute in results.
    public mutating func addResultAttributeName(_ name: String) { resultAttributeNames.append(name) }
    /// Asks for more attributes in results.
    public mutating func addResultAttributeNames(_ names: [String]) { resultAttributeNames.append(contentsOf: names) }

    func validated() throws -> ReverseGeocodeParameters {
        guard maxDistance.isFinite, maxDistance >= 0, maxDistance <= 50_000 else {
            throw LocatorError.invalidParameter("maxDistance must be between 0 and 50000 metres, got \(maxDistance)")
        }
        try GeocodeParameters.checkLanguage(outputLanguageCode)
        guard (1...GeocodeParameters.maxResultsLimit).contains(maxResults) else {
            throw LocatorError.invalidParameter(
                "maxResults must be between 1 and \(GeocodeParameters.maxResultsLimit), got \(maxResults)")
        }
        return self
    }
}
