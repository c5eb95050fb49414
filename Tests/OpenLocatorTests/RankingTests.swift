import Foundation
import Testing

@testable import OpenLocator

/// The ranking blend and what scores mean, on the real default gazetteer.
@Suite struct RankingTests {
    @Test func proximityDecaysWithTheLogarithmOfDistanceAsDocumented() {
        #expect(Ranking.proximity(metres: 0) == 1)
        #expect(abs(Ranking.proximity(metres: 10_000) - 0.76) < 0.01)
        #expect(abs(Ranking.proximity(metres: 150_000) - 0.49) < 0.01)
        #expect(abs(Ranking.proximity(metres: 1_000_000) - 0.30) < 0.01)
        #expect(Ranking.proximity(metres: 20_000_000) == 0)
        #expect(Ranking.proximity(metres: 40_000_000) == 0)
        // The whole blend stays below what one misspelt word costs.
        #expect(Ranking.proximityWeight + Ranking.importanceWeightNearPoint < 100 * TextMatch.creditLostPerEdit)
        #expect(Ranking.importanceWeight < 100 * TextMatch.creditLostPerEdit)
    }

    @Test(
        arguments: [
            ("Springfield", nil), ("Springfield", Point(latitude: 39.8, longitude: -89.6)), ("Paris", nil),
            ("San", Point(latitude: 40.93, longitude: 9.66)), ("Mannerheimintie 10", nil), ("Mikonkatu", nil),
            ("cafes in Kamppi", Fixtures.helsinkiCentre), ("coffee shop", Fixtures.helsinkiCentre), ("Stockm", nil),
            ("Manerheimintie 5", Fixtures.helsinkiCentre), ("hotel", nil), ("Helsinki", Fixtures.helsinkiCentre),
            ("Mikonkatu 99", nil), ("Yrjönkatu 13, Helsinki", nil),
        ] as [(String, Point?)])
    func theFirstResultsAreTheSameWhateverTheCount(text: String, point: Point?) async throws {
        let task = try Fixtures.task()
        func labels(_ count: Int) async throws -> [String] {
            let parameters = GeocodeParameters()
            parameters.preferredSearchLocation = point
            parameters.maxResults = count
            return try await task.geocode(forSearchText: text, using: parameters).map {
                "\($0.label) \($0.displayLocation.map { "\($0.y),\($0.x)" } ?? "") \($0.score)"
            }
        }
        for n in [1, 3, 5] {
            let few = try await labels(n)
            let more = try await labels(4 * n)
            #expect(!few.isEmpty, "\(text)")
            #expect(Array(more.prefix(few.count)) == few, "\(text): \(n) vs \(4 * n)")
        }
    }

    @Test(arguments: ["Cafe Bar", "Stokcmann Helsinki", "Mikonkatu 24", "cafes in Kamppi", "San", "Kaivokatu 1 Foobar"])
    func minScoreOnlyFiltersItNeverChangesHowTheTextIsRead(text: String) async throws {
        let task = try Fixtures.task()
        let parameters = GeocodeParameters()
        parameters.maxResults = 50
        let all = try await task.geocode(forSearchText: text, using: parameters)
        for minScore in [50.0, 90.0, 98.0] {
            parameters.minScore = minScore
            let some = try await task.geocode(forSearchText: text, using: parameters)
            #expect(some.map(\.label) == all.filter { $0.score >= minScore }.map(\.label), "\(text) \(minScore)")
        }
    }

    @Test func minScoreDropsWeakerMatches() async throws {
        let task = try Fixtures.task()
        let parameters = GeocodeParameters()
        parameters.minScore = 90
        #expect(try await task.geocode(forSearchText: "Stokcmann", using: parameters).isEmpty, "one typo scores 85")
        parameters.minScore = 85
        #expect(try await task.geocode(forSearchText: "Stokcmann", using: parameters).first?.label == "Stockmann")
        parameters.minScore = 95
        let streets = try await task.geocode(forSearchText: "Mikonkatu 999", using: parameters)
        #expect(streets.isEmpty, "an address beyond the street's numbers scores 80")
        parameters.minScore = 100
        let exact = try await task.geocode(forSearchText: "Mikonkatu 7", using: parameters)
        #expect(exact.count >= 1)
        #expect(exact.allSatisfy { $0.score == 100 })
    }
}
