import Foundation
import Testing

/// A client script of `Tests/OpenLocatorTests/Clients/` run with a venv's Python: its one JSON
/// object from stdout, or a failed requirement with what it wrote to stderr.
///
/// ```swift
/// let answer = try PythonClient.run(try GeopyCompatibilityTests.python(), "geopy_client.py", [String(port)])
/// ```
enum PythonClient {
    static func run(_ python: URL, _ script: String, _ arguments: [String]) throws -> [String: Any] {
        let process = Process()
        process.executableURL = python
        process.arguments =
            [Fixtures.repositoryRoot.appendingPathComponent("Tests/OpenLocatorTests/Clients/\(script)").path]
            + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // stderr is read beside stdout, so a chatty client cannot fill its pipe and stall.
        nonisolated(unsafe) var problems = Data()
        let finished = DispatchSemaphore(value: 0)
        Thread {
            problems = err.fileHandleForReading.readDataToEndOfFile()
            finished.signal()
        }.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        finished.wait()
        try #require(process.terminationStatus == 0, "\(script): \(String(decoding: problems, as: UTF8.self))")
        return try #require(
            try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(script) printed no JSON object")
    }
}
