import Testing

@testable import OpenLocator

@Suite struct ParsedQueryTests {
    @Test func splitsStreetNumberAndLocality() {
        let query = ParsedQuery("Mannerheimintie 10, Helsinki")
        #expect(query.mainWords == ["mannerheimintie", "10"])
        #expect(query.localityWords == ["helsinki"])
        #expect(query.houseNumber == "10")
        #expect(query.lastWordIsPrefix)
    }

    @Test func findsHouseNumbersBeforeTheStreetAndWithLetters() {
        #expect(ParsedQuery("10 Main Street").houseNumber == "10")
        #expect(ParsedQuery("Fredrikinkatu 12b").houseNumber == "12b")
        #expect(ParsedQuery("Route 66a bis").houseNumber == "66a")
        #expect(ParsedQuery("Kamppi").houseNumber == nil)
        #expect(ParsedQuery("A1 motorway").houseNumber == nil)
    }

    @Test func treatsTheLastWordAsAPrefixOnlyWhileTyping() {
        #expect(ParsedQuery("stockm").lastWordIsPrefix)
        #expect(!ParsedQuery("stockm ").lastWordIsPrefix)
        #expect(!ParsedQuery("Mannerheimintie 1").lastWordIsPrefix)
        #expect(!ParsedQuery("Kaivokatu 10 A").lastWordIsPrefix)
    }

    @Test func limitsTheNumberOfWords() {
        let query = ParsedQuery(String(repeating: "word ", count: 500))
        #expect(query.words.count == ParsedQuery.maxWords)
    }

    @Test func keepsNothingOfFTS5Syntax() {
        let query = ParsedQuery(#""NEAR( cafe* ^x OR '; DROP TABLE places;--"#)
        #expect(query.words == ["near", "cafe", "x", "or", "drop", "table", "places"])
        #expect(query.words.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber } })
    }
}
