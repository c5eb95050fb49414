import Foundation

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
    private static func write(_ text: String, to handle: FileHandle) {
        do {
            try handle.write(contentsOf: Data((text + "\n").utf8))
        } catch {
            exit(1)
        }
    }
}
