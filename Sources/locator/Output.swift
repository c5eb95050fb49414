import Foundation

/// Where the CLI writes: data on stdout, diagnostics on stderr.
enum Output {
    /// Writes a line of data to stdout.
    static func data(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes a line to stderr.
    static func diagnostic(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
