import Foundation

/// Collects, while places are written, what suggest needs beyond the full-text index:
///
/// - for every 2- and 3-letter prefix of a name word, the ``placesPerPrefix`` most important
///   places (`suggest_prefixes`), because ranking every FTS5 match of a short prefix costs
///   too much to do per keystroke (10–16 ms for "sa" on the default gazetteer, ~80 ms at 1M);
/// - chains: POI names that ``minimumChainSize`` or more places share (`chains`), suggested
///   as collections. (Not the named things of a Type of their own: the entrances and platforms
///   of one station share its name.)
struct SuggestIndex {
    static let prefixLengths = 2...3
    static let placesPerPrefix = 16
    static let minimumChainSize = 3

    /// The most important places of each prefix. Folded text is letters and digits, and a
    /// prefix of those is a number in base 36 (``SuggestPrefix/slot``): its list is found in
    /// an array, without hashing (hashing cost the thread gathering them 5% of a build). Any other
    /// prefix is kept in `bestOfOthers`.
    private var bestBySlot = [[(importance: Double, id: Int64)]](repeating: [], count: SuggestPrefix.slots)
    /// The importance a place must exceed to enter each slot's list: that of the list's last
    /// place once it is full, -infinity before. Most places of a build are turned away here,
    /// one read from a small array instead of two from the list's own storage.
    private var barBySlot = [Double](repeating: -.infinity, count: SuggestPrefix.slots)
    private var bestOfOthers: [SuggestPrefix: [(importance: Double, id: Int64)]] = [:]
    /// Every POI's folded name hash (``FNV1a``) and id, in id order; ``write(to:)`` sorts them
    /// to count the places of each name (a chain's first one's name and folded name are read
    /// back). A country's POIs are mostly distinct names, so no strings are kept for them, and
    /// a 16-byte pair costs less to keep and sort once than a dictionary entry to update
    /// (which cost the thread gathering them 0.2 s at 700,000 POIs). (Two names with the same
    /// 64-bit hash would count as one chain: about one chance in 10^7 for a million names.)
    private var poiNames: [(hash: UInt64, id: Int64)] = []
    /// One place's prefixes, kept to reuse its storage.
    private var prefixes: [SuggestPrefix] = []

    /// Appends the 2- and 3-letter prefixes of the words of a folded name (or of several,
    /// separated by " ; ") that are not in `prefixes` already: a place's prefixes are
    /// distinct. Folded text is ASCII (``TextFolding``), so a prefix is packed in an integer,
    /// not a `String`; a word with other bytes has no prefixes.
    ///
    /// ```swift
    /// var found: [SuggestPrefix] = []
    /// SuggestIndex.appendPrefixes(ofFolded: "cafe regatta".utf8, to: &found)  // ca, caf, re, reg
    /// ```
    static func appendPrefixes(ofFolded names: some Sequence<UInt8>, to prefixes: inout [SuggestPrefix]) {
        let longest = prefixLengths.upperBound
        var packed: UInt32 = 0
        var length = 0
        var ascii = true
        func endWord() {
            for prefixLength in prefixLengths where length >= prefixLength && ascii {
                let prefix = SuggestPrefix(packed: packed >> (8 * UInt32(min(length, longest) - prefixLength)))
                if !prefixes.contains(prefix) { prefixes.append(prefix) }
            }
            (packed, length, ascii) = (0, 0, true)
        }
        for byte in names {
            if byte == UInt8(ascii: " ") {
                endWord()
                continue
            }
            if length < longest { packed = packed << 8 | UInt32(byte) }
            length += 1
            ascii = ascii && byte < 0x80
        }
        endWord()
    }

    /// Records a place under the prefixes of its folded name and alternate names (see
    /// ``appendPrefixes(ofFolded:to:)``), given as UTF-8; a POI also counts towards the
    /// chain of its folded name.
    mutating func add(
        id: Int64, importance: Double, foldedName: UnsafeBufferPointer<UInt8>,
        foldedAlternateNames: UnsafeBufferPointer<UInt8>, isPOI: Bool
    ) {
        prefixes.removeAll(keepingCapacity: true)
        Self.appendPrefixes(ofFolded: foldedName, to: &prefixes)
        Self.appendPrefixes(ofFolded: foldedAlternateNames, to: &prefixes)
        for prefix in prefixes {
            if let slot = prefix.slot {
                guard importance > barBySlot[slot] else { continue }
                bestBySlot[slot].offer((importance, id), keeping: Self.placesPerPrefix)
                if bestBySlot[slot].count == Self.placesPerPrefix {
                    barBySlot[slot] = bestBySlot[slot].last!.importance
                }
            } else {
                bestOfOthers[prefix, default: []].offer((importance, id), keeping: Self.placesPerPrefix)
            }
        }
        guard isPOI, !foldedName.isEmpty else { return }
        poiNames.append((FNV1a.hash(foldedName), id))
    }

