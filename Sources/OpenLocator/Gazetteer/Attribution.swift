/// The credit lines that travel with data: OpenStreetMap is ODbL, GeoNames is CC BY 4.0.
public enum Attribution {
    /// "© OpenStreetMap contributors" with the licence.
    public static let openStreetMap =
        "Contains data © OpenStreetMap contributors, available under the Open Database License (ODbL) 1.0, https://www.openstreetmap.org/copyright"
    /// GeoNames with the licence.
    public static let geoNames = "GeoNames (https://www.geonames.org), licensed under CC BY 4.0"

    /// OpenAddresses: each source region's own licence applies.
    public static let openAddresses =
        "Address data from OpenAddresses (https://openaddresses.io); each source's licence, listed with its download, applies"

    /// The lines for a gazetteer built from these sources.
    static func lines(osm: Bool, geoNames: Bool, openAddresses: Bool = false) -> [String] {
        (osm ? [openStreetMap] : []) + (geoNames ? [Self.geoNames] : [])
            + (openAddresses ? [Self.openAddresses] : [])
    }
}
