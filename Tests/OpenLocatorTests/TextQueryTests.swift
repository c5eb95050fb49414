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

/// How ``TextMatch`` scores a name: each name or locality word answers one query word.
@Suite struct TextMatchTests {
    func score(_ text: String, name: String, locality: String = "") -> Double? {
        TextMatch.score(TextQuery(text + " "), name: name, alternateNames: "", locality: locality)?.score
    }

    @Test func aRepeatedQueryWordNeedsAsManyWordsToMatch() throws {
        #expect(score("sankt", name: "sankt peter") == 97)
        #expect(score("sankt sankt", name: "sankt peter") == 47, "one name word answers one query word")
        #expect(score("sankt sankt", name: "sankt sankt") == 100)
        #expect(score("berlin berlin", name: "berlin", locality: "berlin deu") == 50, "nor does the locality repeat it")
        // "s" is short for "south": once for the name, not again for the locality repeating it.
        #expect(score("s", name: "south tangerang", locality: "south tangerang banten") == 97)
        let repeated = try #require(score("s s s", name: "south tangerang", locality: "south tangerang banten"))
        #expect(abs(repeated - (100.0 / 3 - 3)) < 1e-9, "one of three words matched")
        #expect(score("berlin berlin", name: "mitte", locality: "berlin berlin deu") == nil, "no name word matched")
        let mitte = try #require(score("mitte berlin berlin", name: "mitte", locality: "berlin deu"))
        #expect(abs(mitte - 200.0 / 3) < 1e-9, "two of three words matched")
    }
}
