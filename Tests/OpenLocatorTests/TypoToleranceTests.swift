import Foundation
import Testing

@testable import OpenLocator

@Suite struct TypoToleranceTests {
    @Test(arguments: [
        ("manerheimintie", "mannerheimintie", 1), ("stokcmann", "stockmann", 1), ("helsinki", "helsinki", 0),
        ("helsnki", "helsinki", 1), ("kaivokatu", "kaivokadu", 1), ("abc", "xyz", 3), ("", "abc", 3),
        ("springfeld", "springfield", 1), ("mannerheimintie", "manerheimintei", 2),
    ])
    func measuresEditsIncludingTranspositions(a: String, b: String, edits: Int) {
        #expect(EditDistance.between(a, b, limit: 3) == edits)
        #expect(EditDistance.between(b, a, limit: 3) == edits)
    }

    @Test func stopsCountingPastTheLimit() {
        #expect(EditDistance.between("helsinki", "stockholm", limit: 2) == 3)
        #expect(EditDistance.allowedEdits(forLength: 4) == 0)
        #expect(EditDistance.allowedEdits(forLength: 5) == 1)
        #expect(EditDistance.allowedEdits(forLength: 9) == 2)
    }

    @Test func findsPlacesAndAddressesWithOneTypoBelowTheExactScore() async throws {
        let task = try Fixtures.task()
        let parameters = GeocodeParameters()
        parameters.addResultAttributeName("*")
        let address = try #require(try await task.geocode(forSearchText: "Manerheimintie 5", using: parameters).first)
        #expect(text(address, "StAddr") == "Mannerheimintie 5")
        #expect(text(address, "Addr_type") == "PointAddress")
        #expect(address.score < 100 && address.score >= 85)
        // Anywhere in the word, the first letter included: wrong, missing, extra, swapped.
        for typo in ["Stokcmann", "Stockmnn", "Stockmanm", "Xtockmann", "tockmann", "Sstockmann", "tSockmann"] {
            #expect(try await task.geocode(forSearchText: typo).first?.label == "Stockmann", "\(typo)")
        }
        #expect(
            try await task.geocode(forSearchText: "Kaivokatu 8, Helsnki").first?.label.hasPrefix("Kaivokatu 8") == true)
    }

    /// A misspelt word is corrected by two edits to a place's own name but by one at most to an
    /// old, variant or foreign name: a word two edits from one of those is more likely a name
    /// the data lacks ("Premissel", German for Przemyśl, is no Brussels).
    @Test func alternateNamesAreCorrectedByOneEditOnly() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let cities = folder.appendingPathComponent("cities500.txt")
        try
            "3094802\tKristiansand\tKristiansand\tChristianssand\t58.14671\t7.9956\tP\tPPLA\tNO\t\t42\t4204\t\t\t63814\t\t\tEurope/Oslo\t2019-01-01"
            .write(to: cities, atomically: true, encoding: .utf8)
        let builder = GazetteerBuilder(osm: [], geoNames: [cities], categoryMapping: Fixtures.categoryMapping)
        let gazetteer = folder.appendingPathComponent("typos.gazetteer")
        try builder.build(to: gazetteer)
        let task = LocatorTask(gazetteer: gazetteer)
        for (query, found) in [
            ("Kristiansand", true), ("Kristiansnd", true), ("Krstiansnd", true),  // own name: 0, 1, 2 edits
            ("Christianssand", true), ("Christiansand", true), ("Chrstiansand", false),  // other: 0, 1, 2
        ] {
            let first = try await task.geocode(forSearchText: query).first
            #expect(
                (first?.label.hasPrefix("Kristiansand") ?? false) == found, "\(query) -> \(first?.label ?? "nothing")")
            if !found { #expect(first == nil, "\(query) -> \(first?.label ?? "")") }
        }
    }

    @Test func exactQueriesAreNeverCorrected() async throws {
        let task = try Fixtures.task()
        let exact = try await task.geocode(forSearchText: "Stockmann")
        #expect(exact.first?.score == 100)
        #expect(exact.allSatisfy { $0.label.localizedCaseInsensitiveContains("stockmann") })
    }

    @Test func oneTypoInTheStreetNameStillFindsMostAddresses() async throws {
        let task = try Fixtures.task()
        let sample = TextSearchTests.osmAddresses.filter { $0.street.count >= 6 }.enumerated()
            .filter { $0.offset % 4 == 0 }.map(\.element)
        var hits = 0
        for (index, address) in sample.enumerated() {
            // Drop one letter of the street, away from its first two.
            var letters = Array(address.street)
            letters.remove(at: 2 + index % (letters.count - 2))
            let query = "\(String(letters)) \(address.number)"
            let first = try await task.geocode(forSearchText: query).first
            if let location = first?.displayLocation,
                address.locations.contains(where: { location.distance(to: $0) <= 40 })
            {
                hits += 1
            }
        }
        let rate = Double(hits) / Double(sample.count)
        print("one-typo address hit rate within 40 m: \(hits)/\(sample.count) = \(rate)")
        #expect(rate >= 0.9)
    }
}
