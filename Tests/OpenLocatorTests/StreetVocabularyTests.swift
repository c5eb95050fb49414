import Foundation
import Testing

@testable import OpenLocator

/// The default gazetteer's `street_vocabulary` against FTS5's own tokenizer: the streets' and
/// address points' folded text, read from `places`, indexed again in a scratch FTS5 table with
/// the gazetteer's tokenizer, whose `fts5vocab` counts are the truth.
@Suite struct StreetVocabularyTests {
    static let streetKinds = "('\(AddressType.streetName.rawValue)', '\(AddressType.pointAddress.rawValue)')"

    /// Each word's count of streets and address points, by FTS5 over their rows.
    static func fullTextCounts(_ gazetteer: URL) throws -> [String: Int] {
        let scratch = try SQLiteConnection(path: ":memory:", writable: true, create: true)
        try scratch.statement("ATTACH DATABASE ?1 AS g").run([.text(gazetteer.path)])
        try scratch.execute(
            """
            CREATE VIRTUAL TABLE t USING fts5(a, b, c, tokenize = 'unicode61 remove_diacritics 0', detail = 'column');
            INSERT INTO t(rowid, a, b, c) SELECT id, search_name, search_alt_names, search_locality FROM g.places
                WHERE addr_type IN \(streetKinds);
            CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, t, 'row');
            """)
        var counts: [String: Int] = [:]
        try scratch.statement("SELECT term, doc FROM temp.v").forEachRow { counts[$0.text(0)] = Int($0.int(1)) }
        return counts
    }

    @Test func theBuildCountsEveryPlainWordAsFTS5Does() throws {
        let url = try Fixtures.defaultGazetteerURL()
        let truth = try Self.fullTextCounts(url)
        let db = try SQLiteConnection(path: url.path)
        var stored: [String: Int] = [:]
        try db.statement("SELECT term, documents FROM street_vocabulary").forEachRow {
            stored[$0.text(0)] = Int($0.int(1))
        }
        let plain = truth.filter { StreetVocabulary.isPlainWord($0.key) }
        #expect(plain.count > 300, "central Helsinki's streets and addresses have hundreds of words")
        var wrong: [String] = []
        for (word, places) in plain where stored[word] != places { wrong.append("\(word): \(places) vs \(stored[word] ?? 0)") }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        // A word the counter stores that FTS5 lacks could only come from text it splits
        // otherwise (non-ASCII letters): it may count too many, never too few.
        #expect(stored.keys.allSatisfy { StreetVocabulary.isPlainWord($0) })
        for (word, places) in stored where truth[word] == nil {
            #expect(places > 0, "\(word)")
        }
    }

    @Test func aStreetSearchForAWordNoStreetHasFindsNothingAtOnce() throws {
        let url = try Fixtures.defaultGazetteerURL()
        let truth = try Self.fullTextCounts(url)
        let db = try SQLiteConnection(path: url.path)
        // A plain word of some POI's name that no street or address point has (from the raw rows).
        var poiWords: [String: Int] = [:]
        try db.statement("SELECT term, documents FROM vocabulary").forEachRow { poiWords[$0.text(0)] = Int($0.int(1)) }
        let absent = poiWords.filter { StreetVocabulary.isPlainWord($0.key) && $0.key.count >= 5 && truth[$0.key] == nil }
            .sorted { ($0.value, $0.key) > ($1.value, $1.key) }
        let present = truth.filter { StreetVocabulary.isPlainWord($0.key) && $0.key.count >= 5 }.sorted {
            ($0.value, $0.key) > ($1.value, $1.key)
        }
        let (noStreetHas, someStreetHas) = (try #require(absent.first).key, try #require(present.first).key)

        let vocabulary = try StreetVocabulary(db: db)
        #expect(vocabulary.isPresent)
        let tree = CategoryTree.world
        let streets = SearchFilter(categoryRanges: [tree["Point Address"]!.codeRange, tree["Street Name"]!.codeRange])
        func query(_ words: [String]) -> TextQuery {
            TextQuery(words.indices, in: QueryText(words.joined(separator: " ")), prefixAllowed: false)
        }
        #expect(try !vocabulary.mayMatch(query([someStreetHas, noStreetHas]), filter: streets, tree: tree, db: db))
        #expect(try vocabulary.mayMatch(query([someStreetHas]), filter: streets, tree: tree, db: db))
        // Not limited to streets, or with a correction streets have: it may match.
        #expect(try vocabulary.mayMatch(query([noStreetHas]), filter: SearchFilter(), tree: tree, db: db))
        var corrected = query([someStreetHas, noStreetHas])
        corrected.alternatives[noStreetHas] = [someStreetHas: 1]
        #expect(try vocabulary.mayMatch(corrected, filter: streets, tree: tree, db: db))
        // And FTS5 agrees that no street or address point has it.
        var count = 0
        try db.statement(
            "SELECT count(*) FROM places_fts f JOIN places p ON p.id = f.rowid WHERE places_fts MATCH ?1 AND p.addr_type IN \(Self.streetKinds)"
        ).forEachRow([.text("\"\(noStreetHas)\"")]) { count = Int($0.int(0)) }
        #expect(count == 0)
    }

    @Test func theCounterSplitsAsTheFullTextIndexDoes() {
        var counter = WordDocumentCounter()
        counter.add(place: 1, text: "mannerheimintie 10 helsinki")
        counter.add(place: 1, text: "helsingfors;mannerheimvagen 10")  // the same place's other columns
        counter.add(place: 2, text: "Mannerheimintie 12-14, HELSINKI")
        counter.add(place: 3, text: "caf\u{E9}-kahvila")
        let counts = Dictionary(uniqueKeysWithValues: counter.sortedWords.map { ($0.word, $0.places) })
        #expect(
            counts == [
                "mannerheimintie": 2, "10": 1, "helsinki": 2, "helsingfors": 1, "mannerheimvagen": 1, "12": 1, "14": 1,
                "caf": 1, "kahvila": 1,
            ])
        #expect(counter.sortedWords.map(\.word) == counter.sortedWords.map(\.word).sorted())
        // Many words grow the table without losing any.
        var many = WordDocumentCounter()
        for place in 0..<5000 { many.add(place: Int64(place), text: "w\(place) w\(place % 7) common") }
        #expect(many.count == 5001)
        #expect(many.sortedWords.first { $0.word == "common" }?.places == 5000)
        #expect(many.sortedWords.first { $0.word == "w3" }?.places == 714)  // 3, 10, …, 4996
    }
}
