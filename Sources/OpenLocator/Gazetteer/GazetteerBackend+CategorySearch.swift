/// Category search: the k nearest places of some categories to a point (an expanding box on
/// the 3-D R*Tree, re-sorted by exact great-circle distance), or the most important ones.
extension GazetteerBackend {
    /// The `k` places nearest `center` whose category lies in `filter.categoryRanges`, nearest first.
    ///
    /// Searches a box of radius r (starting at 250 m), counting only hits within r of the centre
    /// (the box's inscribed circle), and grows r until k such hits exist or the box covers the
    /// globe, so no nearer place can lie outside the box. R*Tree coordinates are 32-bit floats
    /// rounded outward, so the box query is a superset and distances use the exact columns.
    func nearest(_ k: Int, to center: Point, filter: SearchFilter, db: SQLiteConnection, maxDistance: Double = .infinity)
        throws -> [Candidate]
    {
        let ranges = filter.categoryRanges ?? [0...Int(Int32.max)]
        guard !ranges.isEmpty, k > 0 else { return [] }
        var radius = min(250.0, maxDistance)
        while true {
            var box = GreatCircle.boundingBox(around: center, radius: radius)
            if let area = filter.area {
                box = Envelope(
                    xmin: max(box.xmin, area.xmin), ymin: max(box.ymin, area.ymin), xmax: min(box.xmax, area.xmax),
                    ymax: min(box.ymax, area.ymax))
                guard box.xmin <= box.xmax, box.ymin <= box.ymax else { return [] }
            }
            var hits: [Candidate] = []
            for range in ranges {
                let country = filter.country.map { _ in " AND p.country = ?7" } ?? ""
                let statement = try db.statement(
                    """
                    SELECT r.id, p.lon, p.lat, p.importance FROM places_rtree r JOIN places p ON p.id = r.id
                    WHERE r.min_lon <= ?1 AND r.max_lon >= ?2 AND r.min_lat <= ?3 AND r.max_lat >= ?4
                      AND r.min_category <= ?5 AND r.max_category >= ?6\(country)
                    """)
                var values: [SQLiteValue?] = [
                    .double(box.xmax), .double(box.xmin), .double(box.ymax), .double(box.ymin),
                    .double(Double(range.upperBound)), .double(Double(range.lowerBound)),
                ]
                if let code = filter.country { values.append(.text(code)) }
                try statement.forEachRow(values) { row in
                    let lon = row.double(1), lat = row.double(2)
                    let d = GreatCircle.distance(latitude1: center.y, longitude1: center.x, latitude2: lat, longitude2: lon)
                    if d <= radius, filter.allows(longitude: lon, latitude: lat) {
                        hits.append(Candidate(id: row.int(0), longitude: lon, latitude: lat, score: 100, distance: d, importance: row.double(3)))
                    }
                }
            }
            let coversEverything = radius >= GreatCircle.earthRadius * .pi || radius >= maxDistance
            if hits.count >= k || coversEverything {
                hits.sort { ($0.distance, $0.id) < ($1.distance, $1.id) }
                return Array(hits.prefix(k))
            }
            // Grow by the area still needed if density were even, at least 1.5×, at most 8×.
            let growth = hits.isEmpty ? 8 : min(8, max(1.5, (Double(k) / Double(hits.count)).squareRoot() * 1.3))
            radius = min(radius * growth, maxDistance, GreatCircle.earthRadius * .pi)
        }
    }

    /// The `k` most important places of the filter's categories (no search point).
    func mostImportant(_ k: Int, filter: SearchFilter, db: SQLiteConnection) throws -> [Candidate] {
        let ranges = filter.categoryRanges ?? [0...Int(Int32.max)]
        var found: [Candidate] = []
        for range in ranges {
            var rangeFilter = filter
            rangeFilter.categoryRanges = [range]
            let (condition, values) = rangeFilter.sql(firstIndex: 2)
            try db.statement(
                "SELECT p.id, p.lon, p.lat, p.importance FROM places p WHERE 1\(condition) ORDER BY p.importance DESC, p.id LIMIT ?1"
            ).forEachRow([.integer(Int64(k))] + values) { row in
                found.append(Candidate(id: row.int(0), longitude: row.double(1), latitude: row.double(2), score: 100, distance: 0, importance: row.double(3)))
            }
        }
        found.sort { ($0.importance, -$0.id) > ($1.importance, -$1.id) }
        return Array(found.prefix(k))
    }
}

import Foundation
