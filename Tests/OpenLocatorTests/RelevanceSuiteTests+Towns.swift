import Foundation
import Testing

@testable import OpenLocator

/// The world's towns as other geocoders' users ask for them: bare names (exact names first,
/// then the one people mean), town lists with their countries, reverse geocoding at city
/// centres, answers in a language, towns named like a category, a street the data lacks before
/// its town, and no junk after the answer. Truth from the raw GeoNames files read by the test's
/// own parser (``RawGeoNames``).
extension RelevanceSuiteTests {
    /// The test's own order of what people mean by a bare name: the most populous, a capital
    /// counting three times its people and a first-level seat twice.
    static func meant(_ places: [RawGeoNames.Place]) -> [RawGeoNames.Place] {
        func weight(_ place: RawGeoNames.Place) -> Int {
            place.population * (place.featureCode == "PPLC" ? 3 : place.featureCode == "PPLA" ? 2 : 1)
        }
        let most = places.map(weight).max() ?? 0
        return places.filter { weight($0) == most }
    }

    /// The places a text names exactly: by its own name or a name in a language, as written
    /// (case aside, accents kept).
    static let exactlyNamed: [String: [RawGeoNames.Place]] = {
        let raw = RawGeoNames.shared
        var byName: [String: [RawGeoNames.Place]] = [:]
        for place in raw.places {
            var names = Set([place.name.lowercased()])
            for (_, name) in raw.languageNames[place.id] ?? [] { names.insert(name.lowercased()) }
            for name in names { byName[name, default: []].append(place) }
        }
        return byName
    }()

    /// Whether the first answer is one of `truth` (within a kilometre of it).
    static func isOneOf(_ first: GeocodeResult?, _ truth: [RawGeoNames.Place]) -> Bool {
        guard let location = first?.displayLocation else { return false }
        return truth.contains { $0.location.distance(to: location) < 1000 }
    }

    // MARK: - Bare names

    /// Town names alone, as lists of US towns and the world's give them, without a search
    /// point: a town of exactly that name, the one people mean (``meant(_:)``), comes first.
    @Test func bareTownNamesFindTheTownPeopleMean() async throws {
        let tally = Tally("bare town names (exact, then prominence)", floor: 0.95)
        let raw = RawGeoNames.shared
        let usable = raw.places.filter { $0.population >= 1000 && $0.name.count >= 4 && !$0.name.contains(",") }
        let us = usable.filter { $0.countryCode == "US" }
        var stream = Stream(state: 53)
        // (A country's or a region's name means the country or the region: another class.)
        var asked = Set(raw.countries.values.map { $0.name.lowercased() } + raw.regions.values.map { $0.lowercased() })
        for index in 0..<260 {
            let pool = index % 2 == 0 ? us : usable
            let name = pool[stream.next(pool.count)].name
            guard asked.insert(name.lowercased()).inserted else { continue }
            let truth = Self.meant(Self.exactlyNamed[name.lowercased()] ?? [])
            let first = try await Self.geocode(name).first
            tally.record(
                Self.isOneOf(first, truth),
                "'\(name)' -> \(first.map { "\($0.label) (\(text($0, "Country")))" } ?? "nothing"); meant \(truth.map { "\($0.name), \($0.region), \($0.countryCode)" })"
            )
        }
        tally.finish(minimumQueries: 200)
    }

    // MARK: - Town lists with their countries

    /// Towns written with their country, as in a list of towns: "Espoo, Finland", "Espoo,
    /// FIN". The town of that country people mean comes first, and every answer listed lies in
    /// that country (no Chengdu after "Paris, TX").
    @Test func townsWithTheirCountryAndNothingElse() async throws {
        let first = Tally("town, country (any town)", floor: 0.95)
        let junk = Tally("answers after a town and its country", floor: 0.95)
        let raw = RawGeoNames.shared
        let usable = raw.places.filter {
            $0.population >= 1000 && $0.name.count >= 4 && !$0.name.contains(",")
                && raw.countries[$0.countryCode] != nil
        }
        var stream = Stream(state: 54)
        for _ in 0..<160 {
            let place = usable[stream.next(usable.count)]
            let country = raw.countries[place.countryCode]!
            guard !country.name.contains(",") else { continue }
            let truth = Self.meant(
                (Self.exactlyNamed[place.name.lowercased()] ?? []).filter { $0.countryCode == place.countryCode })
            for query in ["\(place.name), \(country.name)", "\(place.name), \(country.iso3)"] {
                let results = try await Self.geocode(query)
                first.record(
                    Self.isOneOf(results.first, truth),
                    "'\(query)' -> \(results.first.map { "\($0.label) (\(text($0, "Country")))" } ?? "nothing")")
                let outside = results.filter { text($0, "Country") != country.iso3 }
                junk.record(
                    !results.isEmpty && outside.isEmpty,
                    "'\(query)' -> \(outside.first.map { "\($0.label) (\(text($0, "Country")))" } ?? "nothing")")
            }
        }
        first.finish(minimumQueries: 250)
        junk.finish(minimumQueries: 250)
    }

