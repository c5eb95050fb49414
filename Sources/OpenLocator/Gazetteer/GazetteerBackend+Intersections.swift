import Foundation

/// Where two streets meet, from the street geometry (`street_segments`, found through each
/// street's extent in `place_extents`): the points where their pieces cross or share a node,
/// or else where they pass within ``intersectionTolerance`` of each other.
extension GazetteerBackend {
    /// How far apart two streets may pass and still be answered as meeting.
    static let intersectionTolerance = 25.0
    /// Meeting points of the same two streets closer than this are one crossing: the
    /// carriageways of a divided road cross a street two or four times.
    static let sameCrossingRadius = 60.0

    /// One place where two streets meet.
    struct StreetCrossing {
        var first: Int64
        var second: Int64
        var point: Coordinate
        /// 0 where the streets cross or share a node; else how far apart they pass.
        var gap: Double
        /// Whether the streets share a node there (rather than cross or pass near).
        var sharesNode: Bool

        /// Shared nodes first, then crossings, then the nearest approaches.
        var preference: (Int, Double) { (sharesNode ? 0 : gap == 0 ? 1 : 2, gap) }
    }

    /// Every crossing of a street in `first` with one in `second` (place ids of street rows),
    /// one per crossing (see ``sameCrossingRadius``): an exact meeting point where there is
    /// one, else the nearest approach.
    func crossings(of first: [Int64], and second: [Int64], db: SQLiteConnection) throws -> [StreetCrossing] {
        let extents = try storedExtents(Set(first + second), db: db)
        let grow = Self.intersectionTolerance / 111_320.0
        var found: [StreetCrossing] = []
        for a in first {
            for b in second where a != b {
                guard let boxA = extents[a], let boxB = extents[b] else { continue }
                // Where both streets could be, grown by the tolerance (longitude scaled for the latitude).
                let growLon = grow / max(0.01, cos(max(abs(boxA.ymin), abs(boxA.ymax)) * .pi / 180))
                let box = (
                    xmin: max(boxA.xmin, boxB.xmin) - growLon, xmax: min(boxA.xmax, boxB.xmax) + growLon,
                    ymin: max(boxA.ymin, boxB.ymin) - grow, ymax: min(boxA.ymax, boxB.ymax) + grow
                )
                guard box.xmin <= box.xmax, box.ymin <= box.ymax else { continue }
                var piecesA: [(Coordinate, Coordinate)] = []
                var piecesB: [(Coordinate, Coordinate)] = []
                let statement = try db.statement(
                    "SELECT place_id, lon1, lat1, lon2, lat2 FROM street_segments WHERE max_lon >= ?1 AND min_lon <= ?2 AND max_lat >= ?3 AND min_lat <= ?4"
                )
                try statement.forEachRow([.double(box.xmin), .double(box.xmax), .double(box.ymin), .double(box.ymax)]) {
                    let id = $0.int(0)
                    guard id == a || id == b else { return }
                    let piece = (
                        Coordinate(lon: $0.double(1), lat: $0.double(2)),
                        Coordinate(lon: $0.double(3), lat: $0.double(4))
                    )
                    if id == a { piecesA.append(piece) } else { piecesB.append(piece) }
                }
                var meetings: [StreetCrossing] = []
                for (a1, a2) in piecesA {
                    for (b1, b2) in piecesB {
                        let approach = SegmentApproach(a1, a2, b1, b2)
                        if approach.distance <= Self.intersectionTolerance {
                            meetings.append(
                                StreetCrossing(
                                    first: a, second: b, point: approach.point, gap: approach.distance,
                                    sharesNode: approach.sharesEnd))
                        }
                    }
                }
                // The best kind of meeting stands for each crossing.
                meetings.sort {
                    ($0.preference.0, $0.preference.1, $0.point.lon, $0.point.lat)
                        < ($1.preference.0, $1.preference.1, $1.point.lon, $1.point.lat)
                }
                var kept: [StreetCrossing] = []
                for meeting in meetings
                where !kept.contains(where: { Self.metres($0.point, meeting.point) < Self.sameCrossingRadius }) {
                    kept.append(meeting)
                }
                found += kept
            }
        }
        return found
    }

    private static func metres(_ a: Coordinate, _ b: Coordinate) -> Double {
        GreatCircle.distance(latitude1: a.lat, longitude1: a.lon, latitude2: b.lat, longitude2: b.lon)
    }
}
