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

    /// Records a place's folded name words (own and alternate names).
    mutating func add(id: Int64, importance: Double, foldedNames: [String], displayName: String, isPOI: Bool) {
        var prefixes: Set<String> = []
        for name in foldedNames {
            for word in name.split(separator: " ") where word.count >= Self.prefixLengths.lowerBound {
                for length in Self.prefixLengths where word.count >= length {
                    prefixes.insert(String(word.prefix(length)))
                }
            }
        }
        for prefix in prefixes { offer(prefix, importance: importance, id: id) }
        if isPOI, let key = foldedNames.first, !key.isEmpty {
            chainCounts[key, default: (displayName, 0)].count += 1
        }
    }

    private mutating func offer(_ prefix: String, importance: Double, id: Int64) {
        var list = best[prefix, default: []]
        if list.count == Self.placesPerPrefix {
            guard let last = list.last, importance > last.importance else { return }
            list.removeLast()
        }
        let index = list.firstIndex { $0.importance < importance } ?? list.endIndex
        list.insert((importance, id), at: index)
        best[prefix] = list
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
