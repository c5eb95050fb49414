import Foundation

/// Hooks for `locator-bench` (import with `@_spi(Benchmarks) import OpenLocator`): a naive
/// baseline to measure the real search against, and GeoNames cities for synthetic data.
extension LocatorTask {
    /// The `k` places of a category nearest a point, by scanning every place of the category
    /// and sorting: the baseline the R*Tree k-nearest search is compared with.
    @_spi(Benchmarks)
    public func bruteForceNearest(category name: String, to point: Point, k: Int) async throws -> [Double] {
        guard let backend = backend as? GazetteerBackend, let category = CategoryTree.world[name] else { return [] }
        return try backend.read("benchmark") { db, _ in
            var distances: [Double] = []
            try db.statement("SELECT lon, lat FROM places WHERE category BETWEEN ? AND ?").forEachRow([
                .integer(Int64(category.code)), .integer(Int64(category.lastDescendantCode)),
            ]) { row in
                distances.append(
                    GreatCircle.distance(
                        latitude1: point.y, longitude1: point.x, latitude2: row.double(1), longitude2: row.double(0)))
            }
            return Array(distances.sorted().prefix(k))
        }
    }
}

extension LocatorTask {
    /// The `k` most important places with a word starting with `prefix`, straight from FTS5
    /// (every match ranked): the baseline suggest's precomputed prefix lists are compared with.
    @_spi(Benchmarks)
    public func plainPrefixSearch(_ prefix: String, k: Int) async throws -> [Int64] {
        guard let backend = backend as? GazetteerBackend else { return [] }
        let word = TextFolding.fold(prefix).replacingOccurrences(of: " ", with: "")
        return try backend.read("benchmark") { db, _ in
            var ids: [Int64] = []
            try db.statement(
                """
                SELECT p.id FROM places_fts f JOIN places p ON p.id = f.rowid
                WHERE places_fts MATCH ? ORDER BY p.importance DESC LIMIT ?
                """
            ).forEachRow([.text("{name alt_names} : \"\(word)\"*"), .integer(Int64(k))]) { ids.append($0.int(0)) }
            return ids
        }
    }
}

/// A GeoNames populated place, for generating realistic synthetic data.
@_spi(Benchmarks)
public struct BenchmarkCity: Sendable {
    /// The place's name.
    public var name: String
    /// Latitude in degrees.
    public var latitude: Double
    /// Longitude in degrees.
    public var longitude: Double
    /// Number of inhabitants (0 when unknown).
    public var population: Int64
}

extension DefaultGazetteer {
    /// The default gazetteer's GeoNames cities.
    @_spi(Benchmarks)
    public static func benchmarkCities() throws -> [BenchmarkCity] {
        var importer = GeoNamesImporter()
        try importer.readCompanions(among: builder.geoNamesFiles)
        var reader = try importer.placeReader(for: builder.geoNamesFiles[0])
        var cities: [BenchmarkCity] = []
        while let place = try reader.next() {
            cities.append(
                BenchmarkCity(
                    name: place.name, latitude: place.latitude, longitude: place.longitude,
                    population: place.population))
        }
        return cities
    }
}
