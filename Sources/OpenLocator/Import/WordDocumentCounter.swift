import Foundation

/// Counts, for each word of some places' folded text, how many of those places have it (a place
/// once, however often the word comes in its text): the `street_vocabulary` of a build, which
/// says at once that no street has a word ("business") that a street search asks for.
///
/// Words are split as FTS5's `unicode61` tokenizer splits ASCII text: runs of ASCII letters and
/// digits, letters lowered. Any other byte ends a word, so a word of the full-text index that is
/// all ASCII letters and digits is always counted; one with other letters in it ("abcé") counts
/// its ASCII part instead ("abc"), which only ever counts a word too many, never one too few.
///
/// ```swift
/// var counter = WordDocumentCounter()
/// counter.add(place: 7, text: "mannerheimintie 10 helsinki")
/// counter.add(place: 8, text: "mannerheimintie 12 helsinki")
/// counter.sortedWords  // [("10", 1), ("12", 1), ("helsinki", 2), ("mannerheimintie", 2)]
/// ```
///
/// An open-addressing table over one byte arena: a country's addresses add tens of millions of
/// words, and a string or array made for each would cost more than the rest of the count.
struct WordDocumentCounter {
    private struct Entry {
        var start: Int32
        var length: Int32
        var documents: Int32
        var lastPlace: Int64
        var hash: UInt64
    }

    private var arena: [UInt8] = []
    private var entries: [Entry] = []
    /// Indices into `entries` + 1 (0 is an empty slot), a power of two of them.
    private var slots = [Int32](repeating: 0, count: 1024)

    /// How many distinct words were counted.
    var count: Int { entries.count }

    /// Counts the words of `text` for `place`. Call with a place's columns one after another
    /// (each with the same `place`); places in any order, but each place's calls together.
    mutating func add(place: Int64, text: UnsafeBufferPointer<UInt8>) {
        var word: [UInt8] = []
        word.reserveCapacity(32)
        var index = 0
        while index <= text.count {
            let byte: UInt8 = index < text.count ? text[index] : 0x20
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                word.append(byte + 0x20)
            default:
                if !word.isEmpty {
                    count(word, place: place)
                    word.removeAll(keepingCapacity: true)
                }
            }
            index += 1
        }
    }

    /// ``add(place:text:)`` for a string.
    mutating func add(place: Int64, text: String) {
        var text = text
        text.withUTF8 { add(place: place, text: $0) }
    }

    /// Every word counted with its number of places, in byte order (as SQLite's BINARY
    /// collation orders text).
    var sortedWords: [(word: String, places: Int)] {
        entries.map { entry -> (word: String, places: Int) in
            let bytes = arena[Int(entry.start)..<Int(entry.start + entry.length)]
            return (String(decoding: bytes, as: UTF8.self), Int(entry.documents))
        }.sorted { $0.word.utf8.lexicographicallyPrecedes($1.word.utf8) }
    }

    private mutating func count(_ word: [UInt8], place: Int64) {
        let hash = FNV1a.hash(word)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot] - 1)
            if entries[index].hash == hash, matches(entries[index], word) {
                if entries[index].lastPlace != place {
                    entries[index].documents += 1
                    entries[index].lastPlace = place
                }
                return
            }
            slot = (slot + 1) & mask
        }
        entries.append(
            Entry(start: Int32(arena.count), length: Int32(word.count), documents: 1, lastPlace: place, hash: hash))
        arena.append(contentsOf: word)
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
    }

    private func matches(_ entry: Entry, _ word: [UInt8]) -> Bool {
        guard Int(entry.length) == word.count else { return false }
        return arena.withUnsafeBufferPointer { arena in
            word.withUnsafeBufferPointer { word in
                memcmp(arena.baseAddress! + Int(entry.start), word.baseAddress!, word.count) == 0
            }
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
