import Foundation

/// Where a build's sources have POIs and addresses: for each source and kind, the cells of
/// ``GazetteerSchema/coverageCellDegrees`` holding any, with how many and the extent of those
/// inside the cell. Written as the `coverage` table; read back as ``Coverage`` areas.
struct CoverageGrid {
    /// What a cell counts.
    enum Kind: String, CaseIterable {
        case poi = "POI"
        case address = "Address"
    }

    struct Cell {
        var places = 0
        var minLon = Double.infinity, minLat = Double.infinity
        var maxLon = -Double.infinity, maxLat = -Double.infinity

        mutating func add(longitude: Double, latitude: Double) {
            places += 1
            (minLon, maxLon) = (min(minLon, longitude), max(maxLon, longitude))
            (minLat, maxLat) = (min(minLat, latitude), max(maxLat, latitude))
        }
    }

    private struct Key: Hashable {
        var source: Int
        var kind: Kind
        var cell: Int64
    }

    /// The name places are counted under until the next ``begin(source:)``.
    private var sources: [String] = []
    private var cells: [Key: Cell] = [:]
    /// The last cell added to, kept out of the dictionary while its places keep coming (an
    /// OpenAddresses file's rows come street by street).
    private var last: (key: Key, cell: Cell)?
    private let poiCodes = CategoryTree.world["POI"]!.codeRange

    /// Counts the places added from now on under `source` ("Helsinki.osm.pbf").
    mutating func begin(source: String) {
        flush()
        sources.append(source)
    }

    /// Counts one place, if it is a POI or an address.
    mutating func add(longitude: Double, latitude: Double, category: Int, type: AddressType) {
        guard !sources.isEmpty, longitude.isFinite, latitude.isFinite else { return }
        let kind: Kind
        switch type {
        case .poi where poiCodes.contains(category): kind = .poi
        case .pointAddress, .streetAddress, .streetAddressExt, .streetName: kind = .address
        default: return
        }
        let key = Key(source: sources.count - 1, kind: kind, cell: Self.cell(longitude: longitude, latitude: latitude))
        if last?.key != key {
            flush()
            last = (key, cells[key] ?? Cell())
        }
        last!.cell.add(longitude: longitude, latitude: latitude)
    }

    private mutating func flush() {
        if let last { cells[last.key] = last.cell }
        last = nil
    }

    /// The cell number of a location: rows of cells from the south pole, columns from -180°.
    static func cell(longitude: Double, latitude: Double) -> Int64 {
        let size = GazetteerSchema.coverageCellDegrees
        let columns = Int64((360 / size).rounded())
        let column = min(columns - 1, max(0, Int64(((longitude + 180) / size).rounded(.down))))
        let row = min(Int64((180 / size).rounded()) - 1, max(0, Int64(((latitude + 90) / size).rounded(.down))))
        return row * columns + column
    }

    /// Writes every cell into the `coverage` table.
    mutating func write(to connection: SQLiteConnection) throws {
        flush()
        let insert = try connection.statement(
            """
            INSERT INTO coverage(source, kind, cell, places, min_lon, min_lat, max_lon, max_lat)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(source, kind, cell) DO UPDATE SET places = places + excluded.places,
                min_lon = min(min_lon, excluded.min_lon), min_lat = min(min_lat, excluded.min_lat),
                max_lon = max(max_lon, excluded.max_lon), max_lat = max(max_lat, excluded.max_lat)
            """)
        for (key, cell) in cells.sorted(by: { ($0.key.source, $0.key.cell) < ($1.key.source, $1.key.cell) })
        where cell.places > 0 {
            try insert.run([
                .text(sources[key.source]), .text(key.kind.rawValue), .integer(key.cell), .integer(Int64(cell.places)),
                .double(cell.minLon), .double(cell.minLat), .double(cell.maxLon), .double(cell.maxLat),
            ])
        }
        cells = [:]
    }
}
