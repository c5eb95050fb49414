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

    /// Each prefix keeps its most important places, the earlier of equals first, whatever
    /// order they come in: places turned away at the door (a full list's bar) are exactly
    /// those the list would not have taken.
    @Test func eachPrefixKeepsItsMostImportantPlaces() throws {
        var random = SplitMix64(seed: 11)
        var index = SuggestIndex()
        var offered: [String: [(importance: Double, id: Int64)]] = [:]
        for id in Int64(1)...3000 {
            let name = ["kahvila", "kauppa", "kirja", "ka"].randomElement(using: &random)!
            // Few distinct importances, so ties are common, and a trend upwards now and then.
            let importance = Double(Int.random(in: 0..<8, using: &random)) / 8 + (id % 500 == 0 ? 1 : 0)
            Array(name.utf8).withUnsafeBufferPointer { folded in
                index.add(
                    id: id, importance: importance, foldedName: folded,
                    foldedAlternateNames: .init(start: nil, count: 0), isPOI: false)
            }
            for prefix in Set([String(name.prefix(2)), String(name.prefix(3))]) where prefix.count >= 2 {
                offered[prefix, default: []].append((importance, id))
            }
        }
        let connection = try SQLiteConnection(path: ":memory:", writable: true, create: true)
        try connection.execute(GazetteerSchema.create)
        try index.write(to: connection)
        for (prefix, places) in offered {
            let expected = places.sorted { ($0.importance, -$0.id) > ($1.importance, -$1.id) }
                .prefix(SuggestIndex.placesPerPrefix).map(\.id).sorted()
            var kept: [Int64] = []
            try connection.statement("SELECT id FROM suggest_prefixes WHERE prefix = ? ORDER BY id")
                .forEachRow([.text(prefix)]) { kept.append($0.int(0)) }
            #expect(kept == expected, "\(prefix)")
        }
    }

    /// Chains are the name hashes three or more POIs share, with the first POI's id.
    @Test func chainsAreTheNamesOfThreeOrMorePOIs() {
        var names: [(hash: UInt64, id: Int64)] = [
            (7, 1), (9, 2), (7, 3), (5, 4), (9, 5), (7, 6), (9, 7), (9, 8), (5, 9), (3, 10),
        ]
        let chains = SuggestIndex.chains(of: &names).sorted { $0.firstID < $1.firstID }
        #expect(chains.map(\.firstID) == [1, 2] && chains.map(\.places) == [3, 4])
    }
}