    // MARK: - Reverse geocoding at a city's centre

    /// At a point 400 m from the centre of each city of 300,000 people or more, `City` is the
    /// city (in its country's most spoken language, as ArcGIS answers without `langCode`), not
    /// one of its districts that GeoNames lists as a town of its own.
    @Test func reverseAtACitysCentreNamesTheCity() async throws {
        let tally = Tally("reverse at city centres (City is the city)", floor: 0.95)
        let raw = RawGeoNames.shared
        let cities = raw.places.filter { $0.population >= 300_000 && $0.featureCode != "PPLX" }.sorted {
            $0.id < $1.id
        }
        var stream = Stream(state: 55)
        let task = try Fixtures.task()
        for (index, city) in cities.enumerated() where index % max(1, cities.count / 150) == 0 {
            // A bigger city around it makes it a district (Brooklyn): left to the other class.
            if cities.contains(where: {
                $0.id != city.id && $0.population > city.population && $0.countryCode == city.countryCode
                    && $0.location.distance(to: city.location) < 30_000
            }) {
                continue
            }
            let bearing = Double(stream.next(360)) * .pi / 180
            let point = Point(
                latitude: city.latitude + 0.0036 * cos(bearing),
                longitude: city.longitude + 0.0036 * sin(bearing) / max(0.2, cos(city.latitude * .pi / 180)))
            let languages = raw.countries[city.countryCode]?.languages.split(separator: ",").map {
                String($0.prefix { $0 != "-" }).lowercased()
            }
            let expected = languages?.first.flatMap { raw.name(of: city, in: $0) } ?? city.name
            let answer = try await task.reverseGeocode(forLocation: point, parameters: ReverseGeocodeParameters())
                .first
            tally.record(
                text(answer, "City") == expected,
                "\(city.name) (\(city.countryCode)) at \(point) -> City \(text(answer, "City")), Neighborhood \(text(answer, "Neighborhood")); expected \(expected)"
            )
        }
        tally.finish(minimumQueries: 100)
    }

    // MARK: - Answers in a language

    /// Towns asked by their own name with a language: the answer's name is the town's name in
    /// that language (Rome in Italian is Roma; Moscow in Russian, Москва).
    @Test func townsAnswerInTheAskedLanguage() async throws {
        let tally = Tally("answers in the asked language (towns)", floor: 0.95)
        let raw = RawGeoNames.shared
        let languages = ["it", "sv", "fi", "de", "ru", "fr", "es"]
        let named = raw.places.filter { $0.population >= 200_000 && raw.languageNames[$0.id] != nil }
        var stream = Stream(state: 56)
        for _ in 0..<220 {
            let place = named[stream.next(named.count)]
            let language = languages[stream.next(languages.count)]
            guard let expected = raw.name(of: place, in: language),
                Self.meant(Self.exactlyNamed[place.name.lowercased()] ?? []).contains(where: { $0.id == place.id })
            else { continue }
            let parameters = GeocodeParameters()
            parameters.outputLanguageCode = language
            parameters.maxResults = 1
            let first = try await Fixtures.task().geocode(forSearchText: place.name, using: parameters).first
            tally.record(
                text(first, "PlaceName") == expected && Self.isOneOf(first, [place]),
                "'\(place.name)' in \(language) -> \(text(first, "PlaceName")); expected \(expected)")
        }
        tally.finish(minimumQueries: 80)
    }

    // MARK: - Towns named like a category

