import Foundation

/// Options for ``LocatorTask/geocode(forSearchText:using:)``, named as in ArcGIS `GeocodeParameters`.
///
/// A class, as in the ArcGIS Maps SDK: one instance can be set up once and shared by many
/// calls and tasks, on any thread. Each call reads all of its values when it starts, so
/// changing them later affects only later calls.
///
/// ```swift
/// let parameters = GeocodeParameters()
/// parameters.preferredSearchLocation = Point(latitude: 60.1699, longitude: 24.9384)
/// parameters.addResultAttributeNames(["PlaceName", "Place_addr"])
/// parameters.maxResults = 5
/// ```
public final class GeocodeParameters: @unchecked Sendable {  // `values` is only touched under `lock`
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
    public var preferredSearchLocation: Point? {
        get { lock.withLock { values.preferredSearchLocation } }
        set { lock.withLock { values.preferredSearchLocation = newValue } }
    }
    /// A hard filter: nothing outside this envelope is returned.
    public var searchArea: Envelope? {
        get { lock.withLock { values.searchArea } }
        set { lock.withLock { values.searchArea = newValue } }
    }
    /// How many results to return, 1 to 50 (default 10).
    public var maxResults: Int {
        get { lock.withLock { values.maxResults } }
        set { lock.withLock { values.maxResults = newValue } }
    }
    /// Results scoring below this (0–100) are dropped; `nil` (the default) drops those below
    /// ``defaultMinimumScore`` on a gazetteer (nothing on a remote service, which applies its
    /// own). `0` keeps every candidate, junk included.
    public var minScore: Double? {
        get { lock.withLock { values.minScore } }
        set { lock.withLock { values.minScore = newValue } }
    }
    /// How far from the search point (``preferredSearchLocation``, or the place of "cafes in
    /// Kamppi") a category search looks, in metres: nothing farther is returned, and an empty
    /// answer comes with ``GeocodeResponse/coverage``. `nil` (the default) is
    /// ``defaultMaxDistance`` for categories of places of interest (under POI) when neither
    /// ``searchArea`` nor ``countryCode`` says where to look, and no limit otherwise (the
    /// nearest cities, the nearest places in Estonia). Names and addresses are found at any
    /// distance ("Paris" near Texas is Paris, Texas).
    public var maxDistance: Double? {
        get { lock.withLock { values.maxDistance } }
        set { lock.withLock { values.maxDistance = newValue } }
    }
    /// Whether ``LocatorTask/geocodeResponse(forSearchText:using:)`` explains its answer
    /// (``GeocodeResponse/explanation``): the readings of the text and why the first result won.
    public var explain: Bool {
        get { lock.withLock { values.explain } }
        set { lock.withLock { values.explain = newValue } }
    }
    /// Category names (any level: "POI", "Food", "Coffee Shop", or synonyms such as "cafe") to
    /// restrict results to; a parent matches all its descendants.
    public var categories: [String] { lock.withLock { values.categories } }
    /// Attribute names to return in ``GeocodeResult/attributes``; `"*"` means all.
    /// When empty, a default set is returned (`PlaceName`, `Place_addr`, `Type`, `Addr_type`, `Distance`, `Score`, ...).
    public var resultAttributeNames: [String] { lock.withLock { values.resultAttributeNames } }
    /// The spatial reference of returned locations (WGS84 when `nil`).
    public var outputSpatialReference: SpatialReference? {
        get { lock.withLock { values.outputSpatialReference } }
        set { lock.withLock { values.outputSpatialReference = newValue } }
    }
    /// An ISO 3166 country code (2 or 3 letters) or country name to restrict results to.
    public var countryCode: String? {
        get { lock.withLock { values.countryCode } }
        set { lock.withLock { values.countryCode = newValue } }
    }
    /// The language to write results in (ArcGIS `langCode`): an ISO 639-1 code such as
    /// `"sv"`, optionally with a region (`"sv-FI"`). `PlaceName`, `Match_addr`, the labels and
    /// `Place_addr` use the names the data has in it, and the place's own name where it has
    /// none. `nil` (the default) answers as ArcGIS does without `langCode`: in the language of
    /// the name the text found the place by ("Helsingfors" is answered in Swedish), else in
    /// the place's own names.
    public var outputLanguageCode: String? {
        get { lock.withLock { values.outputLanguageCode } }
        set { lock.withLock { values.outputLanguageCode = newValue } }
    }
    /// Whether, with no ``outputLanguageCode``, results are written in their country's most
    /// spoken language (the local names Nominatim and Photon answer with by default: München,
    /// 東京都) rather than in the language of the name they were found by.
    package var answersInLocalLanguage: Bool {
        get { lock.withLock { values.answersInLocalLanguage } }
        set { lock.withLock { values.answersInLocalLanguage = newValue } }
    }
    /// Whether the results will be stored (ArcGIS `forStorage`): sent to a remote service, which
    /// may charge for or refuse it; the gazetteer's open data may be stored under its licences
    /// (ODbL for OpenStreetMap, CC BY for GeoNames), so it answers the same either way.
    public var isForStorage: Bool {
        get { lock.withLock { values.isForStorage } }
        set { lock.withLock { values.isForStorage = newValue } }
    }

