import Foundation
import OpenLocator

/// `locator(1)` in man's roff, made from the same help texts `--help` prints: the overview, then
/// each subcommand's usage, arguments, options and examples, then the data's attribution.
///
/// ```sh
/// locator man > /usr/local/share/man/man1/locator.1
/// man locator
/// ```
enum ManPage {
    static func page(commands: [CommandEntry], topLevel: String) -> String {
        var lines = [
            ".TH LOCATOR 1 \"\" \"locator \(escaped(OpenLocatorVersion.current))\" \"User Commands\"",
            ".SH NAME",
            "locator \\- find places by category, name or address, and what is at a point, offline",
            ".SH SYNOPSIS",
            ".B locator",
            ".I subcommand",
            "[\\fIoptions\\fR]",
            ".SH DESCRIPTION",
        ]
        lines += paragraphs(of: section("OVERVIEW", in: topLevel))
        lines.append(".SH SUBCOMMANDS")
        for command in commands {
            lines.append(".SS \(command.name)")
            lines += paragraphs(of: section("OVERVIEW", in: command.help))
            let usage = section("USAGE", in: command.help)
            if !usage.isEmpty { lines += [".PP", ".nf"] + usage.map { escaped($0.trimmedSpaces) } + [".fi"] }
            for heading in ["ARGUMENTS", "OPTIONS"] { lines += entries(section(heading, in: command.help)) }
            let examples = section("EXAMPLES", in: command.help)
            if !examples.isEmpty {
                lines += [".PP", "Examples:", ".nf"] + examples.map { escaped($0.trimmedSpaces) } + [".fi"]
            }
        }
        lines.append(".SH DATA")
        lines += paragraphs(of: section("DATA", in: topLevel))
        lines += [".SH SEE ALSO", "locator completions bash|zsh|fish; the README and docs/ of OpenLocator."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines under a heading ("OPTIONS:") up to the next heading, without the blank ones
    /// at either end; the heading's own line may carry text ("OVERVIEW: Find places…").
    static func section(_ heading: String, in help: String) -> [String] {
        var found: [String] = []
        var inside = false
        for line in help.components(separatedBy: "\n") {
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

    /// Text lines as paragraphs (a blank line between them).
    private static func paragraphs(of lines: [String]) -> [String] {
        var out = [".PP"]
        for line in lines {
            out.append(line.trimmedSpaces.isEmpty ? ".PP" : escaped(line.trimmedSpaces))
        }
        return out
    }

    /// Option and argument lines ("  --near LAT,LON   Rank by…", continued below) as tagged
    /// paragraphs.
    private static func entries(_ lines: [String]) -> [String] {
        var out: [String] = []
        for line in lines where !line.trimmedSpaces.isEmpty {
            let indent = line.prefix { $0 == " " }.count
            let text = line.trimmedSpaces
            if indent <= 2 {
                // "--near LAT,LON          Rank by…": the tag, then the description after the gap.
                if let gap = text.range(of: "  ") {
                    out += [
                        ".TP", "\\fB\(escaped(String(text[..<gap.lowerBound])))\\fR",
                        escaped(text[gap.upperBound...].trimmedSpaces),
                    ]
                } else {
                    out += [".TP", "\\fB\(escaped(text))\\fR"]
                }
            } else {
                out.append(escaped(text))
            }
        }
        return out
    }

    /// Text safe in roff: backslashes and hyphens as such, characters beyond ASCII by their
    /// code point (`\[u00E4]`, which groff reads whatever the input encoding), a leading dot
    /// or quote guarded.
    private static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value > 127: out += String(format: "\\[u%04X]", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
