import Foundation

/// The generic words of place names, by what they name: "hotel", "hotelli" and "hotell" name a
/// hotel; "tori", "torget" and "square" a square. From the tables in `Gazetteer/generic-words/`
/// (one file a language, `CONCEPT<TAB>WORD<TAB>WORD…`, and `concepts.tsv`, the ArcGIS
/// categories of each concept), which a build copies into the gazetteer's `generic_words`
/// table, so a file carries the words it was built with.
///
/// A search uses them three ways (``TextQuery``, ``TextMatch``):
/// - the words of one concept stand for each other, in any language: "Hotelli Kämp" finds
///   "Hotel Kämp", "Salutorget, Helsingfors" the market square;
/// - a generic word a text adds is explained by a place of the concept's category: "Ateneum
///   museum" finds the museum Ateneum;
/// - a generic word of a place's name that a text leaves out costs little: "Kämp, Helsinki"
///   finds "Hotel Kämp".
///
/// ```swift
/// let words = GenericWords(entries: try GenericWords.entries(in: files))
/// words.equivalents(of: "hotelli")   // ["hotel", "hotell", "hotellet"]
/// words.explains("museum", category: CategoryTree.world["Museum"]!.code)   // true
/// ```
final class GenericWords: Sendable {
    /// One concept: its name, the ArcGIS categories that explain its words, its folded words.
    struct Concept: Sendable {
        let name: String
        let categories: [ClosedRange<Int>]
        let words: [String]
    }

    /// One row of the tables: a word of a concept, and the categories of the concept.
    struct Entry: Sendable, Equatable {
        var concept: String
        var word: String
        /// Category names, ";" between them ("Train Station;Metro Station").
        var categories: String
    }

    let concepts: [Concept]
    /// Each folded word's concepts, by index into ``concepts``.
    private let conceptsOfWord: [String: [Int]]
    /// The folded words by the FNV-1a hash of their bytes, so a name's word is looked up
    /// without making a string of it.
    private let byHash: [UInt64: [[UInt8]]]

    /// None: a gazetteer built before the table (schema 31 and older).
    static let none = GenericWords(entries: [])

    init(entries: [Entry], tree: CategoryTree = .world) {
        var names: [String] = []
        var words: [String: [String]] = [:]
        var categories: [String: [ClosedRange<Int>]] = [:]
        for entry in entries {
            if words[entry.concept] == nil {
                names.append(entry.concept)
                words[entry.concept] = []
                categories[entry.concept] = entry.categories.split(separator: ";").compactMap {
                    tree[$0.trimmingCharacters(in: .whitespaces)]?.codeRange
                }
            }
            let folded = TextFolding.fold(entry.word)
            // (One word each: "linja-auto" folds to two and is left out.)
            guard !folded.isEmpty, !folded.contains(" "), !words[entry.concept]!.contains(folded) else { continue }
            words[entry.concept]!.append(folded)
        }
        concepts = names.map { Concept(name: $0, categories: categories[$0] ?? [], words: words[$0] ?? []) }
        var conceptsOfWord: [String: [Int]] = [:]
        var byHash: [UInt64: [[UInt8]]] = [:]
        for (index, concept) in concepts.enumerated() {
            for word in concept.words {
                if conceptsOfWord[word] == nil { byHash[FNV1a.hash(word.utf8), default: []].append(Array(word.utf8)) }
                conceptsOfWord[word, default: []].append(index)
            }
        }
        self.conceptsOfWord = conceptsOfWord
        self.byHash = byHash
    }

    /// Whether there are no words at all.
    var isEmpty: Bool { conceptsOfWord.isEmpty }

    /// The other words of the concepts `word` (folded) stands in: its translations.
    func equivalents(of word: String) -> Set<String> {
        guard let indices = conceptsOfWord[word] else { return [] }
        var found: Set<String> = []
        for index in indices { found.formUnion(concepts[index].words) }
        found.remove(word)
        return found
    }

    /// Whether a place of category `code` explains the folded `word`: the word names a concept
    /// one of whose categories holds the code ("museum" and the Museum Ateneum).
    func explains(_ word: String, category code: Int) -> Bool {
        conceptsOfWord[word]?.contains { concepts[$0].categories.contains { $0.contains(code) } } ?? false
    }

    /// Whether a folded word, as bytes, is a generic word of any concept.
    func isGeneric(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        byHash[FNV1a.hash(bytes)]?.contains { $0.elementsEqual(bytes) } ?? false
    }

    /// Whether a folded word is a generic word of any concept.
    func isGeneric(_ word: String) -> Bool { conceptsOfWord[word] != nil }

    // MARK: - Files

    /// The name of the table of the concepts' categories among the files.
    static let conceptsFile = "concepts.tsv"

    /// Reads the tables of `Gazetteer/generic-words/`: each language's file (`xx.tsv`,
    /// `CONCEPT<TAB>WORD…`) and ``conceptsFile`` (`CONCEPT<TAB>CATEGORY;…`), as rows in the
    /// files' order.
    /// - Throws: ``LocatorError`` `invalidInput` naming the file and line of a malformed row or
    ///   an unknown category.
    static func entries(in files: [URL], tree: CategoryTree = .world) throws -> [Entry] {
        var categories: [String: String] = [:]
        var words: [(concept: String, word: String)] = []
        for file in files {
            let isConcepts = file.lastPathComponent == conceptsFile
            for (line, fields) in try rows(of: file) {
                let where_ = "generic words '\(file.lastPathComponent)' line \(line)"
                if isConcepts {
                    guard fields.count == 2 else { throw LocatorError(.invalidInput, "\(where_): expected CONCEPT<TAB>CATEGORY;…") }
                    for name in fields[1].split(separator: ";") where tree[name.trimmingCharacters(in: .whitespaces)] == nil {
                        throw LocatorError(.invalidInput, "\(where_): unknown category '\(name)'")
                    }
                    categories[fields[0]] = fields[1]
                } else {
                    guard fields.count >= 2 else { throw LocatorError(.invalidInput, "\(where_): expected CONCEPT<TAB>WORD…") }
                    words += fields.dropFirst().map { (fields[0], $0) }
                }
            }
        }
        return words.map { Entry(concept: $0.concept, word: $0.word, categories: categories[$0.concept] ?? "") }
    }

    /// A table's rows: line number and tab-separated fields, without comments and blank lines.
    private static func rows(of file: URL) throws -> [(Int, [String])] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw LocatorError(.invalidInput, "cannot read the generic words '\(file.lastPathComponent)'")
        }
        var rows: [(Int, [String])] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            rows.append(
                (offset + 1, line.split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }))
        }
        return rows
    }

    /// The tables beside a category mapping (`generic-words/*.tsv` in its folder), sorted by name.
    static func files(besideMapping mapping: URL) -> [URL] {
        let folder = mapping.deletingLastPathComponent().appendingPathComponent("generic-words", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".tsv") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The words a gazetteer was built with; ``none`` for a file without the table.
    static func load(db: SQLiteConnection) throws -> GenericWords {
        var found = false
        try db.statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'generic_words'")
            .forEachRow { _ in found = true }
        guard found else { return .none }
        var entries: [Entry] = []
        try db.statement("SELECT concept, word, categories FROM generic_words ORDER BY rowid").forEachRow { row in
            entries.append(Entry(concept: row.text(0), word: row.text(1), categories: row.text(2)))
        }
        return GenericWords(entries: entries)
    }
}
