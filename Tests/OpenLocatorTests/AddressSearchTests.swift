import Foundation
import Testing

@testable import OpenLocator

/// Street addresses on the real default gazetteer: numbers the data has, lacks, or cannot have.
@Suite struct AddressSearchTests {
    static func first(_ text: String) async throws -> GeocodeResult? {
        let parameters = GeocodeParameters()
        parameters.addResultAttributeName("*")
        return try await Fixtures.task().geocode(forSearchText: text, using: parameters).first
    }

    /// Every address point, grouped by street (case aside: OSM spells some both ways).
    static let numbersByStreet: [String: [(number: HouseNumber, place: PlaceRecord)]] = {
        let places =
            (try? allPlaces(in: Fixtures.defaultGazetteerURL(), category: CategoryTree.world["Point Address"]!))
            ?? []
        return Dictionary(grouping: places.compactMap { p in HouseNumber(p.houseNumber).map { ($0, p) } }) {
            $0.1.street.lowercased()
        }
    }()

    @Test func aMissingNumberIsInterpolatedBetweenItsNeighboursOnTheSameSide() async throws {
        var checked = 0
        for (street, numbers) in Self.numbersByStreet.sorted(by: { $0.key < $1.key }) {
            let known = Set(numbers.map(\.number.number))
            // A gap: n − 2 and n + 2 known, n not (and no range holds it).
            guard
                let n = known.sorted().first(where: { n in
                    known.contains(n + 4) && !known.contains(n + 2)
                        && !numbers.contains { $0.number.matches(HouseNumber(number: n + 2)) }
                })
            else { continue }
            let wanted = n + 2
            let result = try #require(try await Self.first("\(street) \(wanted)"), "\(street) \(wanted)")
            #expect(text(result, "Addr_type") == "StreetAddress", "\(street) \(wanted)")
            #expect(result.score == 90, "\(street) \(wanted)")
            #expect(text(result, "AddNum") == "\(wanted)")
            let below = numbers.filter { $0.number.number == n }.map(\.place.location)
            let above = numbers.filter { $0.number.number == n + 4 }.map(\.place.location)
            let location = try #require(result.displayLocation)
            // Between some pair of neighbours: no farther from them than they are apart.
            #expect(
                below.contains { b in
                    above.contains { a in
                        location.distance(to: a) <= b.distance(to: a) + 1
                            && location.distance(to: b) <= b.distance(to: a) + 1
                    }
                }, "\(street) \(wanted)")
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test func aNumberBeyondTheStreetsLastGoesToTheNearestKnownOne() async throws {
        let numbers = try #require(Self.numbersByStreet["mikonkatu"])
        let highest = try #require(numbers.max { $0.number.number < $1.number.number })
        let result = try #require(try await Self.first("Mikonkatu 999"))
        #expect(text(result, "Addr_type") == "StreetAddressExt")
        #expect(result.score == 80)
        #expect(text(result, "Match_addr").hasPrefix("Mikonkatu 999"))
        #expect((result.displayLocation?.distance(to: highest.place.location) ?? 99) < 1)
    }

    @Test func aNumberBetweenNumbersOfTheOtherSideIsInterpolatedNotExtended() async throws {
        // Mikonkatu's even numbers stop at 22 but odd ones go on: 24 lies between 23 and 25.
        let result = try #require(try await Self.first("Mikonkatu 24"))
        #expect(text(result, "Addr_type") == "StreetAddress")
        #expect(result.score == 90)
    }

    @Test func addressResultsHonourTheCategoryFilter() async throws {
        let task = try Fixtures.task()
        for (category, text, allowed) in [
            ("Street Name", "Mikonkatu 7", ["StreetName"]), ("Point Address", "Mikonkatu 24", ["PointAddress"]),
            ("Street Address", "Mikonkatu 24", ["StreetAddress"]),
        ] {
            let parameters = GeocodeParameters()
            parameters.addCategory(category)
            parameters.addResultAttributeName("Addr_type")
            let results = try await task.geocode(forSearchText: text, using: parameters)
            #expect(results.allSatisfy { allowed.contains(OpenLocatorTests.text($0, "Addr_type")) }, "\(category)")
        }
        let streetAddress = GeocodeParameters()
        streetAddress.addCategory("Street Address")
        #expect(try await task.geocode(forSearchText: "Mikonkatu 24", using: streetAddress).count == 1)
    }

    @Test func aStreetWithoutNumbersIsAnsweredOnce() async throws {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        parameters.addResultAttributeName("Addr_type")
        let results = try await Fixtures.task().geocode(forSearchText: "Aikapiha 5", using: parameters)
        #expect(results.first?.score == 70)
        #expect(results.filter { text($0, "Addr_type") == "StreetName" }.count == 1)
    }

    @Test func aWordEndingInAFullStopIsNotOnlyReadAsAnAbbreviation() async throws {
        #expect(try await Self.first("Reykjavik.")?.attributeValues["PlaceName"] == "Reykjavík")
        #expect(try await Self.first("Hamburg.")?.attributeValues["PlaceName"] == "Hamburg")
    }

    @Test func aStreetAloneIsTheStreetOnce() async throws {
        let parameters = GeocodeParameters()
        parameters.addResultAttributeName("Addr_type")
        let results = try await Fixtures.task().geocode(forSearchText: "Mikonkatu", using: parameters)
        #expect(text(results.first, "Addr_type") == "StreetName")
        // Before the bus stop named after it, even from next to the stop.
        parameters.preferredSearchLocation = Point(latitude: 60.1712, longitude: 24.9436)
        let kaivokatu = try await Fixtures.task().geocode(forSearchText: "Kaivokatu", using: parameters)
        #expect(text(kaivokatu.first, "Addr_type") == "StreetName")
        #expect(results.first?.score == 100)
        #expect(
            results.filter { text($0, "Addr_type") == "StreetName" }.count == 1, "a street split in pieces shows once")
    }

