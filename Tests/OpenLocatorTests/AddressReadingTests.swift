import Testing

@testable import OpenLocator

/// The address reading, house numbers and abbreviations, without a gazetteer.
@Suite struct AddressReadingTests {
    /// The address reading of a text, with its street and locality as folded words.
    struct Address {
        var reading: AddressReading
        var text: QueryText
        var streetWords: [String] { reading.street.map { text.words[$0].folded } }
        var localityWords: [String] { reading.locality.map { text.words[$0].folded } }
        var houseNumber: HouseNumber { reading.houseNumber }
        var unit: String? { reading.unit }
        var postcode: String? { reading.postcode }
    }

    func AddressQuery(_ text: String) -> Address? {
        let analysed = QueryText(text)
        return AddressReading(analysed).map { Address(reading: $0, text: analysed) }
    }

    @Test func readsStreetAndNumberInEitherOrder() throws {
        let european = try #require(AddressQuery("Mannerheimintie 10"))
        #expect(european.streetWords == ["mannerheimintie"])
        #expect(european.houseNumber == HouseNumber(number: 10))
        let english = try #require(AddressQuery("10 Main Street"))
        #expect(english.streetWords == ["main", "street"])
        #expect(english.houseNumber == HouseNumber(number: 10))
    }

    @Test func readsLettersRangesUnitsPostcodesAndLocalities() throws {
        let full = try #require(AddressQuery("Mannerheimintie 10 A 5, 00100 Helsinki"))
        #expect(full.houseNumber == HouseNumber(number: 10, letter: "a"))
        #expect(full.unit == "5")
        #expect(full.postcode == "00100")
        #expect(full.localityWords == ["helsinki"])
        #expect(AddressQuery("Fredrikinkatu 12b")?.houseNumber == HouseNumber(number: 12, letter: "b"))
        #expect(AddressQuery("Fredrikinkatu 12 B")?.houseNumber == HouseNumber(number: 12, letter: "b"))
        #expect(AddressQuery("Yrjönkatu 10-12")?.houseNumber == HouseNumber(number: 10, through: 12))
        #expect(AddressQuery("Yrjönkatu 10 - 12")?.houseNumber == HouseNumber(number: 10, through: 12))
        let unit = try #require(AddressQuery("10 Main St Apt 4, Springfield, IL"))
        #expect(unit.streetWords == ["main", "st"])
        #expect(unit.unit == "4")
        #expect(unit.localityWords == ["springfield", "il"])
        #expect(AddressQuery("221b Baker Street #3")?.unit == "3")
        #expect(AddressQuery("123 N Main St")?.streetWords == ["n", "main", "st"])
        #expect(AddressQuery("123 N Main St")?.houseNumber == HouseNumber(number: 123))
        #expect(AddressQuery("Kaivokatu 1, Helsinki")?.localityWords == ["helsinki"])
        let glued = try #require(AddressQuery("Kaivokatu1"))
        #expect(glued.streetWords == ["kaivokatu"])
        #expect(glued.houseNumber == HouseNumber(number: 1))
        #expect(AddressQuery("A1")?.houseNumber == nil)
        #expect(AddressQuery("Route 66a bis")?.houseNumber == HouseNumber(number: 66, letter: "a"))
    }

    @Test func isNilWithoutAStreetOrANumber() {
        #expect(AddressQuery("Helsinki") == nil)
        #expect(AddressQuery("10") == nil)
        #expect(AddressQuery("10 20") == nil)
        #expect(AddressQuery("") == nil)
        #expect(AddressQuery("A1 motorway") == nil)
    }

    @Test func aQualifierAtTheEndOfTheLocalityIsReadAsOne() throws {
        let lexicon = QualifierLexicon(
            countries: [("US", "USA", "United States", "en-US"), ("IL", "ISR", "Israel", "he")],
            regions: [("US", "IL", "Illinois")])
        let text = QueryText("12 Main Street, Springfield, IL 62701")
        let analysis = QueryAnalysis(text, resolver: .world, lexicon: lexicon)
        let found = analysis.readings.lazy.compactMap { reading -> AddressReading? in
            if case .address(let address) = reading.kind { return address }
            return nil
        }.first
        guard let address = found else {
            Issue.record("no address reading first: \(analysis.readings.map(\.stage))")
            return
        }
        #expect(address.locality.map { text.words[$0].folded } == ["springfield"])
        #expect(address.postcode == "62701")
        let regions = try #require(address.qualifier).regions.map(\.label)
        #expect(regions == ["Illinois, United States", "Israel"])
    }

    @Test func houseNumbersCompareAsNumbers() throws {
        #expect(HouseNumber("12 B") == HouseNumber(number: 12, letter: "b"))
        #expect(HouseNumber("14B") == HouseNumber(number: 14, letter: "b"))
        #expect(HouseNumber("10–12") == HouseNumber(number: 10, through: 12))
        #expect(HouseNumber("2, 2. krs./Floor 2") == HouseNumber(number: 2))
        #expect(HouseNumber("Floor 2") == nil)
        #expect(HouseNumber("1234567") == nil)
        let range = try #require(HouseNumber("12-16"))
        #expect(range.matches(HouseNumber(number: 14)))
        #expect(!range.matches(HouseNumber(number: 13)), "12-16 is the even side")
        #expect(try #require(HouseNumber("1-4")).matches(HouseNumber(number: 3)))
        #expect(!HouseNumber(number: 12, letter: "a").matches(HouseNumber(number: 12, letter: "b")))
        #expect(HouseNumber(number: 10, through: 12).description == "10-12")
    }

    @Test func expandsAbbreviatedEndingsAndKnowsEquivalentWords() {
        #expect(TextFolding.fold(Abbreviations.expandingSuffixes("Aleksanterink. 5").text) == "aleksanterinkatu 5")
        #expect(
            TextFolding.fold(Abbreviations.expandingSuffixes("Hämeent. 10, Helsinki").text) == "hameentie 10 helsinki")
        #expect(TextFolding.fold(Abbreviations.expandingSuffixes("Hauptstr.5").text) == "hauptstrasse 5")
        #expect(Abbreviations.expandingSuffixes("Fort. Park. St. Mt.").text == "Fort. Park. St. Mt.")
        // A guess keeps the word as written: "Reykjavik." may be Reykjavik.
        let guess = TextQuery("Reykjavik.")
        #expect(guess.words == ["reykjavikatu"])
        #expect(guess.alternatives["reykjavikatu"]?["reykjavik"] == 0)
        #expect(Abbreviations.equivalents["st"] == ["street", "str", "saint"])
        #expect(Abbreviations.equivalents["avenue"] == ["ave", "av"])
        #expect(TextQuery("Main St").alternatives["st"]?["street"] == 0)
    }
}