    /// Towns whose name is also an ArcGIS category's (Spa, Casino, Marina), alone and without a
    /// search point: the town people mean comes first, not only the category's places.
    @Test func townsNamedLikeACategoryAreFoundAsTowns() async throws {
        let tally = Tally("towns named like a category", floor: 0.95)
        let raw = RawGeoNames.shared
        let categoryNames = Set(CategoryTree.world.categories.map { $0.name.lowercased() })
        // (Not those a region or a country is named so too: "Delta" is Delta State first.)
        let areas = Set(raw.countries.values.map { $0.name.lowercased() } + raw.regions.values.map { $0.lowercased() })
        let towns = Dictionary(
            grouping: raw.places.filter {
                categoryNames.contains($0.name.lowercased()) && !areas.contains($0.name.lowercased())
            }
        ) { $0.name }
        for (name, places) in towns.sorted(by: { $0.key < $1.key }) {
            let truth = Self.meant(places)
            guard truth.contains(where: { $0.population >= 10_000 }) else { continue }
            let first = try await Self.geocode(name).first
            tally.record(
                Self.isOneOf(first, truth) && text(first, "Addr_type") == "Locality",
                "'\(name)' -> \(first.map { "\($0.label) \(text($0, "Addr_type"))" } ?? "nothing")")
        }
        tally.finish(minimumQueries: 8)
    }

    // MARK: - A street the data lacks

    /// A street and number the data lacks before a town and its country ("Qzorv Avenue 12,
    /// Lyon, France") or the town alone ("Qzorv Avenue 12, Helsinki"): the town, as a Locality
    /// with a lower score, as ArcGIS answers.
    @Test func anUnknownStreetBeforeAKnownTownAnswersTheTown() async throws {
        let tally = Tally("unknown street, town (and country)", floor: 0.95)
        let raw = RawGeoNames.shared
        let usable = raw.places.filter {
            $0.population >= 20_000 && $0.name.count >= 4 && $0.name.allSatisfy { $0.isLetter || $0 == " " }
                && raw.countries[$0.countryCode].map { !$0.name.contains(",") } == true
        }
        var stream = Stream(state: 57)
        let streets = ["Qzorv Avenue", "Vrekt Street", "Bluzzard Road", "Pxelm Boulevard"]
        for index in 0..<110 {
            let place = usable[stream.next(usable.count)]
            let country = raw.countries[place.countryCode]!
            // (Every third without its country: the town people mean by its name.)
            let withCountry = index % 3 != 2
            let truth = Self.meant(
                (Self.exactlyNamed[place.name.lowercased()] ?? []).filter {
                    !withCountry || $0.countryCode == place.countryCode
                })
            let query =
                "\(streets[index % streets.count]) \(1 + stream.next(90)), \(place.name)"
                + (withCountry ? ", \(country.name)" : "")
            let first = try await Self.geocode(query).first
            tally.record(
                Self.isOneOf(first, truth) && text(first, "Addr_type") == "Locality" && (first?.score ?? 100) < 100,
                "'\(query)' -> \(first.map { "\($0.label) \(text($0, "Addr_type")) \($0.score)" } ?? "nothing")")
        }
        tally.finish(minimumQueries: 100)
    }

    // MARK: - Countries and regions

    /// Every country by its name alone, and every US state whose name no city of half a million
    /// people or country has ("New York" and "Washington" mean the cities first, "Georgia" the
    /// country): the country or the state
    /// itself, a Locality of Type Country or Region, comes first.
    @Test func countriesAndStatesByTheirNames() async throws {
        let tally = Tally("countries and states by their names", floor: 0.95)
        let raw = RawGeoNames.shared
        let withTowns = Set(raw.places.map(\.countryCode))
        for country in raw.countries.values.sorted(by: { $0.iso2 < $1.iso2 })
        where withTowns.contains(country.iso2) && !country.name.contains(",") {
            let first = try await Self.geocode(country.name).first
            tally.record(
                text(first, "Type") == "Country" && text(first, "Country") == country.iso3,
                "'\(country.name)' -> \(first.map { "\($0.label) \(text($0, "Type")) \(text($0, "Country"))" } ?? "nothing")"
            )
        }
        // (And not Georgia, a country too.)
        let countryNames = Set(raw.countries.values.map { $0.name.lowercased() })
        for (key, state) in raw.regions.sorted(by: { $0.key < $1.key })
        where key.hasPrefix("US.") && !countryNames.contains(state.lowercased())
            && !(Self.exactlyNamed[state.lowercased()] ?? []).contains(where: { $0.population >= 500_000 })
        {
            let first = try await Self.geocode(state).first
            tally.record(
                text(first, "Type") == "Region" && text(first, "Region") == state && text(first, "Country") == "USA",
                "'\(state)' -> \(first.map { "\($0.label) \(text($0, "Type"))" } ?? "nothing")")
        }
        tally.finish(minimumQueries: 250)
    }
}
