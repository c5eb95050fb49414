import Foundation

/// What a batch's output was made from: the input file (its size and a hash of its first and
/// last megabytes) and the options that shape each row. Kept beside the output as
/// `.<output>.resume`, so `--resume` can refuse another input (rows removed from its top, a
/// different file) or other options (another `--column`) instead of silently mixing them.
/// An input read from standard input cannot be compared, only the options.
///
/// ```swift
/// let fingerprint = try ResumeFingerprint(input: "big.csv", options: "column=address")
/// try fingerprint.save(beside: "matched.csv")
/// try fingerprint.check(beside: "matched.csv")   // throws when the input or options changed
/// ```
struct ResumeFingerprint: Equatable {
    var input: String
    var options: String

    /// The fingerprint of the file at `inputPath` (standard input has none to check) and options.
    init(input inputPath: String, options: String) throws {
        self.options = options
        guard inputPath != "-", let handle = FileHandle(forReadingAtPath: inputPath) else {
            input = inputPath == "-" ? Self.standardInput : "unreadable"
            return
        }
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 0)
        let head = try handle.read(upToCount: Self.sample) ?? Data()
        try handle.seek(toOffset: size > UInt64(Self.sample) ? size - UInt64(Self.sample) : 0)
        let tail = try handle.read(upToCount: Self.sample) ?? Data()
        input = "\(size) \(String(FNV1a.hash(head), radix: 16)) \(String(FNV1a.hash(tail), radix: 16))"
    }

    static let standardInput = "standard input"

    /// Bytes hashed at each end of the input.
    static let sample = 1 << 20

    /// The side file for an output: `.matched.csv.resume` beside `matched.csv`.
    static func sideFile(of output: String) -> URL {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).resume")
    }

    /// Writes the fingerprint beside the output (atomically).
    func save(beside output: String) throws {
        do {
            try "input \(input)\noptions \(options)\n".write(
                to: Self.sideFile(of: output), atomically: true, encoding: .utf8)
        } catch {
            throw LocatorError(
                .invalidInput, "cannot write \(Self.sideFile(of: output).path) to make the output resumable")
        }
    }

    /// Throws a one-line reason when the output was made from another input or other options.
    func check(beside output: String) throws {
        let name = URL(fileURLWithPath: output).lastPathComponent
        guard let text = try? String(contentsOf: Self.sideFile(of: output), encoding: .utf8) else {
            throw LocatorError(
                .invalidInput,
                "'\(name)' has no record of the input it was made from (.\(name).resume), so it cannot be resumed; run without --resume"
            )
        }
        let lines = text.split(separator: "\n").map(String.init)
        // A run fed through standard input left nothing to compare the input with.
        let fromPipe = [lines.first, "input \(input)"].contains("input \(Self.standardInput)")
        if !fromPipe, lines.first != "input \(input)" {
            throw LocatorError(
                .invalidInput,
                "'\(name)' was made from another input (or the input changed since), so it cannot be resumed; run without --resume"
            )
        }
        if lines.dropFirst().first != "options \(options)" {
            throw LocatorError(
                .invalidInput,
                "'\(name)' was made with other options (columns, format or search options), so it cannot be resumed with these"
            )
        }
    }
}
