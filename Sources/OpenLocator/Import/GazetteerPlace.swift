/// A place given directly to ``GazetteerBuilder`` (your own data, or generated test data).
///
/// ```swift
/// var builder = GazetteerBuilder(osm: [], geoNames: [], categoryMapping: mapping)
/// builder.places = [GazetteerPlace(name: "Depot 7", category: "Warehouse", latitude: 60.2, longitude: 24.9)]
/// ```
public struct GazetteerPlace: Sendable, Hashable {
    /// The name shown as `PlaceName`.
    public var name: String
    /// An ArcGIS category name of any level ("Coffee Shop", "City", "Point Address"), or an
    /// everyday synonym ("cafe").
    public var category: String
    /// Latitude in degrees (WGS84).
    public var latitude: Double
    /// Longitude in degrees (WGS84).
    public var longitude: Double
    /// The house number, for addresses ("10", "12b").
    public var houseNumber: String
    /// The street name.
    public var street: String
    /// The postcode.
    public var postal: String
    /// The city; when empty, the nearest GeoNames city is used.
    public var city: String
    /// 0 to 1: how prominent the place is; ranks places when no search point is given.
    public var importance: Double

    /// Makes a place; address parts are optional.
    public init(
        name: String, category: String, latitude: Double, longitude: Double, houseNumber: String = "",
        street: String = "", postal: String = "", city: String = "", importance: Double = 0.1
    ) {
        self.name = name
        self.category = category
        self.latitude = latitude
        self.longitude = longitude
        self.houseNumber = houseNumber
        self.street = street
        self.postal = postal
        self.city = city
        self.importance = importance
    }

    /// The gazetteer row for this place.
    /// - Throws: ``LocatorError`` `invalidInput` for an unknown category or a location off the globe.
    func record(index: Int) throws -> PlaceRecord {
        do {
            return try record(source: "input:\(index + 1)")
        } catch {
            throw LocatorError(.invalidInput, "place \(index + 1) ('\(name.prefix(40))'): \(error.text)")
        }
    }

    private static let pointAddress = CategoryTree.world["Point Address"]!
    private static let streetName = CategoryTree.world["Street Name"]!
    private static let populatedPlace = CategoryTree.world["Populated Place"]!

    /// The gazetteer row, with the details a file of places may add; throws why there can be
    /// none.
    func record(
        source: String, phone: String = "", url: String = "", region: String = ""
    ) throws(SkippedRowReason) -> PlaceRecord {
        // An ArcGIS name of any level, else an everyday synonym ("cafe", "petrol station").
        guard let category = CategoryTree.world[category] ?? CategoryResolver.world.categories(matching: category).first
        else {
            throw SkippedRowReason("unknown category '\(category.prefix(40))'")
        }
        guard latitude.isFinite, longitude.isFinite, Point(latitude: latitude, longitude: longitude).isValid else {
            throw SkippedRowReason("latitude/longitude off the globe")
        }
        let type: AddressType =
            Self.pointAddress.contains(category)
            ? .pointAddress
            : Self.streetName.contains(category)
                ? .streetName
                : Self.populatedPlace.contains(category) ? .locality : .poi
        guard !name.trimmedSpaces.isEmpty || (type == .pointAddress && !street.isEmpty) else {
            throw SkippedRowReason("no name")
        }
        return PlaceRecord(
            name: name, addressType: type, category: category.code, houseNumber: houseNumber, street: street,
            city: city, region: region, postal: postal, phone: phone, url: url, longitude: longitude,
            latitude: latitude, importance: importance.isFinite ? min(1, max(0, importance)) : 0.1, source: source)
    }
}
