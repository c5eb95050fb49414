import Foundation

/// Distances on the Earth's surface.
enum GreatCircle {
    /// The mean Earth radius in metres (IUGG).
    static let earthRadius = 6_371_008.8

    /// The haversine distance in metres between two WGS84 points.
    static func distance(from a: Point, to b: Point) -> Double {
        distance(latitude1: a.y, longitude1: a.x, latitude2: b.y, longitude2: b.x)
    }

    /// The haversine distance in metres between two latitude/longitude pairs in degrees.
    static func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let toRadians = Double.pi / 180
        let dLat = (latitude2 - latitude1) * toRadians
        let dLon = (longitude2 - longitude1) * toRadians
        let s1 = sin(dLat / 2)
        let s2 = sin(dLon / 2)
        let h = s1 * s1 + cos(latitude1 * toRadians) * cos(latitude2 * toRadians) * s2 * s2
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// Metres per degree of latitude (nearly constant) used to size search boxes.
    static let metresPerDegreeLatitude = earthRadius * .pi / 180

    /// Boxes within ±180° longitude that together contain every point within `metres` of the
    /// centre: one box, or two when the circle crosses the ±180° line, or the whole band of
    /// longitudes when it reaches a pole or half-way round.
    static func boxes(around center: Point, radius metres: Double) -> [Envelope] {
        let box = boundingBox(around: center, radius: metres)
        if box.xmax - box.xmin >= 360 || box.ymax >= 90 || box.ymin <= -90 {
            return [Envelope(xmin: -180, ymin: box.ymin, xmax: 180, ymax: box.ymax)]
        }
        if box.xmin < -180 {
            return [
                Envelope(xmin: -180, ymin: box.ymin, xmax: box.xmax, ymax: box.ymax),
                Envelope(xmin: box.xmin + 360, ymin: box.ymin, xmax: 180, ymax: box.ymax),
            ]
        }
        if box.xmax > 180 {
            return [
                Envelope(xmin: box.xmin, ymin: box.ymin, xmax: 180, ymax: box.ymax),
                Envelope(xmin: -180, ymin: box.ymin, xmax: box.xmax - 360, ymax: box.ymax),
            ]
        }
        return [box]
    }

    /// A box, in degrees, that contains every point within `metres` of the centre (its
    /// longitudes may pass ±180°; ``boxes(around:radius:)`` splits it there).
    static func boundingBox(around center: Point, radius metres: Double) -> Envelope {
        let dLat = metres / metresPerDegreeLatitude
        let cosLat = cos(min(89.9, abs(center.y)) * .pi / 180)
        let dLon = min(180, dLat / max(cosLat, 1e-6))
        // A circle reaching a pole covers every longitude near it.
        if center.y + dLat >= 90 || center.y - dLat <= -90 {
            return Envelope(
                xmin: -180, ymin: max(-90, center.y - dLat), xmax: 180, ymax: min(90, center.y + dLat))
        }
        return Envelope(
            xmin: center.x - dLon, ymin: max(-90, center.y - dLat),
            xmax: center.x + dLon, ymax: min(90, center.y + dLat))
    }
}
