import Testing

@testable import OpenLocator

@Suite struct TextQueryTests {
    @Test func foldsOnceIntoWordsThatKnowTheirSectionAndChunk() {
        let text = QueryText("Mannerheimintie 10 A, 00100 Helsinki")
        #expect(text.folded == ["mannerheimintie", "10", "a", "00100", "helsinki"])
        #expect(text.words.map(\.section) == [0, 0, 0, 1, 1])
        #expect(text.chunks.map(\.text) == ["Mannerheimintie", "10", "A", "00100", "Helsinki"])
        #expect(QueryText("東京駅").folded == ["dong", "jing", "yi"])
        #expect(QueryText("Kaivokatu1").folded == ["kaivokatu", "1"])
        #expect(QueryText("10 - 12").chunks.map(\.words.count) == [1, 0, 1])
    }

    @Test func splitsStreetNumberAndLocality() {
        let query = TextQuery("Mannerheimintie 10, Helsinki")
        #expect(query.words == ["mannerheimintie", "10", "helsinki"])
        #expect(query.lastWordIsPrefix)
    }

    @Test func treatsTheLastWordAsAPrefixOnlyWhileTyping() {
        #expect(TextQuery("stockm").lastWordIsPrefix)
        #expect(!TextQuery("stockm ").lastWordIsPrefix)
        #expect(!TextQuery("Mannerheimintie 1").lastWordIsPrefix)
        #expect(!TextQuery("Kaivokatu 10 A").lastWordIsPrefix)
    }

    @Test func wordsThatMustMatchWholeAreNeverAPrefix() {
        let text = QueryText("cafes in Kamppi")
        #expect(TextQuery([2], in: text).lastWordIsPrefix)
        #expect(!TextQuery([2], in: text, prefixAllowed: false).lastWordIsPrefix)
        #expect(!TextQuery([0], in: text).lastWordIsPrefix, "not the last word of the text")
    }

    @Test func limitsTheNumberOfWords() {
        let query = TextQuery(String(repeating: "word ", count: 500))
        #expect(query.words.count == QueryText.maxWords)
    }

    @Test func keepsNothingOfFTS5Syntax() {
        let query = TextQuery(#""NEAR( cafe* ^x OR '; DROP TABLE places;--"#)
        #expect(query.words == ["near", "cafe", "x", "or", "drop", "table", "places"])
        #expect(query.words.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber } })
    }
}
