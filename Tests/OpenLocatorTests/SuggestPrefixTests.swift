import Testing

@testable import OpenLocator

/// Suggest prefixes are packed in integers; these check them against the words' own prefixes.
@Suite struct SuggestPrefixTests {
    @Test func packedPrefixesAreEachWordsFirstTwoAndThreeLetters() {
        func prefixes(_ names: String...) -> [String] {
            var found: [SuggestPrefix] = []
            for name in names { SuggestIndex.appendPrefixes(ofFolded: name.utf8, to: &found) }
            return found.map(\.text)
        }
        #expect(prefixes("cafe regatta") == ["ca", "caf", "re", "reg"])
        #expect(prefixes("a bc def", "de fa") == ["bc", "de", "def", "fa"])  // distinct, 1-letter words have none
        #expect(prefixes("hameentie 10 ; helsinki") == ["ha", "ham", "10", "he", "hel"])
        #expect(prefixes("") == [] && prefixes("x  y") == [])
        var random = SplitMix64(seed: 7)
        let letters = Array("abcxyz019 ".utf8)
        for _ in 0..<500 {
            let name = String(
                decoding: (0..<Int.random(in: 0...30, using: &random)).map { _ in
                    letters[Int.random(in: 0..<letters.count, using: &random)]
                }, as: UTF8.self)
            var expected: [String] = []
            for word in name.split(separator: " ") {
                for length in SuggestIndex.prefixLengths where word.count >= length {
                    let prefix = String(word.prefix(length))
                    if !expected.contains(prefix) { expected.append(prefix) }
                }
            }
            #expect(prefixes(name) == expected, "\(name)")
        }
    }
}

extension SuggestPrefixTests {
    /// Every prefix of two or three letters and digits has a slot of its own, which gives the
    /// prefix back; anything else has none (and is kept by hashing instead).
    @Test func prefixesOfLettersAndDigitsAreNumberedOneToOne() {
        let symbols = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
        var seen = Set<Int>()
        for first in symbols {
            for second in symbols {
                for third in [nil] + symbols.map(Optional.some) {
                    let bytes = [first, second] + (third.map { [$0] } ?? [])
                    let prefix = SuggestPrefix(packed: bytes.reduce(0) { $0 << 8 | UInt32($1) })
                    guard let slot = prefix.slot else {
                        Issue.record("no slot for \(prefix.text)")
                        return
                    }
                    #expect((0..<SuggestPrefix.slots).contains(slot))
                    #expect(SuggestPrefix(slot: slot) == prefix, "\(prefix.text)")
                    seen.insert(slot)
                }
            }
        }
        #expect(seen.count == SuggestPrefix.slots)
        for other in ["a", "", "a;", ";;", "é", "A1", "a b"] {
            var packed: UInt32 = 0
            for byte in other.utf8 { packed = packed << 8 | UInt32(byte) }
            #expect(SuggestPrefix(packed: packed).slot == nil, "\(other)")
        }
    }
}
