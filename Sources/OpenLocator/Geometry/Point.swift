import Foundation

/// A location in a spatial reference: WGS84 longitude/latitude or Web Mercator metres.
///
/// ```swift
/// let helsinki = Point(latitude: 60.1699, longitude: 24.9384)
/// let mercator = helsinki.projected(to: .webMercator)   // x ≈ 2776155, y ≈ 8437931
/// ```
public struct Point: Sendable, Hashable, CustomStringConvertible {
    /// Longitude in degrees (WGS84) or easting in metres (Web Mercator).
    public var x: Double
    /// Latitude in degrees (WGS84) or northing in metres (Web Mercator).
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

    /// The same location in another spatial reference.
    public func projected(to target: SpatialReference) -> Point {
        if target == spatialReference { return self }
        switch target {
        case .webMercator:
            let (x, y) = WebMercator.project(longitude: x, latitude: y)
            return Point(x: x, y: y, spatialReference: .webMercator)
        default:
            let (longitude, latitude) = WebMercator.unproject(x: x, y: y)
            return Point(x: longitude, y: latitude, spatialReference: .wgs84)
        }
    }

    /// Whether the coordinates are finite and, for WGS84, within ±90° latitude and ±180° longitude.
    public var isValid: Bool {
        guard x.isFinite, y.isFinite else { return false }
        if spatialReference == .wgs84 { return abs(y) <= 90 && abs(x) <= 180 }
        return abs(x) <= WebMercator.maxExtent * 1.0001 && abs(y) <= WebMercator.maxExtent * 4
    }

    /// The great-circle distance to another point, in metres.
    public func distance(to other: Point) -> Double {
        GreatCircle.distance(from: projected(to: .wgs84), to: other.projected(to: .wgs84))
    }

    /// "LAT,LON" for WGS84 points, "x=… y=… (3857)" for Web Mercator.
    public var description: String {
        spatialReference == .wgs84
            ? String(format: "%.6f,%.6f", y, x)
            : String(format: "x=%.2f y=%.2f (3857)", x, y)
    }
}
