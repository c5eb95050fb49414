import CICU
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
    /// The shortcut for Latin text (folded from its UTF-8, without UTF-16 and ICU's script
    /// checks) gives what the general path gives: every character of its table alone, between
    /// words and doubled, the characters around the table, random mixes, and bytes that are
    /// not UTF-8 (which the shortcut leaves to the general path).
    @Test func latinShortcutFoldsAsTheGeneralPathDoes() {
        typealias Fold = (UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, Int) -> Int
        func folded(_ bytes: [UInt8], _ fold: Fold) -> String? {
            var out = [CChar](repeating: 0, count: bytes.count * 8 + 64)
            let length = bytes.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { fold($0.baseAddress, $0.count, &out, out.count) }
            }
            return length < 0 ? nil : String(decoding: out.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        func expectSame(_ bytes: [UInt8], _ comment: String, folds: Bool = true) {
            let shortcut = folded(bytes) { ol_fold_utf8($0, $1, $2, $3) }
            let general = folded(bytes) { ol_fold_utf8_through_utf16($0, $1, $2, $3) }
            #expect(shortcut == general, "\(comment)")
            if folds { #expect(shortcut != nil, "\(comment)") }
        }
        let characters =
            (0x80..<0x370).compactMap(Unicode.Scalar.init)
            + (0x1DF0..<0x1F10).compactMap(
                Unicode.Scalar.init) + ["Ж", "Ω", "東", "\u{FFFD}"]
        for character in characters {
            for text in ["\(character)", "Ab\(character)9 x\(character)y", "\(character)\(character)'s"] {
                expectSame(Array(text.utf8), "U+\(String(character.value, radix: 16)) in \(text)")
            }
        }
        var random = SplitMix64(seed: 5)
        let pieces = ["ä", "Å", "ß", "Ł", "ő", "ǆ", "ẞ", "ỳ", "e\u{301}", "Ж", " ", "-", "'", "Main", "10", "ﬁ", "Ø"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
            expectSame(Array(text.joined().utf8), text.joined())
        }
        // Not UTF-8: truncated, overlong (two of them would decode into the table), a stray byte.
        let notUTF8: [[UInt8]] = [
            [0xC3], [0x61, 0xC3], [0xE1, 0xB8], [0xC1, 0x81], [0xE0, 0x81, 0x81], [0xE0, 0x83, 0x80],
            [0x41, 0xE0, 0x83, 0x95, 0x20, 0x42], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0xFF, 0x61],
        ]
        for bytes in notUTF8 { expectSame(bytes, "\(bytes)", folds: false) }
        // Output that does not fit fails alike on both paths; what fits ends with a NUL.
        for text in ["Hämeentie 10", "ÆØÅ æøå Łódź", "Ḩelsinki"] {
            for capacity in 1...24 {
                var outputs: [[CChar]] = []
                for fold: Fold in [{ ol_fold_utf8($0, $1, $2, $3) }, { ol_fold_utf8_through_utf16($0, $1, $2, $3) }] {
                    var out = [CChar](repeating: 0x7F, count: capacity)
                    let length = Array(text.utf8).withUnsafeBufferPointer { bytes in
                        bytes.withMemoryRebound(to: CChar.self) { fold($0.baseAddress, $0.count, &out, capacity) }
                    }
                    if length >= 0 { #expect(out[length] == 0, "\(text) in \(capacity)") }
                    outputs.append(length < 0 ? [] : Array(out[...length]))
                }
                #expect(outputs[0] == outputs[1], "\(text) in \(capacity)")
            }
        }
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

    /// Addresses are joined from their parts without the empty ones, whatever the parts hold
    /// (long, short, non-ASCII), as `filter` and `joined` would join them; the ways a build
    /// writes them at once agree with the ways made of parts.
    @Test func partsAreJoinedWithoutTheEmptyOnes() {
        var random = SplitMix64(seed: 7)
        let pieces = [
            "", "", "10", "Mannerheimintie", "Åbo", "東京都千代田区丸の内一丁目", String(repeating: "x", count: 40), "12 b",
            "Москва", "O'Brien St",
        ]
        for _ in 0..<2_000 {
            let parts = (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }
            let separator = [", ", " ", ""].randomElement(using: &random)!
            #expect(
                String(joiningNonEmpty: parts, separator: separator)
                    == parts.filter { !$0.isEmpty }.joined(separator: separator), "\(parts)")
        }
        #expect(
            String(joiningNonEmpty: "Mannerheimintie 10", "", "Helsinki", separator: ", ")
                == "Mannerheimintie 10, Helsinki")
        #expect(AddressFormat.streetAddress(number: "380", street: "New York St", country: "USA") == "380 New York St")
        #expect(
            AddressFormat.streetAddress(number: "10", street: "Mannerheimintie", country: "FIN") == "Mannerheimintie 10"
        )
        // A place's address written at once is the one its parts make.
        for _ in 0..<2_000 {
            let (number, street, postal, city, region) = (
                pieces.randomElement(using: &random)!, pieces.randomElement(using: &random)!,
                pieces.randomElement(using: &random)!, pieces.randomElement(using: &random)!,
                pieces.randomElement(using: &random)!
            )
            for country in ["USA", "FIN", ""] {
                #expect(
                    AddressFormat.placeAddress(
                        number: number, street: street, postal: postal, city: city, region: region, country: country)
                        == AddressFormat.placeAddress(
                            streetAddress: AddressFormat.streetAddress(
                                number: number, street: street, country: country),
                            postal: postal, city: city, region: region, country: country))
            }
            #expect(TextFolding.fold(joining: street, city) == TextFolding.fold(joining: [street, city]))
            #expect(TextFolding.fold(joining: street, city) == TextFolding.fold(street + " " + city))
        }
        #expect(
            AddressFormat.placeAddress(
                number: "380", street: "New York St", postal: "92373", city: "Redlands", region: "California",
                country: "USA") == "380 New York St, Redlands, California, 92373")
        #expect(
            AddressFormat.placeAddress(
                number: "10", street: "Mannerheimintie", postal: "00100", city: "Helsinki", region: "", country: "FIN")
                == "Mannerheimintie 10, 00100 Helsinki")
    }
}
