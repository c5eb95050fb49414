/// What a locator knows: its name, the fields it reads and writes, whether it finds places
/// and addresses, its sources, attribution and how many places of each category it holds,
/// as ArcGIS `LocatorInfo` (from the gazetteer's metadata, or a GeocodeServer's description).
///
/// ```swift
/// let info = try await task.locatorInfo
/// if info.supportsPOI { … }   // category searches can find something
/// ```
public struct LocatorInfo: Sendable, Hashable {
    /// A short name, e.g. "OpenLocator gazetteer".
    public var name: String
    /// One line describing the data.
    public var description: String
    /// Source files or services the data came from.
    public var sources: [String]
    /// Attribution lines that must be shown with results (ODbL, CC BY).
    public var attribution: [String]
    /// When the data was built (ISO 8601), if known.
    public var buildDate: String?
    /// The number of places for each category name (level-3 names and address types); empty
    /// when a remote service does not say.
    public var categoryCounts: [String: Int]
    /// Total places; `nil` when a remote service does not say (ArcGIS World does not).
    public var placeCount: Int?
    /// The fields results carry (ArcGIS `resultAttributes`, a service's `candidateFields`).
    public var resultAttributes: [LocatorAttribute] = LocatorAttribute.resultFields
    /// The fields an address can be given in (ArcGIS `searchAttributes`, a service's `addressFields`).
    public var searchAttributes: [LocatorAttribute] = LocatorAttribute.searchFields
    /// Whether it finds places of interest by name and category (a gazetteer: whether it holds any).
    public var supportsPOI = false
    /// Whether it finds street addresses (a gazetteer: whether it holds any address points or streets).
    public var supportsAddresses = false
    /// Whether it finds street intersections ("A & B"); a gazetteer does wherever it has streets.
    public var supportsIntersections = false
    /// Other things the locator says of itself (a service's `locatorProperties`).
    public var properties: [String: String] = [:]
    /// The spatial reference results are in by default.
    public var spatialReference: SpatialReference = .wgs84
    /// For a gazetteer, what each source file gave it (places, rows skipped, duplicates).
    public var sourceSummaries: [SourceSummary] = []
    /// For a gazetteer, where it has POIs and addresses (localities are everywhere GeoNames
    /// reaches): areas of touching quarter-degree cells per source, POIs first.
    public var coverage: [Coverage.Area] = []
}
