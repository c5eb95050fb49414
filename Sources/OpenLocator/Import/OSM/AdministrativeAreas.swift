import Foundation

/// The administrative areas an OSM extract holds whole (`boundary=administrative` relations
/// with a name and an `admin_level` of 7 to 10 whose outer ways join into closed rings), to
/// place its places in by containment rather than by the nearest GeoNames town: the city a
/// place lies in is the deepest area of level 8 or less around it (a municipality in most
/// countries), its district the deepest of level 9 or 10. An extract cut by a box holds only
/// pieces of the boundaries that cross its edge: those areas are left out, and the nearest
/// town stands in (``PlaceEnricher``).
///
/// ```swift
/// var areas = AdministrativeAreas()
/// areas.add(name: "Helsinki", level: 8, outer: ways, inner: [])
/// areas.around(Coordinate(lon: 24.94, lat: 60.17)).city?.name   // "Helsinki"
/// ```
struct AdministrativeAreas {
    struct Area {
        let name: String
        let level: Int
        let outer: [[Coordinate]]
        let inner: [[Coordinate]]
        let box: Envelope

        /// Whether a point lies inside an outer ring and inside no inner one.
        func contains(_ point: Coordinate) -> Bool {
            guard box.contains(x: point.lon, y: point.lat) else { return false }
            return outer.contains { Self.ring($0, contains: point) } && !inner.contains { Self.ring($0, contains: point) }
        }

        /// Ray casting along the latitude of the point.
        private static func ring(_ ring: [Coordinate], contains point: Coordinate) -> Bool {
            var inside = false
            var j = ring.count - 1
            for i in ring.indices {
                let (a, b) = (ring[i], ring[j])
                if (a.lat > point.lat) != (b.lat > point.lat),
                    point.lon < (b.lon - a.lon) * (point.lat - a.lat) / (b.lat - a.lat) + a.lon
                {
                    inside.toggle()
                }
                j = i
            }
            return inside
        }
    }

    /// The levels kept: cities (7, 8) and their districts (9, 10).
    static let levels = 7...10
    /// The deepest level that is a city; deeper ones are districts.
    static let cityLevel = 8

    private(set) var areas: [Area] = []
    private var grid = SpatialGrid<Int32>(cellDegrees: 0.05)

    var isEmpty: Bool { areas.isEmpty }

    /// Adds an area from its ways' points in order, when its outer ways join into closed rings
    /// (and its inner ones too); returns whether it was added.
    @discardableResult
    mutating func add(name: String, level: Int, outer: [[Coordinate]], inner: [[Coordinate]]) -> Bool {
        guard Self.levels.contains(level), !name.isEmpty, let outerRings = Self.rings(outer),
            let innerRings = Self.rings(inner), let first = outerRings.first?.first
        else { return false }
        var box = Envelope(xmin: first.lon, ymin: first.lat, xmax: first.lon, ymax: first.lat)
        for point in outerRings.joined() {
            box = box.union(Envelope(xmin: point.lon, ymin: point.lat, xmax: point.lon, ymax: point.lat))
        }
        grid.insert(
            Int32(areas.count), from: Coordinate(lon: box.xmin, lat: box.ymin),
            to: Coordinate(lon: box.xmax, lat: box.ymax))
        areas.append(Area(name: name, level: level, outer: outerRings, inner: innerRings, box: box))
        return true
    }

    /// The city and the district a point lies in (the deepest area of each kind).
    func around(_ point: Coordinate) -> (city: Area?, district: Area?) {
        var city: Area?
        var district: Area?
        for index in grid.candidates(near: point, within: 0) {
            let area = areas[Int(index)]
            guard area.contains(point) else { continue }
            if area.level <= Self.cityLevel {
                if area.level > city?.level ?? 0 { city = area }
            } else if area.level > district?.level ?? 0 {
                district = area
            }
        }
        return (city, district)
    }

    /// Ways joined end to end into closed rings, or `nil` when one does not close (a boundary
    /// cut by the extract's edge). A way closed on its own is a ring.
    static func rings(_ ways: [[Coordinate]]) -> [[Coordinate]]? {
        var left = ways.filter { $0.count >= 2 }
        var rings: [[Coordinate]] = []
        while var ring = left.popLast() {
            while ring.first != ring.last {
                guard let next = left.firstIndex(where: { $0.first == ring.last || $0.last == ring.last }) else {
                    return nil
                }
                let way = left.remove(at: next)
                ring += (way.first == ring.last ? way : way.reversed()).dropFirst()
            }
            guard ring.count >= 4 else { return nil }
            rings.append(ring)
        }
        return rings
    }
}
