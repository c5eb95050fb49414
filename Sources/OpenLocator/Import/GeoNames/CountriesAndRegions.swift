import Foundation

/// Countries and their first-level regions as places of their own ("Finland", "Suomi",
/// "Texas", "New South Wales"), made from GeoNames' companion tables and the towns of each: a
/// bare country's or state's name answers the country or the state (a Locality of Type Country
/// or Region), not a town or a shop with the word in its name.
///
/// Each lies in the middle of its towns (the middle of the box between the 2nd and 98th
/// percentiles of their longitudes and latitudes, so far islands and stray points do not move
/// it), with that box as its extent. A country's importance follows its population
/// (`countryInfo.txt`, at least ``leastCountryImportance``); a region's, its towns' people (a
/// little less than a city of as many, at most 0.8, and below a town of its own name in it), so
/// "Wyoming" is the state before Wyoming, Michigan, while "Washington" is the capital before
/// the state, "New York" the city and "Zurich" the city before its canton.
///
/// ```swift
/// var made = CountriesAndRegions()
/// made.add(town)                       // every GeoNames town, as it streams
/// let places = made.places(countries: importer.countries, populations: importer.countryPopulations)
/// ```
struct CountriesAndRegions {
    private struct Towns {
        var longitudes: [Double] = []
        var latitudes: [Double] = []
        var people: Int64 = 0
        /// The importance of each town of it, by its folded name: a region named as one of its
        /// towns ranks after it ("Zurich" is the city before the canton).
        var towns: [String: Double] = [:]

        mutating func add(_ town: PlaceRecord, keepingName: Bool) {
            longitudes.append(town.longitude)
            latitudes.append(town.latitude)
            people += max(0, town.population)
            if keepingName {
                let name = TextFolding.fold(town.name)
                towns[name] = max(towns[name] ?? 0, town.importance)
            }
        }

        /// The box between the 2nd and 98th percentiles of the towns' longitudes and latitudes,
        /// and its middle.
        func middle() -> (Envelope, Coordinate)? {
            guard !longitudes.isEmpty else { return nil }
            func range(_ values: [Double]) -> (Double, Double) {
                let sorted = values.sorted()
                let cut = sorted.count / 50
                return (sorted[cut], sorted[sorted.count - 1 - cut])
            }
            let (west, east) = range(longitudes)
            let (south, north) = range(latitudes)
            return (
                Envelope(xmin: west, ymin: south, xmax: east, ymax: north),
                Coordinate(lon: (west + east) / 2, lat: (south + north) / 2)
            )
        }
    }

    /// By ISO3 country, and by ISO3 + "|" + region name.
    private var countries: [String: Towns] = [:]
    private var regions: [String: Towns] = [:]
    private let city = CategoryTree.world["City"]!.code
    private let neighborhood = CategoryTree.world["Neighborhood"]!.code

    /// The least importance of a country, however few its people: Pitcairn is the islands
    /// before Pitcairn, Pennsylvania.
    static let leastCountryImportance = 0.6

    /// The languages a country's name is kept in besides its own (ICU's names).
    static let nameLanguages = ["en", "fr", "de", "es", "it", "pt", "nl", "sv", "fi", "pl", "ru", "zh", "ja", "ar"]

    /// Counts a GeoNames town towards its country and region.
    mutating func add(_ town: PlaceRecord) {
        guard town.addressType == .locality, town.category == city || town.category == neighborhood,
            !town.country.isEmpty
        else { return }
        countries[town.country, default: Towns()].add(town, keepingName: false)
        if !town.region.isEmpty {
            regions[town.country + "|" + town.region, default: Towns()].add(town, keepingName: true)
        }
    }

    /// The places: each country with towns (by its ISO2 code in `countries`), then each region.
    /// - Parameters:
    ///   - countries: ISO3 and name by ISO2; `populations` and `languages` ("fi-FI,sv-FI") by ISO2.
    func places(
        countries table: [String: (iso3: String, name: String)], populations: [String: Int64],
        languages: [String: String]
    ) -> [PlaceRecord] {
        var made: [PlaceRecord] = []
        let countryCategory = CategoryTree.world["Country"]!.code
        let regionCategory = CategoryTree.world["Region"]!.code
        for (iso2, country) in table.sorted(by: { $0.key < $1.key }) {
            guard let towns = countries[country.iso3], let (box, middle) = towns.middle() else { continue }
            let people = populations[iso2] ?? towns.people
            var place = PlaceRecord(
                name: country.name, addressType: .locality, category: countryCategory, country: country.iso3,
                placeAddress: country.name, longitude: middle.lon, latitude: middle.lat,
                importance: max(Self.leastCountryImportance, min(1, log10(Double(max(people, 0)) + 10) / 7.5 + 0.1)),
                source: "geonames-country:\(iso2)")
            let own = (languages[iso2] ?? "").split(separator: ",").map { String($0.prefix { $0 != "-" }).lowercased() }
            var names: [(language: String, name: String)] = []
            for language in own + Self.nameLanguages where !names.contains(where: { $0.language == language }) {
                if let name = QualifierLexicon.countryName(iso2, in: language), name != country.name {
                    names.append((language, name))
                }
            }
            place.localizedNames = LocalizedNames.encode(names)
            // Found by its names in Latin letters and in its own languages' script ("Россия"),
            // not by another script's (Arabic ألمانيا, Germany, folds to "almanya", a letter from
            // the town of Alanya).
            place.alternateNames =
                names.filter { own.contains($0.language) || SearchText.isLatin($0.name) }.map(\.name) + [iso2, country.iso3]
            place.extent = box
            made.append(place)
        }
        let countryNames = Dictionary(table.values.map { ($0.iso3, $0.name) }, uniquingKeysWith: { a, _ in a })
        for (key, towns) in regions.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: "|", maxSplits: 1).map(String.init)
            guard parts.count == 2, let (box, middle) = towns.middle() else { continue }
            var importance = max(0.3, min(0.8, log10(Double(towns.people) + 10) / 7.5 - 0.05))
            if let town = towns.towns[TextFolding.fold(parts[1])] { importance = min(importance, town - 0.01) }
            var place = PlaceRecord(
                name: parts[1], addressType: .locality, category: regionCategory, region: parts[1], country: parts[0],
                placeAddress: String(joiningNonEmpty: parts[1], countryNames[parts[0]] ?? "", separator: ", "),
                longitude: middle.lon, latitude: middle.lat, importance: importance,
                source: "geonames-region:\(parts[0]):\(parts[1])")
            place.extent = box
            made.append(place)
        }
        return made
    }
}
