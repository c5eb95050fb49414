import Foundation
import OpenLocator

/// Where the CLI writes: data on stdout, diagnostics on stderr.
enum Output {
    /// Writes a line of data to stdout.
    static func data(_ text: String) {
        write(text, to: .standardOutput)
    }

    /// Writes a line to stderr.
    static func diagnostic(_ text: String) {
        write(text, to: .standardError)
    }

    /// Writes a line; a closed or full output ends the program with status 1, not a crash.
    /// Control characters (from the data or an argument) are escaped, so nothing printed can
    /// drive the terminal.
    private static func write(_ text: String, to handle: FileHandle) {
        do {
            try handle.write(contentsOf: Data((TerminalText.printable(text, keepingNewlines: true) + "\n").utf8))
        } catch {
            GazetteerBuilder.removeUnfinishedFiles()  // a build that printed to a closed pipe
            exit(1)
        }
    }
}
