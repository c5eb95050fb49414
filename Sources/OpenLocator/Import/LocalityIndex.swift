import Foundation

/// The GeoNames localities a build places its other sources in, kept compact: ~50 bytes a
/// locality in parallel arrays (name, location, population, interned region and
/// country) instead of a whole ``PlaceRecord`` with its alternate names (~1 kB). The localities
/// themselves stream into the gazetteer; this is all that stays in memory of them.
///
/// ```swift
/// var localities = LocalityIndex()
/// localities.add(helsinkiRecord)
/// let i = localities.nearestCity(to: Coordinate(lon: 24.95, lat: 60.17))  // Helsinki's index
/// ```
struct LocalityIndex {
    private var names: [String] = []
    private var longitudes: [Double] = []
    private var latitudes: [Double] = []
    private var populations: [UInt32] = []
    private var regionIndexes: [UInt32] = []
    private var countryIndexes: [UInt32] = []
    private var strings = StringTable()
    /// Cities only (not neighbourhoods), by location.
    private var cities = SpatialGrid<Int32>(cellDegrees: 0.25)
    private let city = CategoryTree.world["City"]!.code

    /// How far the nearest city may be to count as a place's city.
    static let citySearchRadius = 30_000.0

    /// Keeps what other places need of a locality.
    mutating func add(_ place: PlaceRecord) {
        let index = Int32(names.count)
        names.append(place.name)
        longitudes.append(place.longitude)
        latitudes.append(place.latitude)
        populations.append(UInt32(clamping: place.population))
        regionIndexes.append(strings.index(of: place.region))
        countryIndexes.append(strings.index(of: place.country))
        if place.category == city { cities.insert(index, at: coordinate(Int(index))) }
    }

    func name(_ index: Int) -> String { names[index] }
    func region(_ index: Int) -> String { strings[regionIndexes[index]] }
    func country(_ index: Int) -> String { strings[countryIndexes[index]] }
    func coordinate(_ index: Int) -> Coordinate {
        Coordinate(lon: longitudes[index], lat: latitudes[index])
    }

    /// The city a point belongs to: among cities within ``citySearchRadius``, the one nearest
    /// relative to its size (distance ÷ a radius growing with population), so a point in a
    /// district of Helsinki gets Helsinki, not the district's own populated-place entry.
    func nearestCity(to here: Coordinate) -> Int? {
        var best: (Int, Double)?
        for candidate in cities.candidates(near: here, within: Self.citySearchRadius) {
            let index = Int(candidate)
            let d = OSMGeometry.length(here, coordinate(index))
            guard d <= Self.citySearchRadius else { continue }
            let reach = 2_000 + 10_000 * max(0, log10(Double(max(populations[index], 1)) / 1_000))
            let relative = d / reach
            if relative < (best?.1 ?? .infinity) { best = (index, relative) }
        }
        return best?.0
    }

    /// The indexes of the localities with each of the `wanted` names (lowercased), by name.
    func indexes(named wanted: Set<String>) -> [String: [Int]] {
        guard !wanted.isEmpty else { return [:] }
        var found: [String: [Int]] = [:]
        for (index, name) in names.enumerated() {
            let key = name.lowercased()
            if wanted.contains(key) { found[key, default: []].append(index) }
        }
        return found
    }
}

/// Strings many records share (regions, countries), stored once and referred to by number.
private struct StringTable {
    private var strings: [String] = []
    private var numbers: [String: UInt32] = [:]

    mutating func index(of string: String) -> UInt32 {
        if let number = numbers[string] { return number }
        let number = UInt32(strings.count)
        strings.append(string)
        numbers[string] = number
        return number
    }

    subscript(number: UInt32) -> String { strings[Int(number)] }
}
