import Foundation

/// The towns and cities inside a box, most populous first, to label a base map drawn from the
/// gazetteer alone (`locator serve`'s map page) wherever it has no streets.
package struct MapTown: Sendable {
    package var name: String
    package var location: Point
    package var population: Int
}

extension GazetteerBackend {
    /// The `limit` most populous localities whose point lies in `box` (WGS84), ties broken by
    /// importance; GeoNames gives each its population, other sources count as 0.
    func towns(in box: Envelope, limit: Int) throws -> [MapTown] {
        try read("towns") { db, _ in
            var towns: [MapTown] = []
            try db.statement(
                """
                SELECT p.name, p.lon, p.lat, p.population FROM places_rtree r JOIN places p ON p.id = r.id
                WHERE r.min_lon <= ?1 AND r.max_lon >= ?2 AND r.min_lat <= ?3 AND r.max_lat >= ?4
                  AND p.addr_type = 'Locality'
                ORDER BY p.population DESC, p.importance DESC, p.id LIMIT ?5
                """
            ).forEachRow([
                .double(box.xmax), .double(box.xmin), .double(box.ymax), .double(box.ymin), .integer(Int64(limit)),
            ]) { row in
                towns.append(
                    MapTown(
                        name: row.text(0), location: Point(latitude: row.latitude(2), longitude: row.longitude(1)),
                        population: Int(row.int(3))))
            }
            return towns
        }
    }
}
