import Foundation
import Testing

@testable import OpenLocator

/// Relevance on the whole world the data covers, with truth from the raw GeoNames files
/// (``RawGeoNames``, a parser of the test's own) and brute-force scans: qualifiers, the
/// locality fallback, honest coverage and junk.
extension RelevanceSuiteTests {
    // MARK: - Qualifiers

    /// Every US state, by its code and by its name (with and without a comma), with the
    /// largest three of its cities whose names other states have too: the city of that state,
    /// its most populous of the name, comes first.
    @Test func everyUSStateCodeAndNameFindsItsCityOverHomonymsInOtherStates() async throws {
        let tally = Tally("US state qualifiers (code, name)", floor: 0.95)
        let raw = RawGeoNames.shared
        let us = raw.places.filter { $0.countryCode == "US" && !$0.region.isEmpty }
        let statesOfName = Dictionary(grouping: us, by: \.name).mapValues { Set($0.map(\.admin1Code)) }
        let states = Set(us.map(\.admin1Code)).sorted()
        for code in states {
            let inState = us.filter { $0.admin1Code == code }
            let state = inState[0].region
            var names: [String] = []
            for place in inState.sorted(by: { ($0.population, $1.name) > ($1.population, $0.name) })
            where statesOfName[place.name]!.count > 1 && !names.contains(place.name) && place.name.count >= 4 {
                names.append(place.name)
                if names.count == 3 { break }
            }
            for name in names {
                let largest = inState.filter { $0.name == name }.map(\.population).max()!
                let truth = inState.filter { $0.name == name && $0.population == largest }
                for query in ["\(name), \(code)", "\(name), \(state)", "\(name) \(code)"] {
                    let first = try await Self.geocode(query).first
                    let hit =
                        text(first, "PlaceName") == name && text(first, "Region") == state
                        && truth.contains {
                            ($0.location.distance(to: first?.displayLocation ?? Point(latitude: 0, longitude: 0)))
                                < 1000
                        }
                    tally.record(
                        hit, "'\(query)' -> \(first.map { "\($0.label) (\(text($0, "Region")))" } ?? "nothing")")
                }
            }
        }
        tally.finish(minimumQueries: 400)
    }

    /// Names shared by places in several countries, asked with the country whose place of that
    /// name is not the world's largest (so the qualifier decides): by the country's name, its
    /// ISO 3166 alpha-2 and alpha-3 codes. The most populous place of the name in that country
    /// comes first. (A two-letter code that is also a US state's is ambiguous, "IN" India or
    /// Indiana, and is left to the other writings; so is a name of a region of that country,
    /// "Paraná, Brazil" the state as well as the town, since regions are places.)
    @Test func cityAndCountryFindTheCityOfThatCountryOverItsHomonyms() async throws {
        let tally = Tally("city + country (name, ISO2, ISO3)", floor: 0.95)
        let raw = RawGeoNames.shared
        let named = raw.places.filter { $0.name.count >= 4 && !$0.name.contains(",") }
        let byName = Dictionary(grouping: named, by: \.name).filter { Set($0.value.map(\.countryCode)).count > 1 }
        var stream = Stream(state: 17)
        let names = byName.keys.sorted()
        var asked = 0
        while asked < 110, !names.isEmpty {
            let name = names[stream.next(names.count)]
            let places = byName[name]!
            let largest = places.max { ($0.population, $1.countryCode) < ($1.population, $0.countryCode) }!
            let others = Set(places.map(\.countryCode)).subtracting([largest.countryCode]).sorted()
            let code = others[stream.next(others.count)]
            guard let country = raw.countries[code], !country.name.contains(","),
                !raw.regions.contains(where: {
                    $0.key.hasPrefix(code + ".") && TextFolding.fold($0.value) == TextFolding.fold(name)
                })
            else { continue }
            asked += 1
            let inCountry = places.filter { $0.countryCode == code }
            let most = inCountry.map(\.population).max()!
            let truth = inCountry.filter { $0.population == most }
            var writings = ["\(name), \(country.name)", "\(name), \(country.iso3)"]
            if raw.regions["US.\(code)"] == nil { writings.append("\(name), \(code)") }
            for query in writings {
                let first = try await Self.geocode(query).first
                let location = first?.displayLocation ?? Point(latitude: 0, longitude: 0)
                let hit =
                    text(first, "Country") == country.iso3
                    && truth.contains { $0.location.distance(to: location) < 1000 }
                tally.record(hit, "'\(query)' -> \(first.map { "\($0.label), \(text($0, "Country"))" } ?? "nothing")")
            }
        }
        tally.finish(minimumQueries: 300)
    }

