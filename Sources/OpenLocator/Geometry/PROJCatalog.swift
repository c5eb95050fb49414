import CPROJ
import Foundation

/// The coordinate systems PROJ knows beyond the two built in (``SpatialReference/wgs84``,
/// ``SpatialReference/webMercator``), and transforms to and from them. Each WKID is looked up
/// in PROJ's database once per process; the answer, known or not, is kept.
enum PROJCatalog {
    /// What PROJ calls a WKID.
    struct Entry: Sendable {
        /// "EPSG" or "ESRI": the authority whose code the WKID is (EPSG tried first).
        var authority: String
        /// The CRS's name, such as "ETRS89 / TM35FIN(E,N)".
        var name: String
        /// The EPSG code of the same CRS, which Esri servers publish as `latestWkid` (2263
        /// for ESRI 102718); the WKID itself for an EPSG code or an ESRI one without.
        var latestWKID: Int
        /// Whether its coordinates are longitude/latitude degrees rather than projected.
        var isGeographic: Bool
        /// Where it is meant to be used, in WGS84 degrees (`west > east` across the
        /// antimeridian); `nil` when PROJ's database does not say.
        var areaOfUse: (west: Double, south: Double, east: Double, north: Double)?

        /// Whether a WGS84 point lies within the area of use, widened by `margin` degrees (a
        /// CRS is often used a little beyond it), or the area is not known.
        func covers(longitude: Double, latitude: Double, margin: Double = 5) -> Bool {
            guard let area = areaOfUse else { return true }
            guard latitude >= area.south - margin, latitude <= area.north + margin else { return false }
            if area.east - area.west + 2 * margin >= 360 { return true }
            let west = area.west - margin
            let east = area.east + margin
            // Longitudes measured eastwards from the west edge, so the antimeridian needs no case.
            let span = (east - west).truncatingRemainder(dividingBy: 360)
            let offset = (longitude - west).truncatingRemainder(dividingBy: 360)
            return (offset < 0 ? offset + 360 : offset) <= (span < 0 ? span + 360 : span)
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [Int: Entry?] = [:]

    /// The entry for a WKID, or `nil` when PROJ knows no 2D geographic or projected CRS by it.
    static func entry(_ wkid: Int) -> Entry? {
        guard let code = Int32(exactly: wkid), code > 0 else { return nil }
        if let known = lock.withLock({ entries[wkid] }) { return known }
        var name = [CChar](repeating: 0, count: 256)
        var geographic: Int32 = 0
        var area = [Double](repeating: .nan, count: 4)
        var latest: Int32 = 0
        let authority = ol_proj_describe(code, &name, name.count, &geographic, &area, &latest)
        let entry =
            authority == 0
            ? nil
            : Entry(
                authority: authority == 1 ? "EPSG" : "ESRI",
                name: String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                latestWKID: Int(latest),
                isGeographic: geographic != 0,
                areaOfUse: area.allSatisfy(\.isFinite) ? (area[0], area[1], area[2], area[3]) : nil)
        lock.withLock { entries[wkid] = .some(entry) }
        return entry
    }

    /// WGS84 longitude/latitude → `wkid`'s x/y (easting/northing, or longitude/latitude);
    /// infinite where PROJ cannot transform the point.
    static func forward(wkid: Int, x: Double, y: Double) -> (x: Double, y: Double) {
        transform(wkid: wkid, inverse: false, x: x, y: y)
    }

    /// `wkid`'s x/y → WGS84 longitude/latitude; infinite where PROJ cannot transform the point.
    static func inverse(wkid: Int, x: Double, y: Double) -> (x: Double, y: Double) {
        transform(wkid: wkid, inverse: true, x: x, y: y)
    }

    private static func transform(wkid: Int, inverse: Bool, x: Double, y: Double) -> (x: Double, y: Double) {
        var (x, y) = (x, y)
        guard x.isFinite, y.isFinite, let code = Int32(exactly: wkid),
            ol_proj_transform(code, inverse ? 1 : 0, &x, &y, 1) == 0
        else { return (.infinity, .infinity) }
        return (x, y)
    }

    /// Whether the PROJ library was found at run time (`apt install libproj25 proj-data`):
    /// without it only the built-in 4326 and 3857 are known.
    static var isAvailable: Bool { ol_proj_available() != 0 }

    /// The PROJ library's version, such as "9.1.1"; "" without it.
    static var version: String { String(cString: ol_proj_version()) }
}
