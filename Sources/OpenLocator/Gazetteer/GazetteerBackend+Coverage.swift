import Foundation

/// Coverage: where the gazetteer has POIs and addresses (its `coverage` table), as areas of
/// touching cells per source and kind, each labelled with the locality nearest its centre.
extension GazetteerBackend {
    /// Every coverage area of the file, POIs' first, then by how many places they hold, without
    /// labels (worked out once per file).
    func coverageAreas(db: SQLiteConnection, state: State) throws -> [Coverage.Area] {
        if let cached = state.coverage.areas { return cached }
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
                    cell: row.int(2), places: Int(row.count(3)),
                    extent: Envelope(
                        xmin: row.longitude(4), ymin: row.latitude(5), xmax: row.longitude(6), ymax: row.latitude(7),
                        spatialReference: .wgs84)))
        }
        let columns = Int64((360 / GazetteerSchema.coverageCellDegrees).rounded())
        var areas: [Coverage.Area] = []
        for key in groups.keys.sorted() {
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
                    Coverage.Area(source: parts[1], kind: parts[0], extent: extent, places: places, label: nil))
            }
        }
        areas.sort {
            ($0.kind == "POI" ? 0 : 1, -$0.places, $0.source) < ($1.kind == "POI" ? 0 : 1, -$1.places, $1.source)
        }
        state.coverage.areas = areas
        return areas
    }

    /// An area with its label: the locality nearest its centre (looked up once per area).
    func labelled(_ area: Coverage.Area, db: SQLiteConnection, state: State) throws -> Coverage.Area {
        var area = area
        let key = "\(area.kind)|\(area.source)|\(area.extent.xmin)|\(area.extent.ymin)"
        if let known = state.coverage.label(key) {
            area.label = known
        } else {
            area.label = try nearestLocality(to: area.extent.center, db: db, state: state)
            state.coverage.setLabel(area.label, for: key)
        }
        return area
    }

    /// How many areas a coverage answer names, nearest first.
    static let coverageAreasShown = 5

    /// The coverage answer of a category search that found nothing inside its radius: the
    /// POI areas nearest the point (``coverageAreasShown`` of them), and how many there are.
    func coverage(for search: SearchContext.EmptyCategorySearch, db: SQLiteConnection, state: State) throws
        -> Coverage
    {
        let areas = try coverageAreas(db: db, state: state)
        // The nearest few by a cheap bound first (degrees, longitudes shrunk by the latitude's
        // cosine; a planet's gazetteer has thousands of areas), then by great-circle distance.
        let shrink = max(0.05, cos(search.point.y * .pi / 180))
        func roughDistance(_ extent: Envelope) -> Double {
            let dx = max(extent.xmin - search.point.x, 0, search.point.x - extent.xmax) * shrink
            let dy = max(extent.ymin - search.point.y, 0, search.point.y - extent.ymax)
            return min(dx, 360 * shrink - dx) * min(dx, 360 * shrink - dx) + dy * dy
        }
        var nearest: [(Double, Coverage.Area)] = []
        var count = 0
        for area in areas where area.kind == CoverageGrid.Kind.poi.rawValue {
            count += 1
            let rough = roughDistance(area.extent)
            guard nearest.count < Self.coverageAreasShown * 4 || rough < nearest.last!.0 else { continue }
            nearest.append((rough, area))
            nearest.sort { $0.0 < $1.0 }
            if nearest.count > Self.coverageAreasShown * 4 { nearest.removeLast() }
        }
        let shown = nearest.map { (Coverage.distance(from: search.point, to: $0.1.extent), $0.1) }
            .sorted { ($0.0, $0.1.source) < ($1.0, $1.1.source) }.prefix(Self.coverageAreasShown)
        return Coverage(
            categories: search.categories, point: search.point, radius: search.radius, place: search.place,
            areas: try shown.map { try labelled($0.1, db: db, state: state) }, areaCount: count)
    }

    /// "Helsinki, Uusimaa, Finland": the most important of the ten populated places nearest a
    /// point (a city before the district its centre lies in).
    func nearestLocality(to point: Point, db: SQLiteConnection, state: State) throws -> String? {
        var filter = SearchFilter()
        // Towns and cities, not the districts and blocks between them (Kamppi is in Helsinki).
        filter.categoryRanges = [tree["City"]!.codeRange]
        let near = try nearest(10, to: point, filter: filter, db: db, maxDistance: 25_000)
        guard let best = near.max(by: { ($0.importance, -$0.distance) < ($1.importance, -$1.distance) }),
            let place = best.place
        else { return nil }
        return [place.name, place.region, state.results.countryNames[place.country] ?? place.country]
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

/// The coverage areas of one gazetteer and their labels, worked out once. `@unchecked
/// Sendable`: guarded by `lock`.
final class CoverageCache: @unchecked Sendable {
    private let lock = NSLock()
    private var value: [Coverage.Area]?
    private var labels: [String: String?] = [:]

    var areas: [Coverage.Area]? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }

    func label(_ key: String) -> String?? { lock.withLock { labels[key] } }
    func setLabel(_ label: String?, for key: String) { lock.withLock { labels[key] = .some(label) } }
}
