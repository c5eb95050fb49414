import Foundation
import Testing

@testable import OpenLocator

/// Suggest on the real default gazetteer: completions, collections and magic keys.
@Suite struct SuggestTests {
    static func suggest(_ text: String, near point: Point? = Fixtures.helsinkiCentre, max: Int = 5) async throws
        -> [SuggestResult]
    {
        let parameters = SuggestParameters()
        parameters.preferredSearchLocation = point
        parameters.maxResults = max
        return try await Fixtures.task().suggest(forSearchText: text, parameters: parameters)
    }

    @Test func completesNamesFromTheirFirstLetters() async throws {
        #expect(try await Self.suggest("stockm").first?.label.hasPrefix("Stockmann, ") == true)
        #expect(try await Self.suggest("Mannerheimin").contains { $0.label.hasPrefix("Mannerheimintie, ") })
        // Without a point, the most important match; near Helsinki, the Helsinki one.
        #expect(try await Self.suggest("hel", near: nil).first?.label == "Helsinki, Uusimaa, FIN")
        #expect(try await Self.suggest("kam").first?.label.hasPrefix("Kamppi") == true)
        #expect(try await Self.suggest("mosc", near: nil).first?.label.hasPrefix("Moscow, ") == true)
    }

    @Test func twoLettersSuggestWhatIsNearFirst() async throws {
        let near = try await Self.suggest("ka")
        #expect(near.count == 5)
        #expect(near.allSatisfy { $0.label.localizedCaseInsensitiveContains("ka") })
        #expect(near.first.map { $0.label.hasSuffix(", FIN") } == true, "\(near)")
        let far = try await Self.suggest("ka", near: Point(latitude: 34.5, longitude: 69.2))
        #expect(far.first?.label.hasPrefix("Kabul") == true, "\(far)")
    }

    @Test func categoriesAndChainsAreCollections() async throws {
        let coffee = try await Self.suggest("coff")
        #expect(
            coffee.first == SuggestResult(label: "Coffee Shop", isCollection: true, magicKey: "category:Coffee Shop"))
        #expect(coffee.dropFirst().allSatisfy { !$0.isCollection })
        let chain = try await Self.suggest("r-kio").first
        #expect(chain?.isCollection == true)
        #expect(chain?.label.lowercased() == "r-kioski")
        #expect(try await Self.suggest("sto").allSatisfy { !$0.isCollection }, "'sto' is not yet a category")
    }

    @Test func everyMagicKeyFindsItsSuggestionAgain() async throws {
        let task = try Fixtures.task()
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        parameters.addResultAttributeName("*")
        for typed in ["stockm", "kamp", "Mannerheimint", "hel", "coff", "r-kio", "alek"] {
            for suggestion in try await Self.suggest(typed) {
                let results = try await task.geocode(forSuggestResult: suggestion, using: parameters)
                let first = try #require(results.first, "\(suggestion)")
                if suggestion.isCollection {
                    #expect(results.count > 1, "\(suggestion)")
                    #expect(
                        results.allSatisfy {
                            text($0, "Type") == suggestion.label
                                || text($0, "PlaceName").lowercased() == suggestion.label.lowercased()
                        }, "\(suggestion)")
                } else {
                    #expect(results.count == 1)
                    #expect(text(first, "LongLabel") == suggestion.label)
                    #expect(first.score == 100)
                }
            }
        }
    }

    @Test func filtersApplyToEverySuggestion() async throws {
        let parameters = SuggestParameters()
        parameters.countryCode = "SWE"
        let swedish = try await Fixtures.task().suggest(forSearchText: "r-kio", parameters: parameters)
        #expect(swedish.allSatisfy { !$0.isCollection && $0.label.hasSuffix(", SWE") }, "\(swedish)")
        parameters.countryCode = "FIN"
        let finnish = try await Fixtures.task().suggest(forSearchText: "sa", parameters: parameters)
        #expect(!finnish.isEmpty)
        #expect(finnish.allSatisfy { $0.label.hasSuffix(", FIN") }, "\(finnish)")
    }

    @Test func aForeignOrDamagedMagicKeyFallsBackToTheText() async throws {
        let task = try Fixtures.task()
        for key in [
            "", "garbage", "place:", "place:999999999", "place:-1", "category:", "place:1\u{0}", "category:Spaceport",
        ] {
            let results = try await task.geocode(
                forSuggestResult: SuggestResult(label: "Stockmann", isCollection: false, magicKey: key))
            #expect(results.first?.label == "Stockmann", "\(key)")
        }
    }

    @Test func shortOddOrHostileTextSuggestsNothingOrCleanly() async throws {
        #expect(try await Self.suggest("").isEmpty)
        #expect(try await Self.suggest("k").isEmpty)
        #expect(try await Self.suggest("  ").isEmpty)
        for text in [
            #""NEAR("#, "*", "^a", "\u{0}ab", "ab\"cd", "{name}:x", "x OR y", String(repeating: "é", count: 500),
        ] {
            #expect(try await Self.suggest(text).count <= 5)
        }
        await #expect(throws: LocatorError.self) { _ = try await Self.suggest("hel", max: 0) }
        await #expect(throws: LocatorError.self) { _ = try await Self.suggest(String(repeating: "a", count: 5000)) }
    }
}
