import Foundation

/// A location in a spatial reference: WGS84 longitude/latitude, Web Mercator metres, or the
/// coordinates of any other ``SpatialReference`` PROJ knows.
///
/// ```swift
/// let helsinki = Point(latitude: 60.1699, longitude: 24.9384)
/// let mercator = helsinki.projected(to: .webMercator)   // x ≈ 2776155, y ≈ 8437931
/// ```
public struct Point: Sendable, Hashable, CustomStringConvertible {
    /// Longitude in degrees (WGS84) or easting (Web Mercator metres, or the projection's unit).
    public var x: Double
    /// Latitude in degrees (WGS84) or northing (Web Mercator metres, or the projection's unit).
    public var y: Double
    /// The coordinate system of `x` and `y`.
    public var spatialReference: SpatialReference

    /// Makes a point from coordinates in a spatial reference (WGS84 when not given).
    public init(x: Double, y: Double, spatialReference: SpatialReference = .wgs84) {
        self.x = x
        self.y = y
        self.spatialReference = spatialReference
    }

    /// Makes a WGS84 point from latitude and longitude in degrees.
    public init(latitude: Double, longitude: Double) {
        self.init(x: longitude, y: latitude, spatialReference: .wgs84)
    }

    /// The latitude in degrees, whatever the point's spatial reference.
    public var latitude: Double { projected(to: .wgs84).y }
    /// The longitude in degrees, whatever the point's spatial reference.
    public var longitude: Double { projected(to: .wgs84).x }

    /// The same location in another spatial reference: WGS84 ↔ Web Mercator by OpenLocator's
    /// own formulas, any other through PROJ (by way of WGS84). Coordinates PROJ cannot
    /// transform (outside the projection's domain) come back infinite.
    public func projected(to target: SpatialReference) -> Point {
        if target == spatialReference { return self }
        switch (spatialReference.wkid, target.wkid) {
        case (4326, 3857):
            let (x, y) = WebMercator.project(longitude: x, latitude: y)
            return Point(x: x, y: y, spatialReference: .webMercator)
        case (3857, 4326):
            let (longitude, latitude) = WebMercator.unproject(x: x, y: y)
            return Point(x: longitude, y: latitude, spatialReference: .wgs84)
        default:
            return throughPROJ(to: target)
        }
    }

    /// ``projected(to:)`` where one side is neither WGS84 nor Web Mercator.
    private func throughPROJ(to target: SpatialReference) -> Point {
        var (x, y) = (self.x, self.y)
        switch spatialReference.wkid {
        case 4326: break
        case 3857: (x, y) = WebMercator.unproject(x: x, y: y)
        default: (x, y) = PROJCatalog.inverse(wkid: spatialReference.wkid, x: x, y: y)
        }
        switch target.wkid {
        case 4326: break
        case 3857: (x, y) = WebMercator.project(longitude: x, latitude: y)
        default: (x, y) = PROJCatalog.forward(wkid: target.wkid, x: x, y: y)
        }
        return Point(x: x, y: y, spatialReference: target)
    }

    /// Whether the coordinates are finite and, for WGS84, within ±90° latitude and ±180°
    /// longitude; in a PROJ spatial reference, whether PROJ takes them back to such a point
    /// within (5° around) the reference's area of use: metres in 2056 are Swiss, not Finnish.
    public var isValid: Bool {
        guard x.isFinite, y.isFinite else { return false }
        if spatialReference == .wgs84 { return abs(y) <= 90 && abs(x) <= 180 }
        if spatialReference == .webMercator {
            return abs(x) <= WebMercator.maxExtent * 1.0001 && abs(y) <= WebMercator.maxExtent * 4
        }
        guard let entry = PROJCatalog.entry(spatialReference.wkid) else { return false }
        if entry.isGeographic, abs(y) > 90 || abs(x) > 180 { return false }
        let wgs84 = projected(to: .wgs84)
        return wgs84.isValid && entry.covers(longitude: wgs84.x, latitude: wgs84.y)
    }

    /// The great-circle distance to another point, in metres.
    public func distance(to other: Point) -> Double {
        GreatCircle.distance(from: projected(to: .wgs84), to: other.projected(to: .wgs84))
    }

    /// "LAT,LON" for WGS84 points, "x=… y=… (WKID)" for others, such as "x=… y=… (3857)".
    public var description: String {
        if spatialReference == .wgs84 { return String(format: "%.6f,%.6f", y, x) }
        let format = spatialReference.isGeographic ? "x=%.8f y=%.8f (%d)" : "x=%.2f y=%.2f (%d)"
        return String(format: format, x, y, spatialReference.wkid)
    }
}
