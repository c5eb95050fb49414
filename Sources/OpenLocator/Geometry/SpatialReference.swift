/// A coordinate system, identified by its well-known ID (WKID), as in ArcGIS.
///
/// OpenLocator works in two: WGS84 longitude/latitude (``wgs84``, WKID 4326) and
/// Web Mercator metres (``webMercator``, WKID 3857, also written 102100).
///
/// ```swift
/// let sr = SpatialReference(wkid: 102100)   // == .webMercator
/// ```
public struct SpatialReference: Sendable, Hashable, CustomStringConvertible {
    /// The well-known ID: 4326 or 3857.
    public let wkid: Int

    /// WGS84 geographic coordinates: x is longitude, y latitude, in degrees.
    public static let wgs84 = SpatialReference(uncheckedWKID: 4326)
    /// Web Mercator (auxiliary sphere): x and y in metres.
    public static let webMercator = SpatialReference(uncheckedWKID: 3857)

    private init(uncheckedWKID wkid: Int) { self.wkid = wkid }

    /// Makes the spatial reference for a WKID, or `nil` when OpenLocator does not support it.
    ///
    /// 4326 is WGS84; 3857, 102100 and 900913 are Web Mercator.
    public init?(wkid: Int) {
        switch wkid {
        case 4326: self = .wgs84
        case 3857, 102100, 102113, 900913: self = .webMercator
        default: return nil
        }
    }

    /// The WKID Esri servers publish as `latestWkid`.
    public var latestWKID: Int { wkid }

    /// The WKID Esri servers publish as `wkid` (102100 for Web Mercator).
    public var esriWKID: Int { self == .webMercator ? 102100 : wkid }

    /// "WGS84 (4326)" or "Web Mercator (3857)".
    public var description: String { self == .wgs84 ? "WGS84 (4326)" : "Web Mercator (3857)" }
}
