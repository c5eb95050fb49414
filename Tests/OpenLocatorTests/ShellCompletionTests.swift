import Foundation
import Testing

/// `locator completions bash|zsh|fish`, `locator man`, `locator --version` and `locator help
/// <command>`, run from the real binary; the scripts are loaded into the real shells (bash, zsh
/// and fish) and the manual page rendered by groff, which `.ci/run` installs.
@Suite struct ShellCompletionTests {
    /// Runs a shell script with the given interpreter and returns its standard output.
    static func shell(_ interpreter: String, _ script: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: interpreter)
        process.arguments = ["-c", script]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func script(_ shell: String) throws -> URL {
        let result = try CLI.run(["completions", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("locator.\(shell)")
        try result.stdout.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// bash: the function completes subcommands, each subcommand's options and file paths after
    /// file options, as `complete -F` would call it.
    @Test func bashCompletesSubcommandsAndOptions() throws {
        let script = try Self.script("bash")
        func complete(_ words: [String]) throws -> [String] {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let result = try Self.shell(
                "/bin/bash",
                "source '\(script.path)'; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _locator; printf '%s\\n' \"${COMPREPLY[@]}\""
            )
            #expect(result.status == 0, "\(result.output)")
            return result.output.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["locator", "fi"]) == ["find"])
        #expect(try complete(["locator", "ma"]) == ["man"])
        #expect(try Set(complete(["locator", "find", "--ne"])) == ["--near"])
        #expect(try complete(["locator", "find", "--l"]) == ["--lang"])
        #expect(
            try Set(complete(["locator", "build", "--geonames-"])) == [
                "--geonames-postal", "--geonames-alternate-names",
            ])
        #expect(try complete(["locator", "serve", "--connections-per"]) == ["--connections-per-peer"])
        #expect(try complete(["locator", "completions", "z"]) == ["zsh"])
        // After a file option, paths: the script itself is one.
        let path = script.path
        #expect(try complete(["locator", "find", "--gazetteer", String(path.dropLast(3))]).contains(path))
        // After an option that takes a value, nothing is offered.
        #expect(try complete(["locator", "find", "--near", ""]) == [])
    }

    /// fish: `complete -C` prints what fish would offer.
    @Test func fishCompletesSubcommandsAndOptions() throws {
        let script = try Self.script("fish")
        let result = try Self.shell(
            "/usr/bin/fish", "source '\(script.path)'; complete -C 'locator fi'; complete -C 'locator find --ne'")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("find\tFind places by category, name or address."), "\(result.output)")
        #expect(result.output.contains("--near\tRank by distance from this point"), "\(result.output)")
    }

    /// zsh: the script parses, defines `_locator`, and names every subcommand and option.
    @Test func zshLoadsTheScript() throws {
        let script = try Self.script("zsh")
        let check = try Self.shell(
            "/usr/bin/zsh", "zsh -n '\(script.path)' && source '\(script.path)' 2>/dev/null; whence -w _locator")
        #expect(check.output.contains("_locator: function"), "\(check.output)")
        let text = try String(contentsOf: script, encoding: .utf8)
        for option in ["--near[Rank by distance", "--geonames-postal[", "--lang[", "--connections-per-peer["] {
            #expect(text.contains(option), "\(option)")
        }
        #expect(text.hasPrefix("#compdef locator"))
    }

    /// groff renders the page without a warning, with every subcommand and its options.
    @Test func theManualPageRendersEverySubcommand() throws {
        let page = try CLI.run(["man"])
        #expect(page.status == 0)
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("locator.1")
        try page.stdout.write(to: url, atomically: true, encoding: .utf8)
        let rendered = try Self.shell(
            "/bin/sh",
            "groff -man -Tutf8 -ww '\(url.path)' 2>&1 >/dev/null; echo '--'; groff -man -Tutf8 -P-cbou '\(url.path)'")
        let (warnings, text) = (
            rendered.output.components(separatedBy: "--\n").first ?? "",
            rendered.output.components(separatedBy: "--\n").dropFirst().joined()
        )
        #expect(warnings.isEmpty, "\(warnings)")
        for heading in ["find", "suggest", "reverse", "identify", "batch", "build", "info", "serve"] {
            #expect(text.contains("\n   \(heading)\n"), "\(heading)")
        }
        for option in ["--near LAT,LON", "--geonames-postal FILE", "--lang CODE", "--connections-per-peer N"] {
            #expect(text.contains(option), "\(option)")
        }
        #expect(text.contains("© OpenStreetMap contributors"))
    }

    @Test func versionHelpAndBadShellsAnswerInOneLine() throws {
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("locator 0."), "\(version.stdout)")
        #expect(version.stdout.contains("gazetteer schema"))
        let help = try CLI.run(["help", "reverse"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Find the address or place at a point."), "\(help.stdout.prefix(80))")
        #expect(try CLI.run(["help"]).stdout.contains("completions"))
        let unknown = try CLI.run(["help", "nope"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown subcommand 'nope'"))
        let badShell = try CLI.run(["completions", "powershell"])
        #expect(badShell.status == 64)
        #expect(badShell.stderr.split(separator: "\n").count == 1, "\(badShell.stderr)")
    }
}