    /// Writes both tables: the prefixes in key order, so inserting them appends to the
    /// B-tree; a chain named as its first POI is, read back from `places`.
    mutating func write(to connection: SQLiteConnection) throws {
        var prefixes: [(prefix: String, id: Int64, importance: Double)] = []
        func add(_ prefix: SuggestPrefix, _ list: [(importance: Double, id: Int64)]) {
            let text = prefix.text
            prefixes += list.map { (text, $0.id, $0.importance) }
        }
        for slot in bestBySlot.indices where !bestBySlot[slot].isEmpty {
            add(SuggestPrefix(slot: slot), bestBySlot[slot])
        }
        for (prefix, list) in bestOfOthers { add(prefix, list) }
        prefixes.sort { ($0.prefix, $0.id) < ($1.prefix, $1.id) }
        let insertPrefix = try connection.statement(
            "INSERT INTO suggest_prefixes(prefix, id, importance) VALUES (?, ?, ?)")
        for row in prefixes {
            insertPrefix.bind(row.prefix, at: 1)
            insertPrefix.bind(row.id, at: 2)
            insertPrefix.bind(row.importance, at: 3)
            try insertPrefix.runBound()
        }
        let firstPOI = try connection.statement("SELECT search_name, name FROM places WHERE id = ?")
        var chains: [(key: String, name: String, places: Int)] = []
        // (In id order, so the reads go along the table.)
        for chain in Self.chains(of: &poiNames).sorted(by: { $0.firstID < $1.firstID }) {
            try firstPOI.forEachRow([.integer(chain.firstID)]) {
                chains.append(
                    (
                        String(decoding: $0.bytes(0), as: UTF8.self), String(decoding: $0.bytes(1), as: UTF8.self),
                        chain.places
                    ))
            }
        }
        let insertChain = try connection.statement("INSERT INTO chains(name_key, name, places) VALUES (?, ?, ?)")
        for chain in chains.sorted(by: { $0.key < $1.key }) {
            try insertChain.run([.text(chain.key), .text(chain.name), .integer(Int64(chain.places))])
        }
    }

    /// The names that ``minimumChainSize`` or more POIs share, as their first POI's id and
    /// their number of POIs, from every POI's name hash and id (sorted in place).
    static func chains(of sorted: inout [(hash: UInt64, id: Int64)]) -> [(firstID: Int64, places: Int)] {
        sorted.sort { ($0.hash, $0.id) < ($1.hash, $1.id) }
        var chains: [(firstID: Int64, places: Int)] = []
        var start = 0
        while start < sorted.count {
            var end = start + 1
            while end < sorted.count, sorted[end].hash == sorted[start].hash { end += 1 }
            if end - start >= minimumChainSize { chains.append((sorted[start].id, end - start)) }
            start = end
        }
        return chains
    }
}

/// A 2- or 3-letter ASCII prefix of a folded word, its bytes packed in an integer ("hel" is
/// 0x68656C): hashing it costs a fraction of hashing a `String`, for every place a build writes.
struct SuggestPrefix: Hashable, Sendable {
    var packed: UInt32

    /// The prefix as text.
    var text: String {
        var bytes: [UInt8] = []
        var rest = packed
        while rest != 0 {
            bytes.insert(UInt8(truncatingIfNeeded: rest), at: 0)
            rest >>= 8
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension SuggestPrefix {
    /// How many prefixes of 2 or 3 letters and digits there are: 36² + 36³.
    static let slots = 36 * 36 + 36 * 36 * 36

    /// The prefix's number among those of letters and digits (0..<1296 for two, then the
    /// threes), or `nil` for any other prefix.
    var slot: Int? {
        var (slot, length) = (0, 0)
        for shift in stride(from: UInt32(16), through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: packed >> shift)
            if byte == 0, length == 0 { continue }
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(byte - UInt8(ascii: "a")) + 10
            default: return nil
            }
            (slot, length) = (slot * 36 + digit, length + 1)
        }
        switch length {
        case 2: return slot
        case 3: return 36 * 36 + slot
        default: return nil
        }
    }

    /// The prefix of letters and digits numbered `slot` (see ``slot``).
    init(slot: Int) {
        let digits = slot < 36 * 36 ? 2 : 3
        var value = slot < 36 * 36 ? slot : slot - 36 * 36
        packed = 0
        for position in 0..<digits {  // (the last character first)
            let digit = value % 36
            value /= 36
            let byte = digit < 10 ? UInt8(ascii: "0") + UInt8(digit) : UInt8(ascii: "a") + UInt8(digit - 10)
            packed |= UInt32(byte) << (8 * UInt32(position))
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
