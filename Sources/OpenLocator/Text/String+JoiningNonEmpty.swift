extension String {
    /// The parts that are not empty, joined by `separator`: what
    /// `parts.filter { !$0.isEmpty }.joined(separator:)` makes, without the arrays (a build
    /// writes a place's address and locality this way for every place).
    ///
    /// ```swift
    /// String(joiningNonEmpty: "Mannerheimintie 10", "", "Helsinki", separator: ", ")
    /// // "Mannerheimintie 10, Helsinki"
    /// ```
    init(joiningNonEmpty parts: String..., separator: String) {
        self.init(joiningNonEmpty: parts, separator: separator)
    }

    /// The parts that are not empty, joined by `separator` (see ``init(joiningNonEmpty:separator:)-(String...,_)``).
    init(joiningNonEmpty parts: [String], separator: String) {
        self = ""
        let length = parts.reduce(0) { $0 + $1.utf8.count + separator.utf8.count }
        // (Room only for what may not fit in a small string, which needs no allocation.)
        if length > Self.smallCapacity { reserveCapacity(length) }
        for part in parts where !part.isEmpty {
            if !isEmpty { append(separator) }
            append(part)
        }
    }

    /// The most UTF-8 bytes a string holds inline, without an allocation (on 64-bit platforms).
    private static let smallCapacity = 15
}
