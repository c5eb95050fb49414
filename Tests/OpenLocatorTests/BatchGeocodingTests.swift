import Foundation
import Testing

@testable import OpenLocator

/// `geocode(batch:using:)`: one best match per text, in order, the same from the gazetteer and
/// from `locator serve` through `geocodeAddresses`.
@Suite struct BatchGeocodingTests {
    static let texts = [
        "Mannerheimintie 10, Helsinki", "", "Stockmann", "zzqx vvbnm", String(repeating: "a", count: 1200),
        "Yrjönkatu 13", "   ", "Kaivokatu 1, 00100 Helsinki",
    ]

    @Test func eachTextGetsItsBestMatchInOrderAndUnsearchableOnesAreUnmatched() async throws {
        let task = try Fixtures.task()
        let matches = try await task.geocode(batch: Self.texts)
        #expect(matches.count == Self.texts.count)
        // "Stockmann" is the department store and the bus stop named after it, both scoring 100.
        #expect(
            matches.map(\.status) == [
                .matched, .unmatched, .tied, .unmatched, .unmatched, .matched, .unmatched, .matched,
            ])
        for (text, match) in zip(Self.texts, matches) where match.result != nil {
            // The batch answer is the single search's first result.
            let single = try await task.geocode(forSearchText: text).first
            #expect(match.result?.label == single?.label, "\(text)")
            #expect(match.result?.displayLocation == single?.displayLocation, "\(text)")
        }
        #expect(matches[0].result?.label == "Mannerheimintie 10, 00100 Helsinki")
        // A misspelt street scores below 100: matched, unless minScore asks for exact matches.
        #expect(try await task.geocode(batch: ["Manerheimintie 10"]).first?.status == .matched)
        let strict = GeocodeParameters()
        strict.minScore = 100
        #expect(try await task.geocode(batch: ["Manerheimintie 10"], using: strict).first?.status == .unmatched)
    }

    @Test func aTieIsTwoBestCandidatesWithTheSameScore() throws {
        func result(_ label: String, _ score: Double) -> GeocodeResult {
            GeocodeResult(
                label: label, displayLocation: nil, inputLocation: nil, routeLocation: nil, score: score,
                attributes: [:],
                extent: nil)
        }
        #expect(BatchMatch(ranked: [result("a", 90), result("b", 90)], minScore: 0).status == .tied)
        #expect(BatchMatch(ranked: [result("a", 95), result("b", 90)], minScore: 0).status == .matched)
        #expect(BatchMatch(ranked: [result("a", 95)], minScore: 96).status == .unmatched)
        #expect(BatchMatch(ranked: [], minScore: 0).result == nil)
        #expect(BatchMatch.Status.allCases.map(\.code) == ["M", "T", "U"])
    }

    @Test func aRemoteServiceAnswersTheSameThroughGeocodeAddresses() async throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        // More texts than one request of the service's SuggestedBatchSize (150) holds.
        let texts = (0..<170).map { Self.texts[$0 % Self.texts.count] }
        let local = try await Fixtures.task().geocode(batch: texts, using: parameters)
        let remote = try await LocatorTask(url: mirror.serviceURL).geocode(batch: texts, using: parameters)
        #expect(remote.map(\.status) == local.map(\.status))
        #expect(remote.map { $0.result?.label } == local.map { $0.result?.label })
        for (a, b) in zip(remote, local) {
            let (p, q) = (a.result?.displayLocation, b.result?.displayLocation)
            #expect((p == nil) == (q == nil))
            if let p, let q { #expect(p.distance(to: q) < 0.01) }
        }
    }
}
