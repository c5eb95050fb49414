extension StringProtocol {
    /// Without leading and trailing spaces and tabs — a cheap stand-in for Foundation's
    /// `trimmingCharacters(in: .whitespaces)`, which showed in server profiles. Text with
    /// nothing to trim, the usual case, is returned as it is (for a `String`, without a copy).
    package var trimmedSpaces: String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard let first = utf8.first, let last = utf8.reversed().first else { return "" }
        if !isSpace(first), !isSpace(last) { return String(self) }
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
