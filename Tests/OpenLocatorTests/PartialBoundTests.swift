import Foundation
import Testing

@testable import OpenLocator

/// A partial search stops before reading single words' matches when the "every word but one"
/// searches have proved that nothing it could find would reach the minimum score.
@Suite struct PartialBoundTests {
    @Test func theBoundIsTheHeaviestSetOfWordsNotRuledOut() throws {
        var query = TextQuery("lagos hotel 27774")
        query.weights = [2, 2, 7]
        func best(_ ruledOut: [Set<Int>], matchable: [Int] = [0, 1, 2]) throws -> (share: Double, words: Set<Int>) {
            try #require(GazetteerBackend.bestPartialShare(query, matchable: matchable, ruledOut: ruledOut))
        }
        // Every word, or the number with either word, ruled out: "lagos hotel" is left (4 of 11).
        #expect(try best([[0, 1, 2], [1, 2], [0, 2]]).words == [0, 1])
        #expect(abs(try best([[0, 1, 2], [1, 2], [0, 2]]).share - 400.0 / 11) < 1e-9)
        // Only "lagos 27774" ruled out: "hotel 27774" may still exist (9 of 11).
        #expect(try best([[0, 1, 2], [0, 2]]).words == [1, 2])
        #expect(try best([]).share == 100)
        // A ruled-out set rules out every set holding it: "27774" with anything.
        #expect(try best([[2]]).words == [0, 1])
        // All three pairs ruled out: a word with a letter alone is left (the number alone is no
        // match: a name word with a letter must match, whatever the number weighs).
        #expect(abs(try best([[0, 1], [1, 2], [0, 2]]).share - 200.0 / 11) < 1e-9)
        // A word no place has is in no set; a ruled-out set with it rules out nothing.
        #expect(try best([[0, 1, 2]], matchable: [0, 1]).words == [0, 1])
        // Too many words to weigh every set of: no bound.
        let long = TextQuery((1...13).map { "w\($0)" }.joined(separator: " "))
        #expect(GazetteerBackend.bestPartialShare(long, matchable: Array(0..<13), ruledOut: []) == nil)
    }

    /// Texts of a place, a kind of place and a number that no such place has: below the
    /// minimum score the search finds nothing, and the same search with no minimum finds only
    /// places that score below it, so nothing the skipped step could read would be kept.
    @Test func whatTheSkippedStepWouldFindScoresBelowTheMinimum() throws {
        let backend = GazetteerBackend(url: try Fixtures.defaultGazetteerURL())
        let texts = [
            "Kamppi Cafe 4444", "Tokyo Hotel 2", "Helsinki Hotel 77777", "Punavuori Restaurant 8888",
            "Helsinki Central Library 12", "Kamppi Shopping Centre 99",
        ]
        var readWithoutMinimum = 0
        var skipped = 0
        for text in texts {
            try backend.read("a test") { db, state in
                var atMinimum = TextQuery(text)
                let kept = try backend.textCandidates(
                    &atMinimum, center: Fixtures.helsinkiCentre, filter: SearchFilter(), floor: 50, db: db,
                    state: state)
                var unbounded = TextQuery(text)
                let all = try backend.textCandidates(
                    &unbounded, center: Fixtures.helsinkiCentre, filter: SearchFilter(), floor: 0, db: db,
                    state: state)
                let reachable = Set(all.candidates.filter { $0.score >= 50 }.map(\.id))
                #expect(reachable.isSubset(of: Set(kept.candidates.map(\.id))), "\(text)")
                readWithoutMinimum += all.candidates.count
                if kept.candidates.isEmpty, !all.candidates.isEmpty { skipped += 1 }
            }
        }
        #expect(readWithoutMinimum > 20, "the texts have places of some of their words")
        #expect(skipped >= 2, "the bound spares reading them")
    }
}
