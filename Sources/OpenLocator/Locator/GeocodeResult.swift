/// One place or address found by a geocode or reverse geocode, as ArcGIS `GeocodeResult`.
///
/// ```swift
/// for result in results {
///     print(result.label, result.attributes["Place_addr"] as? String ?? "", result.attributes["Distance"] as? Double ?? 0)
/// }
/// ```
public struct GeocodeResult: Sendable, Hashable {
    /// A display label: the place name, or the address for an address match.
    public var label: String
    /// Where to draw the result on a map.
    public var displayLocation: Point?
    /// The location the search was made from (the reverse geocode input, or `preferredSearchLocation`).
    public var inputLocation: Point?
    /// Where to route to, ready to hand to a routing tool as a stop: a gazetteer's POIs and
    /// addresses are reached from the nearest point of their street within 100 m (the side
    /// in the `Side` attribute); other places, and places with no street near, from where they are.
    public var routeLocation: Point?
    /// How well the result matches the search, 0 to 100.
    public var score: Double
    /// Named values: `PlaceName`, `Place_addr`, `Type`, `Addr_type`, `Distance`, ... (ArcGIS
    /// output fields), as the ArcGIS Maps SDK gives them: text as `String`, numbers as
    /// `Double` (`Int` for whole-number fields), flags as `Bool`.
    ///
    /// ```swift
    /// let name = result.attributes["PlaceName"] as? String ?? "Unknown"
    /// let metres = result.attributes["Distance"] as? Double
    /// ```
    /// ``attributeValues`` holds the same values typed, for code that switches over them;
    /// this dictionary is made from it on each read.
    public var attributes: [String: any Sendable] {
        get { attributeValues.compactMapValues(\.anyValue) }
        set { attributeValues = newValue.mapValues(AttributeValue.init(any:)) }
    }
    /// The attributes as typed values: `result.attributeValues["Distance"]?.doubleValue`.
    public var attributeValues: [String: AttributeValue]
    /// A rectangle to zoom a map to.
    public var extent: Envelope?

    /// Makes a result from typed attributes; backends fill every field.
    public init(
        label: String, displayLocation: Point?, inputLocation: Point? = nil, routeLocation: Point?,
        score: Double, attributes: [String: AttributeValue], extent: Envelope?
    ) {
        self.label = label
        self.displayLocation = displayLocation
        self.inputLocation = inputLocation
        self.routeLocation = routeLocation
        self.score = score
        self.attributeValues = attributes
        self.extent = extent
    }
}
