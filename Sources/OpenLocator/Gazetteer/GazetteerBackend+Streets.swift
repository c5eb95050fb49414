import Foundation

/// The street geometry inside a box, to draw a base map from the gazetteer alone (`locator
/// serve`'s map page): each street's straight pieces, the short ones left out at low zoom.
package struct StreetLines: Sendable {
    /// A straight piece of a street, from one point to the next (WGS84 degrees).
    package struct Piece: Sendable {
        package var lon1, lat1, lon2, lat2: Double
    }

    /// One street: its name and its pieces.
    package struct Street: Sendable {
        package var name: String
        package var pieces: [Piece]
    }

    package var streets: [Street]
    /// Whether pieces were left out because the box holds more than the limit.
    package var truncated: Bool
    /// Pieces in the box, drawn or not.
    package var piecesInBox: Int
}

extension GazetteerBackend {
    /// The streets' pieces that touch `box` (WGS84) and are at least `minLength` metres long,
    /// at most `limit` of them, longest first when there are more.
    func streetLines(in box: Envelope, minLength: Double, limit: Int) throws -> StreetLines {
        try read("streets") { db, _ in
            var pieces: [(street: Int64, piece: StreetLines.Piece, length: Double)] = []
            var inBox = 0
            try db.statement(
                """
                SELECT place_id, lon1, lat1, lon2, lat2 FROM street_segments
                WHERE min_lon <= ?1 AND max_lon >= ?2 AND min_lat <= ?3 AND max_lat >= ?4
                """
            ).forEachRow([.double(box.xmax), .double(box.xmin), .double(box.ymax), .double(box.ymin)]) { row in
                inBox += 1
                let piece = StreetLines.Piece(
                    lon1: row.longitude(1), lat1: row.latitude(2), lon2: row.longitude(3), lat2: row.latitude(4))
                let length = Point(latitude: piece.lat1, longitude: piece.lon1).distance(
                    to: Point(latitude: piece.lat2, longitude: piece.lon2))
                if length >= minLength { pieces.append((row.int(0), piece, length)) }
            }
            let truncated = pieces.count > limit
            if truncated { pieces = Array(pieces.sorted { $0.length > $1.length }.prefix(limit)) }
            let byStreet = Dictionary(grouping: pieces, by: \.street).mapValues { $0.map(\.piece) }
            var names: [Int64: String] = [:]
            let name = try db.statement("SELECT name FROM places WHERE id = ?1")
            for id in byStreet.keys { try name.forEachRow([.integer(id)]) { names[id] = $0.text(0) } }
            return StreetLines(
                streets: byStreet.keys.sorted().map {
                    StreetLines.Street(name: names[$0] ?? "", pieces: byStreet[$0]!)
                },
                truncated: truncated, piecesInBox: inBox)
        }
    }
}
