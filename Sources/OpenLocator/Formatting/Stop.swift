/// A place as a routing tool takes it: a name, where to route to (the access point on the
/// street, ``GeocodeResult/routeLocation``) and where the place itself is.
///
/// ```swift
/// let stops = results.compactMap(Stop.init)
/// print(StopFormatter.osrmCoordinates(stops))   // "24.93848,60.16974;24.93789,60.17010"
/// ```
public struct Stop: Sendable, Hashable {
    /// What the stop is called: the place's name, else its address.
    public var name: String
    /// Where to route to, in the result's spatial reference.
    public var routeLocation: Point
    /// Where the place is.
    public var displayLocation: Point
    /// Which side of the street the place lies on, as the street runs ("L", "R"), when known.
    public var side: String
    /// The result's attributes.
    public var attributes: [String: AttributeValue]

    /// The stop for a result; `nil` when it has no location.
    public init?(_ result: GeocodeResult) {
        guard let display = result.displayLocation else { return nil }
        let placeName = result.attributeValues["PlaceName"]?.stringValue ?? ""
        name = placeName.isEmpty ? result.label : placeName
        displayLocation = display
        routeLocation = result.routeLocation ?? display
        side = result.attributeValues["Side"]?.stringValue ?? ""
        attributes = result.attributeValues
    }
}
