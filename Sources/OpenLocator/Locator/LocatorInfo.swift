/// What a locator knows: its name, sources, attribution and how many places of each category
/// it holds (from the gazetteer's metadata).
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
    /// The number of places for each category name (level-3 names and address types).
    public var categoryCounts: [String: Int]
    /// Total places.
    public var placeCount: Int
    /// The spatial reference results are in by default.
    public var spatialReference: SpatialReference = .wgs84
    /// For a gazetteer, what each source file gave it (places, rows skipped, duplicates).
    public var sourceSummaries: [SourceSummary] = []
    /// For a gazetteer, where it has POIs and addresses (localities are everywhere GeoNames
    /// reaches): areas of touching quarter-degree cells per source, POIs first.
    public var coverage: [Coverage.Area] = []
}
