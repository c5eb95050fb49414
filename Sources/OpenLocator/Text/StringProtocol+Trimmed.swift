extension StringProtocol {
    /// Without leading and trailing spaces and tabs — a cheap stand-in for Foundation's
    /// `trimmingCharacters(in: .whitespaces)`, which showed in server profiles.
    package var trimmedSpaces: String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