    @Test func abbreviationsLettersAndLocalitiesFindTheSameAddress() async throws {
        let plain = try #require(try await Self.first("Mikonkatu 18"))
        for variant in ["Mikonk. 18", "mikonkatu 18, 00100 helsinki", "MIKONKATU 18, Helsinki", "18 Mikonkatu"] {
            let result = try await Self.first(variant)
            #expect(result?.label == plain.label, "\(variant)")
            #expect(result?.score == 100, "\(variant)")
        }
        #expect(try await Self.first("Yrjönkatu 13")?.label.hasPrefix("Yrjönkatu 13,") == true)
    }

    /// "Eeikinkatu" is one letter from Eerikinkatu and from Heikinkatu, Mannerheimintie's old
    /// name (an alternate name of its address points): the street of that name comes first, as
    /// any own-name match before an equal alternate-name one, whatever the order of the ids.
    @Test func aTypoAsNearAStreetsOwnNameAsAnothersOldNameFindsTheOwnNameFirst() async throws {
        // (The data as stored: the folded other names of the address point.)
        let db = try SQLiteConnection(path: try Fixtures.defaultGazetteerURL().path)
        var otherNames: [String] = []
        try db.statement(
            "SELECT search_alt_names FROM places WHERE addr_type = 'PointAddress' AND street = ?1 AND house_number = '1'"
        ).forEachRow([.text("Mannerheimintie")]) { otherNames.append($0.text(0)) }
        #expect(otherNames.contains { $0.contains("heikinkatu 1") }, "\(otherNames)")
        #expect(Self.numbersByStreet["eerikinkatu"]?.contains { $0.number.number == 1 } == true)

        let parameters = GeocodeParameters()
        parameters.addResultAttributeName("*")
        let results = try await Fixtures.task().geocode(forSearchText: "Eeikinkatu 1", using: parameters)
        #expect(results.first?.label.hasPrefix("Eerikinkatu 1,") == true, "\(results.map(\.label))")
        #expect(results.contains { $0.label.hasPrefix("Mannerheimintie 1,") }, "\(results.map(\.label))")
        #expect(try await Self.first("Heikinkatu 1")?.label.hasPrefix("Mannerheimintie 1,") == true)
    }
}
