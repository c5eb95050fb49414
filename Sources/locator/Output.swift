import Foundation
import OpenLocator

/// Where the CLI writes: data on stdout, diagnostics on stderr.
enum Output {
    /// Writes a line of data to stdout.
    static func data(_ text: String) {
        write(text, to: .standardOutput)
    }

    /// The columns tables are cut to: `COLUMNS` when set, else the terminal's width when
    /// stdout is one; `nil` (no cutting) for a pipe or a file.
    static var tableWidth: Int? {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            return columns
        }
        guard isatty(1) == 1 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
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
