import Foundation

/// A longitude/latitude pair in degrees, compact for import-time geometry.
struct Coordinate: Hashable, Sendable {
    var lon: Double
    var lat: Double
}

/// Where to put an OSM way or area: the area centroid of a closed ring, or the point halfway
/// along an open line. Computed in a local equirectangular projection (fine at city scale).
enum OSMGeometry {
    /// The centroid of a closed ring (first == last), or `nil` for a degenerate one.
    static func areaCentroid(_ ring: [Coordinate]) -> (centroid: Coordinate, area: Double)? {
        guard ring.count >= 4, ring.first == ring.last else { return nil }
        let origin = ring[0]
        let k = cos(origin.lat * .pi / 180)
        var area = 0.0
        var cx = 0.0
        var cy = 0.0
        for i in 0..<(ring.count - 1) {
            let x0 = (ring[i].lon - origin.lon) * k
            let y0 = ring[i].lat - origin.lat
            let x1 = (ring[i + 1].lon - origin.lon) * k
            let y1 = ring[i + 1].lat - origin.lat
            let cross = x0 * y1 - x1 * y0
            area += cross
            cx += (x0 + x1) * cross
            cy += (y0 + y1) * cross
        }
        guard abs(area) > 1e-14 else { return nil }
        let centroid = Coordinate(lon: origin.lon + cx / (3 * area) / k, lat: origin.lat + cy / (3 * area))
        return (centroid, abs(area) / 2)
    }

    /// The point halfway along a line by length.
    static func midpoint(_ line: [Coordinate]) -> Coordinate? {
        guard let first = line.first else { return nil }
        guard line.count > 1 else { return first }
        let lengths = zip(line, line.dropFirst()).map { length($0, $1) }
        var remaining = lengths.reduce(0, +) / 2
        for (i, piece) in lengths.enumerated() {
            if remaining <= piece, piece > 0 {
                let t = remaining / piece
                return Coordinate(
                    lon: line[i].lon + (line[i + 1].lon - line[i].lon) * t,
                    lat: line[i].lat + (line[i + 1].lat - line[i].lat) * t)
            }
            remaining -= piece
        }
        return line.last
    }

    /// The representative point of a way: area centroid when closed, else its middle; the
    /// mean of the points when the ring is degenerate.
    static func representativePoint(_ points: [Coordinate]) -> Coordinate? {
        if let area = areaCentroid(points) { return area.centroid }
        if points.count >= 2, points.first == points.last { return mean(points) }
        return midpoint(points)
    }

    static func mean(_ points: [Coordinate]) -> Coordinate? {
        guard !points.isEmpty else { return nil }
        let n = Double(points.count)
        return Coordinate(lon: points.map(\.lon).reduce(0, +) / n, lat: points.map(\.lat).reduce(0, +) / n)
    }

    /// Approximate length in metres of a short segment.
    static func length(_ a: Coordinate, _ b: Coordinate) -> Double {
        GreatCircle.distance(latitude1: a.lat, longitude1: a.lon, latitude2: b.lat, longitude2: b.lon)
    }

    /// The point of segment a–b nearest to p, and its distance in metres.
    static func nearestPoint(on a: Coordinate, _ b: Coordinate, to p: Coordinate) -> (Coordinate, Double) {
        let k = cos(p.lat * .pi / 180)
        let ax = (a.lon - p.lon) * k, ay = a.lat - p.lat
        let bx = (b.lon - p.lon) * k, by = b.lat - p.lat
        let dx = bx - ax, dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0
        let q = Coordinate(lon: a.lon + (b.lon - a.lon) * t, lat: a.lat + (b.lat - a.lat) * t)
        return (q, length(q, p))
    }
}
