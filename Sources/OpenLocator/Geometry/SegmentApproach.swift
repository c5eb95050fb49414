import Foundation

/// Where two straight pieces of street meet, or come nearest: in metres on a local plane
/// (longitude scaled by the cosine of the latitude), which over a street's few hundred metres
/// is exact to centimetres.
///
/// ```swift
/// let meeting = SegmentApproach(a1, a2, b1, b2)
/// meeting.distance  // 0 where they cross or share an end
/// meeting.point     // the crossing, or the midpoint of their nearest points
/// ```
struct SegmentApproach {
    /// Metres between the two segments (0 when they touch or cross).
    let distance: Double
    /// Where they cross, or halfway between their nearest points.
    let point: Coordinate
    /// Whether they share an end: in OSM, a node of both ways, where streets truly meet (a
    /// crossing without one is a bridge or a tunnel as often as not).
    let sharesEnd: Bool

    init(_ a1: Coordinate, _ a2: Coordinate, _ b1: Coordinate, _ b2: Coordinate) {
        if let shared = [a1, a2].first(where: { $0 == b1 || $0 == b2 }) {
            (distance, point, sharesEnd) = (0, shared, true)
            return
        }
        sharesEnd = false
        // Metres east and north of a1.
        let metresPerDegree = 111_320.0
        let scale = cos(a1.lat * .pi / 180) * metresPerDegree
        func plane(_ c: Coordinate) -> (x: Double, y: Double) {
            ((c.lon - a1.lon) * scale, (c.lat - a1.lat) * metresPerDegree)
        }
        func coordinate(_ p: (x: Double, y: Double)) -> Coordinate {
            Coordinate(lon: a1.lon + p.x / scale, lat: a1.lat + p.y / metresPerDegree)
        }
        let (p, q, r, s) = (plane(a1), plane(a2), plane(b1), plane(b2))
        let d1 = (x: q.x - p.x, y: q.y - p.y)
        let d2 = (x: s.x - r.x, y: s.y - r.y)
        let denominator = d1.x * d2.y - d1.y * d2.x
        if denominator != 0 {
            let t = ((r.x - p.x) * d2.y - (r.y - p.y) * d2.x) / denominator
            let u = ((r.x - p.x) * d1.y - (r.y - p.y) * d1.x) / denominator
            if (0...1).contains(t), (0...1).contains(u) {
                distance = 0
                point = coordinate((p.x + t * d1.x, p.y + t * d1.y))
                return
            }
        }
        // Not crossing: the nearest pair is an end of one and its nearest point on the other.
        func nearest(on a: (x: Double, y: Double), _ b: (x: Double, y: Double), to c: (x: Double, y: Double))
            -> (x: Double, y: Double)
        {
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let length = dx * dx + dy * dy
            let t = length == 0 ? 0 : max(0, min(1, ((c.x - a.x) * dx + (c.y - a.y) * dy) / length))
            return (a.x + t * dx, a.y + t * dy)
        }
        var best = (distance: Double.infinity, point: (x: 0.0, y: 0.0))
        for (end, other) in [
            (p, nearest(on: r, s, to: p)), (q, nearest(on: r, s, to: q)),
            (r, nearest(on: p, q, to: r)), (s, nearest(on: p, q, to: s)),
        ] {
            let d = hypot(end.x - other.x, end.y - other.y)
            if d < best.distance { best = (d, ((end.x + other.x) / 2, (end.y + other.y) / 2)) }
        }
        distance = best.distance
        point = coordinate(best.point)
    }
}
