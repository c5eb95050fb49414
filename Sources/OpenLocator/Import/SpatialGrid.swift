import Foundation

/// An in-memory grid of items by location, for nearest-thing lookups while building.
struct SpatialGrid<Item> {
    private struct Cell: Hashable { var x: Int32; var y: Int32 }
    private let cellDegrees: Double
    private var cells: [Cell: [Item]] = [:]

    init(cellDegrees: Double) { self.cellDegrees = cellDegrees }

    /// Whether nothing was inserted.
    var isEmpty: Bool { cells.isEmpty }

    /// The cell of a coordinate; coordinates off the globe are clamped onto it.
    private func cell(_ c: Coordinate) -> Cell {
        let lon = c.lon.isFinite ? min(180, max(-180, c.lon)) : 0
        let lat = c.lat.isFinite ? min(90, max(-90, c.lat)) : 0
        return Cell(x: Int32(floor(lon / cellDegrees)), y: Int32(floor(lat / cellDegrees)))
    }

    /// Adds an item to every cell its box touches.
    mutating func insert(_ item: Item, from a: Coordinate, to b: Coordinate) {
        let lo = cell(Coordinate(lon: min(a.lon, b.lon), lat: min(a.lat, b.lat)))
        let hi = cell(Coordinate(lon: max(a.lon, b.lon), lat: max(a.lat, b.lat)))
        for x in lo.x...hi.x {
            for y in lo.y...hi.y { cells[Cell(x: x, y: y), default: []].append(item) }
        }
    }

    /// Adds an item at a point.
    mutating func insert(_ item: Item, at point: Coordinate) { insert(item, from: point, to: point) }

    /// The items in cells that may hold something within `metres` of `center` (a superset).
    func candidates(near center: Coordinate, within metres: Double) -> [Item] {
        guard !cells.isEmpty else { return [] }  // (a build without GeoNames or OSM asks often)
        let box = GreatCircle.boundingBox(around: Point(latitude: center.lat, longitude: center.lon), radius: metres)
        let lo = cell(Coordinate(lon: box.xmin, lat: box.ymin))
        let hi = cell(Coordinate(lon: box.xmax, lat: box.ymax))
        guard lo.x <= hi.x, lo.y <= hi.y else { return [] }
        guard Int(hi.x - lo.x) * Int(hi.y - lo.y) < 10_000 else { return cells.values.flatMap { $0 } }
        var found: [Item] = []
        for x in lo.x...hi.x {
            for y in lo.y...hi.y { found.append(contentsOf: cells[Cell(x: x, y: y)] ?? []) }
        }
        return found
    }
}

extension SpatialGrid: Sendable where Item: Sendable {}
