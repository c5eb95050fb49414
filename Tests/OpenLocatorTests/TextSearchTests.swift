import Foundation
import Testing

@testable import OpenLocator

/// Name and address search on the real default gazetteer.
@Suite struct TextSearchTests {
    /// Every address of the OSM extract (nodes, and ways at their centroid): street, number,
    /// and every location OSM gives it (a block's entrances and shops may all carry it).
    static let osmAddresses: [(street: String, number: String, locations: [Point])] = {
        var found: [String: (String, String, [Point])] = [:]
        var order: [String] = []
        var nodes: [Int64: Coordinate] = [:]
        func add(_ tags: [String: String], _ point: Coordinate?) {
            guard let street = tags["addr:street"], let number = tags["addr:housenumber"], let point else { return }
            let key = "\(street)|\(number)"
            if found[key] == nil { order.append(key) }
            found[key, default: (street, number, [])].2.append(Point(latitude: point.lat, longitude: point.lon))
        }
        try? OSMPBFReader(contentsOf: Fixtures.helsinkiPBF).forEach { element in
            switch element {
            case .node(let node):
                nodes[node.id] = Coordinate(lon: node.longitude, lat: node.latitude)
                add(node.tags, nodes[node.id])
            case .way(let way):
                add(way.tags, OSMGeometry.representativePoint(way.nodeRefs.compactMap { nodes[$0] }))
            case .relation: break
            }
        }
        return order.map { found[$0]! }
    }()

    @Test func streetAndNumberLandWithinFortyMetresOfTheOSMAddressPoint() async throws {
        let task = try Fixtures.task()
        let sample = Self.osmAddresses
        #expect(sample.count >= 500)
        var hits = 0
        for address in sample {
            for text in ["\(address.street) \(address.number)", "\(address.street) \(address.number), Helsinki"] {
                let parameters = GeocodeParameters()
                parameters.addResultAttributeNames(["Addr_type"])
                let first = try await task.geocode(forSearchText: text, using: parameters).first
                if let first, let location = first.displayLocation,
                    address.locations.contains(where: { location.distance(to: $0) <= 40 }),
                    first.attributeValues["Addr_type"]?.stringValue == "PointAddress", first.score >= 90
                {
                    hits += 1
                } else {
                    print("address miss: '\(text)' -> \(first?.label ?? "nothing")")
                }
            }
        }
        let rate = Double(hits) / Double(sample.count * 2)
        print("address hit rate within 40 m: \(hits)/\(sample.count * 2) = \(rate)")
        #expect(rate >= 0.99)
    }

    @Test func findsPlacesByNameWithPrefixOnTheLastWord() async throws {
        let task = try Fixtures.task()
        let exact = try await task.geocode(forSearchText: "Stockmann").first
        #expect(exact?.label == "Stockmann")
        #expect(exact?.score == 100)
        let typing = try await task.geocode(forSearchText: "Stockm").first
        #expect(typing?.label == "Stockmann")
        #expect((typing?.score ?? 100) < 100)
    }

    @Test func theNearerOfEquallyGoodMatchesWins() async throws {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Point(latitude: 60.1682, longitude: 24.9436)
        parameters.maxResults = 5
        parameters.addResultAttributeName("*")
        let results = try await Fixtures.task().geocode(forSearchText: "Picnic", using: parameters)
        #expect(results.count >= 2)
        let equal = results.filter { $0.score == results[0].score }
        let distances = equal.compactMap { $0.attributeValues["Distance"]?.doubleValue }
        #expect(distances == distances.sorted())
    }

    /// A city by its name in another language or script is that city, answered in the name it
    /// was asked by (ArcGIS's default without a language: "the language of the primary matched
    /// component" of the text).
    @Test func findsCitiesByNameInAnyScript() async throws {
        let task = try Fixtures.task()
        for (own, other) in [("Helsinki", "Helsingfors"), ("Moscow", "Москва")] {
            let city = try #require(try await task.geocode(forSearchText: own).first)
            #expect(city.attributeValues["PlaceName"] == .string(own))
            let asked = try #require(try await task.geocode(forSearchText: other).first)
            #expect(asked.attributeValues["PlaceName"] == .string(other))
            let (here, there) = (try #require(city.displayLocation), try #require(asked.displayLocation))
            #expect(here.distance(to: there) < 1, "'\(other)' is \(own)")
        }
        #expect(try await task.geocode(forSearchText: "Malibu").first?.attributeValues["PlaceName"] == "Malibu")
    }

    @Test func oddInputGivesACleanAnswerNeverACrashOrSQL() async throws {
        let task = try Fixtures.task()
        for text in [
            #""NEAR("#, "'; DROP TABLE places;--", "*", "^", "\u{0}", "\"", "cafe OR 1=1", "NEAR(a b, 2)", "{name}:x",
            "   ",
        ] {
            let results = try await task.geocode(forSearchText: text)
            #expect(results.count <= 10)
        }
        await #expect {
            _ = try await task.geocode(forSearchText: String(repeating: "x", count: 100_000))
        } throws: { error in
            let message = "\(error)"
            return (error as? LocatorError)?.code == .invalidParameter && message.contains("too long")
                && !message.contains("SELECT")
        }
    }

    @Test func aMissingOrForeignGazetteerIsAClearError() async throws {
        let missing = LocatorTask(gazetteer: URL(fileURLWithPath: "/nonexistent/x.gazetteer"))
        await #expect { _ = try await missing.geocode(forSearchText: "cafe") } throws: {
            ($0 as? LocatorError)?.code == .gazetteerUnavailable
        }
        let folder = try Fixtures.temporaryDirectory()
        let junk = folder.appendingPathComponent("junk.gazetteer")
        try Data("not a database at all".utf8).write(to: junk)
        await #expect { _ = try await LocatorTask(gazetteer: junk).geocode(forSearchText: "cafe") } throws: {
            ($0 as? LocatorError)?.code == .gazetteerUnavailable && !"\($0)".contains("/")
        }
    }
}
