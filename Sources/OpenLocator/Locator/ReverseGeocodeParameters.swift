import Foundation

/// Options for ``LocatorTask/reverseGeocode(forLocation:parameters:)``, as ArcGIS `ReverseGeocodeParameters`.
///
/// A class, safe to share across calls, tasks and threads, as ``GeocodeParameters`` is.
///
/// ```swift
/// let parameters = ReverseGeocodeParameters()
/// parameters.addFeatureType(.poi)           // only named places
/// parameters.maxDistance = 100              // metres
/// ```
public final class ReverseGeocodeParameters: @unchecked Sendable {  // `values` is only touched under `lock`
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
        /// An address interpolated along a street: the gazetteer has address points, not
        /// ranges of numbers, so it answers with the nearest address point (`PointAddress`).
        case streetAddress = "StreetAddress"
        /// Where two streets meet: the nearest crossing (or near approach, within 25 m) of
        /// two differently named streets, answered as "A & B" (`Addr_type` StreetInt).
        case streetIntersection = "StreetInt"
        /// A unit, floor or building within an address: the gazetteer has none, so it is
        /// accepted and never answers.
        case subaddress = "Subaddress"

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

    private let lock = NSLock()
    private var values = ReverseGeocodeOptions()

    /// The feature types to consider; empty means ArcGIS's default order (a POI, an address
    /// point, a street, the locality), without intersections.
    public var featureTypes: [FeatureType] {
        get { lock.withLock { values.featureTypes } }
        set { lock.withLock { values.featureTypes = newValue } }
    }
    /// How far from the location, in metres, an answer may be (default 100; at most 50,000).
    public var maxDistance: Double {
        get { lock.withLock { values.maxDistance } }
        set { lock.withLock { values.maxDistance = newValue } }
    }
    /// How many answers to return, nearest first (default 1, at most 50).
    public var maxResults: Int {
        get { lock.withLock { values.maxResults } }
        set { lock.withLock { values.maxResults = newValue } }
    }
    /// Which point of a place ``GeocodeResult/displayLocation`` is, as
    /// ``GeocodeParameters/locationType`` (ArcGIS `locationType`; default `.rooftop`).
    public var locationType: GeocodeParameters.LocationType {
        get { lock.withLock { values.locationType } }
        set { lock.withLock { values.locationType = newValue } }
    }
    /// Attribute names to return; empty or `"*"` means all.
    public var resultAttributeNames: [String] { lock.withLock { values.resultAttributeNames } }
    /// The spatial reference of returned locations (WGS84 when `nil`).
    public var outputSpatialReference: SpatialReference? {
        get { lock.withLock { values.outputSpatialReference } }
        set { lock.withLock { values.outputSpatialReference = newValue } }
    }
    /// The language to write results in, as ``GeocodeParameters/outputLanguageCode``.
    public var outputLanguageCode: String? {
        get { lock.withLock { values.outputLanguageCode } }
        set { lock.withLock { values.outputLanguageCode = newValue } }
    }
    /// Whether the results will be stored, as ``GeocodeParameters/isForStorage``.
    public var isForStorage: Bool {
        get { lock.withLock { values.isForStorage } }
        set { lock.withLock { values.isForStorage = newValue } }
    }

    /// Makes parameters with the defaults: all feature types within 100 m, one result.
    public init() {}

    /// Adds a feature type to consider.
    public func addFeatureType(_ type: FeatureType) { lock.withLock { values.featureTypes.append(type) } }
    /// Asks for one more attribute in results.
    public func addResultAttributeName(_ name: String) { lock.withLock { values.resultAttributeNames.append(name) } }
    /// Asks for more attributes in results.
    public func addResultAttributeNames(_ names: [String]) {
        lock.withLock { values.resultAttributeNames.append(contentsOf: names) }
    }
    /// Goes back to all attributes.
    public func removeAllResultAttributeNames() { lock.withLock { values.resultAttributeNames.removeAll() } }

    /// Parameters holding these values.
    init(_ values: ReverseGeocodeOptions) { self.values = values }

    /// All values at once, as a call reads them.
    var snapshot: ReverseGeocodeOptions { lock.withLock { values } }

    /// The values, checked: ``LocatorError`` naming the first bad one.
    func validated() throws -> ReverseGeocodeOptions { try snapshot.validated() }
}
