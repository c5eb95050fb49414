import Foundation

/// Spherical Web Mercator (EPSG:3857) projection formulas.
enum WebMercator {
    /// The sphere radius Web Mercator uses, in metres.
    static let radius = 6_378_137.0
    /// Half the world's width in metres.
    static let maxExtent = Double.pi * radius
    /// Latitudes beyond this cannot be projected (the map is square).
    static let maxLatitude = 85.05112877980659

    static func project(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let clamped = min(max(latitude, -maxLatitude), maxLatitude)
        let x = radius * longitude * .pi / 180
        let y = radius * log(tan(.pi / 4 + clamped * .pi / 360))
        return (x, y)
    }

    static func unproject(x: Double, y: Double) -> (longitude: Double, latitude: Double) {
        let longitude = x / radius * 180 / .pi
        let latitude = (2 * atan(exp(y / radius)) - .pi / 2) * 180 / .pi
        return (longitude, latitude)
    }
}
