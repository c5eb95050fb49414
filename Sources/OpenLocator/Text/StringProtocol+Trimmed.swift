extension StringProtocol {
    /// Without leading and trailing spaces and tabs — a cheap stand-in for Foundation's
    /// `trimmingCharacters(in: .whitespaces)`, which showed in server profiles. Text with
    /// nothing to trim, the usual case, is returned as it is (for a `String`, without a copy).
    package var trimmedSpaces: String {
        var text = String(self)
        let trimmed = text.withUTF8 { bytes -> String? in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            var start = 0
            var end = bytes.count
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            return start == 0 && end == bytes.count ? nil : String(decoding: bytes[start..<end], as: UTF8.self)
        }
        return trimmed ?? text
    }

    /// The text as one line: ``trimmedSpaces``, and each line break or tab inside, with the
    /// spaces around it, one space. A spreadsheet cell may hold line breaks ("Main⏎Street" is
    /// "Main Street"); a place's name or street is shown on one line.
    package var oneLine: String {
        var text = String(self)
        // One pass over the bytes finds the usual case, nothing to change, and returns the
        // string itself. (LF, CR and tab are single bytes in UTF-8, never inside a character's.)
        if text.withUTF8(isOneLine) { return text }
        func breaks(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" || scalar == "\t" }
        return text.trimmedSpaces.unicodeScalars.split(whereSeparator: breaks).map { String($0).trimmedSpaces }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// Whether UTF-8 text is one line already (``StringProtocol/oneLine`` would not change it): no
/// line break or tab, and no space or tab at either end. (LF, CR and tab are single bytes in
/// UTF-8, never inside a character's.)
func isOneLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, let last = bytes.last else { return true }
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    return !isSpace(first) && !isSpace(last) && !bytes.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
}
