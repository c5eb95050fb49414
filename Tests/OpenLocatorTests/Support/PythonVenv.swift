import Foundation
import Testing

/// A Python virtual environment below `.build/` with pinned PyPI packages, made with
/// `python3 -m venv` and pip on first use (`.ci/run` makes each ahead), and marked done by a
/// file named after what it holds, so a new pin makes it again.
///
/// ```swift
/// let python = try PythonVenv.python("proj-venv", installs: [["pyproj==3.7.1"]])
/// ```
enum PythonVenv {
    /// Tests of several suites ask at once: one makes a venv while the others wait.
    private static let setup = NSLock()

    /// The venv's `bin/python`. Each element of `installs` is one `pip install` (a list
    /// starting with `--no-deps` installs without dependencies).
    static func python(_ folder: String, installs: [[String]]) throws -> URL {
        let venv = Fixtures.repositoryRoot.appendingPathComponent(".build/\(folder)")
        let python = venv.appendingPathComponent("bin/python")
        let marker = venv.appendingPathComponent(
            installs.joined().filter { !$0.hasPrefix("-") }.joined(separator: "-") + ".ok")
        try setup.withLock {
            guard !FileManager.default.fileExists(atPath: marker.path) else { return }
            let commands =
                [["python3", "-m", "venv", venv.path]]
                + installs.map { [python.path, "-m", "pip", "install", "-q"] + $0 }
            for command in commands {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = command
                try process.run()
                process.waitUntilExit()
                try #require(process.terminationStatus == 0, "\(command.joined(separator: " ")) failed")
            }
            _ = FileManager.default.createFile(atPath: marker.path, contents: nil)
        }
        return python
    }
}
