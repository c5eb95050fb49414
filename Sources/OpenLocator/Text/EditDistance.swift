/// Edit distance between words: insertions, deletions, substitutions and transpositions of
/// adjacent letters each count one (optimal string alignment).
///
/// ```swift
/// EditDistance.between("manerheimintie", "mannerheimintie", limit: 2)   // 1
/// EditDistance.between("stokcmann", "stockmann", limit: 2)             // 1 (a transposition)
/// ```
enum EditDistance {
    /// The distance, or `limit + 1` as soon as it must exceed `limit`.
    static func between(_ a: String, _ b: String, limit: Int) -> Int {
        var (a, b) = (a, b)
        return a.withUTF8 { s in b.withUTF8 { t in between(s, t, limit: limit) } }
    }

    /// ``between(_:_:limit:)`` on UTF-8 bytes (a word straight from a result row, no string
    /// made), with its three rows of work on the stack: the typo search measures thousands of
    /// index words per misspelt word.
    static func between(_ s: UnsafeBufferPointer<UInt8>, _ t: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        if abs(s.count - t.count) > limit { return limit + 1 }
        if s.isEmpty || t.isEmpty { return min(limit + 1, max(s.count, t.count)) }
        let width = t.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            var twoBack = rows.baseAddress!
            var previous = twoBack + width
            var current = previous + width
            for j in 0..<width { (twoBack[j], previous[j]) = (0, j) }
            for i in 1...s.count {
                current[0] = i
                var rowMinimum = i
                for j in 1...t.count {
                    let cost = s[i - 1] == t[j - 1] ? 0 : 1
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                        value = min(value, twoBack[j - 2] + 1)
                    }
                    current[j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                if rowMinimum > limit { return limit + 1 }
                (twoBack, previous, current) = (previous, current, twoBack)
            }
            return min(previous[t.count], limit + 1)
        }
    }

    /// How many edits a word of this length may have and still be found: one from 5 letters,
    /// two from 9; none for shorter words (too many short words are one edit apart).
    static func allowedEdits(forLength length: Int) -> Int {
        length >= 9 ? 2 : length >= 5 ? 1 : 0
    }
}
