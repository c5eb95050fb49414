import Foundation
import Testing

@testable import OpenLocator

/// What an OSM import keeps on disk rather than in memory: address points merged per street
/// and number, and street segments searched for the street nearest a place. Each is compared
/// with a plain in-memory reference.
@Suite struct OSMSpoolTests {
    private static func point(
        _ street: String, _ number: String, lon: Double, lat: Double, precedence: UInt8, postal: String = "",
        city: String = "", source: String, file: Int = 0
    ) -> AddressPointSpool.Point {
        AddressPointSpool.Point(
            houseNumber: number, street: street, postal: postal, city: city,
            location: Coordinate(lon: lon, lat: lat), precedence: precedence, source: source, file: file)
    }

    @Test func aBuildingLocatesTheAddressItsNodesAndShopsShare() throws {
        let spool = try AddressPointSpool(directory: try Fixtures.temporaryDirectory())
        // ~0.00018° of latitude is 20 m; 0.02° is 2.2 km.
        try spool.add(
            Self.point("Testikatu", "5", lon: 24.9, lat: 60.1, precedence: 1, postal: "00100", source: "node/1"))
        try spool.add(
            Self.point("Testikatu", "5", lon: 24.9, lat: 60.1002, precedence: 2, city: "Helsinki", source: "node/2"))
        try spool.add(Self.point("Testikatu", "5", lon: 24.9, lat: 60.12, precedence: 1, source: "node/3", file: 1))
        try spool.add(Self.point("TESTIKATU", "5", lon: 24.9, lat: 60.1004, precedence: 0, source: "way/4", file: 1))
        try spool.add(Self.point("Testikatu", "7", lon: 24.9, lat: 60.1, precedence: 0, source: "way/5"))
        #expect(spool.count == 5)
        var merged = spool.merged()
        var places: [PlaceRecord] = []
        while let place = try merged.next() { places.append(place) }
        #expect(places.count == 3)
        let five = try #require(places.first { $0.source == "way/4" })
        #expect(five.houseNumber == "5" && five.street == "Testikatu")  // the first point's writing
        #expect(five.postal == "00100" && five.city == "Helsinki")
        #expect(five.latitude == 60.1004 && five.addressType == .pointAddress)
        #expect(places.contains { $0.source == "node/3" && $0.latitude == 60.12 })
        #expect(places.contains { $0.source == "way/5" && $0.houseNumber == "7" })
        #expect(merged.countsPerFile == [0: 2, 1: 1])
    }

    /// Thousands of points over every partition give what merging them one by one in memory,
    /// in file order, gives.
    @Test func mergingOnDiskEqualsMergingInMemory() throws {
        let spool = try AddressPointSpool(directory: try Fixtures.temporaryDirectory())
        var generator = SplitMix64(seed: 7)
        var points: [AddressPointSpool.Point] = []
        for index in 0..<20_000 {
            let street = ["Aleksanterinkatu", "Mannerheimintie", "Hämeentie", "Bulevardi"].randomElement(
                using: &generator)!
            points.append(
                Self.point(
                    street, String(Int.random(in: 1...400, using: &generator)),
                    lon: 24.9 + Double.random(in: 0..<0.02, using: &generator),
                    lat: 60.1 + Double.random(in: 0..<0.02, using: &generator),
                    precedence: UInt8.random(in: 0...2, using: &generator),
                    postal: Bool.random(using: &generator) ? "00\(index % 900 + 100)" : "",
                    city: Bool.random(using: &generator) ? "Helsinki" : "", source: "node/\(index)",
                    file: index % 3))
            try spool.add(points.last!)
        }
        // The reference: the import's former in-memory merge.
        var expected: [String: [AddressPointSpool.Point]] = [:]
        for point in points {
            let key = TextFolding.fold("\(point.street) \(point.houseNumber)")
            if let i = expected[key]?.firstIndex(where: {
                OSMGeometry.length($0.location, point.location) < AddressPointSpool.mergeRadius
            }) {
                var address = expected[key]![i]
                if address.postal.isEmpty { address.postal = point.postal }
                if address.city.isEmpty { address.city = point.city }
                if point.precedence < address.precedence {
                    (address.location, address.source, address.precedence) =
                        (point.location, point.source, point.precedence)
                }
                expected[key]![i] = address
            } else {
                expected[key, default: []].append(point)
            }
        }
        func line(_ p: (String, String, String, String, Double, Double, String)) -> String { "\(p)" }
        let want = expected.values.flatMap { $0 }.map {
            line(($0.houseNumber, $0.street, $0.postal, $0.city, $0.location.lon, $0.location.lat, $0.source))
        }.sorted()
        var merged = spool.merged()
        var got: [String] = []
        while let p = try merged.next() {
            got.append(line((p.houseNumber, p.street, p.postal, p.city, p.longitude, p.latitude, p.source)))
        }
        #expect(want.count > 5_000 && want.count < 20_000)  // merges happened, and not all
        #expect(got.count == want.count)
        let firstDifference = zip(got.sorted(), want).first { $0 != $1 }  // (not all 12,000 lines)
        #expect(firstDifference == nil)
        #expect(merged.countsPerFile.values.reduce(0, +) == want.count)
    }

    /// The nearest street found through the float grid and the segment file is the one an
    /// exact scan of every segment finds.
    @Test func theNearestStreetIsTheExactNearest() throws {
        let segments = try StreetSegmentFile(directory: try Fixtures.temporaryDirectory())
        var generator = SplitMix64(seed: 11)
        var streets: [PlaceRecord] = []
        var all: [(street: Int, a: Coordinate, b: Coordinate)] = []
        for index in 0..<300 {
            var here = Coordinate(
                lon: 24.9 + Double.random(in: 0..<0.05, using: &generator),
                lat: 60.15 + Double.random(in: 0..<0.03, using: &generator))
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let next = Coordinate(
                    lon: here.lon + Double.random(in: -0.002...0.002, using: &generator),
                    lat: here.lat + Double.random(in: -0.001...0.001, using: &generator))
                try segments.append(street: index, here, next)
                all.append((index, here, next))
                here = next
            }
            streets.append(
                PlaceRecord(
                    name: "Street \(index)", addressType: .streetName, category: 0, longitude: here.lon,
                    latitude: here.lat, importance: 0, source: ""))
        }
        let enricher = try PlaceEnricher(localities: LocalityIndex(), streets: streets, segments: segments)
        var found = 0
        for _ in 0..<2_000 {
            let here = Coordinate(
                lon: 24.9 + Double.random(in: 0..<0.05, using: &generator),
                lat: 60.15 + Double.random(in: 0..<0.03, using: &generator))
            var best: (Int, Double)?
            for segment in all {
                let d = OSMGeometry.nearestPoint(on: segment.a, segment.b, to: here).1
                if d <= PlaceEnricher.streetSearchRadius, d < (best?.1 ?? .infinity) { best = (segment.street, d) }
            }
            let nearest = try enricher.nearestStreet(to: here)
            #expect(nearest == best.map { "Street \($0.0)" })
            if nearest != nil { found += 1 }
        }
        #expect(found > 200 && found < 2_000)  // near and far points both tried
    }
}
