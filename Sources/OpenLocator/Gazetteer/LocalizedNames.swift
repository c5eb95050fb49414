/// A place's names in other languages, as the gazetteer keeps them in `places.names`: one
/// `language:name` a line, languages lowercased ("sv:Helsingfors\nen:Helsinki").
///
/// ```swift
/// let names = LocalizedNames.encode([("sv", "Georgsgatan"), ("ru", "Юрьёнкату")])
/// LocalizedNames.name(in: ["sv-fi", "sv"], from: names)  // "Georgsgatan"
/// ```
enum LocalizedNames {
    /// The names, one line each, without empty ones and without repeats of a language (the
    /// first wins).
    static func encode(_ names: [(language: String, name: String)]) -> String {
        var seen: Set<String> = []
        var lines: [String] = []
        for (language, name) in names {
            let clean = name.split(whereSeparator: \.isNewline).joined(separator: " ").trimmedSpaces
            guard !clean.isEmpty, seen.insert(language).inserted else { continue }
            lines.append("\(language):\(clean)")
        }
        return lines.joined(separator: "\n")
    }

    /// Every language and name of an encoded list.
    static func decode(_ encoded: String) -> [(language: String, name: String)] {
        encoded.split(separator: "\n").compactMap { line -> (language: String, name: String)? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), String(parts[1]))
        }
    }

    /// The name in the first of `languages` the list has, or `nil`.
    static func name(in languages: [String], from encoded: String) -> String? {
        guard !encoded.isEmpty else { return nil }
        let names = decode(encoded)
        for language in languages {
            if let found = names.first(where: { $0.language == language }) { return found.name }
        }
        return nil
    }

    /// The language of a name of an encoded list that `isTyped` finds in the text as typed
    /// ("Helsingfors" → "sv", "Москва" → "ru"), one of `preferred` first (a country's own
    /// languages: "Roma" is Italian before Spanish); `nil` when the text has none of them.
    static func language(
        in encoded: String, preferring preferred: [String], isTyped: (String) -> Bool
    ) -> String? {
        let typed = decode(encoded).filter { isTyped($0.name) }
        return (typed.first { preferred.contains($0.language) } ?? typed.first)?.language
    }

    /// The language of an OSM name key: `name:sv` → "sv", `name:zh-Hant` → "zh-hant"; `nil`
    /// for other keys and for `name:` keys that are not languages (`name:etymology`,
    /// `name:prefix`).
    static func language(ofNameKey key: String) -> String? {
        guard key.hasPrefix("name:") else { return nil }
        let code = key.dropFirst(5).lowercased()
        return LanguageCode.isWellFormed(code) ? code : nil
    }
}

/// Language codes as users and the data write them: ISO 639-1 ("sv"), with a region or script
/// ("sv-FI", "zh_Hant"), or ISO 639-2/3 where there is no two-letter code ("smn").
enum LanguageCode {
    /// Whether `code` is two or three letters with optional subtags of letters and digits.
    static func isWellFormed(_ code: some StringProtocol) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// The codes to look names up by, most specific first: "sv-FI" → ["sv-fi", "sv"]; `nil`
    /// when `code` is not a language code.
    static func lookupOrder(_ code: String) -> [String]? {
        let normalized = code.trimmedSpaces.lowercased().replacingOccurrences(of: "_", with: "-")
        guard isWellFormed(normalized) else { return nil }
        let primary = String(normalized.prefix { $0 != "-" })
        return primary == normalized ? [normalized] : [normalized, primary]
    }
}
