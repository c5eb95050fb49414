/// The kind of match a place is, as ArcGIS `Addr_type`.
enum AddressType: String, Sendable, CaseIterable {
    case poi = "POI"
    case pointAddress = "PointAddress"
    /// A house number the data lacks, placed between its known neighbours on the street.
    case streetAddress = "StreetAddress"
    /// A house number beyond the street's known numbers, placed at the nearest of them.
    case streetAddressExt = "StreetAddressExt"
    case streetName = "StreetName"
    case locality = "Locality"
    /// A postal area: a postcode in one city, made from the postcodes of its addresses.
    case postal = "Postal"
    /// Where two streets meet ("Mannerheimintie & Kaivokatu"), found from their geometry.
    case streetIntersection = "StreetInt"
}

/// One row of the gazetteer: a POI, an address point, a street or a locality.
///
/// Readers make one with all its fields in one initializer call: made and then given its
/// fields one by one, it was copied on its way out of the reader (a retain and a release of
/// each of its strings, for every row of a file).
struct PlaceRecord: Sendable, Equatable {
    var id: Int64 = 0
    /// The place's own name ("Café Regatta", "Helsinki"); for address points the street address.
    var name: String
    var addressType: AddressType
    /// The category code in ``CategoryTree``.
    var category: Int
    /// Its Type where the category's name does not say it ("Tram Stop", "Square": the
    /// named things ArcGIS has no category of, `Gazetteer/osm-named-types.tsv`); "" for the
    /// category's name.
    var type = ""
    var houseNumber = ""
    var street = ""
    var neighborhood = ""
    var city = ""
    var subregion = ""
    var region = ""
    var postal = ""
    /// ISO 3166 alpha-3, as ArcGIS `Country` ("FIN").
    var country = ""
    /// The place's address for display (`Place_addr`), computed at build time.
    var placeAddress = ""
    var phone = ""
    var url = ""
    var longitude: Double
    var latitude: Double
    /// 0 to 1: how prominent the place is (population for localities).
    var importance: Double
    var population: Int64 = 0
    /// Where it came from: "osm:node/123", "geonames:658225".
    var source: String
    /// Other names (other languages and scripts) that find it; indexed, never displayed.
    var alternateNames: [String] = []
    /// Other names of its locality that find it ("Helsinki" for an address whose OSM city is
    /// "Helsingin kaupunki"); indexed, never displayed.
    var localityAliases: [String] = []
    /// Its names in other languages (``LocalizedNames``: "sv:Helsingfors"), shown when a
    /// result is asked for in one of them.
    var localizedNames = ""
    /// Where a router should take it from: the nearest point of the nearest street within
    /// ``PlaceEnricher/accessRadius`` (its own street's, for an address); `nil` for none.
    var access: Coordinate?
    /// Which side of that street it lies on, as the street's pieces run: "L", "R" or "".
    var side = ""
    /// Where its parts lie, when the data says (a postal area's members, a street's pieces):
    /// the extent of its answers.
    var extent: Envelope?

    var location: Point { Point(latitude: latitude, longitude: longitude) }
}