    // MARK: - Locality fallback

    /// A landmark the data lacks with its city's name ("Rochester Public Library", "Old Mill,
    /// Kingston"), asked near a smaller homonym of the city: the answer is that city, as a
    /// Locality with a lower score, the homonym nearest the point.
    @Test func aLandmarkTheDataLacksFallsBackToTheCityNearestThePoint() async throws {
        let tally = Tally("landmark + city (locality fallback)", floor: 0.95)
        let raw = RawGeoNames.shared
        let landmarks = ["Public Library", "Memorial Hospital", "City Hall", "Old Mill", "Fire Station No 3"]
        // Single-word names of several places, none of them a category's ("Library").
        let usable = raw.places.filter { place in
            place.name.count >= 5 && place.name.allSatisfy { $0.isLetter }
                && CategoryResolver.world.categories(matching: place.name).isEmpty
        }
        let byName = Dictionary(grouping: usable, by: \.name).filter { $0.value.count >= 2 }
        var stream = Stream(state: 23)
        let names = byName.keys.sorted()
        for index in 0..<120 {
            let name = names[stream.next(names.count)]
            let places = byName[name]!
            let largest = places.max { $0.population < $1.population }!
            let smaller = places.filter { $0.population < largest.population || $0.countryCode != largest.countryCode }
            guard let target = (smaller.isEmpty ? places : smaller).min(by: { $0.population < $1.population })
            else { continue }
            let bearing = Double(stream.next(360)) * .pi / 180
            let point = Point(
                latitude: target.latitude + 0.027 * cos(bearing),
                longitude: target.longitude + 0.027 * sin(bearing) / max(0.2, cos(target.latitude * .pi / 180)))
            let nearest = places.min { point.distance(to: $0.location) < point.distance(to: $1.location) }!
            let landmark = landmarks[index % landmarks.count]
            let query = index % 3 == 2 ? "\(landmark), \(name)" : "\(name) \(landmark)"
            let first = try await Self.geocode(query, near: point).first
            let hit =
                text(first, "Addr_type") == "Locality" && text(first, "PlaceName") == name
                && (first?.displayLocation.map { $0.distance(to: nearest.location) } ?? 1e9) < 1000
                && (first?.score ?? 100) < 100
            tally.record(
                hit,
                "'\(query)' near \(point) -> \(first.map { "\($0.label) \(text($0, "Addr_type")) \($0.score)" } ?? "nothing"), truth \(nearest.name), \(nearest.region)"
            )
        }
        tally.finish(minimumQueries: 100)
    }

    /// A town, a county or district the data lacks, and the town's state or country, as forms
    /// write them ("Austin, Travis County, Texas"; "Pune, Pune District, India"): the answer is
    /// the most populous town of the name in that state or country, as a Locality with a lower
    /// score. Towns of a single word, the largest of their name in the world or not.
    @Test func aCountyOrDistrictTheDataLacksFallsBackToTheTownBeforeIt() async throws {
        let tally = Tally("town, county or district, region (locality fallback)", floor: 0.95)
        let raw = RawGeoNames.shared
        let usable = raw.places.filter { place in
            place.name.count >= 4 && place.name.allSatisfy { $0.isLetter } && place.population >= 1000
                && CategoryResolver.world.categories(matching: place.name).isEmpty
        }
        var stream = Stream(state: 29)
        for index in 0..<120 {
            let place = usable[stream.next(usable.count)]
            let inUS = place.countryCode == "US" && !place.region.isEmpty
            guard let country = raw.countries[place.countryCode], !country.name.contains(",") else { continue }
            let homonyms = raw.places.filter {
                $0.name == place.name && $0.countryCode == place.countryCode
                    && (!inUS || $0.admin1Code == place.admin1Code)
            }
            let most = homonyms.map(\.population).max()!
            let truth = homonyms.filter { $0.population == most }
            let middle = index % 2 == 0 ? "\(place.name) \(inUS ? "County" : "District")" : "Xyloq Cantonment"
            let query = inUS ? "\(place.name), \(middle), \(place.region)" : "\(place.name), \(middle), \(country.name)"
            let first = try await Self.geocode(query).first
            let location = first?.displayLocation ?? Point(latitude: 0, longitude: 0)
            let hit =
                text(first, "Addr_type") == "Locality" && text(first, "Country") == country.iso3
                && truth.contains { $0.location.distance(to: location) < 1000 } && (first?.score ?? 100) < 100
            tally.record(
                hit, "'\(query)' -> \(first.map { "\($0.label), \(text($0, "Country")) \($0.score)" } ?? "nothing")")
        }
        tally.finish(minimumQueries: 100)
    }