    /// Which point of a place a result is placed at (ArcGIS `locationType`).
    public enum LocationType: String, Sendable, Hashable, CaseIterable {
        /// Where the place is: the building of an address, the POI itself (the default).
        case rooftop
        /// Where it is reached from the street: its access point (``GeocodeResult/routeLocation``,
        /// the `X`/`Y` attributes) where the data has one, else where it is.
        case street

        /// Parses a name case-insensitively (`"street"`), or `nil` when unknown.
        public init?(name: String) {
            guard let match = Self.allCases.first(where: { $0.rawValue == name.lowercased() }) else { return nil }
            self = match
        }
    }

    /// Which point ``GeocodeResult/displayLocation`` is (ArcGIS `locationType`): `.rooftop`
    /// (the default) the place itself, `.street` its street access point where the data has
    /// one. ``GeocodeResult/routeLocation`` is the access point either way.
    public var locationType: LocationType {
        get { lock.withLock { values.locationType } }
        set { lock.withLock { values.locationType = newValue } }
    }
    /// Whether a house number beyond its street's known numbers is still answered, at the
    /// nearest known one (`Addr_type` StreetAddressExt), as ArcGIS `matchOutOfRange` (default
    /// true); `false` drops those results.
    public var matchOutOfRange: Bool {
        get { lock.withLock { values.matchOutOfRange } }
        set { lock.withLock { values.matchOutOfRange = newValue } }
    }
    /// Metres around ``preferredSearchLocation`` whose candidates are ranked ahead of all
    /// farther ones (ArcGIS `distance`): a boost, not a filter, as farther candidates are still
    /// returned after them; use ``searchArea`` or ``maxDistance`` to confine a search. `nil`
    /// (the default), or no ``preferredSearchLocation``: no radius, candidates ranked by their
    /// match and distance together.
    public var preferredSearchRadius: Double? {
        get { lock.withLock { values.preferredSearchRadius } }
        set { lock.withLock { values.preferredSearchRadius = newValue } }
    }

    private let lock = NSLock()
    private var values: GeocodeOptions

    /// Makes parameters with the defaults: 10 results, no location, no filters.
    public init() { values = GeocodeOptions() }

    init(_ values: GeocodeOptions) { self.values = values }

    /// Adds one category filter, e.g. `"Coffee Shop"` or `"Food"`.
    public func addCategory(_ name: String) { lock.withLock { values.addCategory(name) } }
    /// Adds several category filters.
    public func addCategories(_ names: [String]) { lock.withLock { values.addCategories(names) } }
    /// Removes every category filter.
    public func removeAllCategories() { lock.withLock { values.categories.removeAll() } }

    /// Asks for one more attribute in results; `"*"` asks for all of them.
    public func addResultAttributeName(_ name: String) { lock.withLock { values.addResultAttributeName(name) } }
    /// Asks for more attributes in results.
    public func addResultAttributeNames(_ names: [String]) { lock.withLock { values.addResultAttributeNames(names) } }
    /// Goes back to the default attribute set.
    public func removeAllResultAttributeNames() { lock.withLock { values.resultAttributeNames.removeAll() } }

    /// Whether `code` reads as a language code for ``outputLanguageCode`` ("sv", "sv-FI", "zh_Hant").
    public static func isLanguageCode(_ code: String) -> Bool { LanguageCode.lookupOrder(code) != nil }

    /// All values at once, as a call reads them.
    var snapshot: GeocodeOptions { lock.withLock { values } }

    /// The values, checked: ``LocatorError`` naming the first bad one.
    func validated() throws -> GeocodeOptions { try snapshot.validated() }
}
