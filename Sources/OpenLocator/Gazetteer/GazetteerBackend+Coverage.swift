import Foundation

/// Coverage: where the gazetteer has POIs and addresses (its `coverage` table), as areas of
/// touching cells per source and kind, each labelled with the locality nearest its centre.
extension GazetteerBackend {
    /// Every coverage area of the file, the POIs' first, each labelled.
    func coverageAreas(db: SQLiteConnection, state: State) throws -> [Coverage.Area] {
        if let cached = coverageCache.areas { return cached }
        struct CellRow {
            var cell: Int64
            var places: Int
            var extent: Envelope
        }
        var groups: [String: [CellRow]] = [:]  // "kind\tsource"
        try db.statement(
            "SELECT source, kind, cell, places, min_lon, min_lat, max_lon, max_lat FROM coverage ORDER BY kind DESC, source, cell"
        ).forEachRow { row in
            groups[row.text(1) + "\t" + row.text(0), default: []].append(
                CellRow(
                    cell: row.int(2), places: Int(row.int(3)),
                    extent: Envelope(
                        xmin: row.double(4), ymin: row.double(5), xmax: row.double(6), ymax: row.double(7),
                        spatialReference: .wgs84)))
        }
        let columns = Int64((360 / GazetteerSchema.coverageCellDegrees).rounded())
        var areas: [Coverage.Area] = []
        for key in groups.keys.sorted(by: { ($0.hasPrefix("POI") ? 0 : 1, $0) < ($1.hasPrefix("POI") ? 0 : 1, $1) }) {
            let parts = key.split(separator: "\t", maxSplits: 1).map(String.init)
            let cells = groups[key]!
            var index: [Int64: Int] = [:]
            for (i, cell) in cells.enumerated() { index[cell.cell] = i }
            var done = Set<Int64>()
            for start in cells where !done.contains(start.cell) {
                // The cells touching this one, and those touching them (8 neighbours each).
                var stack = [start.cell]
                done.insert(start.cell)
                var places = 0
                var extent = start.extent
                while let cell = stack.popLast() {
                    let row = cells[index[cell]!]
                    places += row.places
                    extent = extent.union(row.extent)
                    for dr in -1...1 as ClosedRange<Int64> {
                        for dc in -1...1 as ClosedRange<Int64> where dr != 0 || dc != 0 {
                            let column = (cell % columns + dc + columns) % columns
                            let neighbour = (cell / columns + dr) * columns + column
                            if index[neighbour] != nil, done.insert(neighbour).inserted { stack.append(neighbour) }
                        }
                    }
                }
                areas.append(
                    Coverage.Area(
                        source: parts[1], kind: parts[0], extent: extent, places: places,
                        label: try nearestLocality(to: extent.center, db: db, state: state)))
            }
        }
        coverageCache.areas = areas
        return areas
    }

    /// The coverage answer of a category search that found nothing inside its radius.
    func coverage(for search: SearchContext.EmptyCategorySearch, db: SQLiteConnection, state: State) throws
        -> Coverage
    {
        let areas = try coverageAreas(db: db, state: state).filter { $0.kind == CoverageGrid.Kind.poi.rawValue }
            .sorted {
                (Coverage.distance(from: search.point, to: $0.extent), $0.source)
                    < (Coverage.distance(from: search.point, to: $1.extent), $1.source)
            }
        return Coverage(
            categories: search.categories, point: search.point, radius: search.radius, place: search.place,
            areas: areas)
    }

    /// "Helsinki, Uusimaa, Finland": the most important of the ten populated places nearest a
    /// point (a city before the district its centre lies in).
    private func nearestLocality(to point: Point, db: SQLiteConnection, state: State) throws -> String? {
        var filter = SearchFilter()
        filter.categoryRanges = [tree["Populated Place"]!.codeRange]
        let near = try nearest(10, to: point, filter: filter, db: db, maxDistance: 25_000)
        guard let best = near.max(by: { ($0.importance, -$0.distance) < ($1.importance, -$1.distance) }),
            let place = best.place
        else { return nil }
        return [place.name, place.region, state.results.countryNames[place.country] ?? place.country]
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

/// The coverage areas of one gazetteer, worked out once. `@unchecked Sendable`: guarded by `lock`.
final class CoverageCache: @unchecked Sendable {
    private let lock = NSLock()
    private var value: [Coverage.Area]?

    var areas: [Coverage.Area]? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
