/// A coordinate system, identified by its well-known ID (WKID), as in ArcGIS.
///
/// Two are built in: WGS84 longitude/latitude (``wgs84``, WKID 4326) and Web Mercator metres
/// (``webMercator``, WKID 3857, also written 102100). Any other EPSG or ESRI WKID of a 2D
/// geographic or projected CRS that PROJ knows works too (3067, 4258, 2056, 32633, state
/// planes…), transformed from WGS84 by PROJ.
///
/// ```swift
/// let sr = SpatialReference(wkid: 102100)   // == .webMercator
/// let finland = SpatialReference(wkid: 3067)   // ETRS89 / TM35FIN(E,N)
/// ```
public struct SpatialReference: Sendable, Hashable, CustomStringConvertible {
    /// The well-known ID: 4326, 3857, or the EPSG or ESRI code PROJ knows.
    public let wkid: Int

    /// WGS84 geographic coordinates: x is longitude, y latitude, in degrees.
    public static let wgs84 = SpatialReference(uncheckedWKID: 4326)
    /// Web Mercator (auxiliary sphere): x and y in metres.
    public static let webMercator = SpatialReference(uncheckedWKID: 3857)

    private init(uncheckedWKID wkid: Int) { self.wkid = wkid }

    /// Why WKIDs beyond 4326 and 3857 are unknown when PROJ is missing, as a clause to end an
    /// error with; "" when PROJ is there.
    package static var missingPROJ: String {
        PROJCatalog.isAvailable
            ? "" : " (PROJ is not installed here, so only 4326 and 3857 are known: apt install libproj25 proj-data)"
    }

    /// Makes the spatial reference for a WKID, or `nil` when neither OpenLocator nor PROJ knows it.
    ///
    /// 4326 is WGS84; 3857, 102100, 102113 and 900913 are Web Mercator; others are looked up
    /// in PROJ's database (once per WKID), as an EPSG code and then as an ESRI one.
    public init?(wkid: Int) {
        switch wkid {
        case 4326: self = .wgs84
        case 3857, 102100, 102113, 900913: self = .webMercator
        default:
            guard PROJCatalog.entry(wkid) != nil else { return nil }
            self.init(uncheckedWKID: wkid)
        }
    }

    /// Whether this is WGS84 or Web Mercator, which OpenLocator projects itself, without PROJ.
    package var isBuiltIn: Bool { wkid == 4326 || wkid == 3857 }

    /// Whether x and y are longitude and latitude in degrees.
    package var isGeographic: Bool { wkid == 4326 || (!isBuiltIn && PROJCatalog.entry(wkid)?.isGeographic == true) }

    /// The WKID Esri servers publish as `latestWkid`: the EPSG code of the same CRS (3857 for
    /// Web Mercator, 2263 for ESRI 102718), or ``wkid`` when it is one or PROJ knows none.
    public var latestWKID: Int { isBuiltIn ? wkid : PROJCatalog.entry(wkid)?.latestWKID ?? wkid }

    /// The WKID Esri servers publish as `wkid` (102100 for Web Mercator).
    public var esriWKID: Int { self == .webMercator ? 102100 : wkid }

    /// "WGS84 (4326)", "Web Mercator (3857)", or PROJ's name: "ETRS89 / TM35FIN(E,N) (3067)".
    public var description: String {
        switch wkid {
        case 4326: return "WGS84 (4326)"
        case 3857: return "Web Mercator (3857)"
        default: return "\(PROJCatalog.entry(wkid)?.name ?? "WKID") (\(wkid))"
        }
    }
}
