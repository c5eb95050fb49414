import Foundation

/// The cities whose districts GeoNames lists as populated places of their own (Kamppi and
/// Kallio in Helsinki, Mitte in Berlin, Kabukicho in Tokyo), so a build can give such a place
/// its city: `City` Helsinki and `Neighborhood` Kamppi, as ArcGIS answers, not `City` Kamppi.
///
/// A place is a district of a city when both lie in one country and first-level division, the
/// place is no capital or first-level seat (`PPLC`, `PPLA`), and either GeoNames calls it a
/// section of a populated place (`PPLX`) within twice the city's reach, or the city has ten
/// times its people and it lies within the city's reach: the radius of a disc of the city's
/// population at 5,000 people a km² (6.5 km for Helsinki's 660,000, 25 km for Tokyo's 9.7
/// million). Espoo (270,000, 15 km from Helsinki) and Kawasaki stay towns of their own. Of
/// several such cities, the most populous.
///
/// Read from the dumps before their places are written (only cities of ``minimumPopulation``
/// or more are kept, a few thousand for the world), so each place gets its city as it streams.
struct EnclosingTowns: Sendable {
    /// A city that may enclose districts.
    struct City: Sendable {
        let name: String
        let location: Coordinate
        let population: Int64
        let country: String
        let admin1: String
        /// How far its districts may lie, in metres.
        var reach: Double { Self.reach(population: population) }

        static func reach(population: Int64) -> Double {
            (Double(population) / (EnclosingTowns.peoplePerSquareKilometre * .pi)).squareRoot() * 1000
        }
    }

    /// The fewest people a city has to hold districts.
    static let minimumPopulation: Int64 = 50_000
    /// How many times a district's people its city has at least (a `PPLX` needs only more).
    static let populationRatio: Int64 = 10
    /// The density a city's reach assumes.
    static let peoplePerSquareKilometre = 5_000.0

    private var cities: [City] = []
    private var grid = SpatialGrid<Int32>(cellDegrees: 0.5)
    /// The farthest any city's district may lie.
    private var farthest = 0.0

    /// None: every place its own town.
    static let none = EnclosingTowns()

    /// Reads the cities that may hold districts from GeoNames dumps (19-column rows of feature
    /// class P with ``minimumPopulation`` people or more; other files and rows are passed over).
    init(dumps urls: [URL]) throws {
        for url in urls {
            var lines = LineReader(try GeoNamesImporter.open(url))
            while let line = try lines.next() {
                let fields = line.bytes.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                guard fields.count >= 15, fields[6].elementsEqual("P".utf8),
                    let population = Int64(String(decoding: fields[14], as: UTF8.self)),
                    population >= Self.minimumPopulation, !fields[7].elementsEqual("PPLX".utf8),
                    let latitude = Double(String(decoding: fields[4], as: UTF8.self)),
                    let longitude = Double(String(decoding: fields[5], as: UTF8.self)),
                    abs(latitude) <= 90, abs(longitude) <= 180
                else { continue }
                let city = City(
                    name: String(decoding: fields[1], as: UTF8.self),
                    location: Coordinate(lon: longitude, lat: latitude), population: population,
                    country: String(decoding: fields[8], as: UTF8.self),
                    admin1: String(decoding: fields[10], as: UTF8.self))
                grid.insert(Int32(cities.count), at: city.location)
                cities.append(city)
                farthest = max(farthest, 2 * city.reach)
            }
        }
    }

    private init() {}

    /// The city a place of GeoNames is a district of, or `nil` when it is a town of its own.
    /// - Parameters:
    ///   - country: its ISO 3166 alpha-2 code, as the dump gives it; `admin1` likewise.
    func city(
        of location: Coordinate, population: Int64, featureCode: some StringProtocol, country: some StringProtocol,
        admin1: some StringProtocol
    ) -> City? {
        guard !cities.isEmpty, featureCode != "PPLC", featureCode != "PPLA" else { return nil }
        let isSection = featureCode == "PPLX"
        var best: City?
        for index in grid.candidates(near: location, within: farthest) {
            let city = cities[Int(index)]
            guard city.country == country, admin1.isEmpty || city.admin1.isEmpty || city.admin1 == admin1,
                isSection ? city.population > population : city.population >= Self.populationRatio * max(population, 1),
                city.population > best?.population ?? 0
            else { continue }
            let distance = OSMGeometry.length(location, city.location)
            guard distance > 1 || population < city.population,  // (not itself)
                distance <= (isSection ? 2 * city.reach : city.reach)
            else { continue }
            best = city
        }
        return best
    }
}