    /// A postcode the data lacks beside a city's name ("75008 Paris", "Sydney 2000"), in the
    /// shapes countries write them, near a homonym of the city: the answer is that city, as a
    /// Locality with a lower score, the homonym nearest the point.
    @Test func aPostcodeTheDataLacksFallsBackToTheCityNearestThePoint() async throws {
        let tally = Tally("postcode + city (locality fallback)", floor: 0.95)
        let raw = RawGeoNames.shared
        let codes = ["75008", "2000", "10001-2345", "SW1A 1AA", "1012 AB", "K1A 0B1", "100-0005", "D02 X285"]
        let usable = raw.places.filter { place in
            place.name.count >= 5 && place.name.allSatisfy { $0.isLetter }
                && CategoryResolver.world.categories(matching: place.name).isEmpty
        }
        let byName = Dictionary(grouping: usable, by: \.name).filter { $0.value.count >= 2 }
        var stream = Stream(state: 41)
        let names = byName.keys.sorted()
        for index in 0..<120 {
            let name = names[stream.next(names.count)]
            let places = byName[name]!
            let target = places[stream.next(places.count)]
            let point = Point(latitude: target.latitude + 0.02, longitude: target.longitude)
            let nearest = places.min { point.distance(to: $0.location) < point.distance(to: $1.location) }!
            let code = codes[index % codes.count]
            let query = index % 2 == 0 ? "\(code) \(name)" : "\(name) \(code)"
            let first = try await Self.geocode(query, near: point).first
            let hit =
                text(first, "Addr_type") == "Locality" && text(first, "PlaceName") == name
                && (first?.displayLocation.map { $0.distance(to: nearest.location) } ?? 1e9) < 1000
                && (first?.score ?? 100) < 100
            tally.record(
                hit,
                "'\(query)' near \(point) -> \(first.map { "\($0.label) \(text($0, "Addr_type")) \($0.score)" } ?? "nothing"), truth \(nearest.name), \(nearest.region)"
            )
        }
        tally.finish(minimumQueries: 100)
    }

    // MARK: - Coverage

    /// The seed's five categories near the world's big cities, far from every place of the
    /// category in the default gazetteer (brute force over its rows): nothing comes back, and
    /// the answer says where the gazetteer has POIs.
    @Test func categoriesFarFromAnyPlaceOfThemAnswerNothingAndSayWhereTheyAre() async throws {
        let tally = Tally("categories far from any (coverage)", floor: 0.95)
        let raw = RawGeoNames.shared
        let helsinki = Fixtures.helsinkiCentre
        let cities = raw.places.filter { $0.population >= 3_000_000 && $0.location.distance(to: helsinki) > 200_000 }
            .sorted { $0.name < $1.name }
        let task = try Fixtures.task()
        let phrases = ["Coffee shop", "Gas station", "Food", "Hotel", "Parks and Outdoors"]
        var truthByPhrase: [String: [PlaceRecord]] = [:]
        for phrase in phrases {
            let category = try #require(CategoryResolver.world.categories(matching: phrase).first)
            truthByPhrase[phrase] = try allPlaces(in: Fixtures.defaultGazetteerURL(), category: category)
        }
        var stream = Stream(state: 29)
        var points = 0
        for city in cities where points < 25 {
            points += 1
            let point = city.location
            let phrase = phrases[stream.next(phrases.count)]
            let nearest = truthByPhrase[phrase]!.map { point.distance(to: $0.location) }.min() ?? .infinity
            guard nearest > GeocodeParameters.defaultMaxDistance else { continue }
            for searchText in [phrase, ""] {
                let parameters = GeocodeParameters()
                parameters.preferredSearchLocation = point
                if searchText.isEmpty { parameters.addCategory(phrase) }
                let response = try await task.geocodeResponse(forSearchText: searchText, using: parameters)
                let coverage = response.coverage
                tally.record(
                    response.results.isEmpty && coverage?.areas.first?.source == "Helsinki.osm.pbf"
                        && coverage?.summary.contains("50 km") == true
                        && coverage?.summary.contains("Helsinki") == true,
                    "'\(searchText.isEmpty ? "category=" + phrase : searchText)' near \(city.name) -> \(response.results.first?.label ?? "nothing"), \(coverage?.summary ?? "no coverage")"
                )
            }
        }
        tally.finish(minimumQueries: 40)
    }

    // MARK: - Junk

