import Testing

@testable import OpenLocator

@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("Straße Café", "strasse cafe"),
        ("Москва", "moskva"),
        ("Hämeentie 10, Helsinki", "hameentie 10 helsinki"),
        ("Αθήνα", "athena"),
        ("  McDonald's!! ", "mcdonalds"),
        ("Cafe\u{301} Zoe\u{308}", "cafe zoe"),
        ("ÆØÅ æøå Łódź", "aeoa aeoa lodz"),
        ("ﬁrst", "first"),
        ("", ""),
        ("***", ""),
    ])
    func foldsToLowercaseASCIIWords(input: String, expected: String) {
        #expect(TextFolding.fold(input) == expected)
    }

    @Test func foldsHanTextToALatinReading() {
        let folded = TextFolding.fold("東京")
        #expect(!folded.isEmpty)
        #expect(folded.allSatisfy { $0.isASCII && ($0.isLetter || $0 == " ") })
    }

    @Test func foldsTheSameWithAndWithoutDiacriticsInAnyScriptMix() {
        #expect(TextFolding.fold("Hämeentie") == TextFolding.fold("HAMEENTIE"))
        #expect(TextFolding.fold("Straße") == TextFolding.fold("strasse"))
        #expect(TextFolding.fold("Москва Straße") == "moskva strasse")
    }

    @Test func survivesNulBytesControlCharactersAndHugeInput() {
        #expect(TextFolding.fold("a\u{0}b") == "a b")
        #expect(TextFolding.fold("\u{1}\u{7f}x") == "x")
        let huge = String(repeating: "Ä", count: 200_000)
        #expect(TextFolding.fold(huge).count <= TextFolding.maxInputBytes)
        #expect(TextFolding.words(String(repeating: "ab ", count: 40_000)).count > 1000)
    }

    @Test func foldsConcurrentlyFromManyTasks() async {
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { TextFolding.fold("Москва Хельсинки Straße") } }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(results) == ["moskva helsinki strasse"])
    }
    /// Folding parts as if joined by spaces, without joining them, gives exactly what folding
    /// the joined text gives: for plain ASCII, for punctuation and empty parts at the joins,
    /// and (through the joined text) for any other script.
    @Test func foldingPartsIsFoldingThemJoined() {
        var random = SplitMix64(seed: 11)
        let pieces = ["Main", "St.", "10", "B", "", " ", "-", "'s", "O'Brien", "Straße", "Москва", "東京", "  x  ", "A1"]
        for _ in 0..<2_000 {
            let parts = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            }
            #expect(TextFolding.fold(joining: parts) == TextFolding.fold(parts.joined(separator: " ")), "\(parts)")
        }
        let long = String(repeating: "ab ", count: 30_000)
        #expect(TextFolding.fold(joining: [long, long]) == TextFolding.fold(long + " " + long))
    }
}
