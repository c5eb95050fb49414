import Foundation

/// Coverage at one point, in time that does not grow with the file: whether the gazetteer has
/// POIs or addresses in the coverage cell of a point or a cell touching it.
extension GazetteerBackend {
    /// Whether any source has POIs or addresses in the cell of `point` or one of its eight
    /// neighbours: an index seek per source and kind (a country file has a few), where
    /// ``coverageAreas(db:state:)`` reads every cell (about a second at 20M places).
    func hasCoverageNow(near point: Point) throws -> Bool {
        try read("coverage") { db, _ in
            let cells = Self.cellsAround(point.projected(to: .wgs84))
            let lookup = try db.statement(
                "SELECT 1 FROM coverage WHERE source = ?1 AND kind = ?2 AND cell IN (\(cells.map(String.init).joined(separator: ","))) LIMIT 1"
            )
            for (source, kind) in try sourcesAndKinds(db: db) {
                var found = false
                try lookup.forEachRow([.text(source), .text(kind)]) { _ in found = true }
                if found { return true }
            }
            return false
        }
    }

    /// "around Helsinki, Uusimaa, Finland", from the most important locality near `point`;
    /// `nil` when none is within 25 km.
    func surroundingsNow(of point: Point) throws -> String? {
        try read("coverage") { db, state in
            try nearestLocality(to: point.projected(to: .wgs84), db: db, state: state).map { "around \($0)" }
        }
    }

    /// The (source, kind) pairs of the coverage table, found by skipping from one to the next
    /// along its primary key.
    private func sourcesAndKinds(db: SQLiteConnection) throws -> [(String, String)] {
        let next = try db.statement(
            "SELECT source, kind FROM coverage WHERE (source, kind) > (?1, ?2) ORDER BY source, kind LIMIT 1")
        var pairs: [(String, String)] = []
        var last = ("", "")
        while true {
            var found: (String, String)?
            try next.forEachRow([.text(last.0), .text(last.1)]) { found = ($0.text(0), $0.text(1)) }
            guard let found else { return pairs }
            pairs.append(found)
            last = found
        }
    }

    /// The cell of a point and the eight touching it (columns wrap at the antimeridian).
    static func cellsAround(_ point: Point) -> [Int64] {
        let size = GazetteerSchema.coverageCellDegrees
        let columns = Int64((360 / size).rounded())
        let rows = Int64((180 / size).rounded())
        let centre = CoverageGrid.cell(longitude: point.x, latitude: point.y)
        let (row, column) = (centre / columns, centre % columns)
        var cells: [Int64] = []
        for r in max(0, row - 1)...min(rows - 1, row + 1) {
            for dc in -1...1 as ClosedRange<Int64> { cells.append(r * columns + (column + dc + columns) % columns) }
        }
        return cells
    }
}
