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
        lines += paragraphs(of: HelpText.section("OVERVIEW", in: topLevel))
        lines.append(".SH SUBCOMMANDS")
        for command in commands {
            lines.append(".SS \(command.name)")
            lines += paragraphs(of: HelpText.section("OVERVIEW", in: command.help))
            let usage = HelpText.section("USAGE", in: command.help)
            if !usage.isEmpty { lines += [".PP", ".nf"] + usage.map { escaped($0.trimmedSpaces) } + [".fi"] }
            for heading in ["ARGUMENTS", "OPTIONS"] { lines += entries(HelpText.section(heading, in: command.help)) }
            let examples = HelpText.section("EXAMPLES", in: command.help)
            if !examples.isEmpty {
                lines += [".PP", "Examples:", ".nf"] + examples.map { escaped($0.trimmedSpaces) } + [".fi"]
            }
        }
        lines.append(".SH DATA")
        lines += paragraphs(of: HelpText.section("DATA", in: topLevel))
        lines += [".SH SEE ALSO", "locator completions bash|zsh|fish; the README and docs/ of OpenLocator."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text lines as paragraphs (a blank line between them).
    private static func paragraphs(of lines: [String]) -> [String] {
        var out = [".PP"]
        for line in lines {
            out.append(line.trimmedSpaces.isEmpty ? ".PP" : escaped(line.trimmedSpaces))
        }
        return out
    }

    /// Option and argument lines as tagged paragraphs.
    private static func entries(_ lines: [String]) -> [String] {
        HelpText.entries(lines).flatMap { entry in
            [".TP", "\\fB\(escaped(entry.tag))\\fR"] + entry.description.map(escaped)
        }
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
