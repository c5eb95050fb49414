/// The parts of a `--help` text, read back for the manual page and the completion scripts, so
/// both say what `--help` says.
///
/// ```swift
/// HelpText.section("USAGE", in: FindCommand.help)          // the usage lines
/// HelpText.entries(HelpText.section("OPTIONS", in: help))  // [("--near LAT,LON", ["Rank by…"]), …]
/// ```
enum HelpText {
    /// An option or argument: its tag ("--near LAT,LON") and its description's lines.
    struct Entry {
        var tag: String
        var description: [String]
        /// The description's text on the tag's own line, if it starts there.
        var summary: String?

        /// The option's name without dashes ("near"; "help" of "-h, --help"), if it is one.
        var optionName: String? {
            tag.split(separator: " ").map { $0.trimmingCharacters(in: [","]) }.first { $0.hasPrefix("--") }
                .map { String($0.dropFirst(2)) }
        }
    }

    /// The lines under a heading ("OPTIONS:") up to the next heading, without the blank ones
    /// at either end; the heading's own line may carry text ("OVERVIEW: Find places…").
    static func section(_ heading: String, in help: String) -> [String] {
        var found: [String] = []
        var inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let colon = line.firstIndex(of: ":"), !line.hasPrefix(" "),
                line[..<colon].allSatisfy({ $0.isUppercase || $0 == " " }), !line[..<colon].isEmpty
            {
                inside = line[..<colon] == heading
                let rest = line[line.index(after: colon)...].trimmedSpaces
                if inside, !rest.isEmpty { found.append(rest) }
                continue
            }
            if inside { found.append(line) }
        }
        while found.last?.trimmedSpaces.isEmpty == true { found.removeLast() }
        while found.first?.trimmedSpaces.isEmpty == true { found.removeFirst() }
        return found
    }

    /// A section's entries: "  --near LAT,LON   Rank by…", the tag before a gap of two spaces
    /// or more, continued by the lines indented further.
    static func entries(_ lines: [String]) -> [Entry] {
        var entries: [Entry] = []
        for line in lines where !line.trimmedSpaces.isEmpty {
            let text = line.trimmedSpaces
            if line.prefix(while: { $0 == " " }).count <= 2 {
                if let gap = text.range(of: "  ") {
                    let summary = text[gap.upperBound...].trimmedSpaces
                    entries.append(
                        Entry(tag: String(text[..<gap.lowerBound]), description: [summary], summary: summary))
                } else {
                    entries.append(Entry(tag: text, description: [], summary: nil))
                }
            } else if !entries.isEmpty {
                entries[entries.count - 1].description.append(text)
            }
        }
        return entries
    }
}
