import Foundation

/// Collects, while places are written, what suggest needs beyond the full-text index:
///
/// - for every 2- and 3-letter prefix of a name word, the ``placesPerPrefix`` most important
///   places (`suggest_prefixes`), because ranking every FTS5 match of a short prefix costs
///   too much to do per keystroke (10–16 ms for "sa" on the default gazetteer, ~80 ms at 1M);
/// - chains: POI names that ``minimumChainSize`` or more places share (`chains`), suggested
///   as collections.
struct SuggestIndex {
    static let prefixLengths = 2...3
    static let placesPerPrefix = 16
    static let minimumChainSize = 3

    private var best: [String: [(importance: Double, id: Int64)]] = [:]
    private var chainCounts: [String: (name: String, count: Int)] = [:]

    /// The distinct 2- and 3-letter prefixes of the words of a place's folded names. (Pure, so
    /// a build computes them on its reading thread, with the rest of ``SearchText``.)
    static func prefixes(ofFoldedNames names: [String]) -> [String] {
        var prefixes: [String] = []
        func keep(_ prefix: String) { if !prefixes.contains(prefix) { prefixes.append(prefix) } }
        for name in names {
            for word in name.utf8.split(separator: UInt8(ascii: " ")) where word.count >= prefixLengths.lowerBound {
                if word.allSatisfy({ $0 < 0x80 }) {
                    // Folded text is nearly always ASCII: a letter is a byte.
                    for length in prefixLengths where word.count >= length {
                        keep(String(decoding: word.prefix(length), as: UTF8.self))
                    }
                } else {
                    let characters = Substring(word)
                    for length in prefixLengths where characters.count >= length {
                        keep(String(characters.prefix(length)))
                    }
                }
            }
        }
        return prefixes
    }

    /// Records a place under its name prefixes (from ``prefixes(ofFoldedNames:)``); a POI also
    /// counts towards the chain of its folded name.
    mutating func add(
        id: Int64, importance: Double, prefixes: [String], foldedName: String, displayName: String, isPOI: Bool
    ) {
        for prefix in prefixes { best[prefix, default: []].offer((importance, id), keeping: Self.placesPerPrefix) }
        if isPOI, !foldedName.isEmpty {
            chainCounts[foldedName, default: (displayName, 0)].count += 1
        }
    }

    /// Writes both tables.
    func write(to connection: SQLiteConnection) throws {
        let insertPrefix = try connection.statement(
            "INSERT INTO suggest_prefixes(prefix, id, importance) VALUES (?, ?, ?)")
        for (prefix, list) in best {
            for entry in list { try insertPrefix.run([.text(prefix), .integer(entry.id), .double(entry.importance)]) }
        }
        let insertChain = try connection.statement("INSERT INTO chains(name_key, name, places) VALUES (?, ?, ?)")
        for (key, chain) in chainCounts where chain.count >= Self.minimumChainSize {
            try insertChain.run([.text(key), .text(chain.name), .integer(Int64(chain.count))])
        }
    }
}

extension Array where Element == (importance: Double, id: Int64) {
    /// Inserts an entry in descending order of importance (after equal ones), keeping at most
    /// `limit` entries; changes nothing when the list is full of more important ones.
    fileprivate mutating func offer(_ entry: Element, keeping limit: Int) {
        if count == limit {
            guard let last, entry.importance > last.importance else { return }
            removeLast()
        }
        insert(entry, at: firstIndex { $0.importance < entry.importance } ?? endIndex)
    }
}