    /// Queries of made-up words (none within two edits of any word of the index, by a scan of
    /// its vocabulary), alone, around a real word and a number ("Qzxvtk Street 99 Kzqwrt") or
    /// after a word that starts many town names and is one too ("Bad Qzxvtk-Kzqwrt"): no match reaches the default minimum score, and a batch
    /// marks them unmatched. With `minScore` 0 most of them do have candidates, so it is the
    /// minimum that keeps them out.
    @Test func junkQueriesMatchNothingAboveTheMinimumScore() async throws {
        let tally = Tally("junk queries", floor: 0.95)
        let db = try SQLiteConnection(path: Fixtures.defaultGazetteerURL().path)
        var stream = Stream(state: 31)
        let consonants = Array("bcdfghjklmnpqrstvwxz")
        /// Whether an index word lies within two edits: such a word shares a pair of letters
        /// with it (at least max(length) - 1 - 2 × 2 pairs, the q-gram lemma), so those are
        /// read and compared.
        func nearAnIndexWord(_ word: String) throws -> Bool {
            let letters = Array(word)
            let pairs = (0..<(letters.count - 1)).map { String(letters[$0...($0 + 1)]) }
            let condition = pairs.indices.map { "instr(term, ?\($0 + 3)) > 0" }.joined(separator: " OR ")
            var near = false
            try db.statement("SELECT term FROM vocabulary WHERE length(term) BETWEEN ?1 AND ?2 AND (\(condition))")
                .forEachRow(
                    [.integer(Int64(word.count - 2)), .integer(Int64(word.count + 2))] + pairs.map { .text($0) }
                ) {
                    near = near || Self.levenshtein($0.text(0), word) <= 2
                }
            return near
        }
        func madeUpWord() throws -> String {
            while true {
                let word = String((0..<(6 + stream.next(3))).map { _ in consonants[stream.next(consonants.count)] })
                if try !nearAnIndexWord(word) { return word.prefix(1).uppercased() + word.dropFirst() }
            }
        }
        let realWords = ["Street", "Road", "Hotel", "Park", "Main", "Church", "Lake", "Avenue"]
        var queries: [String] = []
        for index in 0..<60 {
            switch index % 4 {
            case 0: queries.append(try madeUpWord())
            case 1: queries.append("\(try madeUpWord()) \(try madeUpWord())")
            case 2:
                let (first, real, number) = (
                    try madeUpWord(), realWords[stream.next(realWords.count)], 1 + stream.next(199)
                )
                queries.append("\(first) \(real) \(number) \(try madeUpWord())")
            default:
                let (first, real) = (try madeUpWord(), realWords[stream.next(realWords.count)])
                queries.append("\(first) \(real) \(try madeUpWord())")
            }
        }
        // A common first word of town names that is a town's whole name too ("Bad", "San"),
        // beside two made-up words: a name the data lacks, not a landmark of that town.
        var firstWords: [String: Int] = [:]
        var wholeNames: Set<String> = []
        for place in RawGeoNames.shared.places {
            let words = place.name.split(separator: " ")
            if words.count == 1 { wholeNames.insert(place.name) } else { firstWords[String(words[0]), default: 0] += 1 }
        }
        let townWords = firstWords.filter { $0.value >= 50 && wholeNames.contains($0.key) }
            .sorted { ($0.value, $0.key) > ($1.value, $1.key) }.prefix(10).map(\.key)
        #expect(townWords.count == 10, "\(townWords)")
        for word in townWords {
            queries.append("\(word) \(try madeUpWord())-\(try madeUpWord())")
        }
        var withCandidates = 0
        for query in queries {
            let results = try await Self.geocode(query, near: Fixtures.helsinkiCentre)
            tally.record(results.isEmpty, "'\(query)' -> \(results.first.map { "\($0.label) \($0.score)" } ?? "")")
            let parameters = GeocodeParameters()
            parameters.minScore = 0
            if try await Fixtures.task().geocode(forSearchText: query, using: parameters).isEmpty == false {
                withCandidates += 1
            }
        }
        let batch = try await Fixtures.task().geocode(batch: Array(queries.prefix(30)))
        for (query, match) in zip(queries, batch) {
            tally.record(match.status == .unmatched, "batch '\(query)' -> \(match.status)")
        }
        print("relevance junk queries: \(withCandidates)/\(queries.count) have candidates with minScore 0")
        #expect(withCandidates >= queries.count / 2, "junk that finds nothing at all proves nothing")
        tally.finish(minimumQueries: 90)
    }

    /// Edit distance, the test's own (truth apart from ``EditDistance``).
    static func levenshtein(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
